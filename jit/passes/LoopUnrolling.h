// LoopUnrolling.h — the `loop_unrolling` pass, PyTorch 1.13's UnrollLoops
// (torch/csrc/jit/passes/loop_unrolling.cpp), the variant its graph executor runs.
//
// A loop is unrolled when it is a for-loop (its start condition and its body's continue condition
// are the constant true) and its body is small (at most kMaxBodySize executed nodes, nested blocks
// counted, constants not). Then:
//   * a constant trip count n < kMaxBodyRepeats: the loop is replaced by n copies of its body
//     (n <= 0: none; the carried values pass through);
//   * otherwise: the body is repeated kUnrollFactor times in a loop running
//     __round_to_zero_floordiv(n, kUnrollFactor) times, followed by an epilogue loop (the original
//     body) running the remaining n - q * kUnrollFactor iterations.
// A body that reads the loop counter gets it as a carried value (0, +1 per iteration) so that the
// unrolled copies and the epilogue share it. Nothing is reordered, so mutation and aliasing
// cannot interfere. Not idempotent (a second run unrolls the epilogue again), as in 1.13.
// 1.13 runs dead-code elimination afterwards; here the pass removes only the continue-condition
// constants the copies leave unused (the dce pass, run next in the pipeline, does the rest).
#pragma once

#include <cstdint>
#include <memory>

namespace tsjit {

class Graph;

constexpr int64_t kUnrollFactor = 8;
constexpr int64_t kMaxBodySize = 32;
constexpr int64_t kMaxBodyRepeats = 64;

bool unrollLoops(std::shared_ptr<Graph>& graph);

}  // namespace tsjit

// GraphCase.h — benchmark cases that run one TorchScript graph through the JIT interpreter
// (jit/runtime Code + InterpreterState, the path interpreter_bench measures), with the
// correctness check every such case gets: the graph's outputs on the JIT against the reference
// evaluator's on the same inputs, compared by conformance/lib/Compare.h with the graph's tolerance.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "perf/BenchCase.h"

namespace tsjit {
class Graph;
}

namespace tsjit::perf {

// Fresh inputs for one call (each engine gets its own: the JIT may reuse input buffers).
using InputsFn = std::function<std::vector<IValue>()>;

// Compares `graph` on JIT and reference for `inputs()`; "" when they agree.
std::string verifyGraphOnEngines(std::shared_ptr<Graph> graph, const InputsFn& inputs);

// The reference engine's outputs of `graph` on inputs() against `jit(inputs())` (any JIT path: an
// optimized copy of the graph, a GraphExecutor with a pipeline), under the graph's tolerance;
// "" when they agree.
using JitRunFn = std::function<std::vector<IValue>(std::vector<IValue>)>;
std::string verifyAgainstReference(std::shared_ptr<Graph> graph, const InputsFn& inputs, const JitRunFn& jit);

// The same for a JIT path that runs fused kernels (jit/fuser): a fused kernel keeps intermediates
// in registers and may use its own approximations (jit/tensorexpr/LLVMMath.h: sigmoid and tanh in
// float arithmetic, within the op table's 4 ulp but not bit-identical to the unfused kernels), so
// an intermediate's allowed error is ulps of the intermediate, not of the output: after a
// cancelling subtraction it is many ulps of the result. The outputs are judged by the operand
// bound (conformance/lib/Compare.h, Tolerance operands(k)): |a - b| <= k eps max(|a|, |b|, M, 1)
// with k the sum over the graph's op nodes of their ULP allowance (at least 1 each: every op
// rounds once) and M the inputs' magnitude. The fuser's per-op accuracy itself is checked node by
// node in lockstep by `tsjit fuzz --target fuser`.
std::string verifyFusedAgainstReference(std::shared_ptr<Graph> graph, const InputsFn& inputs, const JitRunFn& jit);

// A case timing InterpreterState::run of `irText` on inputs(): inputs are built once and copied
// into the stack each iteration (as interpreter_bench always did).
CaseDef graphCase(std::string name, std::string irText, InputsFn inputs, benchmark::TimeUnit unit);

// One timed iteration of an executor (anything with run(Stack&)): the prepared inputs are copied
// into the stack and run; the stack is cleared afterwards (its outputs freed outside the next copy).
template <typename Executor>
std::function<void()> executorIteration(std::shared_ptr<Executor> ex, std::vector<IValue> inputs) {
  auto in = std::make_shared<std::vector<IValue>>(std::move(inputs));
  auto st = std::make_shared<std::vector<IValue>>();
  return [ex, in, st] {
    *st = *in;
    ex->run(*st);
    benchmark::DoNotOptimize(st->data());
    st->clear();
  };
}

// Deterministic pseudo-random float tensor in [-0.1, 0.1) (an LCG seeded by `seed`).
Tensor seededTensor(std::vector<int64_t> sizes, uint32_t seed);

}  // namespace tsjit::perf

// FuserCampaign.h — the fuser's kernel harness (`tsjit fuzz --target fuser`): generated fusible
// subgraphs compiled by jit/tensorexpr and checked against the unfused jit and the reference.
//
// A case (FuserGen.cpp): 1-4 tensor inputs of any of the ten dtypes (Half, BFloat16 and the
// integers included) with broadcast-compatible shapes of rank 0-3 (sizes 0 included, sometimes a
// long 1-d tensor so vector loops and their tails run), contiguous, transposed, sliced with a step
// or expanded (stride 0); values drawn from ranges per dtype with NaN, +-inf, -0, denormals and
// huge values mixed in; 0-2 int / float / bool scalar inputs; 1-8 nodes of the ops jit/tensorexpr
// lowers (elementwise unary / binary, comparisons, where, clamp, conversions) on tensors, scalar
// inputs and constants; one or two outputs.
//
// The check, per case, on the graph specialized to the inputs' complete types:
//   1. Lockstep against the reference (fuzz/lib/Property.h): the fused kernel is compiled with every
//      node's result as an extra output, so each node's fused value is compared with the reference
//      op run on the FUSED values of its inputs, under that op's own tolerance (the op table's:
//      exact ops bit for bit in the output dtype, ULP ops within their n ulps). This is how the
//      tolerance follows the chain: every node is held to its own bound on the inputs it really got,
//      so rounding differences never compound and a cancelling chain cannot hide or fake a
//      mismatch. Errors: where the reference raises, the group must have been refused (the
//      fallback then raises the same error); the kernel's final outputs must equal the per-node
//      values exactly.
//   2. Against the unfused jit (GraphExecutor, no fusion) end to end: same dtypes and shapes, and
//      values bit for bit where the output depends on exact ops only. Below a ULP op or a
//      reduction the per-op differences check 1 allows may compound along the chain (cos, then
//      x * x: 1 ulp becomes 3; a later subtraction can cancel), so there check 1 is the rule.
//   3. The loop-IR interpreter backend runs every fourth case the same way as 1.
// A group the lowering refuses runs the unfused fallback (counted per reason). A failure is
// reduced with fuzz/lib/Reducer.h (property 1 as the engines, so shrinking keeps the failing node
// kind) and written as OUT/fuser-<seed>-<case>.{ir,json,txt}.
// Deterministic in (seed, case index).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/lib/Property.h"
#include "fuzz/lib/Shard.h"

namespace tsjit::fuzz {

struct FuserCampaignOptions {
  double seconds = 0;
  int64_t maxCases = -1;
  uint64_t seed = 1;
  Shard shard;  // runs only the case indices the shard owns (Shard.h)
  std::string outDir = "results/fuzz-failures";
  size_t maxFailures = 5;
  size_t maxShrinkRuns = 400;
  std::ostream* progress = nullptr;
};

struct FuserFailure {
  uint64_t caseIndex = 0;
  std::string message;
  std::string signature;  // the reducer's (node kind, kind of difference); empty when not reproduced
  std::string irPath, jsonPath, notePath;
  size_t nodes = 0, originalNodes = 0;
};

struct FuserCampaignResult {
  uint64_t cases = 0, compiled = 0, refused = 0, bothRaised = 0, interpretedChecks = 0, nodesChecked = 0;
  uint64_t bitIdentical = 0;  // cases whose fused outputs equal the unfused jit's bit for bit
  double seconds = 0, compileMsTotal = 0;
  std::map<std::string, uint64_t> refusedReasons;  // the lowering's reason (first 60 chars)
  std::map<std::string, uint64_t> opCounts;        // fused node kinds
  std::map<std::string, uint64_t> dtypeCounts;     // input dtypes of compiled cases
  std::map<std::string, uint64_t> features;        // broadcast, non-contiguous, 0-dim, empty, special values...
  std::vector<FuserFailure> failures;
  bool ok() const { return failures.empty(); }
};

FuserCampaignResult runFuserCampaign(const FuserCampaignOptions& options);
void printFuserCampaignSummary(std::ostream& os, const FuserCampaignResult& r, const FuserCampaignOptions& options);

// The fused engine as a lockstep property engine: specializes the graph to the inputs, compiles
// it with every node's result exposed (on `backend`: 0 LLVM, 1 the loop-IR interpreter, 2 CUDA),
// reports each node with its fused inputs and output, returns the kernel's outputs; a refused
// group runs the unfused jit. Used by the campaign, the reducer and the GPU tests.
PropertyEngines fusedVsReference(int backend = 0);

// The graph with its tensor inputs typed from `inputs` (dtype, sizes, strides, device).
std::shared_ptr<Graph> specializeToInputs(const Graph& graph, const std::vector<IValue>& inputs);

// One generated case (graph with plain Tensor inputs + inputs); `features` gets what it contains.
struct FuserCase {
  std::shared_ptr<Graph> graph;
  std::vector<IValue> inputs;
  std::vector<std::string> features;
};
FuserCase generateFuserCase(uint64_t seed, uint64_t index);

}  // namespace tsjit::fuzz

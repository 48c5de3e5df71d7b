// graph_case_test.cpp — the correctness gates of the perf cases (perf/GraphCase.h) can fail: the
// strict graph rule and the fused-kernel rule both accept the JIT's own result and reject a
// planted error, and the fused rule accepts an intermediate's rounding that a cancelling
// subtraction magnifies into many ulps of the output (the strict rule rejects exactly that).
#include <gtest/gtest.h>

#include <cmath>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/GraphExecutor.h"
#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"

namespace tsjit::perf {
namespace {

// The chain d = sigmoid(x) * tanh(y) + x * 0.5 - y (perf/BenchPrograms.h): on inputs in
// [-0.1, 0.1) its final subtraction cancels.
std::vector<IValue> inputs() { return {IValue(seededTensor({4096}, 1)), IValue(seededTensor({4096}, 2))}; }

// The unfused JIT's outputs, then `edit` applied to output 0's float data.
JitRunFn jitWith(std::shared_ptr<Graph> g, std::function<void(float*, int64_t)> edit) {
  return [g, edit](std::vector<IValue> in) {
    kernels::registerAllKernels();
    runtime::ExecutorOptions o;
    o.pipeline = "none";
    std::vector<IValue> out = runtime::GraphExecutor(g->copy(), o).call(std::move(in));
    Tensor t = out[0].toTensor();
    edit(t.dataPtr<float>(), t.numel());
    return out;
  };
}

// Index of the output element with the smallest magnitude (where cancellation is worst).
int64_t smallestElement(float* p, int64_t n) {
  int64_t best = 0;
  for (int64_t i = 1; i < n; ++i)
    if (std::fabs(p[i]) < std::fabs(p[best])) best = i;
  return best;
}

TEST(GraphCaseVerify, BothRulesAcceptTheJitsOwnResult) {
  auto g = parseIR(sigmoidTanhChainIR());
  auto same = jitWith(g, [](float*, int64_t) {});
  EXPECT_EQ(verifyAgainstReference(g, inputs, same), "");
  EXPECT_EQ(verifyFusedAgainstReference(g, inputs, same), "");
}

TEST(GraphCaseVerify, BothRulesRejectAWrongElement) {
  auto g = parseIR(sigmoidTanhChainIR());
  // A sign error on one element of magnitude ~0.05, and an absolute error of 1e-4.
  auto flipped = jitWith(g, [](float* p, int64_t) { p[17] = -p[17] + (p[17] == 0 ? 1e-3f : 0.f); });
  auto shifted = jitWith(g, [](float* p, int64_t) { p[1000] += 1e-4f; });
  EXPECT_NE(verifyAgainstReference(g, inputs, flipped), "");
  EXPECT_NE(verifyFusedAgainstReference(g, inputs, flipped), "");
  std::string why = verifyFusedAgainstReference(g, inputs, shifted);
  EXPECT_NE(why.find("element 1000"), std::string::npos) << why;
}

TEST(GraphCaseVerify, FusedRuleAllowsIntermediateRoundingMagnifiedByCancellation) {
  auto g = parseIR(sigmoidTanhChainIR());
  // One ulp of an intermediate of magnitude ~0.1 (2^-27), added where the output is smallest: many
  // ulps of that output, within the fused rule's k eps max(|a|, |b|, 1).
  auto rounded = jitWith(g, [](float* p, int64_t n) { p[smallestElement(p, n)] += std::ldexp(1.0f, -27); });
  EXPECT_NE(verifyAgainstReference(g, inputs, rounded), "");
  EXPECT_EQ(verifyFusedAgainstReference(g, inputs, rounded), "");
}

}  // namespace
}  // namespace tsjit::perf

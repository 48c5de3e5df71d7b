// GradCampaign.h — `tsjit fuzz --target grad`: generated differentiable graphs, their gradients by
// symbolic autodiff (jit/autodiff: differentiate, then forward and backward run by the jit and by
// the reference) against central finite differences of the reference in float64
// (conformance/lib/FiniteDifference.h), and the gradients the JIT's executors compute for it
// (profiling executor and GraphExecutor with the inputs requiring grad: DifferentiableGraphs +
// autograd, conformance/lib/ExecutorVjp.h) against the same finite differences.
//
// Graphs: inputs %x Double(2, 3), %y (3), %w (3, 3), %s (2, 1), %n int; 3..maxSteps steps drawn
// from: smooth unary ops (tanh, sigmoid, sin, cos, erf, silu, gelu, square, neg, exp/log/sqrt/
// rsqrt/reciprocal on damped or positive arguments), broadcasting binary ops (add, sub, mul, div
// by a positive value, lerp, addcmul, where), mm / matmul / addmm / linear / t, reductions (sum,
// mean with dims and keepdim, softmax, log_softmax), views (reshape, expand, permute, transpose,
// unsqueeze), control flow: an If on the int input choosing a scale (control flow on non-tensor
// values, which differentiable graphs keep) and constant-trip Loops carrying a tensor (unrolled by
// the default pipeline, as 1.13's executor does before differentiating). Kinked ops (relu, abs,
// max/min, clamp) are left to the per-formula checks, whose inputs stay clear of the kinks.
// Before differentiating, inputs are typed by dtype and rank and the jit's default pipeline runs.
// A mismatch is reduced (drop outputs, bypass nodes, while the gradient check still fails) and
// written as OUT/grad-<seed>-<case>.{ir,json,txt}. Deterministic in (seed, cases).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/lib/Shard.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"

namespace tsjit::fuzz {

struct GradCampaignOptions {
  double seconds = 0;     // > 0: stop after this long
  int64_t maxCases = -1;  // >= 0: stop after this many cases
  uint64_t seed = 1;
  Shard shard;  // runs only the case indices the shard owns (Shard.h)
  std::string outDir = "fuzz-failures";
  int maxSteps = 12;
  size_t maxFailures = 5;
  double tolerance = 1e-6;  // per gradient: max|symbolic - fd| / max(1, max|fd|)
  std::ostream* progress = nullptr;
};

struct GradCampaignResult {
  size_t cases = 0, checked = 0, notDifferentiable = 0, withControlFlow = 0, gradients = 0;
  double worstError = 0;
  std::vector<std::string> failures;  // one line each, with the written files
  std::vector<std::string> notDifferentiableReasons;  // the first few
  bool ok() const { return failures.empty(); }
};

// The IR text of case `index` of campaign `seed`.
std::string gradCaseText(uint64_t seed, uint64_t index, int maxSteps);
std::vector<IValue> gradCaseInputs(uint64_t seed, uint64_t index);

// Empty when the symbolic gradient of `g` matches finite differences of the reference on `inputs`
// (both engines), else why; `notDifferentiable` is set (and "" returned) when differentiate refuses.
std::string checkGraphGradient(const Graph& g, const std::vector<IValue>& inputs, double tolerance,
                               bool* notDifferentiable, double* worst);

GradCampaignResult runGradCampaign(const GradCampaignOptions& options);
void printGradCampaignSummary(std::ostream& out, const GradCampaignResult& r, const GradCampaignOptions& options);

}  // namespace tsjit::fuzz

// GradCheck.h — checks symbolic gradients (jit/autodiff) against central finite differences of the
// REFERENCE evaluator in float64 (FiniteDifference.h), never against autodiff itself.
//
//   symbolicVjp      differentiate(g), run forward then backward on an engine (the jit's
//                    GraphExecutor or the reference evaluator), return the gradients.
//   checkFirstOrder  symbolicVjp vs referenceVjp, plus the differentiated forward's outputs vs
//                    the reference on g.
//   checkSecondOrder the same check on H = gradientGraph(g) (inputs x and grad outputs, outputs y
//                    and the gradients): differentiating the backward again must match finite
//                    differences of the backward evaluated by the reference. A formula whose
//                    backward is right but not differentiable the right way (a detached term) fails
//                    here and only here.
//   opCases          generated inputs for one overload with a formula: broadcast shapes, keepdim
//                    and reduction dims, strided (transposed) and expanded inputs, values near
//                    kinks (relu, abs, clamp...) but never within the finite-difference step of one.
// Errors are measured per gradient as max|got - fd| / max(1, max|fd|) and pass at <= tolerance.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "jit/autodiff/Differentiate.h"
#include "jit/ir/IValue.h"
#include "jit/tensor/Tensor.h"

namespace tsjit::conformance {

enum class GradEngine { Jit, Reference };
const char* toString(GradEngine e);

struct GradResult {
  bool ok = false;
  bool checked = false;  // false: not checkable (message says why), neither pass nor fail
  double worstError = 0;
  std::string message;   // the first failure or why it was not checkable
};

// Random float64 grad outputs shaped like g's outputs on `inputs` (None for non-tensor outputs).
std::vector<IValue> randomGradOutputs(const Graph& g, const std::vector<IValue>& inputs, std::mt19937& rng);

std::vector<Tensor> symbolicVjp(const Graph& g, const std::vector<IValue>& inputs, const std::vector<IValue>& gradOutputs,
                                const std::vector<size_t>& wrt, GradEngine engine,
                                const autodiff::FormulaSet& formulas = autodiff::builtinFormulas());

double gradError(const Tensor& got, const Tensor& expected);

GradResult checkFirstOrder(const Graph& g, const std::vector<IValue>& inputs, const std::vector<IValue>& gradOutputs,
                           const std::vector<size_t>& wrt, GradEngine engine,
                           const autodiff::FormulaSet& formulas = autodiff::builtinFormulas(), double tolerance = 1e-5);

GradResult checkSecondOrder(const Graph& g, const std::vector<IValue>& inputs, const std::vector<size_t>& wrt,
                            GradEngine engine, std::mt19937& rng,
                            const autodiff::FormulaSet& formulas = autodiff::builtinFormulas(), double tolerance = 1e-4);

// One generated case for an overload: a one-node graph (tensor arguments as inputs, the rest as
// constants), its inputs, and which inputs are differentiated.
struct OpCase {
  std::shared_ptr<Graph> graph;
  std::vector<IValue> inputs;
  std::vector<size_t> wrt;
  std::string description;  // "broadcast (2, 3) x (3)", ...
};
std::vector<OpCase> opCases(const ops::OpOverload& overload, std::mt19937& rng);

// Checks a formula on the cases: first order on both engines, second order on the jit.
struct FormulaReport {
  std::string op;        // "aten::mul"
  std::string overload;  // "Tensor"
  size_t cases = 0;
  double worstError = 0;
  bool firstOrderOk = true;
  std::optional<bool> secondOrderOk;  // nullopt: not checkable (secondOrderNote says why)
  std::string secondOrderNote;
  std::vector<std::string> failures;        // one line per failing case
  std::vector<OpCase> failingCases;         // for replay files
  bool ok() const { return firstOrderOk && secondOrderOk.value_or(true); }
};
FormulaReport checkFormula(const autodiff::Formula& formula, const autodiff::FormulaSet& formulas, uint64_t seed);

}  // namespace tsjit::conformance

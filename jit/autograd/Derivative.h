// Derivative.h — the per-op derivative table (the role of PyTorch's derivatives.yaml).
//
// One entry per op overload ("aten::mul.Tensor"), declared in ONE place: the Derivatives<Family>.cpp
// file of its op family, inside that file's register<Family>Derivatives(). An entry names which
// tensor arguments and outputs its formula reads (only those are saved, with version checks, so
// that an in-place change of anything else is allowed, as in PyTorch) and the formula:
//
//   def("aten::mul.Tensor", {.inputs = {0, 1}}, [](const GradContext& c) -> Grads {
//     return {c.needs(0) ? mul(c.grad(), c.tensor(1)) : Tensor(), c.needs(1) ? mul(c.grad(), c.tensor(0)) : Tensor()};
//   });
//
// The formula returns one IValue per schema argument: a Tensor (its gradient; undefined or
// IValue() for none), a list of Tensors for a Tensor[] argument, or None for non-tensors. The
// engine reduces each gradient to its argument's shape (broadcasting: sum over broadcast dims) and
// casts it to its dtype, so formulas may return broadcast-shaped gradients.
// In-place variants (aten::mul_.Tensor) use the entry of their functional overload (same overload
// name on the functional op) unless they have their own; the value of `self` they see is a copy of
// self taken before the op ran.
// Non-tensor arguments are always available; tensor arguments and outputs only when listed.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit::autograd {

class GradContext {
 public:
  // Argument i: a non-tensor argument, or a saved tensor (InternalError if not saved).
  const IValue& arg(size_t i) const;
  Tensor tensor(size_t i) const { return arg(i).toTensor(); }
  double scalar(size_t i) const { return arg(i).toScalarAsDouble(); }
  // Saved output j.
  const Tensor& output(size_t j = 0) const;
  // Gradient of output j (zeros of the output's shape when none flowed there).
  const Tensor& grad(size_t j = 0) const;
  // Whether a gradient flowed into output j (false: grad(j) is zeros).
  bool hasGrad(size_t j) const;
  // Whether argument i (a tensor or Tensor[] argument) needs a gradient.
  bool needs(size_t i) const;
  // Shape and dtype of tensor argument i (always known, saved or not); element sizes of a
  // Tensor[] argument by index.
  const std::vector<int64_t>& sizes(size_t i) const;
  ScalarType dtype(size_t i) const;
  const std::vector<std::vector<int64_t>>& listSizes(size_t i) const;
  size_t numArgs() const { return args_.size(); }
  size_t numOutputs() const { return grads_.size(); }
  const std::string& opName() const { return opName_; }

 private:
  friend class FunctionNode;
  std::string opName_;
  std::vector<IValue> args_;  // unsaved tensors: None
  std::vector<bool> saved_;
  std::vector<Tensor> outputs_;
  std::vector<Tensor> grads_;
  std::vector<bool> hasGrad_;
  std::vector<bool> needs_;
  std::vector<std::vector<int64_t>> sizes_;
  std::vector<ScalarType> dtypes_;
  std::vector<std::vector<std::vector<int64_t>>> listSizes_;
};

using Grads = std::vector<IValue>;

struct DerivativeSaves {
  std::vector<int> inputs;   // tensor arguments the formula reads
  std::vector<int> outputs;  // outputs the formula reads
};

struct Derivative {
  static constexpr const char* kSlotName = "autograd";
  std::string nodeName;  // "MulBackward0"
  DerivativeSaves saves;
  std::function<Grads(const GradContext&)> formula;
  // false: the op's outputs never require grad (zeros_like, detach, ...): nothing is recorded.
  bool differentiable = true;
};

// Declares the derivative of an overload ("aten::mul.Tensor"). InternalError when the overload is
// not declared or already has one.
void def(std::string_view qualifiedOverloadName, DerivativeSaves saves, std::function<Grads(const GradContext&)> formula);
// Declares every overload of op `qualifiedName` ("aten::zeros_like") not differentiable.
void defNotDifferentiable(std::string_view qualifiedName);
// The derivative an overload uses (its own, or its functional variant's for in-place ops); null
// when it has none.
const Derivative* derivativeFor(const ops::OpOverload& overload);
// "MulBackward0" for aten::mul / aten::mul_.
std::string nodeNameFor(const ops::OpOverload& overload);

// The family registrations (Derivatives<Family>.cpp), called once by initialize().
void registerElementwiseDerivatives();
void registerReductionDerivatives();
void registerShapeDerivatives();
void registerShapeMoreDerivatives();  // DerivativesShapeMore.cpp
void registerLinalgDerivatives();
void registerLossDerivatives();  // DerivativesLoss.cpp
void registerLossMoreDerivatives();  // DerivativesLossMore.cpp
void registerSpectralDerivatives();  // DerivativesSpectral.cpp
void registerActivationDerivatives();  // DerivativesActivations.cpp
void registerUpsampleDerivatives();  // DerivativesUpsample.cpp
void registerElementwiseMoreDerivatives();  // DerivativesElementwiseMore.cpp
void registerNNDerivatives();

}  // namespace tsjit::autograd

// FiniteDifference.cpp — see FiniteDifference.h.
#include "conformance/lib/FiniteDifference.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "conformance/lib/ValueClone.h"
#include "jit/ir/Graph.h"
#include "reference/Evaluator.h"

namespace tsjit::conformance {
namespace {

[[noreturn]] void mismatch(const std::string& path, const std::string& what) {
  throw std::invalid_argument("finite differences: output " + path + ": " + what);
}

double contract(const IValue& out, const IValue& grad, const std::string& path) {
  if (grad.isNone()) return 0.0;
  if (grad.isTensor()) {
    if (!out.isTensor()) mismatch(path, "a tensor grad output for a value that is not a tensor");
    const Tensor o = out.toTensor();
    const Tensor g = grad.toTensor();
    if (!o.defined() || !isFloatingType(o.dtype())) return 0.0;
    if (!g.defined() || !isFloatingType(g.dtype())) mismatch(path, "the grad output is not a floating tensor");
    if (o.numel() != g.numel())
      mismatch(path, "the grad output has " + std::to_string(g.numel()) + " elements, the output " +
                         std::to_string(o.numel()));
    double sum = 0.0;
    for (int64_t j = 0; j < o.numel(); ++j) sum += g.getDouble(j) * o.getDouble(j);
    return sum;
  }
  if (grad.isDouble()) {
    if (!out.isDouble()) mismatch(path, "a float grad output for a value that is not a float");
    return grad.toDouble() * out.toDouble();
  }
  if (grad.isList() || grad.isTuple()) {
    const auto& gi = grad.isList() ? grad.toListRef().items : grad.toTupleRef().items;
    if (!(out.isList() || out.isTuple())) mismatch(path, "a list/tuple grad output for a value that is neither");
    const auto& oi = out.isList() ? out.toListRef().items : out.toTupleRef().items;
    if (gi.size() != oi.size())
      mismatch(path, std::to_string(gi.size()) + " grad items for " + std::to_string(oi.size()) + " items");
    double sum = 0.0;
    for (size_t k = 0; k < gi.size(); ++k) sum += contract(oi[k], gi[k], path + "[" + std::to_string(k) + "]");
    return sum;
  }
  mismatch(path, "a grad output must be a tensor, a float, None, or a list/tuple of those");
}

}  // namespace

double contractWithGradOutputs(const std::vector<IValue>& outputs, const std::vector<IValue>& gradOutputs) {
  if (outputs.size() != gradOutputs.size())
    throw std::invalid_argument("finite differences: " + std::to_string(gradOutputs.size()) +
                                " grad outputs for " + std::to_string(outputs.size()) + " outputs");
  double sum = 0.0;
  for (size_t k = 0; k < outputs.size(); ++k) sum += contract(outputs[k], gradOutputs[k], "[" + std::to_string(k) + "]");
  return sum;
}

std::vector<Tensor> finiteDifferenceVjp(const GraphFn& f, const std::vector<IValue>& inputs,
                                        const std::vector<IValue>& gradOutputs,
                                        const std::vector<size_t>& wrt, double eps) {
  if (!(eps > 0.0)) throw std::invalid_argument("finite differences: eps must be positive");
  std::vector<IValue> base = cloneValues(inputs);
  for (size_t i : wrt) {
    if (i >= base.size())
      throw std::invalid_argument("finite differences: input " + std::to_string(i) + " does not exist (" +
                                  std::to_string(base.size()) + " inputs)");
    if (!base[i].isTensor() || !base[i].toTensor().defined() || !isFloatingType(base[i].toTensor().dtype()))
      throw std::invalid_argument("finite differences: input " + std::to_string(i) +
                                  " is not a floating-point tensor");
    // A contiguous float64 copy on fresh storage: perturbing one element never moves another.
    base[i] = IValue(base[i].toTensor().to(ScalarType::Double).contiguous().clone());
  }
  auto loss = [&](const std::vector<IValue>& at) { return contractWithGradOutputs(f(cloneValues(at)), gradOutputs); };

  std::vector<Tensor> grads;
  grads.reserve(wrt.size());
  for (size_t i : wrt) {
    Tensor x = base[i].toTensor();
    Tensor g = Tensor::zeros(x.sizes(), ScalarType::Double);
    for (int64_t j = 0; j < x.numel(); ++j) {
      const double x0 = x.getDouble(j);
      const double h = eps * std::max(1.0, std::fabs(x0));
      x.setDouble(j, x0 + h);
      const double up = loss(base);
      x.setDouble(j, x0 - h);
      const double down = loss(base);
      x.setDouble(j, x0);
      g.setDouble(j, (up - down) / (2.0 * h));
    }
    grads.push_back(g);
  }
  return grads;
}

std::vector<Tensor> referenceVjp(const Graph& graph, const std::vector<IValue>& inputs,
                                 const std::vector<IValue>& gradOutputs,
                                 const std::vector<size_t>& wrt, double eps) {
  return finiteDifferenceVjp([&](std::vector<IValue> in) { return reference::evaluate(graph, std::move(in)); },
                             inputs, gradOutputs, wrt, eps);
}

}  // namespace tsjit::conformance

// Decompose.cpp — derivatives by recorded decomposition (Decompose.h).
#include "jit/autograd/Decompose.h"

#include "jit/autograd/Autograd.h"
#include "jit/ir/Type.h"
#include "jit/kernels/AutogradHook.h"

namespace tsjit::autograd {

Grads gradientsByDecomposition(const GradContext& c, const Decomposition& forward) {
  kernels::GradModeGuard gradMode(true);
  std::vector<IValue> args(c.numArgs());
  std::vector<Tensor> leaves;
  std::vector<std::pair<size_t, int64_t>> leafSlots;
  auto leafOf = [&](const Tensor& t, bool needs, size_t arg, int64_t elem) {
    Tensor d = t.detach();
    if (needs && isFloatingType(d.dtype())) {
      d.setRequiresGradFlag(true);
      leaves.push_back(d);
      leafSlots.emplace_back(arg, elem);
    }
    return d;
  };
  for (size_t i = 0; i < c.numArgs(); ++i) {
    const IValue& a = c.arg(i);
    if (a.isTensor()) {
      args[i] = leafOf(a.toTensor(), c.needs(i), i, -1);
    } else if (a.isList() && !a.toListRef().items.empty() && a.toListRef().items[0].isTensor()) {
      std::vector<IValue> items;
      int64_t e = 0;
      for (const IValue& x : a.toListRef().items) items.emplace_back(leafOf(x.toTensor(), c.needs(i), i, e++));
      args[i] = makeList(TensorType::get(), std::move(items));
    } else {
      args[i] = a;
    }
  }
  Grads out(c.numArgs());
  if (leaves.empty()) return out;
  std::vector<Tensor> outs = forward(args);
  std::vector<Tensor> roots, rootGrads;
  for (size_t j = 0; j < outs.size(); ++j)
    if (outs[j].defined() && outs[j].requiresGrad() && c.hasGrad(j)) {
      roots.push_back(outs[j]);
      rootGrads.push_back(c.grad(j));
    }
  if (roots.empty()) return out;
  std::vector<Tensor> gs = grad(roots, rootGrads, leaves, false, true);
  for (size_t k = 0; k < leaves.size(); ++k) {
    auto [arg, elem] = leafSlots[k];
    if (elem < 0) {
      out[arg] = gs[k];
    } else {
      if (!out[arg].isList()) {
        std::vector<IValue> none(c.listSizes(arg).size());
        out[arg] = makeList(TensorType::get(), std::move(none));
      }
      out[arg].toListRef().items[static_cast<size_t>(elem)] = gs[k];
    }
  }
  return out;
}

void defDecomposed(std::string_view qualifiedOverloadName, std::vector<int> tensorArgs, Decomposition forward) {
  def(qualifiedOverloadName, {std::move(tensorArgs), {}},
      [forward](const GradContext& c) { return gradientsByDecomposition(c, forward); });
}

}  // namespace tsjit::autograd

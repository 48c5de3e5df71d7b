// Prim.cpp — reference kernels of the Prim family, and the helpers of ScalarsCommon.h.
//
// The evaluator interprets most prim:: kinds structurally (Evaluator.cpp) before it looks for a
// kernel; the kernels registered here state the same semantics for the prim:: overloads that have
// schemas, so the op table's coverage is honest and other callers (tests, the harness) can run
// them one node at a time.
#include <algorithm>
#include <cmath>

#include "jit/ops/OpTable.h"
#include "reference/Evaluator.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

bool ownsOverload(const ops::OpOverload& ov) {
  bool mineByCategory = false;
  switch (ov.category()) {
    case ops::OpCategory::ScalarMath:
    case ops::OpCategory::Container:
    case ops::OpCategory::String:
    case ops::OpCategory::Prim:
    case ops::OpCategory::ControlFlow: mineByCategory = true; break;
    default: break;
  }
  const std::string& family = ov.op().family();
  bool mineByFamily = family == "Prim" || family == "Scalars" || family == "Containers" || family == "Strings";
  return mineByCategory || mineByFamily;
}

bool defIfOwned(const std::string& qualifiedOverloadName, KernelFn fn) {
  const ops::OpOverload* ov = ops::findOverload(qualifiedOverloadName);
  if (!ov || !ownsOverload(*ov)) return false;
  def(qualifiedOverloadName, std::move(fn));
  return true;
}

void defOwned(std::string_view qualifiedOverloadName, KernelFn fn) {
  const ops::OpOverload& ov = ops::overload(qualifiedOverloadName);
  const std::string& family = ov.op().family();
  TSJIT_CHECK(ownsOverload(ov), qualifiedOverloadName,
              " belongs to a tensor kernel family (category ", ops::toString(ov.category()), ", declared in ",
              family, ")");
  def(qualifiedOverloadName, std::move(fn));
}

bool valuesEqual(const IValue& a, const IValue& b) {
  if (a.isScalar() && b.isScalar()) {
    if (a.isInt() && b.isInt()) return a.toInt() == b.toInt();
    return num(a) == num(b);
  }
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
    case IValue::Tag::None: return true;
    case IValue::Tag::String: return a.toStringRef() == b.toStringRef();
    case IValue::Tag::Device: return a.toDevice() == b.toDevice();
    case IValue::Tag::List: {
      const auto& x = a.toListRef().items;
      const auto& y = b.toListRef().items;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!valuesEqual(x[i], y[i])) return false;
      return true;
    }
    case IValue::Tag::Tuple: {
      const auto& x = a.toTupleRef().items;
      const auto& y = b.toTupleRef().items;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!valuesEqual(x[i], y[i])) return false;
      return true;
    }
    default: return a.isSameIdentity(b);
  }
}

bool valuesLess(const IValue& a, const IValue& b) {
  if (a.isScalar() && b.isScalar()) {
    if (a.isInt() && b.isInt()) return a.toInt() < b.toInt();
    return num(a) < num(b);
  }
  if (a.isString() && b.isString()) return a.toStringRef() < b.toStringRef();
  if (a.isTuple() && b.isTuple()) {
    const auto& x = a.toTupleRef().items;
    const auto& y = b.toTupleRef().items;
    for (size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
      if (valuesLess(x[i], y[i])) return true;
      if (valuesLess(y[i], x[i])) return false;
    }
    return x.size() < y.size();
  }
  if (a.isTensor() && b.isTensor()) {
    // Python evaluates bool(a < b) on tensors: only one-element tensors are comparable.
    Tensor x = a.toTensor(), y = b.toTensor();
    if (x.numel() != 1 || y.numel() != 1)
      throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
    return x.itemDouble() < y.itemDouble();
  }
  throw RuntimeError(str("'<' not supported between instances of '", a.tagName(), "' and '", b.tagName(), "'"));
}

void registerPrimKernels() {
  defOwned("aten::warn", [](Args& a) {
    (void)a;  // The evaluator prints warnings (to its configured stream); a bare kernel is silent.
    return none();
  });
  defOwned("prim::RaiseException", [](Args& a) -> std::vector<IValue> {
    std::string cls = a.size() > 1 && a[1].isString() ? a[1].toStringRef() : "";
    throw ScriptException(a[0].toStringRef(), std::move(cls));
  });
  defOwned("aten::is_autocast_enabled", [](Args&) { return ret(IValue(false)); });  // tsjit has no autocast
  defOwned("aten::is_autocast_cpu_enabled", [](Args&) { return ret(IValue(false)); });
  defOwned("prim::is_nested", [](Args&) { return ret(IValue(false)); });  // tsjit has no nested tensors
  defOwned("prim::is_cuda", [](Args& a) { return ret(IValue(a.at(0).toTensor().device().type == DeviceType::CUDA)); });
  defOwned("aten::_unwrap_optional", [](Args& a) {
    if (a.at(0).isNone()) throw RuntimeError("Unwrapping null optional");
    return ret(a[0]);
  });
  // A 0-dim tensor that does not require grad, read as an int, float or bool Scalar by its dtype.
  defOwned("aten::ScalarImplicit", [](Args& a) {
    const Tensor t = a.at(0).toTensor();
    if (t.requiresGrad()) throw RuntimeError("Cannot input a tensor that requires grad as a scalar argument");
    if (!t.sizes().empty()) throw RuntimeError("Cannot input a tensor of dimension other than 0 as a scalar argument");
    if (t.dtype() == ScalarType::Bool) return ret(IValue(t.itemInt64() != 0));
    if (isFloatingType(t.dtype())) return ret(IValue(t.itemDouble()));
    return ret(IValue(t.itemInt64()));
  });
  defOwned("prim::Uninitialized", [](Args&) { return ret(IValue::uninitialized()); });
  defOwned("aten::is_grad_enabled", [](Args&) { return ret(IValue(referenceGradMode())); });
  defOwned("aten::set_grad_enabled", [](Args& a) {
    setReferenceGradMode(a.at(0).toBool());
    return none();
  });
  defOwned("prim::requires_grad", [](Args& a) { return ret(IValue(a.at(0).toTensor().requiresGrad())); });
  defOwned("aten::requires_grad_", [](Args& a) {
    const Tensor& t = a.at(0).toTensor();
    ScalarType d = t.dtype();
    bool floating = d == ScalarType::Float || d == ScalarType::Double || d == ScalarType::Half || d == ScalarType::BFloat16;
    if (a.at(1).toBool() && !floating)
      throw RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
    t.setRequiresGradFlag(a.at(1).toBool());
    return ret(a.at(0));
  });
  // torch.jit.wait: the reference runs forks eagerly, so the future is complete (value or error).
  defOwned("aten::wait", [](Args& a) {
    try {
      return ret(a.at(0).toFuture()->wait());
    } catch (const ScriptException& e) {
      // 1.13 rethrows a raise inside the fork as a RuntimeError carrying its last line
      // ("RuntimeError: builtins.ValueError: msg"), no longer a torch.jit.Error.
      throw RuntimeError(e.what());
    }
  });
  defOwned("prim::unchecked_cast", [](Args& a) { return ret(a[0]); });
  defOwned("prim::TupleUnpack", [](Args& a) { return a[0].toTupleRef().items; });
  defOwned("prim::TupleIndex", [](Args& a) {
    const auto& items = a[0].toTupleRef().items;
    int64_t n = static_cast<int64_t>(items.size());
    int64_t i = normalizeIndex(a[1].toInt(), n);
    if (i < 0 || i >= n) throw RuntimeError("Tuple list index out of range");
    return ret(items[static_cast<size_t>(i)]);
  });
  defOwned("prim::IfThenElse", [](Args& a) { return ret(a[0].toBool() ? a[1] : a[2]); });
  defOwned("aten::__is__", [](Args& a) { return ret(IValue(a[0].isSameIdentity(a[1]))); });
  defOwned("aten::__isnot__", [](Args& a) { return ret(IValue(!a[0].isSameIdentity(a[1]))); });
}

}  // namespace tsjit::reference

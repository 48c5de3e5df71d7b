// Prim.cpp — optimized kernels of the Prim family: prim ops with schemas that run as ordinary
// stack operations (aten::warn, prim::RaiseException, TupleUnpack/TupleIndex, Uninitialized,
// unchecked_cast, IfThenElse, is_grad_enabled / set_grad_enabled, prim::requires_grad, is_nested /
// is_cuda, _unwrap_optional, ScalarImplicit). The
// interpreter compiles most of these structurally (see
// jit/runtime/PrimOps.cpp); the kernels make them available to any other caller of the op table.
// aten::warn writes "UserWarning: <message>" to stderr, once per message text.
#include <iostream>
#include <mutex>
#include <set>

#include "jit/kernels/AutogradHook.h"
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

void registerPrimKernels() {
  def("aten::warn", [](Stack& s, size_t) {
    drop(s, 1);  // stacklevel
    IValue msg = pop(s);
    static std::mutex mutex;
    static std::set<std::string> seen;
    std::lock_guard<std::mutex> lock(mutex);
    if (seen.insert(msg.toStringRef()).second) std::cerr << "UserWarning: " << msg.toStringRef() << "\n";
  });
  def("prim::RaiseException", [](Stack& s, size_t) {
    IValue cls = pop(s);
    IValue msg = pop(s);
    throw RuntimeError(msg.toStringRef(), cls.isString() ? cls.toStringRef() : "RuntimeError");
  });
  // torch.jit.wait: blocks until the fork completes (running it here if no worker started it);
  // an error inside the fork is rethrown here.
  def("aten::wait", [](Stack& s, size_t) {
    IValue f = pop(s);
    try {
      s.push_back(f.toFuture()->wait());
    } catch (const RuntimeError& e) {
      // 1.13 rethrows a raise inside the fork as a RuntimeError carrying its last line
      // ("RuntimeError: builtins.ValueError: msg"), no longer a torch.jit.Error.
      if (e.pythonType().rfind("builtins.", 0) == 0) throw RuntimeError(e.pythonType() + ": " + e.what());
      throw RuntimeError(e.what());
    }
  });
  def("prim::TupleUnpack", [](Stack& s, size_t) {
    IValue t = pop(s);
    for (const auto& x : t.toTupleRef().items) s.push_back(x);
  });
  def("prim::TupleIndex", [](Stack& s, size_t) {
    int64_t i = pop(s).toInt();
    IValue t = pop(s);
    const auto& items = t.toTupleRef().items;
    int64_t n = static_cast<int64_t>(items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw RuntimeError("tuple index out of range");
    s.push_back(items[static_cast<size_t>(i)]);
  });
  // Grad mode is the thread's flag of AutogradHook.h (what autograd's recording reads).
  def("aten::is_grad_enabled", [](Stack& s, size_t) { s.push_back(IValue(gradModeEnabled())); });
  def("aten::set_grad_enabled", [](Stack& s, size_t) { setGradModeEnabled(pop(s).toBool()); });
  def("prim::requires_grad", [](Stack& s, size_t) { s.back() = IValue(s.back().toTensor().requiresGrad()); });
  def("aten::requires_grad_", [](Stack& s, size_t) {
    bool r = pop(s).toBool();
    s.back().toTensor().setRequiresGrad(r);  // self stays on the stack: the result
  });
  def("aten::is_autocast_enabled", [](Stack& s, size_t) { s.push_back(IValue(false)); });  // no autocast
  def("aten::is_autocast_cpu_enabled", [](Stack& s, size_t) { s.push_back(IValue(false)); });
  def("prim::is_nested", [](Stack& s, size_t) { s.back() = IValue(false); });  // no nested tensors
  def("prim::is_cuda", [](Stack& s, size_t) { s.back() = IValue(s.back().toTensor().device().isCuda()); });
  def("aten::_unwrap_optional", [](Stack& s, size_t) {
    if (s.back().isNone()) throw RuntimeError("Unwrapping null optional");
  });
  // PyTorch 1.13 (checkImplicitTensorToNum): no grad, 0-dim; then the value as its dtype's kind.
  def("aten::ScalarImplicit", [](Stack& s, size_t) {
    const Tensor t = s.back().toTensor();
    if (t.requiresGrad()) throw RuntimeError("Cannot input a tensor that requires grad as a scalar argument");
    if (t.dim() != 0) throw RuntimeError("Cannot input a tensor of dimension other than 0 as a scalar argument");
    if (isFloatingType(t.dtype())) s.back() = IValue(t.getDouble(0));
    else if (t.dtype() == ScalarType::Bool) s.back() = IValue(t.getInt64(0) != 0);
    else s.back() = IValue(t.getInt64(0));
  });
  def("prim::Uninitialized", [](Stack& s, size_t) { s.push_back(IValue::uninitialized()); });
  def("prim::unchecked_cast", [](Stack&, size_t) {});
  def("prim::IfThenElse", [](Stack& s, size_t) {
    IValue b = pop(s), a = pop(s);
    s.back() = s.back().toBool() ? std::move(a) : std::move(b);
  });
}

}  // namespace tsjit::kernels

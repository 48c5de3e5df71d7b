// AutogradHook.h — where the runtime meets autograd without including it (architecture section 3:
// upward needs are inverted through registration).
//
// jit/autograd registers ONE hook in its initialize(): a function that runs an op's kernel and
// records the grad_fn node when the op must be differentiated. The interpreter calls
// runOperation() for an op only while some tensor requires grad (anyTensorRequiresGrad(), one
// relaxed atomic load per op); otherwise it calls the kernel directly, so the default path pays
// nothing else. Grad mode (torch.no_grad / torch.enable_grad) is thread-local state kept here so
// that the interpreter, kernels of aten::_set_grad_enabled and autograd all see the same flag.
#pragma once

#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {

// Runs `kernel` (the optimized kernel of `overload`) on the stack, recording autograd history.
using AutogradOpHook = void (*)(const ops::OpOverload& overload, const Operation& kernel, Stack& stack,
                                size_t numInputs);

// Registers the hook (jit/autograd's initialize()); nullptr unregisters.
void setAutogradOpHook(AutogradOpHook hook);
AutogradOpHook autogradOpHook();

// The interpreter's slow path: the hook when one is registered and `overload` is an aten op,
// else the kernel itself. `overload` may be null (prim operations).
void runOperation(const ops::OpOverload* overload, const Operation& kernel, Stack& stack, size_t numInputs);

// Grad mode of this thread (on by default).
bool gradModeEnabled();
void setGradModeEnabled(bool enabled);

// Sets grad mode for a scope and restores the previous one.
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : previous_(gradModeEnabled()) { setGradModeEnabled(enabled); }
  ~GradModeGuard() { setGradModeEnabled(previous_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool previous_;
};

}  // namespace tsjit::kernels

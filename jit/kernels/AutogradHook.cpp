// AutogradHook.cpp — the registered autograd hook and the thread-local grad mode (AutogradHook.h).
#include "jit/kernels/AutogradHook.h"

#include <atomic>

namespace tsjit::kernels {
namespace {
std::atomic<AutogradOpHook> gHook{nullptr};
thread_local bool tGradMode = true;
}  // namespace

void setAutogradOpHook(AutogradOpHook hook) { gHook.store(hook, std::memory_order_release); }
AutogradOpHook autogradOpHook() { return gHook.load(std::memory_order_acquire); }

void runOperation(const ops::OpOverload* overload, const Operation& kernel, Stack& stack, size_t numInputs) {
  AutogradOpHook hook = autogradOpHook();
  if (hook && overload) {
    hook(*overload, kernel, stack, numInputs);
    return;
  }
  kernel(stack, numInputs);
}

bool gradModeEnabled() { return tGradMode; }
void setGradModeEnabled(bool enabled) { tGradMode = enabled; }

}  // namespace tsjit::kernels

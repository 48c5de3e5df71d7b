// FallbackFunctions.cpp — see FallbackFunctions.h.
#include "jit/runtime/FallbackFunctions.h"

#include <mutex>

namespace tsjit::runtime {

namespace {
std::mutex& resolverMutex() {
  static std::mutex m;
  return m;
}
FallbackFunctionResolver& resolverSlot() {
  static FallbackFunctionResolver r;
  return r;
}
}  // namespace

void setFallbackFunctionResolver(FallbackFunctionResolver resolver) {
  std::lock_guard<std::mutex> lock(resolverMutex());
  resolverSlot() = std::move(resolver);
}

Function* resolveFallbackFunction(const std::string& name) {
  FallbackFunctionResolver r;
  {
    std::lock_guard<std::mutex> lock(resolverMutex());
    r = resolverSlot();
  }
  return r ? r(name) : nullptr;
}

}  // namespace tsjit::runtime

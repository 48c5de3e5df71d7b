// FallbackFunctions.cpp — see FallbackFunctions.h.
#include "reference/FallbackFunctions.h"

#include <mutex>

namespace tsjit::reference {

namespace {
struct Registry {
  std::mutex mutex;
  FunctionLookup lookup;
};
Registry& registry() {
  static Registry r;
  return r;
}
}  // namespace

void setFunctionLookup(FunctionLookup lookup) {
  std::lock_guard<std::mutex> lock(registry().mutex);
  registry().lookup = std::move(lookup);
}

Function* lookUpFunction(const std::string& name) {
  FunctionLookup f;
  {
    std::lock_guard<std::mutex> lock(registry().mutex);
    f = registry().lookup;
  }
  return f ? f(name) : nullptr;
}

}  // namespace tsjit::reference

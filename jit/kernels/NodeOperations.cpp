// NodeOperations.cpp — the registry of NodeOperations.h (a locked map from kind to factory).
#include "jit/kernels/NodeOperations.h"

#include <mutex>
#include <unordered_map>

namespace tsjit::kernels {

namespace {
struct Registry {
  std::mutex mutex;
  std::unordered_map<Symbol, std::shared_ptr<const NodeOperationFactory>> factories;
};
Registry& registry() {
  static Registry r;
  return r;
}
}  // namespace

void registerNodeOperation(Symbol kind, NodeOperationFactory factory) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.factories[kind] = std::make_shared<const NodeOperationFactory>(std::move(factory));
}

std::shared_ptr<const NodeOperationFactory> findNodeOperation(Symbol kind) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.factories.find(kind);
  return it == r.factories.end() ? nullptr : it->second;
}

}  // namespace tsjit::kernels

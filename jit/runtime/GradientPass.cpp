// GradientPass.cpp — the registered autodiff pass and needsGradient (GradientPass.h).
#include "jit/runtime/GradientPass.h"

#include <mutex>

#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"

namespace tsjit::runtime {

namespace {
std::mutex& passMutex() {
  static std::mutex m;
  return m;
}
AutodiffPass& passSlot() {
  static AutodiffPass pass;
  return pass;
}

bool typeMayRequireGrad(const TypePtr& t, bool unknown, int depth = 0) {
  if (depth > 8) return unknown;
  if (const auto* tt = t->cast<TensorType>()) return tt->requiresGrad().value_or(unknown);
  if (!unknown) return false;
  if (const auto* ct = t->cast<ClassType>()) {
    for (const auto& a : ct->attributes())
      if (typeMayRequireGrad(a.type, unknown, depth + 1)) return true;
    return false;
  }
  for (const TypePtr& c : t->containedTypes())
    if (typeMayRequireGrad(c, unknown, depth + 1)) return true;
  return false;
}

bool anyValueRequiresGrad(const Block* b) {
  for (const Node* n : b->nodes()) {
    for (const Value* v : n->outputs())
      if (const auto* tt = v->type()->cast<TensorType>(); tt && tt->requiresGrad() && *tt->requiresGrad())
        return true;
    for (const Block* inner : n->blocks())
      if (anyValueRequiresGrad(inner)) return true;
  }
  return false;
}
}  // namespace

void registerAutodiffPass(AutodiffPass pass) {
  std::lock_guard<std::mutex> lock(passMutex());
  passSlot() = std::move(pass);
}

AutodiffPass currentAutodiffPass() {
  std::lock_guard<std::mutex> lock(passMutex());
  return passSlot();
}

bool needsGradient(const Graph& graph, bool unknownMayRequireGrad) {
  if (!kernels::gradModeEnabled()) return false;
  for (const Value* in : graph.inputs())
    if (typeMayRequireGrad(in->type(), unknownMayRequireGrad)) return true;
  return anyValueRequiresGrad(graph.block());
}

}  // namespace tsjit::runtime

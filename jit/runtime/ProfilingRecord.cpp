// ProfilingRecord.cpp — instrumentation with prim::profile, observation, specialization
// (ProfilingRecord.h).
#include "jit/runtime/ProfilingRecord.h"

#include <unordered_map>
#include <unordered_set>

#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/passes/ShapePropagation.h"

namespace tsjit::runtime {

namespace {
bool isTensorTyped(const Value* v) { return v->type()->cast<TensorType>() != nullptr; }

void instrumentNode(Graph& graph, Node* n, size_t& slots) {
  for (size_t i = 0; i < n->numInputs(); ++i) {
    Value* v = n->input(i);
    if (!isTensorTyped(v) || v->node()->kind() == prim::profile) continue;
    Node* p = graph.create(prim::profile, {v}, 1);
    p->i_(attr::index, static_cast<int64_t>(slots++));
    p->output()->setType(v->type());
    p->insertBefore(n);
    n->replaceInput(i, p->output());
  }
}

void instrumentBlock(Graph& graph, Block* b, size_t& slots) {
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  for (Node* n : nodes) {
    for (Block* sub : n->blocks()) instrumentBlock(graph, sub, slots);
    instrumentNode(graph, n, slots);
  }
  instrumentNode(graph, b->returnNode(), slots);
}

void collectProfiles(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::profile) out.push_back(n);
    for (Block* sub : n->blocks()) collectProfiles(sub, out);
  }
}

void resetTypes(Block* b) {
  auto reset = [](Value* v) {
    if (isTensorTyped(v) && !v->type()->cast<TensorType>()->isPlain()) v->setType(TensorType::get());
  };
  for (Value* v : b->inputs()) reset(v);
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::TypeCheck) continue;  // guarded facts
    for (Value* v : n->outputs()) reset(v);
    for (Block* sub : n->blocks()) resetTypes(sub);
  }
}
}  // namespace

std::shared_ptr<ProfilingRecord> ProfilingRecord::instrument(Graph& graph) {
  auto record = std::make_shared<ProfilingRecord>();
  size_t slots = 0;
  instrumentBlock(graph, graph.block(), slots);
  record->slots_.resize(slots);
  return record;
}

void ProfilingRecord::observe(size_t slot, const IValue& value) {
  TypePtr t = exampleTensorType(value);
  // requires_grad as the current execution context sees it (1.13: a tensor requiring grad under
  // no_grad is profiled as not requiring grad).
  if (t && !kernels::gradModeEnabled()) {
    const auto* tt = t->cast<TensorType>();
    if (tt->requiresGrad() && *tt->requiresGrad())
      t = TensorType::create(tt->dtype(), tt->device(), tt->sizes(), tt->strides(), false);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  Slot& s = slots_.at(slot);
  if (!t) {
    s.poisoned = true;
    return;
  }
  s.type = s.type ? mergeTensorTypes(s.type, t) : t;
}

bool ProfilingRecord::poisoned(size_t slot) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return slots_.at(slot).poisoned;
}

TypePtr ProfilingRecord::observedType(size_t slot) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const Slot& s = slots_.at(slot);
  return s.poisoned ? nullptr : s.type;
}

size_t specializeFromProfiles(Graph& graph, const ProfilingRecord& record) {
  std::vector<Node*> profiles;
  collectProfiles(graph.block(), profiles);
  // The merged observation per profiled value (a value reached by no run keeps its type).
  std::unordered_map<Value*, TypePtr> merged;
  std::unordered_set<Value*> unusable;  // saw an undefined tensor at some use
  for (Node* p : profiles) {
    Value* v = p->input();
    size_t slot = static_cast<size_t>(p->i(attr::index));
    if (record.poisoned(slot)) unusable.insert(v);
    TypePtr t = record.observedType(slot);
    if (!t) continue;  // never reached (or poisoned)
    auto it = merged.find(v);
    merged[v] = it == merged.end() ? t : mergeTensorTypes(it->second, t);
  }
  for (Node* p : profiles) {
    p->output()->replaceAllUsesWith(p->input());
    p->destroy();
  }
  size_t n = 0;
  for (auto& [v, t] : merged)
    if (!unusable.count(v)) {
      v->setType(t);
      ++n;
    }
  return n;
}

void removeTensorTypeSpecializations(Graph& graph) { resetTypes(graph.block()); }

}  // namespace tsjit::runtime

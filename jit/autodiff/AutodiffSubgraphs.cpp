// AutodiffSubgraphs.cpp — createAutodiffSubgraphs, insertRequiresGradChecks and the operations of
// prim::DifferentiableGraph / prim::RequiresGradCheck (see AutodiffSubgraphs.h).
#include "jit/autodiff/AutodiffSubgraphs.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "jit/analysis/AliasDb.h"
#include "jit/kernels/AutogradHook.h"

namespace tsjit::autodiff {
namespace {

bool writes(const Node* n) {
  if (const FunctionSchema* s = n->maybeSchema())
    for (const Argument& a : s->arguments())
      if (a.isWrite()) return true;
  return false;
}

// A node touching memory that something in the graph writes stays outside: a subgraph's saved
// values and outputs must not change behind its back (in-place ops run under autograd instead).
bool touchesWrittenMemory(const Node* n, const AliasDb* aliasDb) {
  if (!aliasDb) return false;
  for (const Value* v : n->inputs())
    if (aliasDb->hasWriters(v)) return true;
  for (const Value* v : n->outputs())
    if (aliasDb->hasWriters(v)) return true;
  return false;
}

bool groupable(const Node* n, const FormulaSet& formulas, const AliasDb* aliasDb) {
  if (!n->blocks().empty() || writes(n)) return false;
  if (n->kind() != prim::Constant && touchesWrittenMemory(n, aliasDb)) return false;
  const std::string k = n->kind().toQualString();
  if (k.rfind("aten::", 0) != 0 && n->kind() != prim::Constant) return false;
  bool tensorOut = false;  // scalar arithmetic (int comparisons...) stays outside, as in 1.13
  for (const Value* v : n->outputs()) tensorOut |= v->type()->kind() == TypeKind::Tensor;
  return (tensorOut || n->kind() == prim::Constant) && isDifferentiable(*n, formulas);
}

// Requires-grad profiling on static types: a tensor whose type records requires_grad says so;
// a value of a node otherwise may require grad when one of the node's inputs (or the values its
// blocks use) may. Non-tensors never do.
class RequiresGradInfo {
 public:
  bool mayRequireGrad(const Value* v) {
    if (v->type()->kind() != TypeKind::Tensor) return false;
    const auto* t = v->type()->cast<TensorType>();
    if (t && t->requiresGrad()) return *t->requiresGrad();
    auto it = memo_.find(v);
    if (it != memo_.end()) return it->second;
    memo_[v] = true;  // cycles (loop-carried values): conservative
    const Node* n = v->node();
    bool r = n->kind() == prim::Param;  // an input of unknown requires_grad
    if (n->kind() != prim::Constant && !r) {
      for (const Value* in : n->inputs()) r |= mayRequireGrad(in);
      if (!n->blocks().empty()) r = true;
    }
    return memo_[v] = r;
  }

 private:
  std::unordered_map<const Value*, bool> memo_;
};

// Turns the nodes [first, last] of one block into a DifferentiableGraph node.
void groupRun(Graph& g, const std::vector<Node*>& run) {
  std::unordered_set<const Node*> inRun(run.begin(), run.end());
  auto sub = std::make_shared<Graph>();
  std::unordered_map<const Value*, Value*> env;
  std::vector<Value*> outerInputs;
  auto lookup = [&](Value* v) -> Value* {
    auto it = env.find(v);
    if (it != env.end()) return it->second;
    if (v->node()->kind() == prim::Constant) {  // constants are copied in
      Node* c = sub->createClone(v->node(), [](Value* x) { return x; });
      sub->block()->prependNode(c);
      return env[v] = c->output()->copyMetadata(v);
    }
    outerInputs.push_back(v);
    return env[v] = sub->addInput()->copyMetadata(v);
  };
  for (Node* n : run) {
    Node* c = sub->block()->appendNode(sub->createClone(n, lookup));
    for (size_t i = 0; i < n->numOutputs(); ++i) env[n->output(i)] = c->output(i)->copyMetadata(n->output(i));
  }
  // Outputs: values of the run used after it.
  std::vector<Value*> escaping;
  for (Node* n : run)
    for (Value* v : n->outputs()) {
      bool usedOutside = false;
      for (const Use& u : v->uses()) usedOutside |= !inRun.count(u.user);
      if (usedOutside) escaping.push_back(v);
    }
  for (Value* v : escaping) sub->registerOutput(env.at(v));
  Node* dg = g.create(prim::DifferentiableGraph, outerInputs, escaping.size());
  dg->g_(attr::Subgraph, sub);
  dg->insertBefore(run.front());
  for (size_t i = 0; i < escaping.size(); ++i) {
    dg->output(i)->copyMetadata(escaping[i]);
    escaping[i]->replaceAllUsesWith(dg->output(i));
  }
  for (auto it = run.rbegin(); it != run.rend(); ++it) (*it)->destroy();
}

bool groupBlock(Graph& g, Block* b, size_t minSize, const FormulaSet& formulas, RequiresGradInfo& info,
                const AliasDb* aliasDb) {
  bool changed = false;
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  for (Node* n : nodes)
    for (Block* inner : n->blocks()) changed |= groupBlock(g, inner, minSize, formulas, info, aliasDb);
  std::vector<std::vector<Node*>> runs(1);
  for (Node* n : nodes) {
    if (groupable(n, formulas, aliasDb) && n->kind() != prim::Constant) runs.back().push_back(n);
    else if (!runs.back().empty()) runs.emplace_back();
  }
  // Decide every run before changing the block (the profiling info reads the original values).
  std::vector<const std::vector<Node*>*> chosen;
  for (const auto& run : runs) {
    if (run.size() < minSize) continue;
    bool anyMayRequireGrad = false;
    for (Node* n : run)
      for (Value* v : n->inputs())
        if (std::find(run.begin(), run.end(), v->node()) == run.end()) anyMayRequireGrad |= info.mayRequireGrad(v);
    if (anyMayRequireGrad) chosen.push_back(&run);  // else profiled: nothing here requires grad
  }
  for (const auto* run : chosen) {
    groupRun(g, *run);
    changed = true;
  }
  return changed;
}

std::mutex& hooksMutex() {
  static std::mutex m;
  return m;
}
std::unique_ptr<AutogradHooks>& hooksSlot() {
  static std::unique_ptr<AutogradHooks> h;
  return h;
}

}  // namespace

bool createAutodiffSubgraphs(std::shared_ptr<Graph>& graph, size_t minSubgraphSize, const FormulaSet& formulas) {
  RequiresGradInfo info;
  // Decided on the original graph (grouping does not change what writes what).
  std::unique_ptr<AliasDb> aliasDb;
  bool anyWrite = false;
  std::function<void(const Block*)> scan = [&](const Block* b) {
    for (const Node* n : b->nodes()) {
      anyWrite |= writes(n);
      for (const Block* inner : n->blocks()) scan(inner);
    }
  };
  scan(graph->block());
  if (anyWrite) aliasDb = std::make_unique<AliasDb>(graph);
  bool changed = groupBlock(*graph, graph->block(), minSubgraphSize, formulas, info, aliasDb.get());
  graph->lint();
  return changed;
}

bool insertRequiresGradChecks(std::shared_ptr<Graph>& graph) {
  std::vector<Node*> dgs;
  std::function<void(Block*)> collect = [&](Block* b) {
    for (Node* n : b->nodes()) {
      if (n->kind() == prim::DifferentiableGraph) dgs.push_back(n);
      for (Block* inner : n->blocks()) collect(inner);
    }
  };
  collect(graph->block());
  Graph& g = *graph;
  for (Node* dg : dgs) {
    WithInsertPoint guard(dg);
    std::vector<TypePtr> types;
    for (Value* v : dg->inputs()) types.push_back(v->type());
    Node* check = g.insert(prim::RequiresGradCheck, dg->inputs(), dg->numInputs() + 1);
    check->tys_(attr::types, types);
    for (size_t i = 0; i < dg->numInputs(); ++i) check->output(i)->setType(dg->input(i)->type());
    check->output(dg->numInputs())->setType(BoolType::get());
    Node* ifNode = g.insert(prim::If, {check->output(dg->numInputs())}, dg->numOutputs());
    Block* thenB = ifNode->addBlock();
    Block* elseB = ifNode->addBlock();
    // then: the DifferentiableGraph on the checked inputs.
    std::unordered_map<const Value*, Value*> checked;
    for (size_t i = 0; i < dg->numInputs(); ++i) checked[dg->input(i)] = check->output(i);
    Node* dgClone = g.createClone(dg, [&](Value* v) { return checked.count(v) ? checked[v] : v; });
    thenB->appendNode(dgClone);
    for (Value* o : dgClone->outputs()) thenB->registerOutput(o);
    // else: the subgraph inlined (the fallback).
    const Graph& sub = *dg->g(attr::Subgraph);
    std::unordered_map<const Value*, Value*> env;
    for (size_t i = 0; i < sub.inputs().size(); ++i) env[sub.inputs()[i]] = check->output(i);
    for (Node* n : sub.nodes()) {
      Node* c = elseB->appendNode(g.createClone(n, [&](Value* v) { return env.count(v) ? env[v] : v; }));
      for (size_t i = 0; i < n->numOutputs(); ++i) env[n->output(i)] = c->output(i)->copyMetadata(n->output(i));
    }
    for (Value* o : sub.outputs()) elseB->registerOutput(env.at(o));
    for (size_t i = 0; i < dg->numOutputs(); ++i) {
      ifNode->output(i)->copyMetadata(dg->output(i));
      dg->output(i)->replaceAllUsesWith(ifNode->output(i));
    }
    dg->destroy();
  }
  graph->lint();
  return !dgs.empty();
}

void setAutogradHooks(AutogradHooks hooks) {
  std::lock_guard<std::mutex> lock(hooksMutex());
  hooksSlot() = std::make_unique<AutogradHooks>(std::move(hooks));
}

const AutogradHooks* autogradHooks() {
  std::lock_guard<std::mutex> lock(hooksMutex());
  return hooksSlot().get();
}

std::function<void(Stack&, size_t)> differentiableGraphOperation(const Node& node, GraphRunner runner) {
  auto gradient = std::make_shared<Gradient>(differentiate(*node.g(attr::Subgraph)));
  return differentiableGraphOperation(gradient, std::move(runner));
}

std::function<void(Stack&, size_t)> differentiableGraphOperation(std::shared_ptr<const Gradient> gradient,
                                                                 GraphRunner runner) {
  return [gradient, runner](Stack& stack, size_t numInputs) {
    std::vector<IValue> inputs(stack.end() - static_cast<std::ptrdiff_t>(numInputs), stack.end());
    stack.resize(stack.size() - numInputs);
    // The forward runs on detached aliases of the inputs with grad mode off: nothing inside is
    // recorded by autograd, and no output is an input's own tensor (its history stays its own).
    std::vector<IValue> detached = inputs;
    for (IValue& v : detached)
      if (v.isTensor() && v.toTensor().defined()) v = IValue(v.toTensor().detach());
    std::vector<IValue> all;
    {
      kernels::GradModeGuard noGrad(false);
      all = runner(gradient->forward, std::move(detached));
    }
    std::vector<IValue> outputs(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(gradient->numOutputs));
    std::vector<IValue> saved(all.begin() + static_cast<std::ptrdiff_t>(gradient->numOutputs), all.end());
    const AutogradHooks* hooks = autogradHooks();
    bool anyRequiresGrad = false;
    if (hooks)
      for (size_t i : gradient->wrt) anyRequiresGrad |= hooks->requiresGrad(inputs[i]);
    if (anyRequiresGrad) hooks->attachGradFn(*gradient, inputs, outputs, std::move(saved), runner);
    for (IValue& v : outputs) stack.push_back(std::move(v));
  };
}

std::function<void(Stack&, size_t)> requiresGradCheckOperation(const Node& node) {
  std::vector<std::optional<bool>> expected;
  for (const TypePtr& t : node.tys(attr::types)) {
    const auto* tt = t->cast<TensorType>();
    expected.push_back(tt ? tt->requiresGrad() : std::nullopt);
  }
  return [expected](Stack& stack, size_t numInputs) {
    const AutogradHooks* hooks = autogradHooks();
    bool ok = true;
    for (size_t i = 0; i < numInputs && i < expected.size(); ++i) {
      const IValue& v = stack[stack.size() - numInputs + i];
      if (!v.isTensor() || !expected[i]) continue;
      const bool rg = hooks ? hooks->requiresGrad(v) : false;
      ok &= rg == *expected[i];
    }
    stack.emplace_back(ok);
  };
}

}  // namespace tsjit::autodiff

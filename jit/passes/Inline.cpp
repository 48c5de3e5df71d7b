// Inline.cpp — the `inline` pass (Inline.h).
#include "jit/passes/Inline.h"

#include <unordered_map>

#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {
thread_local FunctionResolver tlsResolver;

// The graph a call node runs, or nullptr when it is not known statically.
const Graph* calleeOf(const Node* n) {
  if (n->kind() == prim::CallMethod) {
    if (n->numInputs() == 0 || !n->hasAttribute(attr::name)) return nullptr;
    const auto* cls = n->input(0)->type()->cast<ClassType>();
    if (!cls) return nullptr;
    Function* fn = cls->findMethod(n->s(attr::name));
    return fn && fn->graph() ? fn->graph().get() : nullptr;
  }
  if (n->kind() == prim::CallFunction) {
    if (n->numInputs() == 0 || !tlsResolver) return nullptr;
    const Node* fnConst = n->input(0)->node();
    if (fnConst->kind() != prim::Constant || !fnConst->hasAttribute(attr::name)) return nullptr;
    Function* fn = tlsResolver(fnConst->s(attr::name));
    return fn && fn->graph() ? fn->graph().get() : nullptr;
  }
  return nullptr;
}

// Replaces the calls of `b` and of its nested blocks by their bodies (one level: calls inside
// the copied bodies are left for the next round).
bool inlineBlock(Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it;
    ++it;
    for (Block* sub : n->blocks()) changed |= inlineBlock(sub);
    const Graph* callee = calleeOf(n);
    if (!callee) continue;
    size_t firstArg = n->kind() == prim::CallFunction ? 1 : 0;
    if (callee->inputs().size() != n->numInputs() - firstArg || callee->outputs().size() != n->numOutputs()) continue;
    std::vector<Value*> args(n->inputs().begin() + static_cast<std::ptrdiff_t>(firstArg), n->inputs().end());
    GRAPH_UPDATE("inlining ", *n);
    std::vector<Value*> outs = insertGraphCopy(*callee, args, n);
    for (size_t i = 0; i < outs.size(); ++i) n->output(i)->replaceAllUsesWith(outs[i]);
    n->destroy();
    changed = true;
  }
  return changed;
}
}  // namespace

InlineResolverScope::InlineResolverScope(FunctionResolver resolver) : previous_(std::move(tlsResolver)) {
  tlsResolver = std::move(resolver);
}
InlineResolverScope::~InlineResolverScope() { tlsResolver = std::move(previous_); }

std::vector<Value*> insertGraphCopy(const Graph& callee, const std::vector<Value*>& inputs, Node* before) {
  Graph& g = *before->owningGraph();
  std::unordered_map<const Value*, Value*> map;
  for (size_t i = 0; i < callee.inputs().size(); ++i) map[callee.inputs()[i]] = inputs.at(i);
  auto lookup = [&](Value* v) -> Value* {
    auto it = map.find(v);
    return it == map.end() ? nullptr : it->second;
  };
  for (Node* cn : callee.nodes()) {
    Node* copy = g.createClone(cn, lookup, true);
    copy->insertBefore(before);
    for (size_t i = 0; i < cn->numOutputs(); ++i) map[cn->output(i)] = copy->output(i);
  }
  std::vector<Value*> outs;
  for (Value* v : callee.outputs()) outs.push_back(map.at(v));
  return outs;
}

bool inlineCalls(std::shared_ptr<Graph>& graph) {
  bool changed = false;
  for (int round = 0; round < kMaxInlineDepth && inlineBlock(graph->block()); ++round) changed = true;
  return changed;
}

}  // namespace tsjit

// CommonSubexpressionElimination.cpp — `cse`: a node equal to an earlier one that dominates it
// (same kind, same inputs, same attributes, same output types) is replaced by the earlier one
// (PyTorch 1.13's EliminateCommonSubexpression with an AliasDb).
//
// Never merged: nodes with blocks, side effects or nondeterministic results; nodes that write
// memory; nodes whose inputs or outputs may alias memory some node writes (the write could fall
// between the two, or the merged result could be mutated through one name and read through the
// other); tensor constants (constant_pooling's job); two nodes whose results may both be returned
// (the caller could mutate one and see the change through the other). Nodes inside a block may reuse equal nodes
// of the blocks around it (those dominate), never the other way round.
#include <unordered_map>
#include <variant>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/PassUtils.h"
#include "jit/passes/NodeList.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

bool sameAttributes(const Node* a, const Node* b) {
  if (a->numAttributes() != b->numAttributes()) return false;
  for (Symbol name : a->attributeNames()) {
    if (!b->hasAttribute(name)) return false;
    const AttributeValue& x = a->attr(name);
    const AttributeValue& y = b->attr(name);
    // Floats by their bits (-0.0 is not 0.0); graph attributes by identity (two equal subgraphs
    // are rare and costly to compare).
    if (!passutil::sameAttributeValue(x, y)) return false;
  }
  return true;
}

bool equalNodes(const Node* a, const Node* b) {
  if (a->kind() != b->kind() || a->inputs() != b->inputs() || a->numOutputs() != b->numOutputs()) return false;
  for (size_t i = 0; i < a->numOutputs(); ++i)
    if (*a->output(i)->type() != *b->output(i)->type()) return false;
  return sameAttributes(a, b);
}

size_t hashNode(const Node* n) {
  size_t h = std::hash<uint32_t>()(n->kind().id());
  for (const Value* v : n->inputs()) h = h * 31 + std::hash<const void*>()(v);
  return h * 31 + n->numOutputs();
}

class CommonSubexpressionEliminator {
 public:
  explicit CommonSubexpressionEliminator(std::shared_ptr<Graph> graph) : graph_(std::move(graph)), aliasDb_(graph_) {}

  bool run() {
    std::unordered_multimap<size_t, Node*> outer;
    return visit(graph_->block(), outer);
  }

 private:
  bool candidate(const Node* n) const {
    if (!n->blocks().empty() || hasSideEffects(n) || isNondeterministic(n)) return false;
    if (n->kind() == prim::Constant && n->hasAttribute(attr::value) &&
        n->kindOfAttribute(attr::value) == AttributeKind::t)
      return false;
    if (n->kind() == prim::Uninitialized || n->numOutputs() == 0) return false;
    if (aliasDb_.isMutable(n) || aliasDb_.hasWriters(n)) return false;
    return true;
  }

  bool returnsMemory(const Node* n) const {
    for (const Value* o : n->outputs())
      if (AliasDb::isMutableType(o))
        for (const Value* out : graph_->outputs())
          if (aliasDb_.mayContainAlias(o, out)) return true;
    return false;
  }

  // `seen` holds the candidates of the enclosing blocks (copied: a block's own entries must not
  // leak into its siblings).
  bool visit(Block* b, std::unordered_multimap<size_t, Node*> seen) {
    bool changed = false;
    for (Node* n : nodesOf(b)) {
      for (Block* inner : n->blocks()) changed |= visit(inner, seen);
      if (!candidate(n)) continue;
      size_t h = hashNode(n);
      Node* match = nullptr;
      auto range = seen.equal_range(h);
      for (auto it = range.first; it != range.second; ++it)
        if (equalNodes(it->second, n)) {
          match = it->second;
          break;
        }
      if (!match) {
        seen.emplace(h, n);
        continue;
      }
      // The caller may mutate what the graph returns: two returned values must stay two objects.
      if (returnsMemory(n) && returnsMemory(match)) continue;
      GRAPH_UPDATE("cse replaces ", *n, " with ", *match);
      for (size_t i = 0; i < n->numOutputs(); ++i) n->output(i)->replaceAllUsesWith(match->output(i));
      n->destroy();
      changed = true;
    }
    return changed;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
};

}  // namespace

bool eliminateCommonSubexpression(std::shared_ptr<Graph>& graph) { return CommonSubexpressionEliminator(graph).run(); }

}  // namespace tsjit

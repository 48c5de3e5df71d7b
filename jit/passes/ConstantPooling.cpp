// ConstantPooling.cpp — `constant_pooling`: every prim::Constant moves to the top of the graph
// (constants have no inputs, so they dominate everything there) and equal constants (same
// attributes, same output type) become one node (PyTorch 1.13's ConstantPooling).
//
// A constant whose memory some node writes (a tensor or list constant mutated in place), or a
// mutable constant the graph returns (the caller may mutate it), is left where it is and never
// shared: merging it would let one use see another's writes.
#include <vector>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/PassUtils.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

bool sameConstant(const Node* a, const Node* b) {
  if (*a->output()->type() != *b->output()->type()) return false;
  if (a->numAttributes() != b->numAttributes()) return false;
  for (Symbol name : a->attributeNames())
    if (!b->hasAttribute(name) || !passutil::sameAttributeValue(a->attr(name), b->attr(name))) return false;
  return true;
}

void collectConstants(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::Constant) out.push_back(n);
    for (Block* inner : n->blocks()) collectConstants(inner, out);
  }
}

}  // namespace

bool poolConstants(std::shared_ptr<Graph>& graph) {
  AliasDb aliasDb(graph);
  std::vector<Node*> constants;
  collectConstants(graph->block(), constants);
  std::vector<Node*> pooled;
  Node* insertAfter = nullptr;  // the last pooled constant (nullptr: none yet)
  Block* top = graph->block();
  bool changed = false;
  for (Node* n : constants) {
    if (aliasDb.hasWriters(n->output())) continue;
    // A tensor or list constant that is returned is handed to the caller, who may mutate it:
    // it is never shared with another use.
    bool returned = false;
    if (AliasDb::isMutableType(n->output()))
      for (const Value* out : graph->outputs()) returned |= aliasDb.mayContainAlias(n->output(), out);
    if (returned) continue;
    Node* existing = nullptr;
    for (Node* p : pooled)
      if (sameConstant(p, n)) {
        existing = p;
        break;
      }
    if (existing) {
      GRAPH_UPDATE("constant_pooling merges ", *n, " into ", *existing);
      n->output()->replaceAllUsesWith(existing->output());
      n->destroy();
      changed = true;
      continue;
    }
    // Hoist: the pooled constants keep their first-seen order at the top of the graph.
    Node* slot = insertAfter ? insertAfter->next() : top->nodes().front();
    if (slot != n) {
      n->moveBefore(slot);
      changed = true;
    }
    insertAfter = n;
    pooled.push_back(n);
  }
  return changed;
}

}  // namespace tsjit

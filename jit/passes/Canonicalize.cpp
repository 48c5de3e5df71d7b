// Canonicalize.cpp — `canonicalize`: value ids renumbered 0, 1, 2... in program order (graph
// inputs, then each node's outputs before the contents of its blocks, block inputs first), debug
// names kept (PyTorch 1.13's Canonicalize with keep_unique_names). Two graphs that differ only in
// the numbering of unnamed values print identically afterwards.
// The graph is renumbered in place (node identities stay, so executors' node maps stay valid);
// ids have no index in the Graph, so assigning them in one walk cannot collide. The pass reports
// a change only when an unnamed value (printed by its id) was renumbered.
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"

namespace tsjit {

namespace {

void renumber(Block* b, size_t& next, bool& changed) {
  auto assign = [&](Value* v) {
    if (v->unique() != next) {
      v->setUnique(next);
      // A named value prints by its name: only an unnamed one shows the renumbering.
      if (!v->hasDebugName()) changed = true;
    }
    ++next;
  };
  for (Value* in : b->inputs()) assign(in);
  for (Node* n : b->nodes()) {
    for (Value* out : n->outputs()) assign(out);
    for (Block* inner : n->blocks()) renumber(inner, next, changed);
  }
}

}  // namespace

bool canonicalize(std::shared_ptr<Graph>& graph) {
  size_t next = 0;
  bool changed = false;
  renumber(graph->block(), next, changed);
  return changed;
}

}  // namespace tsjit

// LowerTuples.cpp — the `lower_tuples` pass (LowerTuples.h).
#include "jit/passes/LowerTuples.h"

#include <algorithm>

#include "jit/ir/Graph.h"
#include "jit/passes/PassUtils.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

// The replacement of a tuple read `n` whose tuple comes from a TupleConstruct; true if done.
bool lowerRead(Node* n) {
  if (n->numInputs() == 0) return false;
  Node* tc = n->input(0)->node();
  if (tc->kind() != prim::TupleConstruct) return false;
  const auto& elems = tc->inputs();
  int64_t size = static_cast<int64_t>(elems.size());
  if (n->kind() == prim::TupleUnpack) {
    if (n->numOutputs() != elems.size()) return false;
    for (size_t i = 0; i < elems.size(); ++i) n->output(i)->replaceAllUsesWith(elems[i]);
  } else if (n->kind() == prim::TupleIndex) {
    if (n->numInputs() != 2 || n->numOutputs() != 1) return false;
    auto idx = passutil::constantInt(n->input(1));
    if (!idx) return false;
    int64_t i = *idx < 0 ? *idx + size : *idx;
    if (i < 0 || i >= size) return false;
    n->output()->replaceAllUsesWith(elems[static_cast<size_t>(i)]);
  } else if (n->kind() == prim::TupleSlice) {
    if (n->numOutputs() != 1 || !n->hasAttribute(Symbol::attr("beg"))) return false;
    int64_t beg = std::clamp<int64_t>(n->i(Symbol::attr("beg")), 0, size);
    int64_t end = n->hasAttribute(Symbol::attr("end")) ? std::clamp<int64_t>(n->i(Symbol::attr("end")), 0, size) : size;
    std::vector<Value*> slice;
    for (int64_t i = beg; i < end; ++i) slice.push_back(elems[static_cast<size_t>(i)]);
    Graph& g = *n->owningGraph();
    Node* fresh = g.create(prim::TupleConstruct, slice, 1);
    fresh->insertBefore(n);
    fresh->output()->copyMetadata(n->output());
    n->output()->replaceAllUsesWith(fresh->output());
  } else {
    return false;
  }
  GRAPH_UPDATE("lowered ", *n);
  n->destroy();
  if (!tc->hasUses()) tc->destroy();
  return true;
}

bool lowerBlock(Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it;
    ++it;
    // lowerRead may destroy the TupleConstruct before n, never a node after it.
    changed |= lowerRead(n);
  }
  for (Node* n : b->nodes())
    for (Block* sub : n->blocks()) changed |= lowerBlock(sub);
  return changed;
}
}  // namespace

bool lowerSimpleTuples(std::shared_ptr<Graph>& graph) { return lowerBlock(graph->block()); }

}  // namespace tsjit

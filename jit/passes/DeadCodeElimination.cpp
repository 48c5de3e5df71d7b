// DeadCodeElimination.cpp — `dce`: removes nodes whose work nobody observes (PyTorch 1.13's
// EliminateDeadCode with an AliasDb).
//
// A node is live when it has side effects (raise, print, warn, attribute stores, calls, unknown
// ops), when one of its outputs is used by a live node (the graph's return node is live; a live
// If/Loop makes its blocks' return nodes live), or when it writes to memory that may alias a live
// value (an input of a live node) or the graph's inputs/outputs: a mutated input, or a tensor that
// is returned, keeps its writers. Liveness is iterated to a fixpoint (a write makes the values it
// writes live, which may make earlier nodes live). Unused outputs of a live prim::If are removed
// with the values its branches return for them.
#include <unordered_set>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/NodeList.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

class DeadCodeEliminator {
 public:
  explicit DeadCodeEliminator(std::shared_ptr<Graph> graph) : graph_(std::move(graph)), aliasDb_(graph_) {}

  bool run() {
    // Liveness to a fixpoint: a new live writer can make further values live.
    while (true) {
      size_t before = live_.size();
      mark(graph_->block(), true);
      if (live_.size() == before) break;
    }
    return sweep(graph_->block());
  }

 private:
  void markLive(const Node* n) {
    if (!live_.insert(n).second) return;
    for (Value* v : n->inputs()) liveValues_.push_back(v);
  }

  bool hasLiveUse(const Node* n) const {
    for (const Value* o : n->outputs())
      for (const Use& u : o->uses())
        if (live_.count(u.user)) return true;
    return false;
  }

  bool writesObservedMemory(const Node* n) {
    if (!aliasDb_.isMutable(n)) return false;
    if (aliasDb_.writesToAlias(n, graph_->inputs()) || aliasDb_.writesToAlias(n, graph_->outputs())) return true;
    for (const Value* v : graph_->outputs())
      if (writesToContents(n, v)) return true;
    return aliasDb_.writesToAlias(n, liveValues_);
  }

  // A write to a tensor held by a returned container is observed too.
  bool writesToContents(const Node* n, const Value* v) {
    for (const Value* in : n->inputs())
      if (AliasDb::isMutableType(in) && aliasDb_.mayContainAlias(v, in) && aliasDb_.writesToAlias(n, {const_cast<Value*>(in)}))
        return true;
    return false;
  }

  void mark(Block* b, bool blockLive) {
    if (blockLive) markLive(b->returnNode());
    for (Node* n : b->nodes().reverse()) {
      if (!live_.count(n) && (hasSideEffects(n) || hasLiveUse(n) || writesObservedMemory(n))) markLive(n);
      bool nodeLive = live_.count(n) != 0;
      for (Block* inner : n->blocks()) mark(inner, nodeLive);
    }
  }

  bool sweep(Block* b) {
    bool changed = false;
    for (Node* n : nodesOfReversed(b)) {
      if (!live_.count(n)) {
        GRAPH_UPDATE("dce removes ", *n);
        n->destroy();
        changed = true;
        continue;
      }
      for (Block* inner : n->blocks()) changed |= sweep(inner);
      if (n->kind() == prim::If) changed |= removeDeadIfOutputs(n);
    }
    return changed;
  }

  static bool removeDeadIfOutputs(Node* n) {
    bool changed = false;
    for (size_t i = n->numOutputs(); i-- > 0;) {
      if (n->output(i)->hasUses()) continue;
      for (Block* b : n->blocks()) b->eraseOutput(i);
      n->eraseOutput(i);
      changed = true;
    }
    return changed;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
  std::unordered_set<const Node*> live_;
  std::vector<Value*> liveValues_;
};

}  // namespace

bool eliminateDeadCode(std::shared_ptr<Graph>& graph) {
  bool changed = false;
  // Removing If outputs can leave more dead nodes in the branches: repeat until stable.
  while (DeadCodeEliminator(graph).run()) changed = true;
  return changed;
}

}  // namespace tsjit

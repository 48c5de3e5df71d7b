// Liveness.cpp — last uses of values across blocks (see Liveness.h for the rule).
#include "jit/runtime/Liveness.h"

#include <algorithm>

#include "jit/ir/Graph.h"

namespace tsjit::runtime {

namespace {

struct Planner {
  LastUses out;
  std::unordered_map<const Node*, size_t> position;  // index of a node within its block

  void number(const Block* b) {
    size_t i = 0;
    for (Node* n : b->nodes()) {
      position[n] = i++;
      for (const Block* sub : n->blocks()) number(sub);
    }
    position[b->returnNode()] = i;
  }

  // The node of block b that contains `user` (user itself when it is in b).
  static const Node* ancestorIn(const Node* user, const Block* b) {
    const Node* n = user;
    while (n->owningBlock() != b) {
      const Node* up = n->owningBlock()->owningNode();
      if (!up) return nullptr;
      n = up;
    }
    return n;
  }

  void markMove(const Node* n, size_t input) {
    auto& v = out.moves[n];
    if (v.size() < n->numInputs()) v.resize(n->numInputs(), false);
    v[input] = true;
  }

  // Decides where `v` dies given its uses inside block `b` (all nested in b).
  void kill(const Value* v, const Block* b, const std::vector<Use>& uses) {
    const Node* last = nullptr;
    for (const Use& u : uses) {
      const Node* a = ancestorIn(u.user, b);
      if (a && (!last || position[a] > position[last])) last = a;
    }
    if (!last) return;
    std::vector<Use> direct, nested;
    for (const Use& u : uses) {
      if (ancestorIn(u.user, b) != last) continue;
      (u.user == last ? direct : nested).push_back(u);
    }
    if (nested.empty()) {
      size_t best = 0;
      for (const Use& u : direct) best = std::max(best, u.offset);
      markMove(last, best);
      return;
    }
    if (last->kind() != prim::If) {
      out.dropAfter[last].push_back(v);
      return;
    }
    for (const Block* sub : last->blocks()) {
      std::vector<Use> inSub;
      for (const Use& u : nested)
        if (ancestorIn(u.user, sub)) inSub.push_back(u);
      if (inSub.empty()) out.dropAtStart[sub].push_back(v);
      else kill(v, sub, inSub);
    }
  }

  void visitValue(const Value* v, const Block* defBlock, const Node* defNode,
                  const std::function<bool(const Value*)>& tracked) {
    if (!tracked(v)) return;
    if (v->uses().empty()) {
      if (defNode) out.dropAfter[defNode].push_back(v);
      else out.dropAtStart[defBlock].push_back(v);
      return;
    }
    kill(v, defBlock, v->uses());
  }

  void visitBlock(const Block* b, const std::function<bool(const Value*)>& tracked) {
    for (const Value* in : b->inputs()) visitValue(in, b, nullptr, tracked);
    for (Node* n : b->nodes()) {
      for (const Value* o : n->outputs()) visitValue(o, b, n, tracked);
      for (const Block* sub : n->blocks()) visitBlock(sub, tracked);
    }
  }
};

}  // namespace

LastUses computeLastUses(const Graph& graph, const std::function<bool(const Value*)>& tracked) {
  Planner p;
  p.number(graph.block());
  p.visitBlock(graph.block(), tracked);
  return std::move(p.out);
}

}  // namespace tsjit::runtime

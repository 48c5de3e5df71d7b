// Verifier.cpp — the IR verifier (see Verifier.h for the invariants checked).
#include "jit/ir/Verifier.h"

#include <unordered_map>
#include <unordered_set>

#include "jit/ir/FunctionSchema.h"
#include "jit/ir/Graph.h"

namespace tsjit {
namespace {

bool containsTypeVariable(const Type& t) {
  if (t.kind() == TypeKind::Var) return true;
  for (const TypePtr& c : t.containedTypes())
    if (containsTypeVariable(*c)) return true;
  return false;
}

class Verifier {
 public:
  explicit Verifier(const Graph& g) : g_(g) {}

  void run() {
    collect(g_.block());
    std::vector<std::unordered_set<const Value*>> scopes;
    checkBlock(g_.block(), scopes);
  }

 private:
  [[noreturn]] void fail(const Node* n, const std::string& what) const {
    std::string shown = n ? n->str() : std::string("<graph>\n");
    throw InternalError(str("IR verifier: ", what, "\n  at node: ", shown), __FILE__, __LINE__);
  }

  // Records every node reachable from the graph's block lists and checks the list structure.
  void collect(const Block* b) {
    if (!g_.ownsBlock(b)) fail(b->owningNode(), "a block is not owned by the graph");
    const Node* p = b->paramNode();
    const Node* r = b->returnNode();
    if (!p || p->kind() != prim::Param || p->owningBlock() != b) fail(b->owningNode(), "a block's param node is broken");
    if (!r || r->kind() != prim::Return || r->owningBlock() != b) fail(b->owningNode(), "a block's return node is not owned by the block");
    if (!g_.ownsNode(p) || !g_.ownsNode(r)) fail(b->owningNode(), "a block's param/return node is not owned by the graph");
    live_.insert(p);
    live_.insert(r);
    const Node* prev = r;
    size_t guard = 0, limit = g_.numNodes() + 1;
    for (const Node* n = r->next(); n != r; n = n->next()) {
      if (++guard > limit) fail(b->owningNode(), "a block's node list is cyclic");
      if (!g_.ownsNode(n)) fail(nullptr, "a node in a block list is not owned by the graph (destroyed?)");
      if (n->prev() != prev) fail(n, "node list links are inconsistent");
      if (n->owningBlock() != b) fail(n, "node does not know its owning block");
      if (n->owningGraph() != &g_) fail(n, "node belongs to another graph");
      if (n->kind() == prim::Param || n->kind() == prim::Return) fail(n, "a param/return node inside a node list");
      live_.insert(n);
      for (const Block* sub : n->blocks()) {
        if (sub->owningNode() != n) fail(n, "a sub-block does not know its owning node");
        collect(sub);
      }
      prev = n;
    }
    if (r->prev() != prev) fail(b->owningNode(), "node list links are inconsistent at the block end");
  }

  bool visible(const std::vector<std::unordered_set<const Value*>>& scopes, const Value* v) const {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
      if (it->count(v)) return true;
    return false;
  }

  void define(const Node* n, const Value* v, size_t offset, std::vector<std::unordered_set<const Value*>>& scopes) {
    if (v->node() != n || v->offset() != offset) fail(n, str("value %", v->debugName(), " has a wrong node()/offset()"));
    if (!defined_.insert(v).second) fail(n, str("value %", v->debugName(), " is defined twice"));
    if (!ids_.emplace(v->unique(), v).second)
      fail(n, str("value id ", v->unique(), " is used by two values"));
    if (v->hasDebugName() && g_.findValueByName(v->debugName()) != v)
      fail(n, str("debug name '", v->debugName(), "' is not registered to its value"));
    if (!v->type()) fail(n, str("value %", v->debugName(), " has no type"));
    checkUses(v);
    scopes.back().insert(v);
  }

  void checkUses(const Value* v) {
    for (const Use& u : v->uses()) {
      if (!g_.ownsNode(u.user)) fail(v->node(), str("value %", v->debugName(), " has a use by a destroyed node"));
      if (!live_.count(u.user)) fail(u.user, str("value %", v->debugName(), " is used by a node that is not in the graph"));
      if (u.offset >= u.user->numInputs() || u.user->inputs()[u.offset] != v)
        fail(u.user, str("use list of %", v->debugName(), " names input ", u.offset, " which is not that value"));
    }
  }

  void checkInputs(const Node* n, const std::vector<std::unordered_set<const Value*>>& scopes) {
    for (size_t i = 0; i < n->numInputs(); ++i) {
      const Value* v = n->inputs()[i];
      if (!v) fail(n, str("input ", i, " is null"));
      if (!g_.ownsNode(v->node())) fail(n, str("input ", i, " is a value of a destroyed node"));
      if (v->owningGraph() != &g_) fail(n, str("input ", i, " belongs to another graph"));
      if (!visible(scopes, v))
        fail(n, str("input %", v->debugName(), " is not defined before this use (or not visible here)"));
      size_t count = 0;
      for (const Use& u : v->uses())
        if (u.user == n && u.offset == i) ++count;
      if (count != 1) fail(n, str("input ", i, " (%", v->debugName(), ") has ", count, " matching uses, expected 1"));
    }
  }

  void checkControlFlow(const Node* n) {
    if (n->kind() == prim::If) {
      if (n->numInputs() != 1) fail(n, str("prim::If must have 1 input (the condition), has ", n->numInputs()));
      if (n->blocks().size() != 2) fail(n, str("prim::If must have 2 blocks, has ", n->blocks().size()));
      for (size_t b = 0; b < 2; ++b) {
        const Block* blk = n->blocks()[b];
        if (!blk->inputs().empty()) fail(n, str("block", b, " of prim::If must not have inputs"));
        if (blk->outputs().size() != n->numOutputs())
          fail(n, str("block", b, " of prim::If returns ", blk->outputs().size(), " values, the If has ",
                      n->numOutputs(), " outputs"));
      }
    } else if (n->kind() == prim::Loop) {
      if (n->numInputs() < 2) fail(n, "prim::Loop needs a max trip count and an initial condition");
      if (n->blocks().size() != 1) fail(n, str("prim::Loop must have 1 block, has ", n->blocks().size()));
      size_t carried = n->numInputs() - 2;
      const Block* body = n->blocks()[0];
      if (body->inputs().size() != carried + 1)
        fail(n, str("prim::Loop body has ", body->inputs().size(), " inputs, expected ", carried + 1,
                    " (iteration counter + carried values)"));
      if (body->outputs().size() != carried + 1)
        fail(n, str("prim::Loop body returns ", body->outputs().size(), " values, expected ", carried + 1,
                    " (condition + carried values)"));
      if (n->numOutputs() != carried)
        fail(n, str("prim::Loop has ", n->numOutputs(), " outputs, expected ", carried, " (one per carried value)"));
    }
  }

  void checkSchema(const Node* n) {
    if (!hasSchemaResolver()) return;
    const FunctionSchema* s = n->maybeSchema();
    if (!s || s->arguments().size() != n->numInputs()) return;
    for (size_t i = 0; i < n->numInputs(); ++i) {
      const TypePtr& declared = s->arguments()[i].type();
      if (!declared || containsTypeVariable(*declared)) continue;
      const TypePtr& actual = n->inputs()[i]->type();
      if (!actual->isSubtypeOf(*declared))
        fail(n, str("input ", i, " has type ", actual->str(), " which is not a subtype of the declared ",
                    declared->str()));
    }
  }

  void checkBlock(const Block* b, std::vector<std::unordered_set<const Value*>>& scopes) {
    scopes.emplace_back();
    for (size_t i = 0; i < b->inputs().size(); ++i) define(b->paramNode(), b->inputs()[i], i, scopes);
    if (b->paramNode()->numInputs() != 0) fail(b->paramNode(), "a param node has inputs");
    if (b->returnNode()->numOutputs() != 0) fail(b->returnNode(), "a return node has outputs");
    const Node* prev = nullptr;
    for (const Node* n : b->nodes()) {
      if (prev && !prev->isBefore(n)) fail(n, "topological positions do not increase along the block");
      prev = n;
      checkInputs(n, scopes);
      checkControlFlow(n);
      checkSchema(n);
      for (const Block* sub : n->blocks()) checkBlock(sub, scopes);
      for (size_t i = 0; i < n->numOutputs(); ++i) define(n, n->outputs()[i], i, scopes);
    }
    checkInputs(b->returnNode(), scopes);
    scopes.pop_back();
  }

  const Graph& g_;
  std::unordered_set<const Node*> live_;
  std::unordered_set<const Value*> defined_;
  std::unordered_map<size_t, const Value*> ids_;
};

}  // namespace

void verify(const Graph& graph) { Verifier(graph).run(); }

bool verifierEnabled() {
#if defined(TSJIT_VERIFY) && TSJIT_VERIFY
  return true;
#else
  return false;
#endif
}

void verifyIfEnabled(const Graph& graph, std::string_view where) {
  if (!verifierEnabled()) return;
  try {
    verify(graph);
  } catch (const InternalError& e) {
    throw InternalError(str("after ", where, ": ", e.what()), __FILE__, __LINE__);
  }
}

}  // namespace tsjit

// Reducer.cpp — signature-keeping reduction of a failing graph (see Reducer.h).
//
// Invariants: the current graph always fails with the original signature; a candidate is built on a
// deep copy (Graph::copy keeps the node order, so a node is named by its index in a DFS over all
// blocks), verified, and checked on fresh deep copies of its inputs; nothing is kept that did not
// pass all three.
#include "fuzz/lib/Reducer.h"

#include <cstring>
#include <functional>
#include <optional>
#include <ostream>

#include "jit/ir/Graph.h"
#include "jit/ir/Verifier.h"
#include "reference/Evaluator.h"

namespace tsjit::fuzz {

std::string FailureSignature::str() const {
  return (nodeKind.empty() ? std::string("(no node)") : nodeKind) + ": " + kind;
}

FailureSignature signatureOf(const PropertyResult& r) {
  FailureSignature s;
  if (r.node) s.nodeKind = r.node->kind().toQualString();
  const std::string& m = r.message;
  auto has = [&](const char* x) { return m.find(x) != std::string::npos; };
  if (has("failed internally") || has("observer protocol")) s.kind = "internal error";
  else if (has("control flow diverged")) s.kind = "control flow";
  else if (has("differs although every value upstream")) s.kind = "routed value";
  else if (has("different errors")) s.kind = "different errors";
  else if (has("raised") && has("returned")) s.kind = "error vs return";
  else if (has("final output")) s.kind = "final output";
  else if (has("after the run")) s.kind = "inputs after the run";
  else if (has("after the node")) s.kind = "written input";
  else if (has("returned") && has("values")) s.kind = "output count";
  else if (has(": output ")) s.kind = "value";
  else if (has("output ")) s.kind = "value (end to end)";
  else if (has("modified input")) s.kind = "modified input";
  else s.kind = "other";
  return s;
}

namespace {

// Restores a graph's insertion point when it goes out of scope.
class InsertAt {
 public:
  InsertAt(Graph& g, Node* n) : g_(g), saved_(g.insertPoint()) { g.setInsertPoint(n); }
  ~InsertAt() { g_.setInsertPoint(saved_); }

 private:
  Graph& g_;
  Node* saved_;
};

void collect(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    out.push_back(n);
    for (Block* sub : n->blocks()) collect(sub, out);
  }
}
std::vector<Node*> allNodes(const Graph& g) {
  std::vector<Node*> out;
  collect(g.block(), out);
  return out;
}

bool isConstant(const Node* n) { return n->kind() == Symbol::prim("Constant"); }

int64_t largestNumel(const std::vector<IValue>& inputs) {
  int64_t n = 1;
  for (const IValue& v : inputs)
    if (v.isTensor() && v.toTensor().defined()) n = std::max(n, v.toTensor().numel());
  return n;
}

struct Candidate {
  std::shared_ptr<Graph> graph;
  std::vector<IValue> inputs;
};

// The value `v` (a top-level value of g) takes when the reference runs g on `inputs`.
std::optional<IValue> valueOf(const Graph& g, Value* v, const std::vector<IValue>& inputs) {
  auto copy = g.copy();
  std::vector<Node*> orig = allNodes(g), cp = allNodes(*copy);
  Value* target = nullptr;
  for (size_t i = 0; i < orig.size(); ++i)
    for (size_t j = 0; j < orig[i]->outputs().size(); ++j)
      if (orig[i]->output(j) == v) target = cp[i]->output(j);
  if (!target) return std::nullopt;
  while (!copy->outputs().empty()) copy->eraseOutput(copy->outputs().size() - 1);
  copy->registerOutput(target);
  try {
    reference::Evaluator ev;
    std::vector<IValue> out = ev.run(*copy, cloneValues(inputs));
    if (out.size() == 1) return out[0];
  } catch (...) {
  }
  return std::nullopt;
}

// A value of v's type visible before `at` (graph inputs first), or a constant; nullptr if none.
Value* standIn(Graph& g, Value* v, Node* at) {
  const TypePtr& t = v->type();
  for (Value* in : g.inputs())
    if (in != v && in->type()->str() == t->str()) return in;
  InsertAt guard(g, at);
  const std::string k = t->str();
  if (k == "int") return g.insertIntConstant(1);
  if (k == "float") return g.insertFloatConstant(1.0);
  if (k == "bool") return g.insertBoolConstant(false);
  if (k == "NoneType") return g.insertNoneConstant();
  return nullptr;
}

// Deletes node #idx of a copy of cur; used outputs become new inputs (byInput) or stand-ins.
std::optional<Candidate> deleteNode(const Candidate& cur, size_t idx, bool byInput) {
  Candidate c{cur.graph->copy(), cur.inputs};
  std::vector<Node*> nodes = allNodes(*c.graph);
  if (idx >= nodes.size()) return std::nullopt;
  Node* n = nodes[idx];
  bool topLevel = n->owningBlock() == c.graph->block();
  for (Value* o : n->outputs()) {
    if (!o->hasUses()) continue;
    if (byInput) {
      if (!topLevel) return std::nullopt;
      std::vector<Node*> orig = allNodes(*cur.graph);
      auto val = valueOf(*cur.graph, orig[idx]->output(o->offset()), cur.inputs);
      if (!val) return std::nullopt;
      Value* in = c.graph->addInput("r" + std::to_string(c.inputs.size()));
      in->setType(o->type());
      c.inputs.push_back(*val);
      o->replaceAllUsesWith(in);
    } else {
      Value* s = standIn(*c.graph, o, n);
      if (!s) return std::nullopt;
      o->replaceAllUsesWith(s);
    }
  }
  n->destroy();
  return c;
}

// Replaces If #which by its then (branch 0) or else (1) block, or Loop by its body run once
// (branch 0) or by its initial values (1).
std::optional<Candidate> inlineBlock(const Candidate& cur, size_t idx, int branch) {
  Candidate c{cur.graph->copy(), cur.inputs};
  std::vector<Node*> nodes = allNodes(*c.graph);
  if (idx >= nodes.size()) return std::nullopt;
  Node* n = nodes[idx];
  bool isIf = n->kind() == Symbol::prim("If"), isLoop = n->kind() == Symbol::prim("Loop");
  if (!isIf && !isLoop) return std::nullopt;
  if (isIf) {
    Block* b = n->blocks()[static_cast<size_t>(branch)];
    std::vector<Node*> inner;
    for (Node* x : b->nodes()) inner.push_back(x);
    for (Node* x : inner) x->moveBefore(n);
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(b->outputs()[i]);
  } else if (branch == 1) {
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(n->input(2 + i));
  } else {
    Block* b = n->blocks()[0];
    Value* zero = nullptr;
    {
      InsertAt guard(*c.graph, n);
      zero = c.graph->insertIntConstant(0);
    }
    b->inputs()[0]->replaceAllUsesWith(zero);
    for (size_t i = 1; i < b->inputs().size(); ++i) b->inputs()[i]->replaceAllUsesWith(n->input(1 + i));
    std::vector<Node*> inner;
    for (Node* x : b->nodes()) inner.push_back(x);
    for (Node* x : inner) x->moveBefore(n);
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(b->outputs()[1 + i]);
  }
  n->destroy();
  return c;
}

std::optional<Candidate> dropOutput(const Candidate& cur, size_t i) {
  if (cur.graph->outputs().size() <= 1 || i >= cur.graph->outputs().size()) return std::nullopt;
  Candidate c{cur.graph->copy(), cur.inputs};
  c.graph->eraseOutput(i);
  return c;
}

std::optional<Candidate> dropUnusedInput(const Candidate& cur, size_t i) {
  if (i >= cur.graph->inputs().size() || cur.graph->inputs()[i]->hasUses()) return std::nullopt;
  Candidate c{cur.graph->copy(), cur.inputs};
  c.graph->eraseInput(i);
  c.inputs.erase(c.inputs.begin() + static_cast<std::ptrdiff_t>(i));
  return c;
}

// Input #(k / 8), dim (k % 8) halved (contiguous copy of the leading half).
std::optional<Candidate> shrinkInput(const Candidate& cur, size_t k) {
  size_t i = k / 8, d = k % 8;
  if (i >= cur.inputs.size() || !cur.inputs[i].isTensor()) return std::nullopt;
  const Tensor t = cur.inputs[i].toTensor();
  if (!t.defined() || static_cast<int64_t>(d) >= t.dim() || t.size(static_cast<int64_t>(d)) < 2) return std::nullopt;
  Candidate c{cur.graph->copy(), cur.inputs};
  int64_t half = t.size(static_cast<int64_t>(d)) / 2;
  c.inputs[i] = IValue(t.slice(static_cast<int64_t>(d), 0, half, 1).contiguous());
  return c;
}

}  // namespace

size_t countAllNodes(const Graph& graph) { return allNodes(graph).size(); }

ReduceResult reduceCase(const Graph& graph, const std::vector<IValue>& inputs, const ReduceOptions& options) {
  ReduceResult res;
  Candidate cur{graph.copy(), cloneValues(inputs)};
  auto check = [&](const Candidate& c) {
    ++res.runs;
    auto frozen = cloneValues(c.inputs);
    return checkGraph(c.graph, [&] { return cloneValues(frozen); }, options.engines, largestNumel(frozen));
  };
  res.originalNodes = countAllNodes(*cur.graph);
  res.original = check(cur);
  res.graph = cur.graph;
  res.inputs = cur.inputs;
  res.nodes = res.originalNodes;
  if (res.original.passed) return res;
  res.reproduced = true;
  res.signature = signatureOf(res.original);
  res.reduced = res.original;
  auto tryCandidate = [&](std::optional<Candidate> c, const char* what) {
    if (!c || res.runs >= options.maxRuns) return false;
    try {
      verify(*c->graph);
    } catch (const std::exception&) {
      return false;
    }
    PropertyResult r = check(*c);
    if (r.passed || !(signatureOf(r) == res.signature)) return false;
    if (options.log)
      *options.log << what << ": " << countAllNodes(*c->graph) << " nodes, " << c->inputs.size() << " inputs\n";
    cur = std::move(*c);
    res.reduced = r;
    return true;
  };
  bool changed = true;
  while (changed && res.runs < options.maxRuns) {
    changed = false;
    for (size_t i = cur.graph->outputs().size(); i-- > 0;) changed |= tryCandidate(dropOutput(cur, i), "dropped an output");
    // Nodes from the last: deleting one leaves the indices of the earlier ones.
    for (size_t j = allNodes(*cur.graph).size(); j-- > 0;) {
      std::vector<Node*> nodes = allNodes(*cur.graph);
      if (j >= nodes.size()) continue;
      Node* n = nodes[j];
      if (n->kind() == Symbol::prim("If") || n->kind() == Symbol::prim("Loop")) {
        if (tryCandidate(inlineBlock(cur, j, 0), "inlined a block") || tryCandidate(inlineBlock(cur, j, 1), "inlined a block")) {
          changed = true;
          continue;
        }
      }
      if (isConstant(n) && n->output()->hasUses()) continue;
      if (tryCandidate(deleteNode(cur, j, false), "deleted a node") ||
          tryCandidate(deleteNode(cur, j, true), "replaced a node by an input"))
        changed = true;
    }
    for (size_t k = 0; k < cur.inputs.size() * 8; ++k)
      while (tryCandidate(shrinkInput(cur, k), "shrank an input")) changed = true;
    for (size_t i = cur.graph->inputs().size(); i-- > 0;) changed |= tryCandidate(dropUnusedInput(cur, i), "dropped an input");
  }
  res.graph = cur.graph;
  res.inputs = cur.inputs;
  res.nodes = countAllNodes(*cur.graph);
  return res;
}

}  // namespace tsjit::fuzz

// GraphTolerance.cpp — per-output tolerances of one graph run (GraphTolerance.h).
// Invariant: every returned options vector has exactly the documented length; the observation
// run never touches the caller's values (the caller passes values it owns for this run).
#include "conformance/lib/GraphTolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "conformance/lib/ErrorPropagation.h"
#include "conformance/lib/OpErrorBound.h"
#include "jit/ir/Graph.h"
#include "jit/ops/SchemaMatching.h"
#include "reference/Evaluator.h"

namespace tsjit::conformance {

namespace {

// What one node contributed over all its executions.
struct NodeStats {
  ops::Tolerance tolerance = ops::Tolerance::exact();
  double absolute = 0;        // Σ over executions of the largest per-element bound
  int64_t terms = 1;          // most terms reduced into one element
  bool nonFinite = false;     // an element reached by a non-finite term or overflow
};

int rank(const ops::Tolerance& t) {
  switch (t.kind) {
    case ops::Tolerance::Kind::Exact: return 0;
    case ops::Tolerance::Kind::Ulp: return 1;
    case ops::Tolerance::Kind::Operands: return 2;
    case ops::Tolerance::Kind::ReductionBound: return 3;
  }
  return 0;
}

bool looser(const ops::Tolerance& a, const ops::Tolerance& b) {
  return rank(a) > rank(b) || (rank(a) == rank(b) && a.bound > b.bound);
}

ops::Tolerance toleranceOf(const Node& n, const ops::OpOverload** resolved) {
  *resolved = nullptr;
  const ops::OpInfo* op = ops::findOp(n.kind());
  if (!op || op->isSpecial()) return ops::Tolerance::exact();
  try {
    *resolved = ops::resolveOverload(n);
  } catch (const std::exception&) {
    *resolved = nullptr;
  }
  return *resolved ? (*resolved)->tolerance() : op->tolerance();
}

bool isCall(const Node& n) {
  const std::string& k = n.kind().toQualString();
  return k == "prim::CallMethod" || k == "prim::CallFunction";
}

bool mutates(const Node& n) {
  const std::string& k = n.kind().toQualString();
  if (k == "prim::SetAttr" || k == "aten::batch_norm" || k == "aten::instance_norm" || isCall(n)) return true;
  const ops::OpOverload* ov = nullptr;
  toleranceOf(n, &ov);
  return ov && ov->schema().isMutable();
}

// The nodes `v` depends on (see the header), added to `slice`.
void sliceOf(const Value* v, std::set<const Node*>& slice);

void addNode(const Node* n, std::set<const Node*>& slice) {
  if (!n || !slice.insert(n).second) return;
  for (const Value* in : n->inputs()) sliceOf(in, slice);
  for (const Block* b : n->blocks()) {
    for (const Node* inner : b->nodes()) addNode(inner, slice);
    for (const Value* out : b->outputs()) sliceOf(out, slice);
  }
  // A value produced inside a block depends on the node owning the block (its condition, trip count).
  if (n->owningBlock() && n->owningBlock()->owningNode()) addNode(n->owningBlock()->owningNode(), slice);
}

void sliceOf(const Value* v, std::set<const Node*>& slice) { addNode(v->node(), slice); }

void collectMutating(const Block& b, std::vector<const Node*>& out) {
  for (const Node* n : b.nodes()) {
    if (mutates(*n)) out.push_back(n);
    for (const Block* sb : n->blocks()) collectMutating(*sb, out);
  }
}

struct Observation {
  std::map<const Node*, NodeStats> stats;
};

CompareOptions optionsFor(const Graph& graph, const std::set<const Node*>& slice, const Observation& obs,
                          double magnitude) {
  CompareOptions o;
  o.operandMagnitude = magnitude;
  const bool hasCall = std::any_of(slice.begin(), slice.end(), [](const Node* n) { return isCall(*n); });
  double absolute = 0;
  bool nonFinite = false;
  for (const auto& [node, s] : obs.stats) {
    // Nodes run inside calls belong to the callee's graph: they count when the slice holds a call.
    const bool counts = slice.count(node) > 0 || (hasCall && node->owningGraph() != &graph);
    if (!counts) continue;
    const ops::Tolerance& t = s.tolerance;
    if (t.kind == ops::Tolerance::Kind::Ulp) o.ulpSlack = std::max(o.ulpSlack, t.bound);
    if (t.kind == ops::Tolerance::Kind::Operands) o.operandSlack = std::max(o.operandSlack, t.bound);
    if (looser(t, o.tolerance)) o.tolerance = t;
    if (t.kind == ops::Tolerance::Kind::ReductionBound) {
      absolute += s.absolute;
      o.reductionTerms = std::max(o.reductionTerms, s.terms);
      nonFinite = nonFinite || s.nonFinite;
    }
  }
  o.absoluteSlack = absolute;
  if (nonFinite) o.sumAbs = std::numeric_limits<double>::infinity();
  return o;
}

}  // namespace

RunTolerances tolerancesForRun(const Graph& graph, const std::vector<IValue>& inputs) {
  RunTolerances r;
  const size_t numInputs = graph.inputs().size();
  const Node* ret = graph.block()->returnNode();
  const Value* returned = ret->inputs().size() == 1 ? ret->inputs()[0] : nullptr;
  const bool tuple = returned && returned->node()->kind().toQualString() == std::string("prim::TupleConstruct");

  Observation obs;
  ErrorPropagation propagation;
  reference::EvaluatorOptions eo;
  eo.onOpEnd = [&](const Node& node, const std::vector<IValue>& in, std::vector<IValue>& out) {
    const ops::OpOverload* ov = nullptr;
    const ops::Tolerance t = toleranceOf(node, &ov);
    propagation.onOpEnd(node, ov, t, in, out);
    NodeStats& s = obs.stats[&node];
    s.tolerance = t;
    if (t.kind != ops::Tolerance::Kind::ReductionBound) return;
    std::vector<CompareOptions> per = compareOptionsForOp(ov, t, in, out);
    for (size_t i = 0; i < per.size(); ++i) {
      double worst = 0;
      s.terms = std::max(s.terms, per[i].reductionTerms);
      if (per[i].elementBound) {
        for (double b : *per[i].elementBound) {
          if (!std::isfinite(b)) s.nonFinite = true;
          else worst = std::max(worst, b);
        }
      } else if (per[i].sumAbs) {
        if (!std::isfinite(*per[i].sumAbs)) s.nonFinite = true;
        else
          worst = t.bound * static_cast<double>(per[i].reductionTerms) * accumulationEpsilon(ScalarType::Float) *
                  *per[i].sumAbs;
      }
      s.absolute += worst;
    }
  };
  double magnitude = operandMagnitude(inputs);
  std::vector<IValue> results;
  try {
    reference::Evaluator ev(eo);
    results = ev.run(graph, inputs);
    r.observed = true;
  } catch (const std::exception&) {
    r.observed = false;
  }
  if (!r.observed) {
    CompareOptions o = compareOptionsForGraph(graph);
    o.operandMagnitude = std::max(o.operandMagnitude, magnitude);
    int64_t n = 1;
    for (const IValue& v : inputs)
      if (v.isTensor() && v.toTensor().defined()) n = std::max(n, v.toTensor().numel());
    o.reductionTerms = n;
    o.sumAbs = static_cast<double>(n) * o.operandMagnitude;  // Σ|terms| <= n * the largest operand
    r.output.assign(tuple ? returned->node()->inputs().size() : 1, o);
    r.perTupleElement = tuple;
    r.inputsAfter.assign(numInputs, o);
    return r;
  }
  // Float constants of the graph count towards the operands' magnitude, as in compareOptionsForGraph.
  magnitude = std::max(magnitude, compareOptionsForGraph(graph).operandMagnitude);

  std::vector<const Node*> mutating;
  collectMutating(*graph.block(), mutating);
  std::set<const Node*> mutationSlice;
  for (const Node* n : mutating) addNode(n, mutationSlice);

  auto forValue = [&](const Value* v) {
    std::set<const Node*> slice = mutationSlice;
    sliceOf(v, slice);
    return optionsFor(graph, slice, obs, magnitude);
  };
  if (tuple) {
    r.perTupleElement = true;
    for (const Value* v : returned->node()->inputs()) r.output.push_back(forValue(v));
  } else {
    std::set<const Node*> slice = mutationSlice;
    for (const Value* v : ret->inputs()) sliceOf(v, slice);
    r.output.push_back(optionsFor(graph, slice, obs, magnitude));
  }
  // Errors of approximate ops carried through exact arithmetic (ErrorPropagation.h), per output.
  std::vector<IValue> flat = results;
  if (tuple && results.size() == 1 && results[0].isTuple()) flat = results[0].toTupleRef().items;
  if (flat.size() == r.output.size())
    for (size_t i = 0; i < flat.size(); ++i) r.output[i].propagatedBound = propagation.boundOf(flat[i]);
  CompareOptions after = optionsFor(graph, mutationSlice, obs, magnitude);
  r.inputsAfter.assign(numInputs, after);
  return r;
}

}  // namespace tsjit::conformance

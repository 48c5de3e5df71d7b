// Reducer.h — reduces a failing case (any graph + inputs, e.g. a saved fuzz case) to a 1-minimal
// graph that still fails THE SAME WAY (`tsjit reduce CASE.ir --inputs CASE.json`).
//
// The failure's signature is the node kind the property blames plus the kind of difference (a value,
// an error against a return, different errors, diverging control flow, a wrongly routed value, an
// internal error, a final output, the inputs after the run...). A candidate is kept only when the
// property still fails with an equal signature, so the reducer never slides from the bug it was
// given to another one the smaller graph happens to show.
//
// Transformations, each on a copy of the current graph, tried until none applies (1-minimal with
// respect to them): drop a graph output; delete a node, its used outputs replaced by a new graph
// input holding the value the reference computed there (top-level values), by a visible value of
// the same type, or by a constant; inline an If's branch or a Loop's body (run once) into the
// enclosing block, or replace a Loop by its initial values; shrink a tensor input (halve one dim,
// make it contiguous); drop unused inputs. Every candidate is verified (jit/ir/Verifier.h) first.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/lib/Property.h"
#include "conformance/lib/ValueClone.h"

namespace tsjit::fuzz {

struct FailureSignature {
  std::string nodeKind;  // "aten::mul" ("" when the failure is not tied to a node)
  std::string kind;      // "value", "error vs return", "different errors", "control flow", ...
  bool operator==(const FailureSignature& o) const { return nodeKind == o.nodeKind && kind == o.kind; }
  std::string str() const;
};

FailureSignature signatureOf(const PropertyResult& r);

struct ReduceOptions {
  PropertyEngines engines = jitVsReference();
  size_t maxRuns = 4000;         // property runs spent at most
  std::ostream* log = nullptr;   // one line per accepted step
};

struct ReduceResult {
  bool reproduced = false;  // the original case failed (else nothing was reduced)
  PropertyResult original, reduced;
  FailureSignature signature;
  std::shared_ptr<Graph> graph;  // the reduced graph
  std::vector<IValue> inputs;    // its inputs
  size_t originalNodes = 0, nodes = 0;  // nodes of all blocks, constants included
  size_t runs = 0;
};

ReduceResult reduceCase(const Graph& graph, const std::vector<IValue>& inputs, const ReduceOptions& options = {});

// Deep copies of values that keep sizes, strides and storage offsets (fresh storage).
using conformance::cloneValues;

// Nodes of all blocks (constants included).
size_t countAllNodes(const Graph& graph);

}  // namespace tsjit::fuzz

// GraphTolerance.h — the tolerance of each output and each input-after-the-call of one graph run
// (the corpus replay): the ops that value depends on decide it, not the graph's loosest op.
//
// tolerancesForRun() runs the graph once through the reference evaluator with lockstep hooks and
// records, for every op node execution, the per-element bounds of OpErrorBound.h. A value's
// options then combine the nodes of its dependency slice (the nodes that produce it, transitively
// through their inputs, whole nested blocks of If/Loop nodes it depends on, and — in a graph that
// mutates anything — every mutating node with its own slice, since writes through aliases reach
// values the slice cannot see):
//   * tolerance: the loosest of the slice's ops (exact when the slice has no float op), with the
//     slice's largest ulp(n) / operands(k) bounds as ulpSlack / operandSlack;
//   * reductionTerms: the most terms any reduction of the slice put into one element;
//   * absoluteSlack: the sum over the slice's reduction executions of their largest per-element
//     bound (the absolute error each may introduce); sumAbs is +inf when one of them had an element
//     reached by a non-finite term or by overflow (a non-finite value is then accepted on either side).
// A graph with calls (prim::CallMethod / CallFunction) counts every node run inside calls as part
// of the slice of any value whose slice holds a call.
// When the reference cannot run the graph (it raises, or an op is not supported) the options fall
// back to the static rule (compareOptionsForGraph) for every value.
#pragma once

#include <vector>

#include "conformance/lib/Compare.h"
#include "jit/ir/IValue.h"

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

struct RunTolerances {
  // One per element of the returned tuple when the graph returns a prim::TupleConstruct directly
  // (then `perTupleElement`), else one for the single output.
  std::vector<CompareOptions> output;
  bool perTupleElement = false;
  // One per graph input (self first for methods): the options of the input after the call.
  std::vector<CompareOptions> inputsAfter;
  bool observed = false;  // false: the static fallback was used
};

// `inputs` as the graph receives them (they are copied; the caller's values are not touched).
RunTolerances tolerancesForRun(const Graph& graph, const std::vector<IValue>& inputs);

}  // namespace tsjit::conformance

// CompareOptimized.h — `tsjit conform --compare-optimized`: does tsjit's default pipeline, run on a
// case's recorded `graph` specialized to its recorded inputs, leave the same multiset of aten::
// node kinds as the `optimized_graph` PyTorch 1.13's executor recorded? The graph is specialized
// and optimized as the GraphExecutor's planFor does it: inputs typed from the ArgumentSpec (dtype,
// device, rank, requires_grad — no sizes), constant_propagation folding with the kernels.
//
// Both sides count aten:: nodes in every block and in subgraph attributes (prim::profile,
// prim::TypeCheck, prim::RequiresGradCheck, prim::BailOut and other prim:: nodes are ignored, as
// is every non-aten namespace). A case without an optimized_graph, or whose graph needs a callee
// the corpus does not record (the runner's inlined_graph fallback), is still compared: the
// fallback graph is what the runner runs. A case agrees when the multisets are equal; otherwise
// the differences ("aten::mul: tsjit 2, PyTorch 18") are listed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

std::map<std::string, int> atenKindCounts(const Graph& g);

struct OptimizedComparison {
  std::string name;
  bool compared = false;  // false: no optimized_graph, or it could not be prepared (reason)
  bool agrees = false;
  std::string reason;
  std::vector<std::string> differences;  // "aten::mul: tsjit 2, PyTorch 18"
};

OptimizedComparison compareOptimizedCase(const std::string& caseFile);

struct OptimizedSummary {
  std::vector<OptimizedComparison> cases;
  size_t compared() const;
  size_t agreeing() const;
};
void printOptimizedSummary(std::ostream& os, const OptimizedSummary& s);
nlohmann::json optimizedSummaryJson(const OptimizedSummary& s);

}  // namespace tsjit::conformance

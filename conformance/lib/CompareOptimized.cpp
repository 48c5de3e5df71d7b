// CompareOptimized.cpp — aten:: kind multisets of tsjit's default pipeline vs PyTorch 1.13's
// recorded optimized graphs (CompareOptimized.h).
#include "conformance/lib/CompareOptimized.h"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>

#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/passes/PassRegistry.h"
#include "jit/passes/ShapePropagation.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "jit/runtime/GraphExecutor.h"

namespace tsjit::conformance {

namespace {
void countBlock(const Block& b, std::map<std::string, int>& out, int depth);

void countNode(const Node& n, std::map<std::string, int>& out, int depth) {
  if (n.kind().toQualString().rfind("aten::", 0) == 0) ++out[n.kind().toQualString()];
  for (const Block* sub : n.blocks()) countBlock(*sub, out, depth);
  if (depth < 8)
    for (Symbol a : n.attributeNames())
      if (n.kindOfAttribute(a) == AttributeKind::g) countBlock(*n.g(a)->block(), out, depth + 1);
}

void countBlock(const Block& b, std::map<std::string, int>& out, int depth) {
  for (const Node* n : b.nodes()) countNode(*n, out, depth);
}
}  // namespace

std::map<std::string, int> atenKindCounts(const Graph& g) {
  std::map<std::string, int> out;
  countBlock(*g.block(), out, 0);
  return out;
}

OptimizedComparison compareOptimizedCase(const std::string& caseFile) {
  OptimizedComparison r;
  r.name = std::filesystem::path(caseFile).stem().string();
  try {
    std::ifstream in(caseFile);
    nlohmann::json doc = nlohmann::json::parse(in);
    auto it = doc.find("optimized_graph");
    if (it == doc.end() || !it->is_string()) {
      r.reason = "no optimized_graph recorded";
      return r;
    }
    Case c = parseCase(doc, caseFile);
    Prepared p = prepareCase(c, GraphChoice::Graph);
    std::vector<IValue> inputs;
    if (p.self) inputs.push_back(*p.self);
    for (const IValue& v : decodeValues(c.inputs, p.classes.get(), "inputs")) inputs.push_back(v);
    auto g = p.graph->copy();
    // As the GraphExecutor's planFor: inputs typed from the ArgumentSpec (dtype, device, rank,
    // requires_grad; no sizes, as 1.13's ArgumentSpecCreator), and constant_propagation folding
    // with the kernels.
    runtime::specializeTypes(*g, runtime::ArgumentSpec::of(inputs));
    runtime::registerConstantEvaluator();
    runPipeline(g, defaultPipeline());
    auto recorded = parseIR(it->get<std::string>(), c.name + ".optimized_graph", p.classes.get());
    auto mine = atenKindCounts(*g);
    auto theirs = atenKindCounts(*recorded);
    r.compared = true;
    std::map<std::string, int> all = mine;
    for (const auto& [k, n] : theirs) all[k];
    for (const auto& [k, n] : all) {
      int a = mine.count(k) ? mine.at(k) : 0, b = theirs.count(k) ? theirs.at(k) : 0;
      if (a != b) r.differences.push_back(k + ": tsjit " + std::to_string(a) + ", PyTorch " + std::to_string(b));
    }
    r.agrees = r.differences.empty();
    if (p.graphUsed != "graph") r.reason = "ran " + p.graphUsed;
  } catch (const std::exception& e) {
    r.compared = false;
    r.reason = std::string("cannot compare: ") + e.what();
  }
  return r;
}

size_t OptimizedSummary::compared() const {
  size_t n = 0;
  for (const auto& c : cases) n += c.compared;
  return n;
}
size_t OptimizedSummary::agreeing() const {
  size_t n = 0;
  for (const auto& c : cases) n += c.compared && c.agrees;
  return n;
}

void printOptimizedSummary(std::ostream& os, const OptimizedSummary& s) {
  os << "aten:: kinds after the default pipeline (" << pipelineToString(defaultPipeline())
     << ") vs PyTorch 1.13's optimized_graph\n";
  for (const auto& c : s.cases) {
    if (!c.compared) {
      if (c.reason != "no optimized_graph recorded") os << "  " << std::left << std::setw(28) << c.name << " n/a   " << c.reason << "\n";
      continue;
    }
    os << "  " << std::left << std::setw(28) << c.name << (c.agrees ? " agree" : " differ");
    for (size_t i = 0; i < c.differences.size(); ++i) os << (i ? "; " : "  ") << c.differences[i];
    os << "\n";
  }
  size_t n = s.compared(), a = s.agreeing();
  os << "agreement: " << a << " of " << n << " cases with a recorded optimized graph (" << std::fixed
     << std::setprecision(1) << (n ? 100.0 * a / n : 0.0) << " %)\n";
}

nlohmann::json optimizedSummaryJson(const OptimizedSummary& s) {
  nlohmann::json j;
  j["pipeline"] = pipelineToString(defaultPipeline());
  j["compared"] = s.compared();
  j["agreeing"] = s.agreeing();
  j["cases"] = nlohmann::json::array();
  for (const auto& c : s.cases) {
    nlohmann::json e = {{"name", c.name}, {"compared", c.compared}, {"agrees", c.agrees}, {"differences", c.differences}};
    if (!c.reason.empty()) e["reason"] = c.reason;
    j["cases"].push_back(e);
  }
  return j;
}

}  // namespace tsjit::conformance

// TraceCase.cpp — see TraceCase.h.
#include "conformance/lib/TraceCase.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Graph.h"

namespace tsjit::conformance {
namespace {

void collectKinds(const Block& b, std::vector<std::string>& out) {
  for (const Node* n : b.nodes()) {
    if (n->kind() != prim::Constant) out.push_back(n->kind().toQualString());
    for (const Block* inner : n->blocks()) collectKinds(*inner, out);
  }
}

}  // namespace

bool isTracedSourceCase(const Case& c) {
  return c.kind == "traced" && (c.tracedObject == "function" || c.tracedObject == "module") && !c.source.empty() &&
         !c.entry.empty();
}

TracedCase traceCase(const Case& c, const frontend::TraceGraphRunner& run) {
  std::ifstream in(c.file);
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.contains("trace_inputs") || !doc["trace_inputs"].is_array())
    throw CorpusError(c.file + ": a traced case without a trace_inputs list");
  Case asScripted = c;
  asScripted.kind = c.tracedObject;
  TracedCase t;
  t.program = compileCaseSource(asScripted);
  t.traceInputs = decodeValues(doc["trace_inputs"], nullptr, c.file);
  if (t.program.self) t.traceInputs.insert(t.traceInputs.begin(), *t.program.self);
  t.trace = frontend::traceGraph(*t.program.graph, t.traceInputs, run, t.program.defaults);
  return t;
}

std::vector<std::string> nodeKinds(const Graph& graph) {
  std::vector<std::string> kinds;
  collectKinds(*graph.block(), kinds);
  return kinds;
}

}  // namespace tsjit::conformance

// ConformCommand.cpp — `tsjit conform [--corpus DIR] [--engine reference] [--graph graph|inlined_graph|both]
// [--source] [--json OUT] [--case NAME...] [-v]`: replays the recorded PyTorch 1.13 corpus through an
// engine and prints a table per category (cases, passed, failed, not yet supported), the failures with
// their reasons and a final "N passed, N failed, N not yet supported" line. With --source, function
// and module cases are compiled from their TorchScript `source` instead (compile errors fail the case;
// traced cases, which have no source, run their recorded graph and are counted in "from graph"). Exit status 1 when a case
// failed (not-yet-supported cases do not fail the run), 0 otherwise. Progress goes to stderr.
#include <unistd.h>

#include <fstream>
#include <iostream>

#include "conformance/lib/CorpusReplay.h"
#include "jit/support/Progress.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/JitEngine.h"

namespace tsjit::tool {

namespace {

struct ConformOptions {
  std::string corpus;
  std::string engine = "reference";
  std::string graph = "graph";
  std::string json;
  std::vector<std::string> cases;
  bool verbose = false;
  bool source = false;
};

int runConform(const ConformOptions& o) {
  using namespace tsjit::conformance;
  Engine engine = engineNamed(o.engine, "conform");

  if (o.source && o.graph != "graph")
    throw CompileError("conform: --source compiles function and module cases from source; --graph " + o.graph +
                       " would only change the traced cases (use the default --graph graph)");
  ReplayRequest req;
  if (o.graph == "graph") req.graphs = {GraphChoice::Graph};
  else if (o.graph == "inlined_graph") req.graphs = {GraphChoice::InlinedGraph};
  else if (o.graph == "both") req.graphs = {GraphChoice::Graph, GraphChoice::InlinedGraph};
  else throw CompileError("conform: --graph must be graph, inlined_graph or both (got '" + o.graph + "')");
  req.corpusDir = o.corpus;
  req.cases = o.cases;
  req.source = o.source;

  std::string dir;
  size_t count = selectCaseFiles(req, &dir).size();
  std::cerr << "conform: " << count << " cases from " << dir << "\n";
  ProgressReporter progress(std::cerr, "conform", ProgressReporter::styleFor(STDERR_FILENO));
  Summary s = replayCorpus(req, engine, &progress);
  s.graph = o.graph;
  printSummary(std::cout, s, o.verbose);
  if (!o.json.empty()) {
    std::ofstream out(o.json);
    if (!out) throw CompileError("conform: cannot write '" + o.json + "'");
    out << summaryJson(s).dump(2) << "\n";
  }
  return s.failed() == 0 ? 0 : 1;
}

}  // namespace

void setupConformCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<ConformOptions>();
  CLI::App* sub = app.add_subcommand("conform", "Replay the PyTorch 1.13 corpus through an engine and compare");
  sub->add_option("--corpus", opts->corpus,
                  "corpus folder (default: $TSJIT_CORPUS, else conformance/corpus/torch-1.13 of the checkout)");
  sub->add_option("--engine", opts->engine, "engine to check: reference or jit");
  sub->add_option("--graph", opts->graph,
                  "which recorded graph to run: graph (falls back to inlined_graph when a callee is not "
                  "recorded), inlined_graph, or both");
  sub->add_option("--json", opts->json, "also write the results as JSON to this file");
  sub->add_option("--case", opts->cases, "run only these cases (repeatable)");
  sub->add_flag("--source", opts->source,
                "compile function and module cases from their TorchScript source (traced cases, which have "
                "no source, replay their recorded graph)");
  sub->add_flag("-v,--verbose", opts->verbose, "also list which graph each case ran and every compile error");
  sub->callback([opts, &exitCode] { exitCode = runConform(*opts); });
}

}  // namespace tsjit::tool

// RunCommand.cpp — `tsjit run FILE.ir|FILE.py [--inputs FILE.json] [--engine jit|reference] [--dump-graph]`:
// runs one graph on inputs given in the corpus value encoding (a JSON list of encoded values, or a
// corpus case document, whose "inputs" are used) and prints the outputs, encoded the same way, as a
// JSON list on stdout. A program error (raise, failed op) prints `error: <Python's last line>` and
// exits 1; so do bad files and inputs that do not fit the graph.
// `--check` instead re-checks the graph as the fuzz property does (fuzz/lib/Property.h, lockstep):
// the jit observed, then the reference in lockstep on fresh copies of the inputs; it prints one line
// per op node execution (ok, or what differed) and the verdict, and exits 1 when the check fails.
#include <iostream>

#include <nlohmann/json.hpp>

#include "conformance/lib/ValueCodec.h"
#include "fuzz/lib/KnownMismatches.h"
#include "fuzz/lib/Property.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ir/Type.h"
#include "reference/Evaluator.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/GraphIO.h"
#include "tools/tsjit/JitEngine.h"

namespace tsjit::tool {

namespace {

struct RunOptions {
  std::string file;
  std::string inputs;
  std::string engine = "jit";
  bool dumpGraph = false;
  bool check = false;
  std::string entry;  // .py files: the def to run (default: the last one)
};

int runRun(const RunOptions& o) {
  if (o.file.empty()) throw CompileError("run: no input file (usage: tsjit run FILE.ir --inputs FILE.json)");
  if (o.engine != "reference" && o.engine != "jit")
    throw CompileError("run: engine '" + o.engine + "' is not available (available: jit, reference)");
  bool isPy = o.file.size() > 3 && o.file.substr(o.file.size() - 3) == ".py";
  if (!isPy && (o.file.size() < 3 || o.file.substr(o.file.size() - 3) != ".ir"))
    throw CompileError("run: only .ir graph files and .py TorchScript files can be run (got '" + o.file + "')");
  ClassRegistry classes;
  std::shared_ptr<Graph> graph;
  std::shared_ptr<frontend::CompilationUnit> unit;  // keeps user classes' methods for the run
  if (isPy) {
    graph = frontend::compileScriptEntry(readFile(o.file), o.file, o.entry, /*inlineCalls=*/!o.dumpGraph, &unit);
    if (o.dumpGraph && o.inputs.empty()) {
      std::cout << graph->toString(false);
      return 0;
    }
  } else {
    graph = parseIR(readFile(o.file), o.file, &classes);
  }
  if (o.dumpGraph) std::cerr << graph->toString();

  std::vector<IValue> inputs;
  if (!o.inputs.empty()) inputs = readInputs(o.inputs, &classes, "run");
  if (inputs.size() != graph->inputs().size())
    throw CompileError(str("run: the graph takes ", graph->inputs().size(), " inputs but ", inputs.size(),
                           " were given"));
  if (o.check) {
    nlohmann::json j = nlohmann::json::array();
    if (!o.inputs.empty()) j = readInputsJson(o.inputs, "run");
    auto makeInputs = [&] { return conformance::decodeValues(j, &classes, o.inputs); };
    fuzz::PropertyResult r = fuzz::checkGraph(graph, makeInputs, fuzz::jitVsReference(), 1, &std::cout);
    if (!r.passed) {
      std::cout << "check: FAILED: " << r.message << "\n";
      return 1;
    }
    if (r.known) {
      std::cout << "check: ok only because a known mismatch's precondition holds (" << r.known->pattern << " on "
                << r.known->precondition << "): " << r.message << "\n";
      return 0;
    }
    std::cout << "check: ok: " << r.opsChecked << " op node executions agree"
              << (r.bothRaised ? ", both engines raised the same error" : ", final outputs identical") << "\n";
    return 0;
  }
  return runAndPrintOutputs(graph, std::move(inputs), o.engine, "run");
}

}  // namespace

void setupRunCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* sub = app.add_subcommand("run", "Run a graph (.ir) on inputs with an engine and print its outputs");
  sub->add_option("file", opts->file, "IR file in PyTorch's graph text format");
  sub->add_option("--inputs", opts->inputs, "JSON list of inputs in the corpus value encoding (or a case file)");
  sub->add_option("--engine", opts->engine, "engine: jit (default) or reference");
  sub->add_option("--entry", opts->entry, ".py files: the function to run (default: the last def)");
  sub->add_flag("--dump-graph", opts->dumpGraph, "print the parsed graph to stderr first");
  sub->add_flag("--check", opts->check,
                "check jit against reference node by node (the fuzz property, lockstep) and print each comparison");
  sub->callback([opts, &exitCode] { exitCode = runRun(*opts); });
}

}  // namespace tsjit::tool

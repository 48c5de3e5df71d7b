// TraceCommand.cpp — `tsjit trace FILE.py --entry f --inputs X.json [--engine jit|reference]` and
// `tsjit trace CASE.json` (a corpus case: its source and its trace_inputs): compiles the function
// with the script frontend, runs it on the example inputs with recording on (jit/frontend/Tracer.h)
// and prints the traced graph on stdout; 1.13's TracerWarnings go to stderr. `--outputs` also
// prints the traced run's outputs (corpus value encoding) on stderr. Exit 1 on a program error or
// bad input, with the message.
#include <iostream>

#include <nlohmann/json.hpp>

#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/TraceCase.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/frontend/Emitter.h"
#include "jit/frontend/Tracer.h"
#include "jit/ir/Graph.h"
#include "jit/runtime/Interpreter.h"
#include "reference/Evaluator.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/GraphIO.h"

namespace tsjit::tool {

namespace {

struct TraceOptions {
  std::string file;
  std::string entry;
  std::string inputs;
  std::string engine = "jit";
  bool outputs = false;
};

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int runTrace(const TraceOptions& o) {
  if (o.file.empty()) throw CompileError("trace: no input file (usage: tsjit trace FILE.py --entry f --inputs X.json)");
  frontend::TraceGraphRunner run;
  if (o.engine == "jit") {
    run = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) { return runtime::runGraph(g, std::move(in)); };
  } else if (o.engine == "reference") {
    run = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) { return reference::evaluate(*g, std::move(in)); };
  } else {
    throw CompileError("trace: engine '" + o.engine + "' is not available (available: jit, reference)");
  }

  frontend::TraceResult result;
  std::shared_ptr<void> keepAlive;
  if (endsWith(o.file, ".json")) {
    conformance::Case c = conformance::readCase(o.file);
    if (!conformance::isTracedSourceCase(c))
      throw CompileError("trace: " + o.file + " is not a traced corpus case with a source (kind '" + c.kind + "')");
    conformance::TracedCase t = conformance::traceCase(c, run);
    result = std::move(t.trace);
    keepAlive = t.program.owner;
  } else if (endsWith(o.file, ".py")) {
    std::shared_ptr<frontend::CompilationUnit> unit;
    std::vector<std::optional<Literal>> defaults;
    auto graph =
        frontend::compileScriptEntry(readFile(o.file), o.file, o.entry, /*inlineCalls=*/true, &unit, &defaults);
    std::vector<IValue> inputs;
    if (!o.inputs.empty()) inputs = readInputs(o.inputs, nullptr, "trace");
    result = frontend::traceGraph(*graph, std::move(inputs), run, defaults);
    keepAlive = unit;
  } else {
    throw CompileError("trace: give a TorchScript .py file or a corpus case .json (got '" + o.file + "')");
  }
  for (const std::string& w : result.warnings) std::cerr << w << "\n";
  std::cout << result.graph->toString(false);
  if (o.outputs) std::cerr << conformance::encodeValues(result.outputs).dump() << "\n";
  return 0;
}

}  // namespace

void setupTraceCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<TraceOptions>();
  CLI::App* sub = app.add_subcommand(
      "trace", "Trace a function on example inputs (torch.jit.trace): print the straight-line graph it ran");
  sub->add_option("file", opts->file, "TorchScript .py file, or a traced corpus case .json (uses its trace_inputs)");
  sub->add_option("--entry", opts->entry, ".py files: the function to trace (default: the last def)");
  sub->add_option("--inputs", opts->inputs, ".py files: JSON list of example inputs in the corpus value encoding");
  sub->add_option("--engine", opts->engine, "engine computing the traced run: jit (default) or reference");
  sub->add_flag("--outputs", opts->outputs, "also print the traced run's outputs (JSON) on stderr");
  sub->callback([opts, &exitCode] { exitCode = runTrace(*opts); });
}

}  // namespace tsjit::tool

// ReduceCommand.cpp — `tsjit reduce CASE.ir --inputs CASE.json [--engine-check lockstep|end-to-end]
// [--out STEM] [--max-runs N] [--include-known] [-v]`: reduces a failing case (a saved fuzz case, a corpus graph, a
// hand-written one) to a 1-minimal graph that fails the same way (fuzz/lib/Reducer.h), and writes
// STEM.ir, STEM.json and STEM.txt (the original failure message, the reduced one, the signature).
// STEM defaults to CASE without `.ir` plus `.reduced`. Exits 0 with the reduced case written, 1 on
// bad files or when the case does not fail (nothing to reduce).
#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "conformance/lib/ValueCodec.h"
#include "fuzz/lib/Reducer.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/support/Error.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/GraphIO.h"

namespace tsjit::tool {

namespace {

struct ReduceCliOptions {
  std::string file, inputs, engineCheck = "lockstep", out;
  size_t maxRuns = 4000;
  bool verbose = false;
  bool includeKnown = false;
};

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  if (!out) throw CompileError("reduce: cannot write '" + path + "'");
}

int runReduce(const ReduceCliOptions& o) {
  if (o.file.size() < 3 || o.file.substr(o.file.size() - 3) != ".ir")
    throw CompileError("reduce: expected a .ir graph file (got '" + o.file + "')");
  if (o.engineCheck != "lockstep" && o.engineCheck != "end-to-end")
    throw CompileError("reduce: --engine-check must be lockstep or end-to-end (got '" + o.engineCheck + "')");
  ClassRegistry classes;
  std::shared_ptr<Graph> graph = parseIR(readFile(o.file), o.file, &classes);
  std::vector<IValue> inputs;
  if (!o.inputs.empty()) inputs = readInputs(o.inputs, &classes, "reduce");
  if (inputs.size() != graph->inputs().size())
    throw CompileError(str("reduce: the graph takes ", graph->inputs().size(), " inputs but ", inputs.size(),
                           " were given"));
  fuzz::ReduceOptions ro;
  ro.engines = fuzz::jitVsReference(o.engineCheck == "lockstep" ? fuzz::PropertyMode::Lockstep
                                                                : fuzz::PropertyMode::EndToEnd);
  ro.maxRuns = o.maxRuns;
  ro.engines.excuseKnown = !o.includeKnown;
  if (o.verbose) ro.log = &std::cerr;
  fuzz::ReduceResult r = fuzz::reduceCase(*graph, inputs, ro);
  if (!r.reproduced) {
    std::cerr << "error: " << o.file << ": the case does not fail under the " << o.engineCheck
              << " check: nothing to reduce\n";
    return 1;
  }
  std::string stem = o.out.empty() ? o.file.substr(0, o.file.size() - 3) + ".reduced" : o.out;
  if (auto parent = std::filesystem::path(stem).parent_path(); !parent.empty())
    std::filesystem::create_directories(parent);
  writeText(stem + ".ir", r.graph->toString(false));
  writeText(stem + ".json", conformance::encodeValues(r.inputs).dump(1) + "\n");
  std::string note = "tsjit reduce " + o.file + " --inputs " + o.inputs + " --engine-check " + o.engineCheck + "\n" +
                     "signature: " + r.signature.str() + "\n" + "original failure (" +
                     std::to_string(r.originalNodes) + " nodes): " + r.original.message + "\n" + "reduced failure (" +
                     std::to_string(r.nodes) + " nodes): " + r.reduced.message + "\n" +
                     "property runs: " + std::to_string(r.runs) + "\n";
  writeText(stem + ".txt", note);
  std::cout << "reduced " << r.originalNodes << " -> " << r.nodes << " nodes (" << r.runs
            << " property runs), same failure: " << r.signature.str() << "\n"
            << "  " << stem << ".ir " << stem << ".json " << stem << ".txt\n";
  return 0;
}

}  // namespace

void setupReduceCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<ReduceCliOptions>();
  CLI::App* sub = app.add_subcommand("reduce", "Reduce a failing case to a minimal graph that fails the same way");
  sub->add_option("file", opts->file, "the case's graph (.ir)")->required();
  sub->add_option("--inputs", opts->inputs, "the case's inputs (.json, corpus value encoding)");
  sub->add_option("--engine-check", opts->engineCheck, "lockstep (default: every op node) or end-to-end");
  sub->add_option("--out", opts->out, "output stem (default: CASE.reduced): writes STEM.ir, STEM.json, STEM.txt");
  sub->add_option("--max-runs", opts->maxRuns, "property runs spent at most (default 4000)");
  sub->add_flag("--include-known", opts->includeKnown,
                "count differences under a known mismatch's precondition (fuzz/lib/KnownMismatches.cpp) as failures");
  sub->add_flag("-v,--verbose", opts->verbose, "print each accepted reduction step on stderr");
  sub->callback([opts, &exitCode] { exitCode = runReduce(*opts); });
}

}  // namespace tsjit::tool

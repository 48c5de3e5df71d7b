// OptCommand.cpp — `tsjit opt FILE.ir [--passes=a,b] [--dump-alias]`: parses the IR, verifies it,
// runs the passes in order (verifying after each) and prints the resulting graph to stdout (or,
// with --dump-alias, its AliasDb: alias sets, wildcards, containers, writers).
#include <iostream>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ir/Verifier.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

namespace {
struct OptOptions {
  std::string file;
  std::string passes;
  bool listPasses = false;
  bool noSourceLocations = false;
  bool dumpAlias = false;
};

int runOpt(const OptOptions& o) {
  registerAllPasses();
  runtime::registerConstantEvaluator();
  const PassRegistry& registry = PassRegistry::global();
  if (o.listPasses) {
    for (const PassInfo& p : registry.passes())
      std::cout << p.name << (p.properties.needsShapes ? " [needs shapes]" : "")
                << (p.properties.preservesDerivatives ? " [preserves derivatives]" : "")
                << (p.properties.idempotent ? " [idempotent]" : "") << "  " << p.description << "\n";
    return 0;
  }
  if (o.file.empty()) throw CompileError("opt: no input file (usage: tsjit opt FILE.ir [--passes=a,b])");
  auto pipeline = registry.parsePipeline(o.passes);  // unknown names fail before any work
  std::string text = readFile(o.file);
  auto graph = parseIR(text, o.file);
  verify(*graph);
  runPipeline(graph, pipeline);
  if (o.dumpAlias) {  // the alias sets of the graph after the passes, instead of the graph
    AliasDb(graph).dump(std::cout);
    return 0;
  }
  std::cout << graph->toString(!o.noSourceLocations);
  return 0;
}
}  // namespace

void setupOptCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<OptOptions>();
  CLI::App* sub = app.add_subcommand("opt", "Parse a graph (.ir), run passes on it, print the result");
  sub->add_option("file", opts->file, "IR file in PyTorch's graph text format");
  sub->add_option("--passes", opts->passes, "comma-separated pipeline, e.g. dce,cse");
  sub->add_flag("--list-passes", opts->listPasses, "list the registered passes and their properties");
  sub->add_flag("--dump-alias", opts->dumpAlias, "print the alias sets and writers (after the passes) instead of the graph");
  sub->add_flag("--no-source-locations", opts->noSourceLocations, "omit `# file:line:col` comments");
  sub->callback([opts, &exitCode] { exitCode = runOpt(*opts); });
}

}  // namespace tsjit::tool

// OptCommand.cpp — `tsjit opt FILE.ir|FILE.py [--passes=a,b|default] [--print-after-all]
// [--list-passes] [--entry NAME] [--dump-alias]`: parses the IR (or compiles the def `entry` of a TorchScript file,
// its calls left as prim::CallFunction for the inline pass), verifies it, runs the passes in order
// (verifying after each: a pass that leaves an invalid graph is reported with its name and the
// graph, exit 1) and prints the resulting graph to stdout (or, with --dump-alias,
// its AliasDb: alias sets, wildcards, containers, writers). --print-after-all prints the graph after
// every pass too. An unknown pass name is an error listing the known passes.
#include <iostream>

#include "jit/analysis/AliasDb.h"
#include "jit/fuser/TensorExprFuser.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ir/Verifier.h"
#include "jit/passes/Inline.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

namespace {
struct OptOptions {
  std::string file;
  std::string passes;
  std::string entry;
  bool listPasses = false;
  bool printAfterAll = false;
  bool noSourceLocations = false;
  bool dumpAlias = false;
};

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int runOpt(const OptOptions& o) {
  registerAllPasses();
  fuser::registerFusionPassInRegistry();  // tensorexpr_fuser (not in the pass harness: groups need the jit)
  runtime::registerConstantEvaluator();
  const PassRegistry& registry = PassRegistry::global();
  if (o.listPasses) {
    for (const PassInfo& p : registry.passes())
      std::cout << p.name << (p.properties.needsShapes ? " [needs shapes]" : "")
                << (p.properties.preservesDerivatives ? " [preserves derivatives]" : "")
                << (p.properties.idempotent ? " [idempotent]" : "") << "  " << p.description << "\n";
    std::cout << "default pipeline: " << pipelineToString(defaultPipeline()) << "\n";
    return 0;
  }
  if (o.file.empty()) throw CompileError("opt: no input file (usage: tsjit opt FILE.ir [--passes=a,b])");
  auto pipeline = registry.parsePipelineOrDefault(o.passes);  // unknown names fail before any work
  std::string text = readFile(o.file);
  std::shared_ptr<Graph> graph;
  std::shared_ptr<frontend::CompilationUnit> cu;
  if (endsWith(o.file, ".py")) {
    std::string entry = o.entry;
    if (entry.empty()) throw CompileError("opt: a .py file needs --entry NAME (the def to optimize)");
    frontend::CompileOptions options;
    options.pythonTorchModule = true;  // user Python source
    cu = frontend::compileFunctions(text, entry, options, o.file);
    Function* fn = cu->findFunction(entry);
    if (!fn) throw CompileError("opt: no def '" + entry + "' in " + o.file);
    graph = fn->graph()->copy();
  } else {
    graph = parseIR(text, o.file);
  }
  verify(*graph);
  InlineResolverScope resolver([&cu](const std::string& name) -> Function* {
    return cu ? cu->findCallee(name) : nullptr;
  });
  PipelineOptions po;
  po.verify = true;
  po.printSourceLocations = !o.noSourceLocations;
  if (o.printAfterAll) po.printAfterEach = &std::cout;
  runPipeline(graph, pipeline, po);
  if (o.printAfterAll) std::cout << "// ----- result -----\n";
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
  CLI::App* sub = app.add_subcommand("opt", "Parse a graph (.ir) or compile a def (.py), run passes on it, print the result");
  sub->add_option("file", opts->file, "IR file in PyTorch's graph text format, or a TorchScript .py file");
  sub->add_option("--passes", opts->passes, "comma-separated pipeline (e.g. inline,lower_tuples), or default");
  sub->add_option("--entry", opts->entry, "the def of a .py file to optimize (its calls stay calls)");
  sub->add_flag("--list-passes", opts->listPasses, "list the registered passes, their properties and the default pipeline");
  sub->add_flag("--print-after-all", opts->printAfterAll, "print the graph after every pass");
  sub->add_flag("--dump-alias", opts->dumpAlias, "print the alias sets and writers (after the passes) instead of the graph");
  sub->add_flag("--no-source-locations", opts->noSourceLocations, "omit `# file:line:col` comments");
  sub->callback([opts, &exitCode] { exitCode = runOpt(*opts); });
}

}  // namespace tsjit::tool

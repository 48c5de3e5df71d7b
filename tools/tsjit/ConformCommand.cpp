// ConformCommand.cpp — `tsjit conform [--corpus DIR] [--engine reference] [--graph graph|inlined_graph|both]
// [--source | --archive] [--no-strides] [--json OUT] [--case NAME...] [-v]`: replays the recorded PyTorch 1.13 corpus through an
// engine and prints a table per category (cases, passed, failed, not yet supported), the failures with
// their reasons and a final "N passed, N failed, N not yet supported" line. With --source, function
// and module cases are compiled from their TorchScript `source` instead (compile errors fail the case;
// traced cases, which have no source, run their recorded graph and are counted in "from graph"). Exit status 1 when a case
// failed (not-yet-supported cases do not fail the run), 0 otherwise. Progress goes to stderr.
// `--shard I/N` replays the I-th of N deterministic parts of the sorted case list (case k of the
// sorted names when k % N == I), so N shards together replay every selected case once.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "conformance/lib/CompareCode.h"
#include "conformance/lib/CompareOptimized.h"
#include "conformance/lib/CorpusReplay.h"
#include "fuzz/lib/Shard.h"
#include "jit/fuser/FusionKernels.h"
#include "conformance/lib/GradConformAutograd.h"
#include "conformance/lib/GradExecutor.h"
#include "jit/passes/PassRegistry.h"
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
  std::string pipeline;  // "" = the engine's default (jit: the default pipeline; reference: none)
  int runs = 2;
  bool compareOptimized = false;
  bool noStrides = false;
  bool archive = false;
  bool noFusion = false;
  std::string executor = "profiling";
  bool grad = false;
  bool compareCode = false;
  std::string shard;  // "I/N": this shard's part of the sorted case list
};

// --shard I/N: the names of the selected cases, sorted, keeping every N-th from the I-th.
std::vector<std::string> shardCases(const conformance::ReplayRequest& req, const std::string& shardText) {
  fuzz::Shard shard = fuzz::parseShard(shardText);
  std::vector<std::string> names;
  for (const std::string& f : conformance::selectCaseFiles(req, nullptr))
    names.push_back(std::filesystem::path(f).stem().string());
  std::sort(names.begin(), names.end());
  std::vector<std::string> mine;
  for (size_t k = 0; k < names.size(); ++k)
    if (shard.owns(k)) mine.push_back(names[k]);
  if (mine.empty()) throw CompileError("conform: shard " + shardText + " of " + std::to_string(names.size()) + " cases is empty");
  return mine;
}

int runCompareCode(const ConformOptions& o) {
  using namespace tsjit::conformance;
  std::string dir = defaultCorpusDir(o.corpus);
  CodeSummary s;
  for (const auto& f : listCaseFiles(dir)) {
    if (!o.cases.empty() &&
        std::find(o.cases.begin(), o.cases.end(), std::filesystem::path(f).stem().string()) == o.cases.end())
      continue;
    s.cases.push_back(compareCaseCode(f));
  }
  printCodeSummary(std::cout, s, o.verbose);
  if (!o.json.empty()) {
    std::ofstream out(o.json);
    if (!out) throw CompileError("conform: cannot write '" + o.json + "'");
    out << codeSummaryJson(s).dump(2) << "\n";
  }
  return 0;
}


// --grad with --engine autograd (the default for --grad): the recorded gradients through the autograd
// runtime (conformance/lib/GradConformAutograd.h); --engine jit: through the JIT's executor (the
// profiling executor, or --executor legacy), DifferentiableGraphs + autograd as 1.13
// (conformance/lib/GradExecutor.h); exit 1 when a case failed. --engine symbolic: symbolic autodiff
// of the whole graph only (ConformGradCommand.cpp).
int runGradConform(const ConformOptions& o) {
  using namespace tsjit::conformance;
  GradEngine engine;
  // The reference computes no gradients: --grad without --engine (default "reference") uses autograd.
  if (o.engine == "autograd" || o.engine == "reference") {
    engine = autogradEngine();
  } else if (o.engine == "jit") {
    if (o.executor != "profiling" && o.executor != "legacy")
      throw CompileError("conform: --executor must be profiling or legacy, not '" + o.executor + "'");
    JitGradOptions jo;
    jo.legacyExecutor = o.executor == "legacy";
    jo.pipeline = o.pipeline;
    engine = jitGradEngine(jo);
  } else {
    throw CompileError("conform --grad: engine '" + o.engine +
                       "' is not available (available: autograd, jit, symbolic)");
  }
  std::string dir = defaultCorpusDir(o.corpus);
  GradSummary s = runGradCorpus(dir, engine, o.cases);
  printGradSummary(std::cout, s, o.verbose);
  if (!o.json.empty()) {
    std::ofstream out(o.json);
    if (!out) throw CompileError("conform: cannot write '" + o.json + "'");
    out << gradSummaryJson(s).dump(2) << "\n";
  }
  return s.failed() == 0 ? 0 : 1;
}

int runCompareOptimized(const ConformOptions& o) {
  using namespace tsjit::conformance;
  std::string dir = defaultCorpusDir(o.corpus);
  OptimizedSummary s;
  for (const auto& f : listCaseFiles(dir)) {
    if (!o.cases.empty() &&
        std::find(o.cases.begin(), o.cases.end(), std::filesystem::path(f).stem().string()) == o.cases.end())
      continue;
    s.cases.push_back(compareOptimizedCase(f));
  }
  printOptimizedSummary(std::cout, s);
  if (!o.json.empty()) {
    std::ofstream out(o.json);
    if (!out) throw CompileError("conform: cannot write '" + o.json + "'");
    out << optimizedSummaryJson(s).dump(2) << "\n";
  }
  return 0;
}

int runConform(const ConformOptions& o) {
  using namespace tsjit::conformance;
  if (!o.shard.empty() && (o.compareOptimized || o.grad || o.compareCode))
    throw CompileError("conform: --shard applies to the replay (not --compare-optimized, --grad or --compare-code)");
  if (o.compareOptimized) return runCompareOptimized(o);
  if (o.grad && o.engine == "symbolic") return runConformGrad(defaultCorpusDir(o.corpus), o.engine, o.cases, o.verbose);
  if (o.grad) return runGradConform(o);
  if (o.compareCode) return runCompareCode(o);
  if (!o.pipeline.empty()) {
    registerAllPasses();
    PassRegistry::global().parsePipelineOrDefault(o.pipeline);  // unknown names: the known ones
  }
  Engine engine = engineNamed(o.engine, "conform");  // registers the engine's kernels
  if (o.engine == "reference") engine = referenceWithPipeline(o.pipeline);
  else {
    if (o.executor != "profiling" && o.executor != "legacy")
      throw CompileError("conform: --executor must be profiling or legacy (got '" + o.executor + "')");
    JitOptions jit;
    jit.pipeline = o.pipeline;
    jit.fusion = !o.noFusion;
    jit.legacyExecutor = o.executor == "legacy";
    engine = jitEngine(jit);
  }

  if (o.archive && (o.source || o.graph != "graph"))
    throw CompileError("conform: --archive loads every case from its .pt archive; it cannot be combined with "
                       "--source or --graph");
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
  req.archive = o.archive;
  req.checkStrides = !o.noStrides;
  req.runs = o.runs;
  // The profiling executor: one profiling run, then the optimized (fused) plan; reach it.
  if (o.engine == "jit" && o.executor == "profiling" && req.runs > 0 && req.runs < 2) req.runs = 2;
  if (!o.shard.empty()) req.cases = shardCases(req, o.shard);

  std::string dir;
  size_t count = selectCaseFiles(req, &dir).size();
  std::cerr << "conform: " << count << " cases from " << dir << "\n";
  ProgressReporter progress(std::cerr, "conform", ProgressReporter::styleFor(STDERR_FILENO));
  fuser::resetFusionStats();
  Summary s = replayCorpus(req, engine, &progress);
  if (o.engine == "jit") {
    fuser::FusionStats fs = fuser::fusionStats();
    std::cerr << "conform: fusion groups built: " << fs.compiledGroups + fs.interpretedGroups << " ("
              << fs.compiledGroups << " with a compiled kernel, " << fs.interpretedGroups << " interpreted)\n";
  }
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
  sub->add_option("--pipeline", opts->pipeline,
                  "passes to run: default, none, or a comma-separated list (jit: the GraphExecutor's pipeline, "
                  "default when not given; reference: run on the graph before evaluating it, none when not given)");
  sub->add_option("--runs", opts->runs,
                  "engines with an executor (jit): extra runs of each case on ONE executor, then with inputs of "
                  "other specializations (default 2; 0: one run on a fresh executor)");
  sub->add_flag("--compare-optimized", opts->compareOptimized,
                "compare the aten:: node kinds of tsjit's default pipeline on each case's graph with PyTorch "
                "1.13's recorded optimized_graph (per case and in total; --json writes them)");
  sub->add_flag("--compare-code", opts->compareCode,
                "print each case with tsjit's python printer (function and module cases compiled from source, "
                "traced cases from their recorded graph) and compare with the `code` PyTorch 1.13 recorded, "
                "byte for byte (-v shows the diffs; --json writes them)");
  sub->add_flag("--no-strides", opts->noStrides,
                "compare output values only, not the strides PyTorch recorded (dims of size > 1)");
  sub->add_flag("--archive", opts->archive,
                "load every case from its torch.jit.save archive (archives/<name>.pt: zip, pickles and the "
                "archive's code) and run the loaded module's forward");
  sub->add_flag("--no-fusion", opts->noFusion,
                "jit: run the profiling executor without the fusion pass (also TSJIT_FUSION=0)");
  sub->add_option("--executor", opts->executor,
                  "jit: profiling (default; 1.13's profiling executor, with fusion) or legacy (the ArgumentSpec "
                  "GraphExecutor)");
  sub->add_flag("--grad", opts->grad,
                "compare gradients with the ones PyTorch recorded (cases with grads / param_grads; --engine "
                "autograd, the default: the interpreter recording through jit/autograd; --engine jit: the JIT's "
                "executor with inputs requiring grad, DifferentiableGraphs (symbolic autodiff) and autograd for "
                "the rest, nodes of each kind counted; --engine symbolic: symbolic autodiff of the whole graph "
                "only); prints \"grad: N/M passed\"");
  sub->add_option("--shard", opts->shard,
                  "replay part I of N (I/N) of the sorted case list: N shards together replay every case once");
  sub->add_flag("-v,--verbose", opts->verbose, "also list which graph each case ran and every compile error");
  sub->callback([opts, &exitCode] { exitCode = runConform(*opts); });
}

}  // namespace tsjit::tool

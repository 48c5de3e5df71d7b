// passes_corpus_test.cpp — every alias-aware pass of jit/passes (CorePasses.h), alone and as one
// pipeline, over every public corpus graph (`graph` and `inlined_graph`): the pass leaves a graph
// that verifies, and replaying the optimized graph on the recorded inputs — through the reference
// evaluator (reference(P(G))) and through a GraphExecutor running only that pipeline (jit(P(G)))
// — gives the case the same outcome as the unoptimized graph on the reference, under the corpus
// comparison rule (outputs, mutated inputs, errors). Passes declared idempotent change nothing the
// second time. (The harness of issue 12 generalizes this to every registered pass and to
// generated graphs; this test keeps the passes of this folder honest on real graphs meanwhile.)
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "conformance/lib/CorpusRunner.h"
#include "jit/ir/Graph.h"
#include "jit/ir/Verifier.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "jit/runtime/GraphExecutor.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

using namespace tsjit;
using namespace tsjit::conformance;

namespace {

const std::vector<std::string> kPipelines = {
    "dce", "cse", "constant_propagation", "constant_pooling", "peephole", "remove_mutation", "canonicalize", "batch_mm",
    "constant_propagation,peephole,cse,remove_mutation,dce,constant_pooling,batch_mm,canonicalize"};

void setup() {
  reference::registerAllKernels();
  kernels::registerAllKernels();
  registerAllPasses();
  runtime::registerConstantEvaluator();
}

std::shared_ptr<Graph> optimized(const Graph& g, const std::string& pipeline) {
  auto copy = g.copy();
  runPipeline(copy, PassRegistry::global().parsePipeline(pipeline));
  try {
    verify(*copy);
  } catch (const std::exception& e) {
    throw std::runtime_error("pipeline " + pipeline + " left an invalid graph: " + e.what() + "\n" + copy->toString());
  }
  return copy;
}

Engine referenceAfter(const std::string& pipeline) {
  Engine ref = referenceEngine();
  return {"reference+" + pipeline, [ref, pipeline](const Graph& g, std::vector<IValue> inputs) {
            auto p = optimized(g, pipeline);
            return ref.run(*p, std::move(inputs));
          }};
}

Engine jitWith(const std::string& pipeline) {
  return {"jit+" + pipeline, [pipeline](const Graph& g, std::vector<IValue> inputs) {
            optimized(g, pipeline);  // verifies (the executor runs the pipeline on its own copy)
            runtime::ExecutorOptions options;
            options.pipeline = pipeline;
            try {
              runtime::GraphExecutor ex(g.copy(), options);
              return ex.call(std::move(inputs));
            } catch (const runtime::UnsupportedOperator& e) {
              throw reference::NotSupported(e.what(), e.feature());
            } catch (const runtime::ScriptRaise& e) {
              throw reference::ScriptException(e.scriptMessage(), e.cls());
            }
          }};
}

}  // namespace

TEST(PassesOnCorpus, SameOutcomeAsUnoptimized) {
  if (!std::filesystem::exists(defaultCorpusDir())) GTEST_SKIP() << "corpus not found at " << defaultCorpusDir();
  setup();
  size_t checked = 0;
  for (GraphChoice choice : {GraphChoice::Graph, GraphChoice::InlinedGraph}) {
    RunnerOptions o;
    o.graph = choice;
    for (const auto& file : listCaseFiles(defaultCorpusDir())) {
      CaseResult base = runCaseFile(file, referenceEngine(), o);
      for (const std::string& pipeline : kPipelines) {
        for (const Engine& engine : {referenceAfter(pipeline), jitWith(pipeline)}) {
          CaseResult r = runCaseFile(file, engine, o);
          ++checked;
          EXPECT_EQ(std::string(toString(r.outcome)), std::string(toString(base.outcome)))
              << r.name << " (" << toString(choice) << ") through " << engine.name << ": " << r.reason;
        }
      }
    }
  }
  std::cout << checked << " optimized replays compared\n";
  EXPECT_GT(checked, 0u);
}

TEST(PassesOnCorpus, IdempotentPassesChangeNothingTheSecondTime) {
  if (!std::filesystem::exists(defaultCorpusDir())) GTEST_SKIP() << "corpus not found at " << defaultCorpusDir();
  setup();
  size_t graphs = 0;
  std::map<std::string, size_t> changedBy;  // pass -> corpus graphs it changed (printed)
  for (const auto& file : listCaseFiles(defaultCorpusDir())) {
    Case c = readCase(file);
    for (GraphChoice choice : {GraphChoice::Graph, GraphChoice::InlinedGraph}) {
      std::shared_ptr<Graph> g;
      try {
        g = prepareCase(c, choice).graph;
      } catch (const std::exception&) {
        continue;  // a case without that graph
      }
      if (!g) continue;
      ++graphs;
      for (const std::string& name : kPipelines) {
        const PassInfo* p = PassRegistry::global().find(name);
        if (!p || !p->properties.idempotent) continue;
        auto once = optimized(*g, name);
        if (once->toString() != g->toString()) ++changedBy[name];
        std::string first = once->toString();
        std::shared_ptr<Graph> twice = once;
        bool changed = p->fn(twice);
        EXPECT_FALSE(changed) << name << " on " << c.name << " changed the graph a second time";
        EXPECT_EQ(twice->toString(), first) << name << " on " << c.name;
      }
    }
  }
  EXPECT_GT(graphs, 0u);
  std::cout << "corpus graphs changed by each idempotent pass (of " << graphs << "):";
  for (const auto& [name, n] : changedBy) std::cout << " " << name << "=" << n;
  std::cout << "\n";
}

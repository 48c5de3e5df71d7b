// pass_registry_test.cpp — registration, lookup errors, pipelines and verification after passes.
#include <gtest/gtest.h>

#include <sstream>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/passes/PassRegistry.h"
#include "jit/support/Logging.h"

using namespace tsjit;

namespace {
bool noop(std::shared_ptr<Graph>&) { return false; }
bool appendConstant(std::shared_ptr<Graph>& g) {
  g->setInsertPoint(g->block());
  g->insertConstant(1);
  return true;
}
bool breakGraph(std::shared_ptr<Graph>& g) {
  g->create(aten::neg, {g->inputs()[0]});  // never inserted: a dangling use
  return true;
}
}  // namespace

TEST(PassRegistry, RegistersAndLooksUpByName) {
  // Given
  PassRegistry r;
  // Execute
  r.add({"noop", noop, {.idempotent = true}, "does nothing"});
  r.add({"const", appendConstant, {}, "adds a constant"});
  // Result
  EXPECT_EQ(r.names(), (std::vector<std::string>{"const", "noop"}));
  EXPECT_TRUE(r.lookup("noop").properties.idempotent);
  EXPECT_FALSE(r.lookup("const").properties.needsShapes);
  EXPECT_THROW(r.add({"noop", noop, {}, ""}), InternalError);
}

TEST(PassRegistry, UnknownNameListsKnownPasses) {
  PassRegistry r;
  r.add({"noop", noop, {}, ""});
  r.add({"const", appendConstant, {}, ""});
  try {
    r.parsePipeline("noop, cse");
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_NE(e.message().find("unknown pass 'cse'"), std::string::npos);
    EXPECT_NE(e.message().find("known passes: const, noop"), std::string::npos);
  }
  EXPECT_THROW(r.parsePipeline("noop,,const"), CompileError);
  EXPECT_TRUE(r.parsePipeline("").empty());
}

TEST(PassRegistry, PipelineRunsInOrderAndVerifies) {
  // Given
  PassRegistry r;
  r.add({"noop", noop, {}, ""});
  r.add({"const", appendConstant, {}, ""});
  r.add({"break", breakGraph, {}, ""});
  auto g = parseIR("graph(%x : int):\n  return (%x)\n");
  // Execute
  auto pipeline = r.parsePipeline("noop, const,const");
  bool changed = runPipeline(g, pipeline);
  // Result
  EXPECT_TRUE(changed);
  EXPECT_EQ(pipelineToString(pipeline), "noop,const,const");
  EXPECT_EQ(g->numNodes(), 2u + 2u);  // param + return + two constants
  EXPECT_FALSE(runPipeline(g, r.parsePipeline("noop")));
#if defined(TSJIT_VERIFY) && TSJIT_VERIFY
  auto broken = r.parsePipeline("break");
  EXPECT_THROW(runPipeline(g, broken), PassVerificationError);
#endif
}

TEST(PassRegistry, BrokenPassIsReportedWithItsNameAndTheGraph) {
  // Given: a test-only pass (never in the global registry) that leaves a dangling use
  PassRegistry r;
  r.add({"leave_dangling_use", breakGraph, {}, "test only"});
  auto g = parseIR("graph(%x : int):\n  return (%x)\n");
  PipelineOptions po;
  po.verify = true;
  // Execute
  try {
    runPipeline(g, r.parsePipeline("leave_dangling_use"), po);
    FAIL() << "expected PassVerificationError";
  } catch (const PassVerificationError& e) {
    // Result: the pass, the verifier's complaint and the graph after the pass
    EXPECT_EQ(e.pass(), "leave_dangling_use");
    std::string m = e.what();
    EXPECT_NE(m.find("pass 'leave_dangling_use' left an invalid graph"), std::string::npos) << m;
    EXPECT_NE(m.find("graph after 'leave_dangling_use':"), std::string::npos) << m;
    EXPECT_NE(m.find("graph(%x : int)"), std::string::npos) << m;
  }
}

TEST(PassRegistry, DefaultPipelineNamesRegisteredPassesInExecutorOrder) {
  registerAllPasses();
  auto pipeline = defaultPipeline();
  ASSERT_FALSE(pipeline.empty());
  std::string spec = pipelineToString(pipeline);
  // 1.13's compileSpec: Inline first, DecomposeOps after the loop unrolling of runOptimization.
  EXPECT_EQ(spec.rfind("inline", 0), 0u) << spec;
  EXPECT_LT(spec.find("shape_propagation"), spec.find("loop_unrolling")) << spec;
  EXPECT_LT(spec.find("loop_unrolling"), spec.find("decompose_ops")) << spec;
  EXPECT_EQ(PassRegistry::global().parsePipelineOrDefault("default").size(), pipeline.size());
  EXPECT_TRUE(PassRegistry::global().parsePipelineOrDefault("none").empty());
}

TEST(PassRegistry, LogLevelDumpsTheGraphBeforeAndAfterAPass) {
  // Given
  registerAllPasses();
  std::ostringstream log;
  setLogStream(&log);
  setLogConfig("lower_tuples");
  auto g = parseIR(
      "graph(%x : int, %y : int):\n  %t : (int, int) = prim::TupleConstruct(%x, %y)\n"
      "  %a : int, %b : int = prim::TupleUnpack(%t)\n  return (%a)\n");
  // Execute
  runPipeline(g, PassRegistry::global().parsePipeline("lower_tuples,inline"));
  setLogConfig("");
  setLogStream(nullptr);
  // Result: lower_tuples is logged (before: the unpack; after: none), inline is not
  std::string text = log.str();
  EXPECT_NE(text.find("before lower_tuples"), std::string::npos) << text;
  EXPECT_NE(text.find("after lower_tuples (changed)"), std::string::npos) << text;
  EXPECT_NE(text.find("prim::TupleUnpack"), std::string::npos) << text;
  EXPECT_EQ(text.find("inline"), std::string::npos) << text;
}

TEST(PassRegistry, RegisterAllPassesIsIdempotent) {
  registerAllPasses();
  size_t n = PassRegistry::global().passes().size();
  registerAllPasses();
  EXPECT_EQ(PassRegistry::global().passes().size(), n);
}

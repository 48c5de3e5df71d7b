// pass_registry_test.cpp — registration, lookup errors, pipelines and verification after passes.
#include <gtest/gtest.h>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/passes/PassRegistry.h"

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
  EXPECT_THROW(runPipeline(g, broken), InternalError);
#endif
}

TEST(PassRegistry, RegisterAllPassesIsIdempotent) {
  registerAllPasses();
  size_t n = PassRegistry::global().passes().size();
  registerAllPasses();
  EXPECT_EQ(PassRegistry::global().passes().size(), n);
}

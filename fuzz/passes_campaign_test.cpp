// passes_campaign_test.cpp — the pass harness (fuzz/lib/PassCampaign.h): a bounded fixed-seed
// campaign over every registered pass finds nothing and makes each pass fire; test-only broken
// passes (in their own registry, never the global one) are caught by the check they break, named,
// reduced and written to files.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "fuzz/lib/PassCampaign.h"
#include "jit/ir/Graph.h"
#include "jit/passes/PassRegistry.h"

using namespace tsjit;
using namespace tsjit::fuzz;

namespace {

std::string tempDir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("tsjit-passes-campaign-" + name);
  std::filesystem::remove_all(d);
  return d.string();
}

bool danglingUse(std::shared_ptr<Graph>& g) {
  g->setInsertPoint(g->block());
  Value* v = g->insertConstant(1);
  g->create(aten::neg, {v});  // never inserted: a use by a node outside the graph's blocks
  return true;
}

// Turns the first top-level int add into a sub: changes values.
bool addToSub(std::shared_ptr<Graph>& g) {
  for (Node* n : g->nodes()) {
    if (n->kind() != aten::add || n->numInputs() != 2 || n->output()->type()->kind() != TypeKind::Int) continue;
    WithInsertPoint guard(n);
    Node* s = g->insert(aten::sub, {n->input(0), n->input(1)});
    s->output()->setType(IntType::get());
    n->output()->replaceAllUsesWith(s->output());
    n->destroy();
    return true;
  }
  return false;
}

bool addConstantSilently(std::shared_ptr<Graph>& g) {
  g->setInsertPoint(g->block());
  g->insertConstant(12345);
  return false;
}

bool addConstantEveryTime(std::shared_ptr<Graph>& g) {
  g->setInsertPoint(g->block());
  g->insertConstant(7);
  return true;
}

bool hasLoop(const Block& b) {
  for (const Node* n : b.nodes()) {
    if (n->kind() == prim::Loop) return true;
    for (const Block* inner : n->blocks())
      if (hasLoop(*inner)) return true;
  }
  return false;
}

// Test-only passes that crash (a real SIGSEGV) or hang on graphs with a loop, like a pass with a
// use-after-free or an endless rewrite would.
bool segfaultOnLoops(std::shared_ptr<Graph>& g) {
  if (hasLoop(*g->block())) std::raise(SIGSEGV);
  return false;
}
bool hangOnLoops(std::shared_ptr<Graph>& g) {
  while (hasLoop(*g->block())) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return false;
}
bool nothing(std::shared_ptr<Graph>&) { return false; }

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Counts the graphs in which it saw an op result with a refined tensor type (propagated shapes).
int graphsWithPropagatedTypes = 0;
bool countPropagatedTypes(std::shared_ptr<Graph>& g) {
  for (const Node* n : g->nodes())
    for (const Value* v : n->outputs())
      if (const auto* t = v->type()->cast<TensorType>(); t && !t->isPlain() && n->kind() != prim::Constant) {
        ++graphsWithPropagatedTypes;
        return false;
      }
  return false;
}

PassCampaignOptions optionsFor(const PassRegistry* r, const std::string& dir, int64_t cases) {
  PassCampaignOptions o;
  o.maxCases = cases;
  o.seed = 5;
  o.outDir = dir;
  o.registry = r;
  o.maxFailures = 1;
  o.maxShrinkRuns = 60;
  return o;
}

}  // namespace

TEST(PassCampaign, RegisteredPassesHoldOnAFixedSeedAndFire) {
  registerAllPasses();
  PassCampaignOptions o = optionsFor(nullptr, tempDir("registered"), 100);
  PassCampaignResult r = runPassCampaign(o);
  std::ostringstream summary;
  printPassCampaignSummary(summary, r, o);
  EXPECT_TRUE(r.ok()) << summary.str();
  EXPECT_EQ(r.cases, 100u);
  for (const PassInfo& p : PassRegistry::global().passes()) {
    ASSERT_TRUE(r.coverage.count(p.name)) << p.name;
    EXPECT_GT(r.coverage.at(p.name).graphs, 0u) << p.name;
    EXPECT_GT(r.coverage.at(p.name).changed, 0u) << p.name << " never fired\n" << summary.str();
  }
  EXPECT_GT(r.coverage.at("(executor caching)").graphs, 0u);
  EXPECT_GT(r.coverage.at("(random pipelines)").graphs, 0u);
}

TEST(PassCampaign, ABrokenPassIsNamedReducedAndWritten) {
  PassRegistry reg;
  reg.add({"dangling_use", danglingUse, {}, "test only"});
  std::string dir = tempDir("broken");
  PassCampaignResult r = runPassCampaign(optionsFor(&reg, dir, 4));
  ASSERT_EQ(r.failures.size(), 1u);
  const PassCampaignFailure& f = r.failures[0];
  EXPECT_EQ(f.pass, "dangling_use");
  EXPECT_NE(f.message.find("the verifier rejects the result: pass 'dangling_use' left an invalid graph"), std::string::npos)
      << f.message;
  EXPECT_LT(f.steps, f.originalSteps);  // dropping steps keeps failing: reduced
  ASSERT_TRUE(std::filesystem::exists(f.irPath));
  ASSERT_TRUE(std::filesystem::exists(f.jsonPath));
  std::ifstream note(f.notePath);
  std::string text((std::istreambuf_iterator<char>(note)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("pass: dangling_use"), std::string::npos) << text;
}

TEST(PassCampaign, APassThatChangesValuesIsCaught) {
  PassRegistry reg;
  reg.add({"add_to_sub", addToSub, {.idempotent = false}, "test only"});
  PassCampaignResult r = runPassCampaign(optionsFor(&reg, tempDir("values"), 30));
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].pass, "add_to_sub");
  EXPECT_NE(r.failures[0].message.find("reference(G) vs reference(P(G))"), std::string::npos) << r.failures[0].message;
}

TEST(PassCampaign, UnchangedMustPrintIdenticallyAndIdempotenceIsChecked) {
  PassRegistry silent;
  silent.add({"silent", addConstantSilently, {}, "test only"});
  PassCampaignResult a = runPassCampaign(optionsFor(&silent, tempDir("silent"), 2));
  ASSERT_EQ(a.failures.size(), 1u);
  EXPECT_NE(a.failures[0].message.find("returned 'unchanged' but the graph changed"), std::string::npos)
      << a.failures[0].message;

  PassRegistry growing;
  growing.add({"growing", addConstantEveryTime, {.idempotent = true}, "test only"});
  PassCampaignResult b = runPassCampaign(optionsFor(&growing, tempDir("growing"), 2));
  ASSERT_EQ(b.failures.size(), 1u);
  EXPECT_NE(b.failures[0].message.find("declared idempotent"), std::string::npos) << b.failures[0].message;
}

TEST(PassCampaign, APassThatNeedsShapesRunsAfterShapePropagation) {
  registerAllPasses();
  PassRegistry reg;
  reg.add({"shape_propagation", PassRegistry::global().lookup("shape_propagation").fn, {.idempotent = true}, ""});
  reg.add({"needs_shapes", countPropagatedTypes, {.needsShapes = true, .idempotent = true}, "test only"});
  PassCampaignOptions o = optionsFor(&reg, tempDir("needs-shapes"), 6);
  o.passes = "needs_shapes";
  o.isolate = false;  // the pass counts in this process's memory
  graphsWithPropagatedTypes = 0;
  PassCampaignResult r = runPassCampaign(o);
  EXPECT_TRUE(r.ok());
  EXPECT_GT(graphsWithPropagatedTypes, 0);
  // Without a registered shape_propagation the same pass sees no propagated type.
  PassRegistry alone;
  alone.add({"needs_shapes", countPropagatedTypes, {.needsShapes = true, .idempotent = true}, "test only"});
  PassCampaignOptions o2 = optionsFor(&alone, tempDir("needs-shapes-alone"), 6);
  o2.isolate = false;
  graphsWithPropagatedTypes = 0;
  EXPECT_TRUE(runPassCampaign(o2).ok());
  EXPECT_EQ(graphsWithPropagatedTypes, 0);
}

TEST(PassCampaign, ACrashingPassIsRecordedWrittenAndTheCampaignGoesOn) {
  PassRegistry reg;
  reg.add({"nothing", nothing, {.idempotent = true}, "test only"});
  reg.add({"segfault_on_loops", segfaultOnLoops, {}, "test only"});
  std::string dir = tempDir("crash");
  PassCampaignOptions o = optionsFor(&reg, dir, 10);
  o.randomPipelines = 0;
  o.maxFailures = 10;
  o.maxShrinkRuns = 40;
  PassCampaignResult r = runPassCampaign(o);
  std::ostringstream summary;
  printPassCampaignSummary(summary, r, o);
  EXPECT_EQ(r.cases, 10u) << summary.str();  // every case ran: the crashes did not end the campaign
  ASSERT_GE(r.failures.size(), 1u) << summary.str();
  EXPECT_LT(r.failures.size(), 10u) << "some generated graphs have no loop\n" << summary.str();
  // Every graph reached the first pass, the crashes included (counted in the crashed workers).
  EXPECT_EQ(r.coverage.at("nothing").graphs, r.opsGraphs + r.passGraphs) << summary.str();
  EXPECT_EQ(r.coverage.at("segfault_on_loops").failures, r.failures.size());
  for (const PassCampaignFailure& f : r.failures) {
    EXPECT_EQ(f.pass, "segfault_on_loops");
    EXPECT_NE(f.message.find("crashed with signal " + std::to_string(SIGSEGV)), std::string::npos) << f.message;
    EXPECT_LE(f.steps, f.originalSteps);
    ASSERT_TRUE(std::filesystem::exists(f.irPath)) << f.message;
    EXPECT_NE(readFile(f.irPath).find("prim::Loop"), std::string::npos) << readFile(f.irPath);  // still crashes
    EXPECT_TRUE(std::filesystem::exists(f.jsonPath));
    EXPECT_NE(readFile(f.notePath).find("crashed with signal"), std::string::npos);
  }
  EXPECT_LT(r.failures[0].steps, r.failures[0].originalSteps) << "reduced";
}

TEST(PassCampaign, AHangingPassIsKilledAndRecorded) {
  PassRegistry reg;
  reg.add({"hang_on_loops", hangOnLoops, {}, "test only"});
  PassCampaignOptions o = optionsFor(&reg, tempDir("hang"), 4);
  o.randomPipelines = 0;
  o.caseTimeoutSeconds = 1;
  o.maxShrinkRuns = 2;  // each hanging candidate costs the timeout
  auto t0 = std::chrono::steady_clock::now();
  PassCampaignResult r = runPassCampaign(o);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].pass, "hang_on_loops");
  EXPECT_NE(r.failures[0].message.find("hung: no progress for 1 s"), std::string::npos) << r.failures[0].message;
  EXPECT_TRUE(std::filesystem::exists(r.failures[0].irPath));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30);
}

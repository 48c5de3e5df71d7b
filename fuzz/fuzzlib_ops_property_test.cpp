// fuzzlib_ops_property_test.cpp — THE property of issue 4, bounded and with a fixed seed: for 500
// generated graphs and inputs, the jit returns what the reference returns (conformance/lib
// Compare.h rule) or raises the same error. A failure prints the reduced case's .ir/.json paths
// (replay: tsjit run FILE.ir --inputs FILE.json --engine reference|jit).
#include <gtest/gtest.h>

#include <filesystem>

#include "fuzz/lib/Campaign.h"

namespace tsjit::fuzz {
namespace {

TEST(OpsProperty, JitMatchesReferenceOn500Graphs) {
  CampaignOptions o;
  o.maxCases = 500;
  o.seed = 1;
  o.maxFailures = 3;
  o.outDir = (std::filesystem::current_path() / "fuzz-failures").string();
  CampaignResult r = runOpsCampaign(o);
  printCampaignSummary(std::cout, r, o);
  EXPECT_GE(r.cases, 500u);
  for (const CampaignFailure& f : r.failures)
    ADD_FAILURE() << "case " << f.caseIndex << ": " << f.message << "\n  reduced: " << f.irPath << " " << f.jsonPath;
}

}  // namespace
}  // namespace tsjit::fuzz

// check_report_test.cpp — units for the reports of `tsjit check` (CheckReport.h): counts, exit
// code, JSON totals, JUnit structure and escaping. The end-to-end check of the real command is the
// ctest check_reports (check_reports_test.py).
#include <gtest/gtest.h>

#include <sstream>

#include "conformance/lib/CheckReport.h"

using namespace tsjit::conformance;

namespace {

CheckStep corpusStep() {
  CheckStep s;
  s.id = "conform.jit.graph";
  s.cases = {{"a", CheckCase::Status::Passed, "", 0.1},
             {"b", CheckCase::Status::Failed, "value differs\nsecond line", 0.2},
             {"c", CheckCase::Status::Skipped, "not yet supported: aten::foo", 0}};
  return s;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(CheckReport, CountsComeFromTheCasesAndSkippedIsNotPassed) {
  CheckStep s = corpusStep();
  EXPECT_EQ(s.total(), 3u);
  EXPECT_EQ(s.passed(), 1u);
  EXPECT_EQ(s.failed(), 1u);
  EXPECT_EQ(s.skipped(), 1u);
  EXPECT_STREQ(s.status(), "failed");
}

TEST(CheckReport, BulkStepCountsGeneratedCasesAndListsOnlyFailures) {
  CheckStep s;
  s.id = "fuzz.ops";
  s.bulkCases = 1000;
  s.cases = {{"seed 1 case 7", CheckCase::Status::Failed, "differs", 0}};
  EXPECT_EQ(s.total(), 1000u);
  EXPECT_EQ(s.passed(), 999u);
  EXPECT_EQ(s.failed(), 1u);
  CheckReport r;
  r.steps = {s};
  std::ostringstream x;
  writeJunitXml(x, r);
  // One test case for the 999 passing graphs, one for the failure; tests= says 2.
  EXPECT_EQ(count(x.str(), "<testcase "), 2u);
  EXPECT_NE(x.str().find("tests=\"2\" failures=\"1\""), std::string::npos) << x.str();
}

TEST(CheckReport, AnErrorStepFailsTheRunAndIsOneJunitError) {
  CheckReport r;
  CheckStep ok;
  ok.id = "conform.reference.graph";
  ok.cases = {{"a", CheckCase::Status::Passed, "", 0}};
  CheckStep broken;
  broken.id = "conform.jit.graph";
  broken.error = "no corpus folder at '/nowhere'";
  r.steps = {ok, broken};
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.exitCode(), 1);
  std::ostringstream x;
  writeJunitXml(x, r);
  EXPECT_EQ(count(x.str(), "<error "), 1u);
  EXPECT_NE(x.str().find("<testsuites name=\"tsjit check\" tests=\"2\" failures=\"0\" errors=\"1\""), std::string::npos)
      << x.str();
  nlohmann::json j = checkJson(r);
  EXPECT_EQ(j["exit_code"], 1);
  EXPECT_EQ(j["totals"]["errors"], 1);
  EXPECT_EQ(j["steps"][1]["status"], "error");
}

TEST(CheckReport, PassingRunExitsZeroAndJsonTotalsAddUp) {
  CheckReport r;
  CheckStep s;
  s.id = "conform.jit.source";
  s.cases = {{"a", CheckCase::Status::Passed, "", 0}, {"b", CheckCase::Status::Skipped, "n/s", 0}};
  r.steps = {s};
  EXPECT_EQ(r.exitCode(), 0);
  nlohmann::json j = checkJson(r);
  EXPECT_EQ(j["ok"], true);
  EXPECT_EQ(j["totals"]["cases"], 2);
  EXPECT_EQ(j["totals"]["passed"], 1);
  EXPECT_EQ(j["totals"]["skipped"], 1);
  EXPECT_EQ(j["steps"][0]["skipped_cases"][0]["name"], "b");
}

TEST(CheckReport, JunitEscapesMarkupAndDropsControlCharacters) {
  EXPECT_EQ(xmlEscape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(xmlEscape(std::string("x\x01y\tz\n")), "x?y\tz\n");
  CheckReport r;
  CheckStep s = corpusStep();
  s.cases[1].message = "expected <1> got \"2\" & more";
  r.steps = {s};
  std::ostringstream x;
  writeJunitXml(x, r);
  EXPECT_NE(x.str().find("expected &lt;1&gt; got &quot;2&quot; &amp; more"), std::string::npos) << x.str();
  EXPECT_EQ(count(x.str(), "<skipped "), 1u);
  EXPECT_EQ(count(x.str(), "<failure "), 1u);
}

TEST(CheckReport, TableHasARowPerStepAndTheVerdict) {
  CheckReport r;
  r.steps = {corpusStep()};
  std::ostringstream os;
  printCheckTable(os, r);
  EXPECT_NE(os.str().find("conform.jit.graph"), std::string::npos);
  EXPECT_NE(os.str().find("FAIL b: value differs"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("check: FAILED"), std::string::npos);
}

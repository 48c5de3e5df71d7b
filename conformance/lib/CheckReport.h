// CheckReport.h — the results of `tsjit check` and their three renderings: the summary table
// (stdout), the JSON report and the JUnit XML report (what CI systems display).
//
// A report is a list of steps (one per conformance mode, fuzz target, benchmark run); a step holds
// its test cases. Invariants the renderings keep:
//   * a step's counts are computed from its cases (passed + failed + skipped == cases), except a
//     step with `bulkCases` > 0 (a fuzz campaign: N generated cases, only failures listed), whose
//     total is bulkCases and whose passed count is bulkCases - failed;
//   * a step whose `error` is set could not run at all: it counts as failed and is rendered as
//     one JUnit <error>;
//   * a skipped case (not yet supported) is never counted as passed; skipped cases do not fail
//     the run, failed cases and errors do (exitCode() is then 1).
// JUnit XML follows the common Jenkins/GitLab/GitHub schema: <testsuites> with one <testsuite>
// per step, <testcase classname=step name=case time=s> with <failure>, <error> or <skipped>;
// every `tests` attribute equals the number of <testcase> elements it covers, so a bulk step is
// one test case for its passing generated cases ("N generated cases passed") plus one per failure.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tsjit::conformance {

struct CheckCase {
  enum class Status { Passed, Failed, Skipped };
  std::string name;
  Status status = Status::Passed;
  std::string message;  // failure reason or why skipped; empty when passed
  double seconds = 0;
};
const char* toString(CheckCase::Status s);

struct CheckStep {
  std::string id;     // "conform.jit.graph", "fuzz.ops", "bench"
  std::string title;  // "corpus replay: jit engine, recorded graphs"
  std::string detail; // one line shown under the table (seed, throughput, files)
  std::string error;  // non-empty: the step could not run (bad corpus folder, missing tool)
  double seconds = 0;
  uint64_t bulkCases = 0;  // fuzz: generated cases (only failures are in `cases`)
  std::vector<CheckCase> cases;

  uint64_t total() const;
  uint64_t passed() const;
  uint64_t failed() const;
  uint64_t skipped() const;
  bool ok() const { return error.empty() && failed() == 0; }
  const char* status() const;  // "passed", "failed", "error"
};

struct CheckReport {
  std::vector<CheckStep> steps;
  std::vector<std::string> notes;  // lines printed after the table ("fuzz seed 42", "--bench not given")
  double seconds = 0;
  bool ok() const;
  int exitCode() const { return ok() ? 0 : 1; }
};

// The table: one row per step (cases, passed, failed, skipped, seconds, status), a total row, the
// failures (at most `maxFailuresPerStep` per step, the rest counted) and the final verdict line.
void printCheckTable(std::ostream& os, const CheckReport& r, size_t maxFailuresPerStep = 10);
// {"tool":"tsjit check","format_version":1,"ok","exit_code","seconds","notes",
//  "totals":{"cases","passed","failed","skipped","errors"},
//  "steps":[{"id","title","status","cases","passed","failed","skipped","seconds","detail","error",
//            "failures":[{"name","message"}],"skipped_cases":[{"name","message"}]}]}
nlohmann::json checkJson(const CheckReport& r);
void writeJunitXml(std::ostream& os, const CheckReport& r);
// Text with XML's five special characters escaped and characters XML 1.0 forbids (control
// characters other than tab, newline, carriage return) replaced by '?'.
std::string xmlEscape(const std::string& text);

}  // namespace tsjit::conformance

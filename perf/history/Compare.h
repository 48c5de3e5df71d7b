// Compare.h — the A/B comparison of `tsjit bench compare`: per benchmark the median ratio B/A
// with a bootstrap 95 % interval, the Mann–Whitney U p-value, Benjamini–Hochberg q-values across
// all benchmarks compared, and the verdict of Stats.h (a minimum effect size `threshold`).
// Renders a text table and JSON; a benchmark that is wrong/failed on either side, or present on
// one side only, is listed with that status and never counted as same/regressed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perf/history/Model.h"
#include "perf/history/Stats.h"

namespace tsjit::benchhistory {

// One side of a comparison: per benchmark (key "suite/name") its status and samples of the metric.
struct Side {
  std::string label;
  struct Entry {
    std::string key;
    BenchStatus status = BenchStatus::Ok;
    std::string message;
    std::vector<double> values;
    std::optional<double> instructions;
  };
  std::vector<Entry> entries;
};

// "cpu_time" (default) or "real_time".
Side sideFromRun(const RunRecord& run, const std::string& metric, const std::string& label);

struct BenchComparison {
  std::string key;
  std::string note;  // non-empty: not compared (why)
  size_t na = 0, nb = 0;
  double medianA = 0, medianB = 0, ratio = 0;
  Interval ci;
  double p = 1, q = 1;
  Verdict verdict = Verdict::Same;
  std::optional<double> instrA, instrB;
};

struct Comparison {
  std::string labelA, labelB, metric;
  VerdictRule rule;
  std::vector<BenchComparison> rows;
  int regressions() const;
};

Comparison compareSides(const Side& a, const Side& b, const std::string& metric, const VerdictRule& rule);
std::string comparisonTable(const Comparison& c);
nlohmann::json comparisonJson(const Comparison& c);
Comparison comparisonFromJson(const nlohmann::json& j);

}  // namespace tsjit::benchhistory

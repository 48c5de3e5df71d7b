// History.h — each benchmark's series over the recorded runs (kind "record"), one series per
// (benchmark, machine fingerprint), in the order the runs started; the change points of every
// series (ChangePoints.h over the per-run medians), and the text of `tsjit bench history`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "perf/history/ChangePoints.h"
#include "perf/history/Compare.h"
#include "perf/history/Stats.h"
#include "perf/history/Store.h"

namespace tsjit::benchhistory {

struct SeriesPoint {
  RunInfo run;
  size_t n = 0;           // repetitions
  double median = 0;      // of the metric, ns
  Interval ci;            // bootstrap 95 % interval of the median
  BenchStatus status = BenchStatus::Ok;
  std::string message;    // of a wrong / failed point
  std::optional<double> instructions, pytorchNs;
};

struct Series {
  std::string key;      // suite/name
  std::string machine;  // fingerprint
  std::string cpuModel;
  std::string unit;
  std::vector<SeriesPoint> points;   // every run, failures included
  std::vector<size_t> okPoints;      // indices of points with a time
  std::vector<ChangePoint> changes;  // indices into okPoints
};

// `nameRegex` is searched in "suite/name" (empty: all); metric "cpu_time" or "real_time".
std::vector<Series> loadHistory(Store& store, const std::string& nameRegex, const std::string& metric,
                                const ChangePointOptions& options);
std::string historyText(const std::vector<Series>& series);

Side sideFromStored(const std::vector<StoredResult>& results, const std::string& metric, const std::string& label);

}  // namespace tsjit::benchhistory

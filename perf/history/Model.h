// Model.h — what one benchmark run is, in memory: the fingerprint of the code, build and machine,
// and per benchmark its verdict from the correctness gate, every repetition's samples and counters,
// and an instruction count. The Runner fills it; the Store writes it in one transaction.
//
// Invariants: times are nanoseconds per iteration; a benchmark whose status is not "ok" has no
// samples (a wrong result is a failure, never a time); `uid` is globally unique (merge key).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tsjit::benchhistory {

struct MachineInfo {
  std::string hostname, cpuModel, cpuFlags, kernel;
  int cores = 0;
  int64_t memKiB = 0;
  // sha256-free stable key: a 64-bit FNV-1a hash (hex) of the fields above except hostname.
  std::string fingerprint() const;
};

struct BuildInfo {
  std::string commit;  // full sha, or "unknown" outside a git checkout
  bool dirty = false;
  std::string branch, buildType, compiler, flags;
};

struct Fingerprint {
  MachineInfo machine;
  BuildInfo build;
  double load1 = 0, load5 = 0, load15 = 0;  // /proc/loadavg at the start of the run
};

struct Sample {
  int rep = 0;  // repetition index (order of execution)
  double realNs = 0, cpuNs = 0;
  int64_t iterations = 0;
  std::map<std::string, double> counters;  // user counters of the repetition
};

enum class BenchStatus { Ok, Wrong, Error };
const char* toString(BenchStatus s);
BenchStatus benchStatusFromString(const std::string& s);

struct BenchResult {
  std::string suite, name;
  BenchStatus status = BenchStatus::Ok;
  std::string message;  // why it is wrong / failed; empty when ok
  std::string unit = "ns";  // the unit the benchmark reports in (display only; samples are ns)
  std::vector<Sample> samples;
  std::optional<double> instructions;  // per iteration, from `instrTool`
  std::optional<double> pytorchNs;     // PyTorch 1.13 reference figure for the same workload
};

struct RunRecord {
  std::string uid;
  int64_t startedAt = 0, endedAt = 0;  // unix seconds
  Fingerprint fp;
  int repetitions = 0;
  std::string filter;
  std::string instrTool;  // "callgrind" when at least one benchmark was counted, else ""
  std::string kind = "record";  // "record", or "ab-a" / "ab-b" for the sides of an interleaved A/B
  std::string label;            // free text (binary path of an A/B side)
  std::vector<BenchResult> results;
};

std::string newRunUid();

}  // namespace tsjit::benchhistory

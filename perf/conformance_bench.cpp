// conformance_bench.cpp — conformance replay time: one iteration replays every case of the
// PyTorch 1.13 corpus (TSJIT_CORPUS, default conformance/corpus/torch-1.13 of the checkout)
// through the JIT engine (the engine of `tsjit conform --engine jit`), recorded graphs, judged
// against PyTorch's recorded outputs. Reported per case (cases_per_s).
// Correctness check: every case passes on the JIT and on the reference engine.
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "conformance/lib/CorpusRunner.h"
#include "perf/BenchCase.h"
#include "tools/tsjit/JitEngine.h"

using namespace tsjit;
using namespace tsjit::perf;

namespace {

#ifndef TSJIT_CORPUS_DEFAULT
#define TSJIT_CORPUS_DEFAULT ""
#endif

std::vector<std::string> caseFiles() {
  const char* env = std::getenv("TSJIT_CORPUS");
  std::filesystem::path dir = std::filesystem::path(env && *env ? env : TSJIT_CORPUS_DEFAULT) / "cases";
  std::vector<std::string> files;
  if (std::filesystem::is_directory(dir))
    for (auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw std::runtime_error("no corpus cases under '" + dir.string() + "' (set TSJIT_CORPUS)");
  return files;
}

std::string failures(const std::vector<std::string>& files, const conformance::Engine& engine) {
  for (const auto& f : files) {
    conformance::CaseResult r = conformance::runCaseFile(f, engine);
    if (r.outcome != conformance::Outcome::Passed)
      return engine.name + ": " + r.name + " " + conformance::toString(r.outcome) + ": " + r.reason;
  }
  return "";
}

const bool kRegistered = [] {
  CaseDef c;
  c.name = "BM_ConformanceReplayJit";
  c.unit = benchmark::kMillisecond;
  c.counter = "cases_per_s";
  c.counterIsRate = true;
  c.itemsPerIteration = 0;
  try {
    c.itemsPerIteration = static_cast<double>(caseFiles().size());
  } catch (...) {
  }
  c.prepare = []() -> std::function<void()> {
    auto files = std::make_shared<std::vector<std::string>>(caseFiles());
    auto engine = std::make_shared<conformance::Engine>(tool::jitEngine());
    return [files, engine] {
      for (const auto& f : *files) benchmark::DoNotOptimize(conformance::runCaseFile(f, *engine).outcome);
    };
  };
  c.verify = []() -> std::string {
    auto files = caseFiles();
    std::string bad = failures(files, tool::jitEngine());
    if (bad.empty()) bad = failures(files, conformance::referenceEngine());
    return bad;
  };
  addCase(c);
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()

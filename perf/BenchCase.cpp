// BenchCase.cpp — see BenchCase.h.
#include "perf/BenchCase.h"

#include <valgrind/callgrind.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <regex>
#include <vector>

#include <nlohmann/json.hpp>

namespace tsjit::perf {

namespace {
std::vector<CaseDef>& registry() {
  static std::vector<CaseDef> cases;
  return cases;
}

bool matches(const std::string& filter, const std::string& name) {
  if (filter.empty() || filter == "all" || filter == ".") return true;
  return std::regex_search(name, std::regex(filter));
}

int verifyAll(const std::string& filter) {
  for (const CaseDef& c : registry()) {
    if (!matches(filter, c.name)) continue;
    std::string message;
    try {
      message = c.verify ? c.verify() : "the case declares no correctness check";
    } catch (const std::exception& e) {
      message = std::string("verification raised: ") + e.what();
    }
    nlohmann::json j = {{"name", c.name}, {"ok", message.empty()}, {"message", message}};
    std::cout << j.dump() << std::endl;
  }
  return 0;
}

int countOne(const std::string& name, long iters) {
  for (const CaseDef& c : registry()) {
    if (c.name != name) continue;
    auto once = c.prepare();
    once();  // warm-up: first-use allocations and caches are not counted
    CALLGRIND_START_INSTRUMENTATION;
    for (long i = 0; i < iters; ++i) once();
    CALLGRIND_STOP_INSTRUMENTATION;
    std::cout << "{\"name\": " << nlohmann::json(name).dump() << ", \"iterations\": " << iters << "}" << std::endl;
    return 0;
  }
  std::cerr << "no benchmark case named '" << name << "'\n";
  return 2;
}

void runCase(benchmark::State& state, const CaseDef* c) {
  std::function<void()> once;
  try {
    once = c->prepare();
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) once();
  if (!c->counter.empty() && c->itemsPerIteration > 0) {
    double items = static_cast<double>(state.iterations()) * c->itemsPerIteration;
    state.counters[c->counter] =
        c->counterIsRate ? benchmark::Counter(items, benchmark::Counter::kIsRate)
                         : benchmark::Counter(items, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  }
}
}  // namespace

void addCase(CaseDef c) { registry().push_back(std::move(c)); }

int benchMain(int argc, char** argv) {
  std::string filter, countName;
  bool verify = false;
  long iters = 1;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--tsjit_verify") verify = true;
    else if (a.rfind("--tsjit_count=", 0) == 0) countName = a.substr(std::strlen("--tsjit_count="));
    else if (a.rfind("--tsjit_iters=", 0) == 0) iters = std::atol(a.c_str() + std::strlen("--tsjit_iters="));
    else {
      if (a.rfind("--benchmark_filter=", 0) == 0) filter = a.substr(std::strlen("--benchmark_filter="));
      rest.push_back(argv[i]);
    }
  }
  try {
    if (verify) return verifyAll(filter);
    if (!countName.empty()) return countOne(countName, iters < 1 ? 1 : iters);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  for (const CaseDef& c : registry())
    benchmark::RegisterBenchmark(c.name.c_str(), runCase, &c)->Unit(c.unit);
  int n = static_cast<int>(rest.size());
  benchmark::Initialize(&n, rest.data());
  if (benchmark::ReportUnrecognizedArguments(n, rest.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace tsjit::perf

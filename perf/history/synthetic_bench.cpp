// synthetic_bench.cpp — a benchmark suite with known cost for the tests of `tsjit bench`: each
// case runs a fixed number of steps of a 64-bit LCG (pure integer work, no memory traffic), so its
// time per iteration is proportional to its step count. Knobs (read at startup):
//   TSJIT_SYNTH_SLOW=<name>:<factor>  multiply <name>'s step count by <factor> (a real slowdown);
//   TSJIT_SYNTH_WRONG=<name>          <name> computes a wrong value (its correctness check fails);
//   TSJIT_SYNTH_EXTRA=<n>             declare <n> more cases (BM_Extra0..), for store tests.
// The correctness check recomputes each case's value independently (a closed-form jump of the LCG)
// and compares it with what the timed workload computed.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "perf/BenchCase.h"

using namespace tsjit::perf;

namespace {
constexpr uint64_t kMul = 6364136223846793005ULL, kAdd = 1442695040888963407ULL;

uint64_t steps(uint64_t x, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) {
    x = x * kMul + kAdd;
    benchmark::DoNotOptimize(x);
  }
  return x;
}

// x_n = a^n x + c (a^n - 1)/(a - 1), computed by repeated squaring of the affine map.
uint64_t jump(uint64_t x, uint64_t n) {
  uint64_t accMul = 1, accAdd = 0, curMul = kMul, curAdd = kAdd;
  while (n) {
    if (n & 1) {
      accMul = accMul * curMul;
      accAdd = accAdd * curMul + curAdd;
    }
    curAdd = curAdd * curMul + curAdd;
    curMul = curMul * curMul;
    n >>= 1;
  }
  return accMul * x + accAdd;
}

double slowFactor(const std::string& name) {
  const char* s = std::getenv("TSJIT_SYNTH_SLOW");
  if (!s) return 1;
  std::string v = s;
  auto colon = v.find(':');
  if (colon == std::string::npos || v.substr(0, colon) != name) return 1;
  return std::atof(v.c_str() + colon + 1);
}

bool wrong(const std::string& name) {
  const char* w = std::getenv("TSJIT_SYNTH_WRONG");
  return w && name == w;
}

void declare(const std::string& name, uint64_t baseSteps) {
  uint64_t n = static_cast<uint64_t>(static_cast<double>(baseSteps) * slowFactor(name));
  bool bad = wrong(name);
  auto compute = [n, bad]() { return steps(12345, n) + (bad ? 1 : 0); };
  CaseDef c;
  c.name = name;
  c.prepare = [compute]() -> std::function<void()> {
    return [compute]() { benchmark::DoNotOptimize(compute()); };
  };
  c.verify = [compute, n]() -> std::string {
    uint64_t got = compute(), want = jump(12345, n);
    return got == want ? "" : "computed " + std::to_string(got) + ", expected " + std::to_string(want);
  };
  c.counter = "ns_per_step";
  c.itemsPerIteration = static_cast<double>(n);
  addCase(c);
}

const bool kRegistered = [] {
  declare("BM_SynthSmall", 20000);
  declare("BM_SynthMedium", 40000);
  declare("BM_SynthLarge", 80000);
  if (const char* e = std::getenv("TSJIT_SYNTH_EXTRA"))
    for (int i = 0; i < std::atoi(e); ++i) declare("BM_Extra" + std::to_string(i), 2000);
  return true;
}();
}  // namespace

TSJIT_BENCH_MAIN()

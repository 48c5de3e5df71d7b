// fuser_bench.cpp — the fuser's kernel benchmarks (issue 13, item 7), one binary:
//   * Triad: a[i] = b[i] + 3 * c[i] on 16M floats (STREAM-like; compiled -O3 -march=native), one core;
//   * ChainFused/<backend>: `sigmoid(x) * tanh(y) + x * 0.5 - y` on 16M floats, one fusion group
//     compiled by jit/tensorexpr (LLVM; the loop-IR interpreter is far too slow for 16M);
//   * ChainUnfused: the same graph on the jit interpreter (for comparison);
//   * CompileGroup/<n>: compile time of a fusion group of n nodes with LLVM (cache cleared);
//   * CompileBenchGroup/<k>: the same for the groups the fuser forms in these benchmarks: 0 the
//     16M chain (6 nodes), 1 the LSTM cell's gate math (9 nodes), 2 its bias additions (3 nodes);
//   * ChainCuda / CudaCopy / CudaMemcpy: on a GPU, the chain device-resident, a fused copy kernel
//     and the driver's cuMemcpyDtoD (the device's copy bandwidth); skipped, with the reason, without one.
// Each bandwidth case reports bytes_per_second counting 12 bytes per element (two float reads,
// one float write). After the run the binary prints the chain's bandwidth as a fraction of the
// triad's (issue target >= 70 %) and of the device copy's on a GPU.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensorexpr/CudaCodegen.h"
#include "jit/tensorexpr/Kernel.h"

using namespace tsjit;
using namespace tsjit::tensorexpr;

namespace {

constexpr int64_t kN = int64_t{1} << 24;  // 16M

std::map<std::string, double>& bandwidths() {
  static std::map<std::string, double> m;
  return m;
}
std::mutex bwMutex;

void noteBandwidth(const std::string& name, benchmark::State& state, double bytesPerIter) {
  state.SetBytesProcessed(static_cast<int64_t>(bytesPerIter * state.iterations()));
  (void)name;
}

std::string chainIR(int64_t n) {
  const std::string t = "Float(" + std::to_string(n) + ", strides=[1], requires_grad=0, device=cpu)";
  return "graph(%x : " + t + ", %y : " + t + "):\n"
         "  %c : float = prim::Constant[value=0.5]()\n"
         "  %one : int = prim::Constant[value=1]()\n"
         "  %a : " + t + " = aten::sigmoid(%x)\n"
         "  %b : " + t + " = aten::tanh(%y)\n"
         "  %p : " + t + " = aten::mul(%a, %b)\n"
         "  %h : " + t + " = aten::mul(%x, %c)\n"
         "  %s : " + t + " = aten::add(%p, %h, %one)\n"
         "  %r : " + t + " = aten::sub(%s, %y, %one)\n"
         "  return (%r)\n";
}

Tensor input(double start) {
  Tensor t = Tensor::empty({kN}, ScalarType::Float);
  float* p = t.dataPtr<float>();
  for (int64_t i = 0; i < kN; ++i) p[i] = static_cast<float>(start + 1e-6 * (i % 1000003));
  return t;
}

__attribute__((noinline)) void triad(float* __restrict a, const float* __restrict b, const float* __restrict c, int64_t n) {
  for (int64_t i = 0; i < n; ++i) a[i] = b[i] + 3.0f * c[i];
}

void BM_Triad(benchmark::State& state) {
  std::vector<float> a(kN), b(kN, 1.0f), c(kN, 2.0f);
  for (auto _ : state) {
    triad(a.data(), b.data(), c.data(), kN);
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
  }
  noteBandwidth("triad", state, 12.0 * kN);
}
BENCHMARK(BM_Triad)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ChainFused(benchmark::State& state) {
  kernels::registerAllKernels();
  std::string why;
  if (!backendAvailable(Backend::LLVM, &why)) {
    state.SkipWithError(why.c_str());
    return;
  }
  KernelOptions opt;
  opt.threads = 1;
  auto k = compileFusionGroup(*parseIR(chainIR(kN)), Backend::LLVM, &why, opt);
  if (!k) {
    state.SkipWithError(why.c_str());
    return;
  }
  Tensor x = input(-3.0), y = input(1.0);
  for (auto _ : state) {
    std::vector<IValue> stack = {x, y};
    k->run(stack);
    benchmark::DoNotOptimize(stack);
  }
  noteBandwidth("chain", state, 12.0 * kN);
}
BENCHMARK(BM_ChainFused)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ChainUnfused(benchmark::State& state) {
  kernels::registerAllKernels();
  auto g = parseIR(chainIR(kN));
  Tensor x = input(-3.0), y = input(1.0);
  for (auto _ : state) {
    auto out = runtime::runGraph(g, {x, y});
    benchmark::DoNotOptimize(out);
  }
  noteBandwidth("unfused", state, 12.0 * kN);
}
BENCHMARK(BM_ChainUnfused)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);

// A group of `nodes` elementwise nodes with broadcasting (x: [64, 128], y: [128]).
std::string groupIR(int nodes) {
  std::string s = "graph(%x : Float(64, 128, strides=[128, 1], requires_grad=0, device=cpu), %y : Float(128, strides=[1], requires_grad=0, device=cpu)):\n"
                  "  %one : int = prim::Constant[value=1]()\n  %v0 : Tensor = aten::add(%x, %y, %one)\n";
  const char* ops[] = {"aten::sigmoid(%v{})", "aten::mul(%v{}, %y)", "aten::tanh(%v{})", "aten::sub(%v{}, %x, %one)", "aten::exp(%v{})"};
  for (int i = 1; i < nodes; ++i) {
    std::string op = ops[i % 5];
    op.replace(op.find("{}"), 2, std::to_string(i - 1));
    s += "  %v" + std::to_string(i) + " : Tensor = " + op + "\n";
  }
  return s + "  return (%v" + std::to_string(nodes - 1) + ")\n";
}

// Compiles `ir` with LLVM once per iteration (the kernel cache cleared each time).
void compileEachIteration(benchmark::State& state, const std::string& ir) {
  kernels::registerAllKernels();
  std::string why;
  if (!backendAvailable(Backend::LLVM, &why)) {
    state.SkipWithError(why.c_str());
    return;
  }
  auto g = parseIR(ir);
  for (auto _ : state) {
    clearKernelCache();
    auto k = compileFusionGroup(*g, Backend::LLVM, &why);
    if (!k) {
      state.SkipWithError(why.c_str());
      return;
    }
    benchmark::DoNotOptimize(k);
  }
}

void BM_CompileGroup(benchmark::State& state) { compileEachIteration(state, groupIR(static_cast<int>(state.range(0)))); }
BENCHMARK(BM_CompileGroup)->Arg(1)->Arg(6)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime();

// The groups TensorExprFuser forms for the chain and the LSTM cell of perf/BenchPrograms.h
// (TSJIT_LOG_LEVEL='>>>TensorExprFuser' build/perf/fusion_bench prints them).
std::string benchGroupIR(int64_t which) {
  if (which == 0) return chainIR(kN);
  const std::string g = "Float(1, 64, strides=[256, 1], requires_grad=0, device=cpu)";
  const std::string h = "Float(1, 64, strides=[64, 1], requires_grad=0, device=cpu)";
  if (which == 1)
    return "graph(%i0 : " + g + ", %f0 : " + g + ", %c0 : " + g + ", %o0 : " + g + ", %cx : " + h + "):\n"
           "  %i : " + h + " = aten::sigmoid(%i0)\n  %f : " + h + " = aten::sigmoid(%f0)\n"
           "  %c : " + h + " = aten::tanh(%c0)\n  %o : " + h + " = aten::sigmoid(%o0)\n"
           "  %p : " + h + " = aten::mul(%f, %cx)\n  %q : " + h + " = aten::mul(%i, %c)\n"
           "  %one : int = prim::Constant[value=1]()\n  %cy : " + h + " = aten::add(%p, %q, %one)\n"
           "  %t : " + h + " = aten::tanh(%cy)\n  %hy : " + h + " = aten::mul(%o, %t)\n  return (%cy, %hy)\n";
  const std::string r = "Float(1, 256, strides=[256, 1], requires_grad=0, device=cpu)";
  const std::string b = "Float(256, strides=[1], requires_grad=0, device=cpu)";
  return "graph(%0 : " + r + ", %1 : " + r + ", %bi : " + b + ", %bh : " + b + "):\n"
         "  %one : int = prim::Constant[value=1]()\n  %s : " + r + " = aten::add(%0, %1, %one)\n"
         "  %t : " + r + " = aten::add(%s, %bi, %one)\n  %g : " + r + " = aten::add(%t, %bh, %one)\n  return (%g)\n";
}

void BM_CompileBenchGroup(benchmark::State& state) { compileEachIteration(state, benchGroupIR(state.range(0))); }
BENCHMARK(BM_CompileBenchGroup)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CompileGroupCached(benchmark::State& state) {
  kernels::registerAllKernels();
  auto g = parseIR(groupIR(6));
  std::string why;
  if (!backendAvailable(Backend::LLVM, &why)) {
    state.SkipWithError(why.c_str());
    return;
  }
  auto first = compileFusionGroup(*g, Backend::LLVM, &why);
  for (auto _ : state) {
    auto k = compileFusionGroup(*g, Backend::LLVM, &why);
    benchmark::DoNotOptimize(k);
  }
}
BENCHMARK(BM_CompileGroupCached)->Unit(benchmark::kMicrosecond);

// ---- GPU rows ----

void BM_CudaCopy(benchmark::State& state) {
  std::string why;
  if (!cudaDeviceAvailable(&why)) {
    state.SkipWithError(("no GPU: " + why).c_str());
    return;
  }
  const size_t bytes = kN * sizeof(float);
  uint64_t a = cudaAlloc(bytes), b = cudaAlloc(bytes);
  std::vector<float> host(kN, 1.0f);
  cudaCopyToDevice(a, host.data(), bytes);
  std::string copyIR = "graph(%x : Float(" + std::to_string(kN) + ", strides=[1], requires_grad=0, device=cuda:0)):\n"
                       "  %one : int = prim::Constant[value=1]()\n  %r : Tensor = aten::mul(%x, %one)\n  return (%r)\n";
  auto g = parseIR(copyIR);
  auto lowered = lowerGroup(*g, &why);
  auto k = lowered ? compileCuda(lowered->kernel, true, &why) : nullptr;
  if (!k) {
    state.SkipWithError(why.c_str());
    return;
  }
  int64_t ints[2] = {0, 0};
  double doubles[2] = {0, 0};
  for (auto _ : state) {
    k->runDevice(*lowered, {a, b}, ints, doubles);
    cudaSynchronize();
  }
  state.SetBytesProcessed(static_cast<int64_t>(8.0 * kN * state.iterations()));
  cudaFree(a);
  cudaFree(b);
}
BENCHMARK(BM_CudaCopy)->Unit(benchmark::kMillisecond)->UseRealTime();

// The driver's own device-to-device copy: the device's copy bandwidth (8 bytes per element moved).
void BM_CudaMemcpy(benchmark::State& state) {
  std::string why;
  if (!cudaDeviceAvailable(&why)) {
    state.SkipWithError(("no GPU: " + why).c_str());
    return;
  }
  const size_t bytes = kN * sizeof(float);
  uint64_t a = cudaAlloc(bytes), b = cudaAlloc(bytes);
  for (auto _ : state) {
    cudaCopyDeviceToDevice(b, a, bytes);
    cudaSynchronize();
  }
  state.SetBytesProcessed(static_cast<int64_t>(8.0 * kN * state.iterations()));
  cudaFree(a);
  cudaFree(b);
}
BENCHMARK(BM_CudaMemcpy)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ChainCuda(benchmark::State& state) {
  std::string why;
  if (!cudaDeviceAvailable(&why)) {
    state.SkipWithError(("no GPU: " + why).c_str());
    return;
  }
  std::string text = chainIR(kN);
  for (size_t p; (p = text.find("device=cpu")) != std::string::npos;) text.replace(p, 10, "device=cuda:0");
  auto g = parseIR(text);
  auto lowered = lowerGroup(*g, &why);
  auto k = lowered ? compileCuda(lowered->kernel, true, &why) : nullptr;
  if (!k) {
    state.SkipWithError(why.c_str());
    return;
  }
  const size_t bytes = kN * sizeof(float);
  uint64_t x = cudaAlloc(bytes), y = cudaAlloc(bytes), r = cudaAlloc(bytes);
  Tensor hx = input(-3.0), hy = input(1.0);
  cudaCopyToDevice(x, hx.data(), bytes);
  cudaCopyToDevice(y, hy.data(), bytes);
  int64_t ints[3] = {0, 0, 0};
  double doubles[3] = {0, 0, 0};
  for (auto _ : state) {
    k->runDevice(*lowered, {x, y, r}, ints, doubles);
    cudaSynchronize();
  }
  state.SetBytesProcessed(static_cast<int64_t>(12.0 * kN * state.iterations()));
  cudaFree(x);
  cudaFree(y);
  cudaFree(r);
}
BENCHMARK(BM_ChainCuda)->Unit(benchmark::kMillisecond)->UseRealTime();

// Collects bytes_per_second per benchmark for the summary lines.
class Summary : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      auto it = r.counters.find("bytes_per_second");
      if (it != r.counters.end() && !r.error_occurred) {
        std::lock_guard<std::mutex> lock(bwMutex);
        bandwidths()[r.benchmark_name()] = it->second;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Summary reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  auto find = [](const std::string& prefix) -> double {
    for (auto& [name, bw] : bandwidths())
      if (name.rfind(prefix, 0) == 0) return bw;
    return 0;
  };
  const double triadBw = find("BM_Triad"), chainBw = find("BM_ChainFused"), unfusedBw = find("BM_ChainUnfused");
  const double copyBw = find("BM_CudaCopy"), memcpyBw = find("BM_CudaMemcpy"), cudaChainBw = find("BM_ChainCuda");
  if (triadBw > 0 && chainBw > 0)
    std::printf("fused chain: %.2f GB/s = %.1f %% of the triad's %.2f GB/s (target >= 70 %%); unfused: %.1f %%\n",
                chainBw / 1e9, 100 * chainBw / triadBw, triadBw / 1e9, 100 * unfusedBw / triadBw);
  if (memcpyBw > 0 && cudaChainBw > 0)
    std::printf("GPU chain: %.1f GB/s = %.1f %% of cuMemcpyDtoD's %.1f GB/s (target >= 70 %%); a fused copy kernel: %.1f GB/s\n",
                cudaChainBw / 1e9, 100 * cudaChainBw / memcpyBw, memcpyBw / 1e9, copyBw / 1e9);
  benchmark::Shutdown();
  return 0;
}

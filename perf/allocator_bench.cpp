// allocator_bench.cpp — what the caching CPU allocator saves.
//   BM_Malloc64MiB / BM_Caching64MiB: allocate 64 MiB, touch one byte per 4 KiB page (so every
//     page fault of fresh memory is paid), free. glibc serves 64 MiB with mmap/munmap, so each
//     iteration faults in 16384 pages; the cache hands back the same, already mapped block.
//   BM_Caching64MiBFirstTouch: the same with the cache emptied every iteration (cold path).
//   BM_TensorEmpty/N: Tensor::empty of N floats and its release (handle + impl + storage).
//   BM_MallocSmall/N: plain malloc/free of the same byte count, for comparison.
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "jit/tensor/Allocator.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;

namespace {
constexpr size_t k64MiB = size_t{64} << 20;
constexpr size_t kPage = 4096;

void touchPages(void* p, size_t n) {
  auto* bytes = static_cast<volatile unsigned char*>(p);
  for (size_t i = 0; i < n; i += kPage) bytes[i] = static_cast<unsigned char>(i);
}
}  // namespace

static void BM_Malloc64MiB(benchmark::State& state) {
  for (auto _ : state) {
    void* p = std::malloc(k64MiB);
    touchPages(p, k64MiB);
    benchmark::DoNotOptimize(p);
    std::free(p);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * k64MiB));
}
BENCHMARK(BM_Malloc64MiB)->Unit(benchmark::kMillisecond);

static void BM_Caching64MiB(benchmark::State& state) {
  CachingCpuAllocator alloc;
  for (auto _ : state) {
    void* p = alloc.allocate(k64MiB);
    touchPages(p, k64MiB);
    benchmark::DoNotOptimize(p);
    alloc.deallocate(p, k64MiB);
  }
  AllocatorStats s = alloc.stats();
  state.counters["hits"] = static_cast<double>(s.cacheHits);
  state.counters["misses"] = static_cast<double>(s.cacheMisses);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * k64MiB));
}
BENCHMARK(BM_Caching64MiB)->Unit(benchmark::kMillisecond);

static void BM_Caching64MiBFirstTouch(benchmark::State& state) {
  CachingCpuAllocator alloc;
  for (auto _ : state) {
    void* p = alloc.allocate(k64MiB);
    touchPages(p, k64MiB);
    benchmark::DoNotOptimize(p);
    alloc.deallocate(p, k64MiB);
    alloc.emptyCache();
  }
}
BENCHMARK(BM_Caching64MiBFirstTouch)->Unit(benchmark::kMillisecond);

static void BM_TensorEmpty(benchmark::State& state) {
  const int64_t n = state.range(0);
  for (auto _ : state) {
    Tensor t = Tensor::empty({n}, ScalarType::Float);
    benchmark::DoNotOptimize(t.data());
  }
}
BENCHMARK(BM_TensorEmpty)->Arg(1)->Arg(16)->Arg(1024)->Arg(65536);

static void BM_TensorEmpty2D(benchmark::State& state) {
  for (auto _ : state) {
    Tensor t = Tensor::empty({8, 8}, ScalarType::Float);
    benchmark::DoNotOptimize(t.data());
  }
}
BENCHMARK(BM_TensorEmpty2D);

static void BM_MallocSmall(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0)) * sizeof(float);
  for (auto _ : state) {
    void* p = std::malloc(n);
    benchmark::DoNotOptimize(p);
    std::free(p);
  }
}
BENCHMARK(BM_MallocSmall)->Arg(1)->Arg(16)->Arg(1024)->Arg(65536);

BENCHMARK_MAIN();

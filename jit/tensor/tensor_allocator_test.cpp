// tensor_allocator_test.cpp — size classes, block reuse, statistics, cache limits, thread safety
// of the caching CPU allocator, and Storage ownership.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "jit/tensor/Allocator.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;

TEST(AllocationSize, ClassesCoverRequestAlignedAndBounded) {
  size_t previous = 0;
  for (size_t n = 1; n < (64u << 20); n = n < 4096 ? n + 1 : n + n / 7 + 3) {
    const size_t c = roundAllocationSize(n);
    EXPECT_GE(c, n);
    EXPECT_EQ(c % 64, 0u) << n;
    EXPECT_GE(c, previous) << "size classes must be monotonic at " << n;
    if (n > 256 * 1024) {
      EXPECT_LE(c, n + n / 4) << "large classes waste at most 25% at " << n;
    } else if (n > 64) {
      EXPECT_LT(c, 2 * n) << n;
    }
    EXPECT_EQ(roundAllocationSize(c), c) << "a class size is its own class";
    previous = c;
  }
  EXPECT_EQ(roundAllocationSize(64u << 20), 64u << 20);
}

TEST(CachingAllocator, FreedBlockIsHandedOutAgain) {
  // Given a fresh allocator
  CachingCpuAllocator a;
  // When a block is allocated, freed and a same-class size requested again
  void* p = a.allocate(1000);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  std::memset(p, 0xAB, 1000);
  a.deallocate(p, 1000);
  void* q = a.allocate(1000);
  void* r = a.allocate(1000);
  // Then the first request misses, the second hits and gets the same pointer back, and the third
  // (the list now empty) misses again.
  EXPECT_EQ(q, p);
  EXPECT_NE(r, p);
  AllocatorStats s = a.stats();
  EXPECT_EQ(s.allocations, 3u);
  EXPECT_EQ(s.cacheHits, 1u);
  EXPECT_EQ(s.cacheMisses, 2u);
  EXPECT_EQ(s.bytesInUse, 2 * roundAllocationSize(1000));
  EXPECT_EQ(s.bytesCached, 0u);
  a.deallocate(q, 1000);
  a.deallocate(r, 1000);
  s = a.stats();
  EXPECT_EQ(s.frees, 3u);
  EXPECT_EQ(s.bytesInUse, 0u);
  EXPECT_EQ(s.bytesCached, 2 * roundAllocationSize(1000));
  EXPECT_EQ(s.peakBytesInUse, 2 * roundAllocationSize(1000));
}

TEST(CachingAllocator, SizesInOneClassShareBlocksOtherClassesDoNot) {
  CachingCpuAllocator a;
  void* p = a.allocate(1000);  // class 1024
  a.deallocate(p, 1000);
  void* big = a.allocate(2000);  // class 2048: must not reuse the 1024 block
  EXPECT_NE(big, p);
  void* same = a.allocate(1024);  // class 1024: reuses
  EXPECT_EQ(same, p);
  a.deallocate(big, 2000);
  a.deallocate(same, 1024);
  EXPECT_EQ(a.stats().cacheHits, 1u);
}

TEST(CachingAllocator, ZeroBytesIsNullAndUncounted) {
  CachingCpuAllocator a;
  EXPECT_EQ(a.allocate(0), nullptr);
  a.deallocate(nullptr, 0);
  EXPECT_EQ(a.stats().allocations, 0u);
  EXPECT_EQ(a.stats().frees, 0u);
}

TEST(CachingAllocator, EmptyCacheReleasesEverything) {
  CachingCpuAllocator a;
  std::vector<void*> blocks;
  for (size_t n : {100u, 5000u, 300000u, 1u << 22}) blocks.push_back(a.allocate(n));
  size_t i = 0;
  for (size_t n : {100u, 5000u, 300000u, 1u << 22}) a.deallocate(blocks[i++], n);
  EXPECT_GT(a.stats().bytesCached, size_t{1} << 22);
  a.emptyCache();
  EXPECT_EQ(a.stats().bytesCached, 0u);
  void* p = a.allocate(100);
  EXPECT_EQ(a.stats().cacheHits, 0u) << "nothing may be served from an emptied cache";
  a.deallocate(p, 100);
}

TEST(CachingAllocator, CacheLimitAndDisabledCaching) {
  CachingCpuAllocator limited;
  limited.setMaxCachedBytes(4096);
  void* a = limited.allocate(4096);
  void* b = limited.allocate(4096);
  limited.deallocate(a, 4096);
  limited.deallocate(b, 4096);  // would exceed the limit: goes back to the system
  EXPECT_EQ(limited.stats().bytesCached, 4096u);

  CachingCpuAllocator off(/*cachingEnabled=*/false);
  void* p = off.allocate(128);
  off.deallocate(p, 128);
  EXPECT_EQ(off.stats().bytesCached, 0u);
  void* q = off.allocate(128);
  EXPECT_EQ(off.stats().cacheHits, 0u);
  off.deallocate(q, 128);
}

TEST(CachingAllocator, ResetStatsKeepsGauges) {
  CachingCpuAllocator a;
  void* p = a.allocate(64);
  a.resetStats();
  AllocatorStats s = a.stats();
  EXPECT_EQ(s.allocations, 0u);
  EXPECT_EQ(s.bytesInUse, 64u);
  a.deallocate(p, 64);
  EXPECT_EQ(a.stats().bytesInUse, 0u);
}

TEST(CachingAllocator, ThreadSafetySmoke) {
  // Given 8 threads allocating, filling, checking and freeing random sizes concurrently,
  // Then no block is ever handed to two owners (the fill pattern survives) and the books balance.
  CachingCpuAllocator a;
  constexpr int kThreads = 8, kIters = 4000;
  std::atomic<int> corrupt{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(t);
      std::uniform_int_distribution<size_t> size(1, 20000);
      std::vector<std::pair<unsigned char*, size_t>> live;
      for (int i = 0; i < kIters; ++i) {
        if (live.size() < 16 && (rng() % 2 || live.empty())) {
          size_t n = size(rng);
          auto* p = static_cast<unsigned char*>(a.allocate(n));
          std::memset(p, t + 1, n);
          live.emplace_back(p, n);
        } else {
          size_t k = rng() % live.size();
          auto [p, n] = live[k];
          for (size_t j = 0; j < n; j += 97)
            if (p[j] != static_cast<unsigned char>(t + 1)) ++corrupt;
          a.deallocate(p, n);
          live.erase(live.begin() + static_cast<long>(k));
        }
      }
      for (auto [p, n] : live) a.deallocate(p, n);
    });
  }
  for (auto& th : threads) th.join();
  AllocatorStats s = a.stats();
  EXPECT_EQ(corrupt.load(), 0);
  EXPECT_EQ(s.allocations, s.frees);
  EXPECT_EQ(s.cacheHits + s.cacheMisses, s.allocations);
  EXPECT_GT(s.cacheHits, s.cacheMisses) << "a steady-state workload must mostly hit the cache";
  EXPECT_EQ(s.bytesInUse, 0u);
}

TEST(Storage, ReturnsItsBlockToTheGlobalCacheWhenTheLastOwnerGoes) {
  CachingCpuAllocator& g = CachingCpuAllocator::global();
  if (!g.cachingEnabled()) GTEST_SKIP() << "TSJIT_NO_CACHING_ALLOCATOR is set";
  void* first;
  {
    Tensor t = Tensor::empty({123, 457}, ScalarType::Float);
    Tensor alias = t.view({-1});
    first = t.data();
    EXPECT_EQ(t.storage().useCount(), 2);
  }
  const uint64_t hitsBefore = g.stats().cacheHits;
  Tensor u = Tensor::empty({457, 123}, ScalarType::Float);
  EXPECT_EQ(u.data(), first);
  EXPECT_EQ(g.stats().cacheHits, hitsBefore + 1);
}

TEST(Storage, WrapCallsTheDeleter) {
  int deleted = 0;
  std::vector<float> buffer(6, 1.5f);
  {
    Storage s = Storage::wrap(buffer.data(), 24, kCPU, [&](void* p) {
      EXPECT_EQ(p, buffer.data());
      ++deleted;
    });
    Tensor t = Tensor::fromStorage(s, {2, 3}, {3, 1}, 0, ScalarType::Float);
    EXPECT_EQ(t.getDouble(5), 1.5);
    EXPECT_EQ(deleted, 0);
  }
  EXPECT_EQ(deleted, 1);
}

TEST(Storage, CudaNeedsARegisteredAllocator) {
  EXPECT_THROW(Tensor::empty({2}, ScalarType::Float, Device(DeviceType::CUDA, 0)), RuntimeError);
}

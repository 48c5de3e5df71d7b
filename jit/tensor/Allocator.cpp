// Allocator.cpp — the caching CPU allocator, the per-device allocator registry, StorageImpl.
#include "jit/tensor/Allocator.h"

#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <new>

#include "jit/support/Error.h"

namespace tsjit {

namespace {
constexpr size_t kAlignment = 64;
constexpr size_t kSmallLimit = 256 * 1024;

// Lock-free reads: every Storage allocation looks its allocator up here.
std::array<std::atomic<Allocator*>, 2>& registry() {
  static std::array<std::atomic<Allocator*>, 2> r{&CachingCpuAllocator::global(), nullptr};
  return r;
}

void* systemAllocate(size_t capacity) {
  void* p = std::aligned_alloc(kAlignment, capacity);
  if (!p)
    throw RuntimeError(str("[enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: ",
                           "you tried to allocate ", capacity, " bytes."));
  return p;
}
}  // namespace

Allocator* getAllocator(DeviceType type) {
  Allocator* a = registry()[static_cast<size_t>(type)].load(std::memory_order_acquire);
  if (!a) throw RuntimeError(str("no allocator registered for device type ", deviceTypeName(type)));
  return a;
}

void registerAllocator(DeviceType type, Allocator* allocator) {
  registry()[static_cast<size_t>(type)].store(allocator, std::memory_order_release);
}

size_t roundAllocationSize(size_t n) {
  if (n <= kAlignment) return kAlignment;
  if (n <= kSmallLimit) return std::bit_ceil(n);
  const size_t base = std::bit_floor(n);
  const size_t step = base / 4;
  return (n + step - 1) / step * step;
}

CachingCpuAllocator::~CachingCpuAllocator() { emptyCache(); }

CachingCpuAllocator& CachingCpuAllocator::global() {
  static CachingCpuAllocator* instance = [] {
    const char* env = std::getenv("TSJIT_NO_CACHING_ALLOCATOR");
    bool disable = env && *env && std::strcmp(env, "0") != 0;
    return new CachingCpuAllocator(!disable);
  }();
  return *instance;
}

void* CachingCpuAllocator::allocate(size_t nbytes) {
  if (nbytes == 0) return nullptr;
  const size_t capacity = roundAllocationSize(nbytes);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.allocations;
    stats_.bytesInUse += capacity;
    if (stats_.bytesInUse > stats_.peakBytesInUse) stats_.peakBytesInUse = stats_.bytesInUse;
    auto it = freeLists_.find(capacity);
    if (it != freeLists_.end() && !it->second.empty()) {
      void* p = it->second.back();
      it->second.pop_back();
      ++stats_.cacheHits;
      stats_.bytesCached -= capacity;
      return p;
    }
    ++stats_.cacheMisses;
  }
  try {
    return systemAllocate(capacity);
  } catch (...) {
    // Out of memory: give the cache back to the system and try once more.
    emptyCache();
    try {
      return systemAllocate(capacity);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      --stats_.allocations;
      --stats_.cacheMisses;
      stats_.bytesInUse -= capacity;
      throw;
    }
  }
}

void CachingCpuAllocator::deallocate(void* ptr, size_t nbytes) {
  if (!ptr) return;
  const size_t capacity = roundAllocationSize(nbytes);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.frees;
    TSJIT_CHECK(stats_.bytesInUse >= capacity, "deallocate of ", nbytes, " bytes not allocated here");
    stats_.bytesInUse -= capacity;
    if (cachingEnabled_ && stats_.bytesCached + capacity <= maxCachedBytes_) {
      freeLists_[capacity].push_back(ptr);
      stats_.bytesCached += capacity;
      return;
    }
  }
  std::free(ptr);
}

AllocatorStats CachingCpuAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

void CachingCpuAllocator::resetStats() {
  std::lock_guard<std::mutex> lock(mutex_);
  AllocatorStats fresh;
  fresh.bytesInUse = stats_.bytesInUse;
  fresh.peakBytesInUse = stats_.bytesInUse;
  fresh.bytesCached = stats_.bytesCached;
  stats_ = fresh;
}

void CachingCpuAllocator::emptyCache() {
  std::unordered_map<size_t, std::vector<void*>> lists;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    lists.swap(freeLists_);
    stats_.bytesCached = 0;
  }
  for (auto& [capacity, blocks] : lists)
    for (void* p : blocks) std::free(p);
}

void CachingCpuAllocator::setMaxCachedBytes(size_t limit) {
  std::lock_guard<std::mutex> lock(mutex_);
  maxCachedBytes_ = limit;
}

StorageImpl::StorageImpl(size_t nbytes, Device device) : nbytes_(nbytes), device_(device) {
  allocator_ = getAllocator(device.type);
  data_ = allocator_->allocate(nbytes);
}

StorageImpl::StorageImpl(void* data, size_t nbytes, Device device, std::function<void(void*)> deleter)
    : data_(data), nbytes_(nbytes), device_(device), deleter_(std::move(deleter)) {}

StorageImpl::~StorageImpl() {
  if (allocator_)
    allocator_->deallocate(data_, nbytes_);
  else if (deleter_)
    deleter_(data_);
}

}  // namespace tsjit

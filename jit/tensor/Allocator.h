// Allocator.h — device memory: the Allocator interface, the caching CPU allocator, and Storage.
//
// CachingCpuAllocator keeps freed blocks in per-size-class free lists and hands them out again,
// so a steady-state program (an interpreter loop allocating the same shapes every iteration)
// never goes back to malloc and never takes page faults on recycled memory.
// Invariants:
//   * every block is 64-byte aligned and its capacity is roundAllocationSize(requested);
//     a free list holds only blocks of exactly that capacity;
//   * deallocate(p, n) must receive the n given to the allocate() that returned p (Storage does);
//   * allocate(0) returns nullptr and deallocate(nullptr, 0) is a no-op; neither is counted;
//   * all public member functions are thread-safe (one mutex; blocks are never shared);
//   * stats: bytesInUse / bytesCached count capacities (rounded sizes).
// Setting TSJIT_NO_CACHING_ALLOCATOR=1 in the environment makes the process-wide CPU allocator
// free every block immediately (for ASan / leak hunting).
//
// Storage is a reference-counted handle (shared_ptr) to one allocation plus its byte size and
// device; tensors and views share a Storage. It also carries the version counter that in-place
// ops bump (views of one storage share it, as in PyTorch).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "jit/tensor/Device.h"

namespace tsjit {

class Allocator {
 public:
  virtual ~Allocator() = default;
  virtual void* allocate(size_t nbytes) = 0;
  virtual void deallocate(void* ptr, size_t nbytes) = 0;
  virtual Device device() const = 0;
};

// The allocator used for new storages on a device type. CPU has the caching allocator by default;
// a CUDA backend registers its own (from an explicit initialize(), not a static constructor).
Allocator* getAllocator(DeviceType type);  // throws RuntimeError when none is registered
void registerAllocator(DeviceType type, Allocator* allocator);

struct AllocatorStats {
  uint64_t allocations = 0;  // allocate() calls with nbytes > 0
  uint64_t frees = 0;        // deallocate() calls with ptr != nullptr
  uint64_t cacheHits = 0;    // allocations served from a free list
  uint64_t cacheMisses = 0;  // allocations that went to the system
  size_t bytesInUse = 0;     // capacity of live blocks
  size_t peakBytesInUse = 0;
  size_t bytesCached = 0;    // capacity of blocks waiting in free lists
};

// Capacity of the block that serves a request of n bytes: 64 for n <= 64; the next power of two up
// to 256 KiB; above that the next multiple of a quarter of the enclosing power of two (size
// classes 1, 1.25, 1.5, 1.75 x 2^k), so at most 25% is wasted.
size_t roundAllocationSize(size_t nbytes);

class CachingCpuAllocator : public Allocator {
 public:
  explicit CachingCpuAllocator(bool cachingEnabled = true) : cachingEnabled_(cachingEnabled) {}
  ~CachingCpuAllocator() override;
  CachingCpuAllocator(const CachingCpuAllocator&) = delete;
  CachingCpuAllocator& operator=(const CachingCpuAllocator&) = delete;

  void* allocate(size_t nbytes) override;
  void deallocate(void* ptr, size_t nbytes) override;
  Device device() const override { return kCPU; }

  AllocatorStats stats() const;
  void resetStats();  // zeroes the counters and the peak; keeps bytesInUse / bytesCached
  // Returns every cached block to the system.
  void emptyCache();
  // Blocks freed while bytesCached would exceed this limit go back to the system instead.
  void setMaxCachedBytes(size_t limit);
  bool cachingEnabled() const { return cachingEnabled_; }

  // The process-wide instance (never destroyed, so static tensors may outlive main()).
  static CachingCpuAllocator& global();

 private:
  mutable std::mutex mutex_;
  std::unordered_map<size_t, std::vector<void*>> freeLists_;  // capacity -> blocks
  AllocatorStats stats_;
  size_t maxCachedBytes_ = SIZE_MAX;
  bool cachingEnabled_;
};

class StorageImpl {
 public:
  // Allocates nbytes on device through getAllocator(device.type).
  StorageImpl(size_t nbytes, Device device);
  // Wraps memory tsjit did not allocate; deleter (may be empty) is called on destruction.
  StorageImpl(void* data, size_t nbytes, Device device, std::function<void(void*)> deleter);
  ~StorageImpl();
  StorageImpl(const StorageImpl&) = delete;
  StorageImpl& operator=(const StorageImpl&) = delete;

  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }
  uint64_t version() const { return version_; }
  void bumpVersion() { ++version_; }

 private:
  void* data_ = nullptr;
  size_t nbytes_ = 0;
  Device device_;
  Allocator* allocator_ = nullptr;          // set when allocated by us
  std::function<void(void*)> deleter_;      // set when wrapping external memory
  uint64_t version_ = 0;
};

class Storage {
 public:
  Storage() = default;
  static Storage allocate(size_t nbytes, Device device = kCPU) {
    return Storage(std::make_shared<StorageImpl>(nbytes, device));
  }
  static Storage wrap(void* data, size_t nbytes, Device device,
                      std::function<void(void*)> deleter = {}) {
    return Storage(std::make_shared<StorageImpl>(data, nbytes, device, std::move(deleter)));
  }

  bool defined() const { return impl_ != nullptr; }
  void* data() const { return impl_ ? impl_->data() : nullptr; }
  size_t nbytes() const { return impl_ ? impl_->nbytes() : 0; }
  Device device() const { return impl_ ? impl_->device() : kCPU; }
  long useCount() const { return impl_.use_count(); }
  bool isAliasOf(const Storage& other) const { return impl_ && impl_ == other.impl_; }
  StorageImpl* impl() const { return impl_.get(); }

 private:
  explicit Storage(std::shared_ptr<StorageImpl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<StorageImpl> impl_;
};

}  // namespace tsjit

// MemoryOverlap.cpp — internal / partial overlap analysis of strided tensors.
#include "jit/tensor/MemoryOverlap.h"

namespace tsjit {

MemOverlap hasInternalOverlap(const Tensor& t) {
  if (t.isNonOverlappingAndDense()) return MemOverlap::No;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.strides()[d] == 0 && t.sizes()[d] > 1) return MemOverlap::Yes;
  return MemOverlap::TooHard;
}

void assertNoInternalOverlap(const Tensor& t) {
  if (hasInternalOverlap(t) == MemOverlap::Yes)
    throw RuntimeError(
        "unsupported operation: more than one element of the written-to tensor refers to a single "
        "memory location. Please clone() the tensor before performing the operation.");
}

MemOverlapStatus getOverlapStatus(const Tensor& a, const Tensor& b) {
  if (a.is(b)) return MemOverlapStatus::Full;
  if (a.numel() == 0 || b.numel() == 0) return MemOverlapStatus::No;
  if (!a.isNonOverlappingAndDense() || !b.isNonOverlappingAndDense()) return MemOverlapStatus::TooHard;
  if (!a.sharesStorageWith(b)) return MemOverlapStatus::No;
  const char* aBegin = static_cast<const char*>(a.data());
  const char* bBegin = static_cast<const char*>(b.data());
  const char* aEnd = aBegin + a.numel() * a.itemSize();
  const char* bEnd = bBegin + b.numel() * b.itemSize();
  if (aBegin == bBegin && aEnd == bEnd)
    return a.strides() == b.strides() ? MemOverlapStatus::Full : MemOverlapStatus::Partial;
  if (aBegin < bEnd && bBegin < aEnd) return MemOverlapStatus::Partial;
  return MemOverlapStatus::No;
}

void assertNoPartialOverlap(const Tensor& a, const Tensor& b) {
  if (getOverlapStatus(a, b) == MemOverlapStatus::Partial)
    throw RuntimeError(
        "unsupported operation: some elements of the input tensor and the written-to tensor refer "
        "to a single memory location. Please clone() the tensor before performing the operation.");
}

namespace {
// [first byte, one past the last byte] reached by the layout.
std::pair<const char*, const char*> byteSpan(const Tensor& t) {
  const char* begin = static_cast<const char*>(t.data());
  int64_t last = 0;
  for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * t.strides()[d];
  return {begin, begin + (last + 1) * static_cast<int64_t>(t.itemSize())};
}
}  // namespace

bool mayShareMemory(const Tensor& a, const Tensor& b) {
  if (!a.sharesStorageWith(b) || a.numel() == 0 || b.numel() == 0) return false;
  auto [aBegin, aEnd] = byteSpan(a);
  auto [bBegin, bEnd] = byteSpan(b);
  return aBegin < bEnd && bBegin < aEnd;
}

}  // namespace tsjit

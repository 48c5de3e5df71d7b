// TensorCopy.cpp — copy_, clone, contiguous, to(dtype), fill_: the only loops of tsjit_tensor
// that move element data. copy_ walks the destination's logical order with forEachOffset, so any
// pair of strided layouts works; a flat loop is used when both layouts visit memory in the same
// dense order, and memmove when additionally the dtypes agree.
#include <cstring>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/Dispatch.h"
#include "jit/tensor/Iterate.h"
#include "jit/tensor/MemoryOverlap.h"
#include "jit/tensor/ScalarConvert.h"
#include "jit/tensor/Tensor.h"

namespace tsjit {

namespace {

void checkCpuPair(const Tensor& dst, const Tensor& src) {
  if (!dst.device().isCpu() || !src.device().isCpu())
    throw RuntimeError(str("copy_ from ", src.device(), " to ", dst.device(), " is not supported"));
}

// Both layouts are dense, non-overlapping and identical, so element i of one flat walk over
// memory corresponds to element i of the other.
bool sameDenseLayout(const Tensor& a, const Tensor& b) {
  if (a.isContiguous() && b.isContiguous()) return true;
  return a.strides() == b.strides() && a.isNonOverlappingAndDense();
}

template <typename D, typename S>
void copyLoop(const Tensor& dst, const Tensor& src) {
  D* d = static_cast<D*>(dst.data());
  const S* s = static_cast<const S*>(src.data());
  const int64_t n = dst.numel();
  if (sameDenseLayout(dst, src)) {
    if constexpr (std::is_same_v<D, S>) {
      std::memmove(d, s, static_cast<size_t>(n) * sizeof(D));
    } else {
      for (int64_t i = 0; i < n; ++i) d[i] = convertScalar<D>(s[i]);
    }
    return;
  }
  forEachOffset<2>(dst.sizes(), {IntArrayRef(dst.strides()), IntArrayRef(src.strides())},
                   [&](const int64_t* o) { d[o[0]] = convertScalar<D>(s[o[1]]); });
}

// copy_ without the version bump (for fresh results of clone / to).
void copyInto(const Tensor& dst, const Tensor& src) {
  TSJIT_CHECK(src.defined(), "copy_ from an undefined tensor");
  if (dst.is(src)) return;
  checkCpuPair(dst, src);
  assertNoInternalOverlap(dst);
  const MemOverlapStatus overlap = getOverlapStatus(dst, src);
  if (overlap == MemOverlapStatus::Partial) assertNoPartialOverlap(dst, src);

  Tensor source = src;
  if (src.sizes() != dst.sizes()) {
    auto shape = inferBroadcastShape(dst.sizes(), src.sizes());
    if (shape != dst.sizes())
      throw RuntimeError(str("output with shape ", formatInts(dst.sizes()),
                             " doesn't match the broadcast shape ", formatInts(shape)));
    source = src.expand(dst.sizes());
  }
  if (dst.numel() == 0) return;
  // Layouts too irregular to reason about that touch the same bytes: go through a temporary so
  // every element is read before any is written.
  if (overlap == MemOverlapStatus::TooHard && mayShareMemory(dst, source))
    source = source.clone(MemoryFormat::Contiguous);

  visitScalarType(dst.dtype(), [&](auto dtag) {
    using D = typename decltype(dtag)::type;
    visitScalarType(source.dtype(), [&](auto stag) {
      using S = typename decltype(stag)::type;
      copyLoop<D, S>(dst, source);
    });
  });
}

}  // namespace

const Tensor& Tensor::copy_(const Tensor& src) const {
  copyInto(*this, src);
  bumpVersion();
  return *this;
}

Tensor Tensor::clone(MemoryFormat format) const {
  Tensor out = emptyLike(*this, std::nullopt, format);
  copyInto(out, *this);
  return out;
}

Tensor Tensor::contiguous() const {
  if (isContiguous()) return *this;
  return clone(MemoryFormat::Contiguous);
}

Tensor Tensor::to(ScalarType dt) const {
  if (dt == dtype()) return *this;
  Tensor out = emptyLike(*this, dt, MemoryFormat::Preserve);
  copyInto(out, *this);
  return out;
}

namespace {
template <typename V>
void fillWith(const Tensor& t, V value) {
  if (!t.device().isCpu()) throw RuntimeError(str("fill_: tensors on device ", t.device(), " are not supported"));
  visitScalarType(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = convertScalar<T>(value);
    T* p = static_cast<T*>(t.data());
    if (t.isContiguous()) {
      for (int64_t i = 0, n = t.numel(); i < n; ++i) p[i] = v;
    } else {
      forEachOffset<1>(t.sizes(), {IntArrayRef(t.strides())}, [&](const int64_t* o) { p[o[0]] = v; });
    }
  });
  t.bumpVersion();
}
}  // namespace

const Tensor& Tensor::fill_(double value) const {
  fillWith(*this, value);
  return *this;
}

const Tensor& Tensor::fillInt_(int64_t value) const {
  fillWith(*this, value);
  return *this;
}

}  // namespace tsjit

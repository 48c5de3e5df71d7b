// Tensor.h — the strided tensor of tsjit.
//
// A Tensor is a handle (an intrusive, atomically reference-counted pointer: 8 bytes, so an IValue
// holding a tensor stays 16 bytes) to a TensorImpl; copying a Tensor aliases the same impl, as
// copying an at::Tensor does. A TensorImpl is a window onto a Storage: sizes, element strides,
// storage offset and dtype. Views (view, permute, select, slice, expand, ...) make a new impl on
// the same Storage, so a write through any of them is seen by all. Device and the version counter
// live in the Storage.
// Invariants:
//   * sizes.size() == strides.size(); sizes >= 0; strides >= 0 (stride 0 only from expand /
//     as_strided); numel == product(sizes);
//   * every element the layout reaches lies inside the storage (checked by as_strided);
//   * an undefined Tensor (default constructed) has no impl; only defined() may be called on it.
// Errors a user program can cause throw RuntimeError with PyTorch 1.13's message; the view ops are
// in TensorViews.cpp, copies and element access in Tensor.cpp / TensorCopy.cpp.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/support/Error.h"
#include "jit/tensor/Allocator.h"
#include "jit/tensor/ArrayRef.h"
#include "jit/tensor/Device.h"
#include "jit/tensor/Layout.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit {

// Slot for what autograd hangs on a tensor (grad, grad_fn); tsjit_tensor never looks inside.
struct AutogradMetaBase {
  virtual ~AutogradMetaBase() = default;
};

// How many live tensor impls have requiresGrad set, process-wide. The interpreter's one cheap test
// for "may autograd have to record this op?": while it is 0 no op needs recording (jit/autograd).
extern std::atomic<int64_t> gLiveRequiresGradTensors;
inline bool anyTensorRequiresGrad() { return gLiveRequiresGradTensors.load(std::memory_order_relaxed) != 0; }

// Layout of the result of clone / emptyLike: Preserve keeps the strides of a non-overlapping,
// dense source (PyTorch's torch.preserve_format) and is row-major otherwise.
enum class MemoryFormat { Contiguous, Preserve };

struct TensorImpl {
  Storage storage;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  int64_t storageOffset = 0;
  int64_t numel = 0;
  ScalarType dtype = ScalarType::Undefined;
  bool requiresGrad = false;
  bool wrappedNumber = false;  // a Python number turned into a 0-dim tensor (type promotion)
  std::shared_ptr<AutogradMetaBase> autogradMeta;
  std::atomic<int32_t> refcount{0};  // owned by Tensor handles (and IValues holding one)
};

class Tensor {
 public:
  Tensor() = default;
  // Takes a new reference to impl (which may be fresh: refcount 0).
  explicit Tensor(TensorImpl* impl) : impl_(impl) { incref(impl_); }
  Tensor(const Tensor& o) : impl_(o.impl_) { incref(impl_); }
  Tensor(Tensor&& o) noexcept : impl_(o.impl_) { o.impl_ = nullptr; }
  Tensor& operator=(const Tensor& o) {
    incref(o.impl_);
    decref(impl_);
    impl_ = o.impl_;
    return *this;
  }
  Tensor& operator=(Tensor&& o) noexcept {
    if (this != &o) {
      decref(impl_);
      impl_ = o.impl_;
      o.impl_ = nullptr;
    }
    return *this;
  }
  ~Tensor() { decref(impl_); }

  // Raw reference management for containers that store the impl pointer (IValue):
  // release() gives up this handle's reference; reclaim() adopts one without incrementing.
  TensorImpl* release() { return std::exchange(impl_, nullptr); }
  static Tensor reclaim(TensorImpl* impl) {
    Tensor t;
    t.impl_ = impl;
    return t;
  }
  static void incref(TensorImpl* impl) {
    if (impl) impl->refcount.fetch_add(1, std::memory_order_relaxed);
  }
  static void decref(TensorImpl* impl) {
    if (impl && impl->refcount.fetch_sub(1, std::memory_order_acq_rel) == 1) recycle(impl);
  }
  // The last reference went away: the impl releases its storage and autograd data at once and goes
  // back to a small per-thread pool (its size / stride vectors keep their capacity), else is deleted.
  static void recycle(TensorImpl* impl);

  // ---- factories -------------------------------------------------------------------------------
  static Tensor empty(IntArrayRef sizes, ScalarType dtype = ScalarType::Float, Device device = kCPU);
  static Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides,
                              ScalarType dtype = ScalarType::Float, Device device = kCPU);
  static Tensor zeros(IntArrayRef sizes, ScalarType dtype = ScalarType::Float, Device device = kCPU);
  static Tensor ones(IntArrayRef sizes, ScalarType dtype = ScalarType::Float, Device device = kCPU);
  static Tensor full(IntArrayRef sizes, double value, ScalarType dtype = ScalarType::Float,
                     Device device = kCPU);
  // A window onto an existing storage (unpickler, tests). Bounds are checked like as_strided.
  static Tensor fromStorage(Storage storage, IntArrayRef sizes, IntArrayRef strides,
                            int64_t storageOffset, ScalarType dtype);
  // 0-dim tensors holding one value.
  static Tensor scalar(double value, ScalarType dtype = ScalarType::Double);
  static Tensor scalarInt(int64_t value, ScalarType dtype = ScalarType::Int64);
  // Contiguous tensors from values in row-major order (values.size() must equal product(sizes)).
  static Tensor fromDoubles(const std::vector<double>& values, IntArrayRef sizes,
                            ScalarType dtype = ScalarType::Float);
  static Tensor fromInt64s(const std::vector<int64_t>& values, IntArrayRef sizes,
                           ScalarType dtype = ScalarType::Int64);
  // Same sizes as t, new storage; dtype defaults to t's.
  static Tensor emptyLike(const Tensor& t, std::optional<ScalarType> dtype = std::nullopt,
                          MemoryFormat format = MemoryFormat::Preserve);

  // ---- properties ------------------------------------------------------------------------------
  bool defined() const { return impl_ != nullptr; }
  int64_t dim() const { return static_cast<int64_t>(impl().sizes.size()); }
  int64_t numel() const { return impl().numel; }
  const std::vector<int64_t>& sizes() const { return impl().sizes; }
  const std::vector<int64_t>& strides() const { return impl().strides; }
  int64_t size(int64_t d) const { return impl().sizes[wrapDim(d, dim(), false)]; }
  int64_t stride(int64_t d) const { return impl().strides[wrapDim(d, dim(), false)]; }
  int64_t storageOffset() const { return impl().storageOffset; }
  ScalarType dtype() const { return impl().dtype; }
  ScalarType scalarType() const { return impl().dtype; }
  size_t itemSize() const { return elementSize(impl().dtype); }
  Device device() const { return impl().storage.device(); }
  const Storage& storage() const { return impl().storage; }
  TensorImpl* unsafeImpl() const { return impl_; }
  long useCount() const { return impl_ ? impl_->refcount.load(std::memory_order_relaxed) : 0; }

  bool requiresGrad() const { return impl().requiresGrad; }
  const Tensor& setRequiresGrad(bool r) const;  // only floating tensors may require grad
  // Sets the flag without the dtype check (autograd's bookkeeping); keeps the live count right.
  void setRequiresGradFlag(bool r) const {
    if (impl().requiresGrad == r) return;
    impl().requiresGrad = r;
    gLiveRequiresGradTensors.fetch_add(r ? 1 : -1, std::memory_order_relaxed);
  }
  bool isWrappedNumber() const { return impl().wrappedNumber; }
  void setWrappedNumber(bool w) const { impl().wrappedNumber = w; }
  const std::shared_ptr<AutogradMetaBase>& autogradMeta() const { return impl().autogradMeta; }
  void setAutogradMeta(std::shared_ptr<AutogradMetaBase> m) const { impl().autogradMeta = std::move(m); }
  // Version counter of the storage (views share it): copy_ and fill_ bump it, as should every
  // in-place op. Fresh tensors may start above 0; compare versions, never expect a value.
  uint64_t version() const { return impl().storage.impl() ? impl().storage.impl()->version() : 0; }
  void bumpVersion() const {
    if (impl().storage.impl()) impl().storage.impl()->bumpVersion();
  }

  // Raw pointer to the first element (storage data + offset). nullptr for a storage of 0 bytes.
  void* data() const;
  // Typed data(); RuntimeError "expected scalar type Float but found Double" on a mismatch.
  template <typename T>
  T* dataPtr() const {
    checkDtypeIs(scalarTypeOf<T>);
    return static_cast<T*>(data());
  }

  bool isContiguous() const { return isContiguousLayout(sizes(), strides()); }
  bool isNonOverlappingAndDense() const { return isNonOverlappingAndDenseLayout(sizes(), strides()); }
  bool sharesStorageWith(const Tensor& other) const {
    return defined() && other.defined() && storage().isAliasOf(other.storage());
  }
  // Same impl (the `is` of Python: the very same tensor object).
  bool is(const Tensor& other) const { return impl_ == other.impl_; }

  // ---- copies ----------------------------------------------------------------------------------
  // This tensor if already contiguous, else a row-major copy.
  Tensor contiguous() const;
  Tensor clone(MemoryFormat format = MemoryFormat::Preserve) const;
  // Copies src into this tensor, broadcasting src to this shape and converting the dtype.
  // Errors as PyTorch: writing into an expanded (self-overlapping) tensor, a source that partly
  // overlaps the destination, shapes that do not broadcast. Bumps the version.
  const Tensor& copy_(const Tensor& src) const;
  // This tensor if dtype already matches, else a converted copy (layout preserved when dense).
  Tensor to(ScalarType dtype) const;
  const Tensor& fill_(double value) const;
  const Tensor& fillInt_(int64_t value) const;  // exact for any int64 value
  const Tensor& zero_() const { return fill_(0.0); }

  // ---- element access by logical row-major linear index (plain, slow code) ----------------------
  double getDouble(int64_t linearIndex) const;
  int64_t getInt64(int64_t linearIndex) const;  // floating values truncate toward zero
  void setDouble(int64_t linearIndex, double value) const;
  void setInt64(int64_t linearIndex, int64_t value) const;
  // The single element of a one-element tensor; RuntimeError
  // "a Tensor with 2 elements cannot be converted to Scalar" otherwise.
  double itemDouble() const;
  int64_t itemInt64() const;
  bool itemBool() const;
  std::vector<double> toDoubles() const;
  std::vector<int64_t> toInt64s() const;
  // Element offset (from data()) of a linear index.
  int64_t offsetOf(int64_t linearIndex) const { return offsetOfLinear(linearIndex, sizes(), strides()); }

  // ---- views (share the storage) ---------------------------------------------------------------
  Tensor view(IntArrayRef sizes) const;
  Tensor reshape(IntArrayRef sizes) const;  // a view when the strides allow, else a copy
  Tensor permute(IntArrayRef dims) const;
  Tensor transpose(int64_t dim0, int64_t dim1) const;
  Tensor t() const;
  Tensor expand(IntArrayRef sizes) const;
  Tensor expandAs(const Tensor& other) const { return expand(other.sizes()); }
  Tensor squeeze() const;
  Tensor squeeze(int64_t dim) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor slice(int64_t dim = 0, std::optional<int64_t> start = std::nullopt,
               std::optional<int64_t> end = std::nullopt, int64_t step = 1) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor as_strided(IntArrayRef sizes, IntArrayRef strides,
                    std::optional<int64_t> storageOffset = std::nullopt) const;
  std::vector<Tensor> chunk(int64_t chunks, int64_t dim = 0) const;
  std::vector<Tensor> split(int64_t splitSize, int64_t dim = 0) const;
  std::vector<Tensor> split_with_sizes(IntArrayRef splitSizes, int64_t dim = 0) const;
  std::vector<Tensor> unbind(int64_t dim = 0) const;
  Tensor flatten(int64_t startDim = 0, int64_t endDim = -1) const;
  Tensor diagonal(int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1) const;
  // A new impl on the same storage, same layout (aten::alias). detach() also drops requires_grad.
  Tensor alias() const;
  Tensor detach() const;

  // "Float[2, 3]" (+ ", strides=[1, 2]" when not contiguous); "undefined" for an undefined tensor.
  std::string describe() const;
  // describe() plus the values, e.g. "Float[2] {1, 2.5}" (long tensors are abbreviated).
  std::string toString() const;

 private:
  TensorImpl& impl() const {
    TSJIT_CHECK(impl_ != nullptr, "use of an undefined tensor");
    return *impl_;
  }
  void checkDtypeIs(ScalarType t) const;
  // New impl on this storage with the given layout (no bounds check).
  Tensor makeView(std::vector<int64_t> sizes, std::vector<int64_t> strides, int64_t offset) const;

  TensorImpl* impl_ = nullptr;
};

std::ostream& operator<<(std::ostream& os, const Tensor& t);

}  // namespace tsjit

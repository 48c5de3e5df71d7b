// Tensor.cpp — factories, properties, element access and printing of Tensor.
#include "jit/tensor/Tensor.h"
#include "jit/tensor/DenseStrides.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <cstring>
#include <sstream>
#include <string>

#include "jit/tensor/Dispatch.h"
#include "jit/tensor/Iterate.h"
#include "jit/tensor/ScalarConvert.h"

namespace tsjit {

// ---- TensorImpl pool ---------------------------------------------------------------------------------
// Creating a tensor costs a TensorImpl and its two small vectors; the interpreter creates and drops
// one per op. A per-thread free list of impls (at most kPoolSize, vectors of small capacity) saves
// those allocations. A pooled impl holds no storage and no autograd data.

namespace {
constexpr size_t kPoolSize = 128;
constexpr size_t kPooledRank = 8;  // vectors that grew past this are not kept

struct ImplPool {
  std::vector<TensorImpl*> free;
  ImplPool() { free.reserve(kPoolSize); }
  ~ImplPool();
};
thread_local bool poolAlive = false;  // trivially destructible: readable during thread exit
// TSJIT_TENSOR_POOL=0 turns the pool off (for A/B benchmarks of the allocation path).
const bool kPoolEnabled = [] {
  const char* e = std::getenv("TSJIT_TENSOR_POOL");
  return !(e && std::string(e) == "0");
}();
thread_local ImplPool pool;
ImplPool::~ImplPool() {
  poolAlive = false;
  for (TensorImpl* p : free) delete p;
}

TensorImpl* takeImpl() {
  if (poolAlive && !pool.free.empty()) {
    TensorImpl* p = pool.free.back();
    pool.free.pop_back();
    return p;
  }
  (void)pool;  // constructs this thread's pool
  poolAlive = true;
  return new TensorImpl();
}
}  // namespace

std::atomic<int64_t> gLiveRequiresGradTensors{0};

void Tensor::recycle(TensorImpl* impl) {
  if (impl->requiresGrad) {
    impl->requiresGrad = false;
    gLiveRequiresGradTensors.fetch_sub(1, std::memory_order_relaxed);
  }
  if (!kPoolEnabled || !poolAlive || pool.free.size() >= kPoolSize || impl->sizes.capacity() > kPooledRank ||
      impl->strides.capacity() > kPooledRank) {
    delete impl;
    return;
  }
  impl->storage = Storage();
  impl->autogradMeta.reset();
  impl->storageOffset = 0;
  impl->numel = 0;
  impl->dtype = ScalarType::Undefined;
  impl->requiresGrad = false;
  impl->wrappedNumber = false;
  pool.free.push_back(impl);
}

namespace {
Tensor makeTensor(Storage storage, IntArrayRef sizes, IntArrayRef strides, int64_t offset, ScalarType dtype) {
  TensorImpl* impl = takeImpl();
  impl->numel = product(sizes);
  impl->storage = std::move(storage);
  impl->sizes.assign(sizes.begin(), sizes.end());
  impl->strides.assign(strides.begin(), strides.end());
  impl->storageOffset = offset;
  impl->dtype = dtype;
  return Tensor(impl);
}

// Row-major strides written into impl's own vector (no temporary).
Tensor makeContiguous(Storage storage, IntArrayRef sizes, ScalarType dtype) {
  TensorImpl* impl = takeImpl();
  impl->numel = product(sizes);
  impl->storage = std::move(storage);
  impl->sizes.assign(sizes.begin(), sizes.end());
  impl->strides.resize(sizes.size());
  int64_t stride = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    impl->strides[d] = stride;
    stride *= std::max<int64_t>(sizes[d], 1);
  }
  impl->storageOffset = 0;
  impl->dtype = dtype;
  return Tensor(impl);
}

void checkDtypeDefined(ScalarType dtype) {
  if (!isDefined(dtype)) throw RuntimeError("cannot create a tensor of undefined dtype");
}

void checkCpu(const Tensor& t, const char* what) {
  if (!t.device().isCpu())
    throw RuntimeError(str(what, ": tensors on device ", t.device(), " are not supported here"));
}
}  // namespace

// ---- factories -----------------------------------------------------------------------------------

Tensor Tensor::empty(IntArrayRef sizes, ScalarType dtype, Device device) {
  checkDtypeDefined(dtype);
  checkSizesNonNegative(sizes);
  // at::empty's computeStorageNbytesContiguous: the byte count must fit in int64_t (no wrap-around
  // to a small buffer that the caller then overruns).
  uint64_t nbytes = elementSize(dtype);
  bool overflowed = false;
  for (int64_t s : sizes) overflowed |= __builtin_mul_overflow(nbytes, static_cast<uint64_t>(s), &nbytes);
  const bool hasZero = std::find(sizes.begin(), sizes.end(), 0) != sizes.end();
  if (hasZero) {
    nbytes = 0;
  } else if (overflowed || nbytes > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    throw RuntimeError(str("Storage size calculation overflowed with sizes=", sizes));
  }
  return makeContiguous(Storage::allocate(nbytes, device), sizes, dtype);
}

Tensor Tensor::empty_strided(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype, Device device) {
  checkDtypeDefined(dtype);
  if (sizes.size() != strides.size())
    throw RuntimeError(str("mismatch in length of strides and shape"));
  checkSizesNonNegative(sizes);
  for (int64_t s : strides)
    if (s < 0) throw RuntimeError(str("as_strided: Negative strides are not supported at the moment, got strides: ", strides));
  const size_t nbytes = computeStorageNbytes(sizes, strides, elementSize(dtype));
  return makeTensor(Storage::allocate(nbytes, device), sizes, strides, 0, dtype);
}

Tensor Tensor::zeros(IntArrayRef sizes, ScalarType dtype, Device device) {
  Tensor t = empty(sizes, dtype, device);
  if (t.device().isCpu() && t.storage().nbytes() > 0) std::memset(t.data(), 0, t.storage().nbytes());
  return t;
}

Tensor Tensor::ones(IntArrayRef sizes, ScalarType dtype, Device device) {
  return full(sizes, 1.0, dtype, device);
}

Tensor Tensor::full(IntArrayRef sizes, double value, ScalarType dtype, Device device) {
  Tensor t = empty(sizes, dtype, device);
  t.fill_(value);
  return t;
}

Tensor Tensor::fromStorage(Storage storage, IntArrayRef sizes, IntArrayRef strides,
                           int64_t storageOffset, ScalarType dtype) {
  checkDtypeDefined(dtype);
  Tensor base = makeTensor(std::move(storage), {0}, {1}, 0, dtype);
  return base.as_strided(sizes, strides, storageOffset);
}

Tensor Tensor::scalar(double value, ScalarType dtype) {
  Tensor t = empty({}, dtype);
  t.setDouble(0, value);
  return t;
}

Tensor Tensor::scalarInt(int64_t value, ScalarType dtype) {
  Tensor t = empty({}, dtype);
  t.setInt64(0, value);
  return t;
}

Tensor Tensor::fromDoubles(const std::vector<double>& values, IntArrayRef sizes, ScalarType dtype) {
  Tensor t = empty(sizes, dtype);
  if (static_cast<int64_t>(values.size()) != t.numel())
    throw RuntimeError(str("fromDoubles: ", values.size(), " values for shape ", sizes));
  visitScalarType(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(t.data());
    for (size_t i = 0; i < values.size(); ++i) p[i] = convertScalar<T>(values[i]);
  });
  return t;
}

Tensor Tensor::fromInt64s(const std::vector<int64_t>& values, IntArrayRef sizes, ScalarType dtype) {
  Tensor t = empty(sizes, dtype);
  if (static_cast<int64_t>(values.size()) != t.numel())
    throw RuntimeError(str("fromInt64s: ", values.size(), " values for shape ", sizes));
  visitScalarType(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(t.data());
    for (size_t i = 0; i < values.size(); ++i) p[i] = convertScalar<T>(values[i]);
  });
  return t;
}

Tensor Tensor::emptyLike(const Tensor& t, std::optional<ScalarType> dtype, MemoryFormat format) {
  const ScalarType dt = dtype.value_or(t.dtype());
  // 1.13's preserve_format: a non-overlapping dense layout is copied stride for stride (size-1 and
  // size-0 dims' strides too: an empty tensor is contiguous, so always dense); any other layout
  // gets dense strides in its own dim order.
  if (format == MemoryFormat::Contiguous || (t.isContiguous() && t.strides() == contiguousStrides(t.sizes())))
    return empty(t.sizes(), dt, t.device());
  if (t.isNonOverlappingAndDense()) return empty_strided(t.sizes(), t.strides(), dt, t.device());
  return empty_strided(t.sizes(), inferDenseStrides(t.sizes(), t.strides()), dt, t.device());
}

// ---- properties ----------------------------------------------------------------------------------

// The factories' message (at::tensor(..., requires_grad=True)); requires_grad_() has its own in PyTorch.
const Tensor& Tensor::setRequiresGrad(bool r) const {
  if (r && !isFloatingType(dtype()))
    throw RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
  setRequiresGradFlag(r);
  return *this;
}

void* Tensor::data() const {
  char* base = static_cast<char*>(impl().storage.data());
  if (!base) return nullptr;
  return base + impl().storageOffset * static_cast<int64_t>(itemSize());
}

void Tensor::checkDtypeIs(ScalarType t) const {
  if (dtype() != t) throw RuntimeError(str("expected scalar type ", t, " but found ", dtype()));
}

Tensor Tensor::makeView(std::vector<int64_t> sizes, std::vector<int64_t> strides, int64_t offset) const {
  Tensor v = makeTensor(impl().storage, sizes, strides, offset, dtype());
  v.setRequiresGradFlag(requiresGrad());
  return v;
}

// ---- element access ------------------------------------------------------------------------------

namespace {
void checkLinearIndex(const Tensor& t, int64_t i) {
  if (i < 0 || i >= t.numel())
    throw RuntimeError(str("element index ", i, " out of range for tensor of ", t.numel(), " elements"),
                       "IndexError");
}
}  // namespace

double Tensor::getDouble(int64_t i) const {
  checkCpu(*this, "getDouble");
  checkLinearIndex(*this, i);
  const int64_t off = offsetOf(i);
  return visitScalarType(dtype(), [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    return convertScalar<double>(static_cast<const T*>(data())[off]);
  });
}

int64_t Tensor::getInt64(int64_t i) const {
  checkCpu(*this, "getInt64");
  checkLinearIndex(*this, i);
  const int64_t off = offsetOf(i);
  return visitScalarType(dtype(), [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    return convertScalar<int64_t>(static_cast<const T*>(data())[off]);
  });
}

void Tensor::setDouble(int64_t i, double value) const {
  checkCpu(*this, "setDouble");
  checkLinearIndex(*this, i);
  const int64_t off = offsetOf(i);
  visitScalarType(dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    static_cast<T*>(data())[off] = convertScalar<T>(value);
  });
}

void Tensor::setInt64(int64_t i, int64_t value) const {
  checkCpu(*this, "setInt64");
  checkLinearIndex(*this, i);
  const int64_t off = offsetOf(i);
  visitScalarType(dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    static_cast<T*>(data())[off] = convertScalar<T>(value);
  });
}

namespace {
void checkOneElement(const Tensor& t) {
  if (t.numel() != 1)
    throw RuntimeError(str("a Tensor with ", t.numel(), " elements cannot be converted to Scalar"));
}
}  // namespace

double Tensor::itemDouble() const {
  checkOneElement(*this);
  return getDouble(0);
}

int64_t Tensor::itemInt64() const {
  checkOneElement(*this);
  return getInt64(0);
}

bool Tensor::itemBool() const {
  checkOneElement(*this);
  checkCpu(*this, "itemBool");
  return visitScalarType(dtype(), [&](auto tag) -> bool {
    using T = typename decltype(tag)::type;
    return convertScalar<bool>(static_cast<const T*>(data())[0]);
  });
}

std::vector<double> Tensor::toDoubles() const {
  checkCpu(*this, "toDoubles");
  std::vector<double> out;
  out.reserve(static_cast<size_t>(numel()));
  visitScalarType(dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data());
    forEachOffset<1>(sizes(), {IntArrayRef(strides())},
                     [&](const int64_t* o) { out.push_back(convertScalar<double>(p[o[0]])); });
  });
  return out;
}

std::vector<int64_t> Tensor::toInt64s() const {
  checkCpu(*this, "toInt64s");
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(numel()));
  visitScalarType(dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data());
    forEachOffset<1>(sizes(), {IntArrayRef(strides())},
                     [&](const int64_t* o) { out.push_back(convertScalar<int64_t>(p[o[0]])); });
  });
  return out;
}

// ---- printing ------------------------------------------------------------------------------------

std::string Tensor::describe() const {
  if (!defined()) return "undefined";
  std::string s = str(irName(dtype()), formatInts(sizes()));
  if (!isContiguous()) s += str(", strides=", formatInts(strides()));
  if (!device().isCpu()) s += str(", device=", device());
  return s;
}

std::string Tensor::toString() const {
  if (!defined() || !device().isCpu()) return describe();
  constexpr int64_t kMaxShown = 32;
  std::ostringstream os;
  os << describe() << " {";
  const int64_t shown = std::min(numel(), kMaxShown);
  for (int64_t i = 0; i < shown; ++i) {
    if (i) os << ", ";
    if (dtype() == ScalarType::Bool)
      os << (getInt64(i) ? "True" : "False");
    else if (isFloatingType(dtype()))
      os << getDouble(i);
    else
      os << getInt64(i);
  }
  if (shown < numel()) os << ", ...";
  os << "}";
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << t.describe(); }

}  // namespace tsjit

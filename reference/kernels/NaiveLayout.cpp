// NaiveLayout.cpp — the reference's own layout and conversion algorithms (NaiveLayout.h).
// Invariant: nothing here calls jit/tensor's view, reshape, permute, expand, select, slice, to,
// clone, copy_ or its scalar conversions; results are Tensor::fromStorage / Tensor::empty plus
// element writes through typed pointers.
#include "reference/kernels/NaiveLayout.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "jit/support/Error.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit::reference::naive {

namespace {

int64_t checkedDim(int64_t dim, int64_t rank) {
  const int64_t n = rank == 0 ? 1 : rank;  // a 0-dim tensor accepts dims 0 and -1
  if (dim < -n || dim >= n)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", dim,
                           ")"),
                       "IndexError");
  return dim < 0 ? dim + n : dim;
}

int64_t productOf(IntArrayRef v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

// Row-major strides, a size of 0 counting as 1 (PyTorch's convention for empty tensors).
std::vector<int64_t> rowMajor(IntArrayRef sizes) {
  std::vector<int64_t> s(sizes.size(), 1);
  for (size_t d = sizes.size(); d-- > 1;) s[d - 1] = s[d] * std::max<int64_t>(sizes[d], 1);
  return s;
}

// The logical index of `linear` in `sizes` (row-major digits).
std::vector<int64_t> digits(int64_t linear, IntArrayRef sizes) {
  std::vector<int64_t> idx(sizes.size(), 0);
  for (size_t d = sizes.size(); d-- > 0;) {
    idx[d] = linear % sizes[d];
    linear /= sizes[d];
  }
  return idx;
}

Tensor viewOf(const Tensor& t, std::vector<int64_t> sizes, std::vector<int64_t> strides, int64_t offset) {
  return Tensor::fromStorage(t.storage(), sizes, strides, offset, t.dtype());
}

}  // namespace

std::vector<int64_t> inferShape(IntArrayRef shape, int64_t numel) {
  std::vector<int64_t> out(shape.begin(), shape.end());
  int64_t inferAt = -1, known = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferAt >= 0) throw RuntimeError("only one dimension can be inferred");
      inferAt = static_cast<int64_t>(d);
    } else if (shape[d] < 0) {
      throw RuntimeError(str("invalid shape dimension ", shape[d]));
    } else {
      known *= shape[d];
    }
  }
  bool fits = inferAt >= 0 ? known != 0 && numel % known == 0 : known == numel;
  if (!fits) throw RuntimeError(str("shape '", formatInts(shape), "' is invalid for input of size ", numel));
  if (inferAt >= 0) out[static_cast<size_t>(inferAt)] = numel / known;
  return out;
}

std::optional<std::vector<int64_t>> viewStrides(const Tensor& t, IntArrayRef shape) {
  const int64_t n = t.numel();
  const size_t rank = shape.size();
  if (t.dim() == 0) return std::vector<int64_t>(rank, 1);
  if (n == 0) {
    if (std::equal(shape.begin(), shape.end(), t.sizes().begin(), t.sizes().end())) return t.strides();
    return rowMajor(shape);
  }
  // The storage offset of every element, in logical order.
  std::vector<int64_t> offsets(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) offsets[static_cast<size_t>(i)] = t.offsetOf(i);
  // Candidate strides: the offset step of a unit step in each dimension of size > 1.
  std::vector<int64_t> unit(rank, 1);  // the linear index of a unit step in dim d
  for (size_t d = rank; d-- > 1;) unit[d - 1] = unit[d] * shape[d];
  std::vector<int64_t> strides(rank, 0);
  for (size_t d = 0; d < rank; ++d)
    if (shape[d] > 1) strides[d] = offsets[static_cast<size_t>(unit[d])] - offsets[0];
  // Every element must sit where the candidate strides put it.
  std::vector<int64_t> idx(rank, 0);
  int64_t expected = offsets[0];
  for (int64_t i = 0; i < n; ++i) {
    if (offsets[static_cast<size_t>(i)] != expected) return std::nullopt;
    // Advance the row-major counter, updating the expected offset.
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < shape[d]) {
        expected += strides[d];
        break;
      }
      expected -= strides[d] * (shape[d] - 1);
      idx[d] = 0;
    }
  }
  // Size-1 dimensions: the stride a row-major run would give them (the next dimension's extent),
  // the innermost one the base's innermost stride — the strides PyTorch reports for them.
  for (size_t d = rank; d-- > 0;) {
    if (shape[d] > 1) continue;
    if (d + 1 < rank) strides[d] = strides[d + 1] * std::max<int64_t>(shape[d + 1], 1);
    else strides[d] = t.strides().back();
  }
  return strides;
}

Tensor view(const Tensor& t, IntArrayRef shape) {
  std::vector<int64_t> sizes = inferShape(shape, t.numel());
  std::optional<std::vector<int64_t>> strides = viewStrides(t, sizes);
  if (!strides)
    throw RuntimeError(
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
        "contiguous subspaces). Use .reshape(...) instead.");
  return viewOf(t, std::move(sizes), std::move(*strides), t.storageOffset());
}

Tensor contiguousCopy(const Tensor& t) {
  Tensor out = Tensor::empty(t.sizes(), t.dtype());
  const size_t item = elementSize(t.dtype());
  const char* src = static_cast<const char*>(t.data());
  char* dst = static_cast<char*>(out.data());
  for (int64_t i = 0; i < t.numel(); ++i)
    std::memcpy(dst + static_cast<size_t>(i) * item, src + static_cast<size_t>(t.offsetOf(i)) * item, item);
  return out;
}

Tensor reshape(const Tensor& t, IntArrayRef shape) {
  std::vector<int64_t> sizes = inferShape(shape, t.numel());
  if (std::optional<std::vector<int64_t>> strides = viewStrides(t, sizes))
    return viewOf(t, std::move(sizes), std::move(*strides), t.storageOffset());
  Tensor copy = contiguousCopy(t);
  return viewOf(copy, sizes, rowMajor(sizes), 0);
}

Tensor permute(const Tensor& t, IntArrayRef dims) {
  const int64_t rank = t.dim();
  if (static_cast<int64_t>(dims.size()) != rank) throw RuntimeError("number of dims don't match in permute");
  std::vector<int64_t> sizes, strides;
  std::vector<int> used(static_cast<size_t>(rank), 0);
  for (int64_t d : dims) {
    const int64_t w = checkedDim(d, rank);
    if (used[static_cast<size_t>(w)]++) throw RuntimeError("permute(): duplicate dims are not allowed.");
    sizes.push_back(t.sizes()[static_cast<size_t>(w)]);
    strides.push_back(t.strides()[static_cast<size_t>(w)]);
  }
  return viewOf(t, std::move(sizes), std::move(strides), t.storageOffset());
}

Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1) {
  const int64_t a = checkedDim(dim0, t.dim()), b = checkedDim(dim1, t.dim());
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  if (t.dim() > 0) {
    std::swap(sizes[static_cast<size_t>(a)], sizes[static_cast<size_t>(b)]);
    std::swap(strides[static_cast<size_t>(a)], strides[static_cast<size_t>(b)]);
  }
  return viewOf(t, std::move(sizes), std::move(strides), t.storageOffset());
}

Tensor expand(const Tensor& t, IntArrayRef target) {
  const int64_t rank = t.dim(), n = static_cast<int64_t>(target.size());
  if (n < rank)
    throw RuntimeError(str("expand(", legacyTypeName(t.dtype()), "{", formatInts(t.sizes()), "}, size=",
                           formatInts(target), "): the number of sizes provided (", n,
                           ") must be greater or equal to the number of dimensions in the tensor (", rank, ")"));
  std::vector<int64_t> sizes(static_cast<size_t>(n)), strides(static_cast<size_t>(n));
  // Dimension i of the result is dimension i - (n - rank) of t (new leading dims have none).
  for (int64_t i = n - 1; i >= 0; --i) {
    const int64_t src = i - (n - rank);
    const int64_t have = src >= 0 ? t.sizes()[static_cast<size_t>(src)] : 1;
    int64_t want = target[static_cast<size_t>(i)];
    if (want == -1) {
      if (src < 0)
        throw RuntimeError(
            str("The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension ", i));
      want = have;
    } else if (want < 0) {
      throw RuntimeError(str("Trying to create tensor with negative dimension ", want, ": ", formatInts(target)));
    }
    int64_t stride;
    if (src < 0) {  // a new leading dim: the extent of the dims inside it (its stride matters only if size 1)
      stride = i + 1 < n ? sizes[static_cast<size_t>(i + 1)] * strides[static_cast<size_t>(i + 1)] : 1;
      if (want != 1) stride = 0;
    } else if (want == have) {
      stride = t.strides()[static_cast<size_t>(src)];
    } else if (have == 1) {
      stride = 0;
    } else {
      throw RuntimeError(str("The expanded size of the tensor (", want, ") must match the existing size (", have,
                             ") at non-singleton dimension ", i, ".  Target sizes: ", formatInts(target),
                             ".  Tensor sizes: ", formatInts(t.sizes())));
    }
    sizes[static_cast<size_t>(i)] = want;
    strides[static_cast<size_t>(i)] = stride;
  }
  return viewOf(t, std::move(sizes), std::move(strides), t.storageOffset());
}

Tensor select(const Tensor& t, int64_t dim, int64_t index) {
  if (t.dim() == 0) throw RuntimeError("select() cannot be applied to a 0-dim tensor.", "IndexError");
  const int64_t d = checkedDim(dim, t.dim());
  const int64_t size = t.sizes()[static_cast<size_t>(d)];
  if (index < -size || index >= size)
    throw RuntimeError(str("select(): index ", index, " out of range for tensor of size ", formatInts(t.sizes()),
                           " at dimension ", d),
                       "IndexError");
  const int64_t i = index < 0 ? index + size : index;
  std::vector<int64_t> sizes, strides;
  for (int64_t k = 0; k < t.dim(); ++k)
    if (k != d) sizes.push_back(t.sizes()[static_cast<size_t>(k)]), strides.push_back(t.strides()[static_cast<size_t>(k)]);
  return viewOf(t, std::move(sizes), std::move(strides), t.storageOffset() + i * t.strides()[static_cast<size_t>(d)]);
}

Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  if (t.dim() == 0) throw RuntimeError("slice() cannot be applied to a 0-dim tensor.");
  const int64_t d = checkedDim(dim, t.dim());
  if (step <= 0) throw RuntimeError("slice step must be positive");
  const int64_t size = t.sizes()[static_cast<size_t>(d)];
  // Python slice semantics on [0, size): negative bounds count from the end, then clamp.
  auto bound = [size](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t b = *v < 0 ? *v + size : *v;
    return b < 0 ? 0 : (b > size ? size : b);
  };
  const int64_t lo = bound(start, 0);
  const int64_t hi = std::max(lo, bound(end, size));
  // Count the selected positions lo, lo + step, ... below hi.
  int64_t count = 0;
  for (int64_t p = lo; p < hi; p += step) ++count;
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  sizes[static_cast<size_t>(d)] = count;
  strides[static_cast<size_t>(d)] = t.strides()[static_cast<size_t>(d)] * step;
  return viewOf(t, std::move(sizes), std::move(strides), t.storageOffset() + lo * t.strides()[static_cast<size_t>(d)]);
}

Tensor unsqueeze(const Tensor& t, int64_t dim) {
  const int64_t d = checkedDim(dim, t.dim() + 1);
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  const int64_t stride = d < t.dim() ? sizes[static_cast<size_t>(d)] * strides[static_cast<size_t>(d)] : 1;
  sizes.insert(sizes.begin() + d, 1);
  strides.insert(strides.begin() + d, stride);
  return viewOf(t, std::move(sizes), std::move(strides), t.storageOffset());
}

// ---- conversions ----------------------------------------------------------------------------------

uint16_t floatToHalfBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  const uint32_t sign = (u >> 16) & 0x8000u;
  const uint32_t exp = (u >> 23) & 0xffu;
  const uint32_t mant = u & 0x7fffffu;
  if (exp == 0xff) return static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0));  // inf / NaN
  if (exp == 0) return static_cast<uint16_t>(sign);  // float subnormals are far below half's range
  const int e = static_cast<int>(exp) - 127;         // value = significand * 2^(e - 23)
  const uint64_t significand = mant | 0x800000u;     // 24 bits
  auto roundShift = [](uint64_t v, int shift) {      // v / 2^shift, to nearest, ties to even
    if (shift >= 63) return uint64_t{0};
    const uint64_t q = v >> shift, r = v & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
    return q + ((r > half || (r == half && (q & 1))) ? 1 : 0);
  };
  if (e >= -14) {  // a normal half: keep 11 of the 24 significant bits
    uint64_t m = roundShift(significand, 13);
    int he = e;
    if (m == 2048) m = 1024, ++he;  // rounded up to the next power of two
    if (he > 15) return static_cast<uint16_t>(sign | 0x7c00u);
    return static_cast<uint16_t>(sign | (static_cast<uint32_t>(he + 15) << 10) | (m & 0x3ffu));
  }
  // A half subnormal: a multiple of 2^-24, value / 2^-24 = significand * 2^(e + 1). Rounding up to
  // 1024 units gives the smallest normal, whose bits are 0x400 as well.
  return static_cast<uint16_t>(sign | roundShift(significand, -(e + 1)));
}

uint16_t floatToBFloat16Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f)) return 0x7fc0u;  // c10's canonical quiet NaN
  const uint32_t low = u & 0xffffu, high = u >> 16;
  const bool up = low > 0x8000u || (low == 0x8000u && (high & 1));
  return static_cast<uint16_t>(high + (up ? 1 : 0));
}

int64_t floatingToIntegral(double v, ScalarType to) {
  if (to == ScalarType::Int64) {
    // x86 cvttsd2si (64-bit): truncation, INT64_MIN for NaN and values outside [-2^63, 2^63).
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(v);
  }
  // int32 and narrower: a 32-bit conversion (INT32_MIN outside [-2^31, 2^31)), then the low bits.
  int64_t w = std::numeric_limits<int32_t>::min();
  if (v >= -2147483648.0 && v < 2147483648.0) w = static_cast<int64_t>(std::trunc(v));
  const uint32_t bits = static_cast<uint32_t>(w);
  switch (to) {
    case ScalarType::Int32: return static_cast<int32_t>(bits);
    case ScalarType::Int16: return static_cast<int16_t>(static_cast<uint16_t>(bits));
    case ScalarType::Int8: return static_cast<int8_t>(static_cast<uint8_t>(bits));
    case ScalarType::UInt8: return static_cast<uint8_t>(bits);
    default: throw RuntimeError(str("naive conversion: ", dtypeName(to), " is not integral"));
  }
}

namespace {

template <typename T>
void store(const Tensor& out, int64_t i, T value) {
  static_cast<T*>(out.data())[out.offsetOf(i)] = value;
}

int64_t wrapIntegral(int64_t v, ScalarType to) {
  const uint64_t bits = static_cast<uint64_t>(v);
  switch (to) {
    case ScalarType::Int64: return v;
    case ScalarType::Int32: return static_cast<int32_t>(static_cast<uint32_t>(bits));
    case ScalarType::Int16: return static_cast<int16_t>(static_cast<uint16_t>(bits));
    case ScalarType::Int8: return static_cast<int8_t>(static_cast<uint8_t>(bits));
    case ScalarType::UInt8: return static_cast<uint8_t>(bits);
    default: return v;
  }
}

// 1.13's layout for a copy of a layout that is not dense (_to_copy's preserve_format): the dims in
// the order of their strides, innermost first, then packed. The order is built by taking the dims
// from the last to the first and moving each one outward past every placed dim whose stride is
// larger (or equal with a larger size) until one is smaller; dims with a 0 stride on either side
// are passed over without deciding.
std::vector<int64_t> denseStridesInOrder(const Tensor& t) {
  const std::vector<int64_t> sz = t.sizes(), st = t.strides();
  std::vector<size_t> order;  // innermost first
  for (size_t k = sz.size(); k-- > 0;) {
    order.push_back(k);
    size_t at = order.size() - 1;
    for (size_t j = at; j-- > 0;) {
      const size_t placed = order[j];
      if (st[placed] == 0 || st[order[at]] == 0) continue;
      const bool outward = st[placed] > st[order[at]] || (st[placed] == st[order[at]] && sz[placed] > sz[order[at]]);
      if (st[placed] < st[order[at]]) break;
      if (outward) {
        std::swap(order[j], order[at]);
        at = j;
      }
    }
  }
  std::vector<int64_t> strides(sz.size());
  int64_t next = 1;
  for (size_t d : order) {
    strides[d] = next;
    next *= std::max<int64_t>(sz[d], 1);
  }
  return strides;
}

}  // namespace

Tensor convert(const Tensor& t, ScalarType to) {
  // The result keeps t's layout when t is dense and non-overlapping, else packs it in its dim order.
  Tensor out = Tensor::empty_strided(t.sizes(), t.isNonOverlappingAndDense() ? t.strides() : denseStridesInOrder(t), to);
  const bool fromFloating = isFloatingType(t.dtype());
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double d = fromFloating ? t.getDouble(i) : 0.0;
    const int64_t n = fromFloating ? 0 : t.getInt64(i);
    switch (to) {
      case ScalarType::Bool: store<bool>(out, i, fromFloating ? d != 0 || std::isnan(d) : n != 0); break;
      case ScalarType::Double: store<double>(out, i, fromFloating ? d : static_cast<double>(n)); break;
      case ScalarType::Float: store<float>(out, i, fromFloating ? static_cast<float>(d) : static_cast<float>(n)); break;
      case ScalarType::Half: {  // through float, as c10::Half's constructor
        const float f = fromFloating ? static_cast<float>(d) : static_cast<float>(n);
        store<uint16_t>(out, i, floatToHalfBits(f));
        break;
      }
      case ScalarType::BFloat16: {
        const float f = fromFloating ? static_cast<float>(d) : static_cast<float>(n);
        store<uint16_t>(out, i, floatToBFloat16Bits(f));
        break;
      }
      case ScalarType::Int64: store<int64_t>(out, i, fromFloating ? floatingToIntegral(d, to) : n); break;
      case ScalarType::Int32:
        store<int32_t>(out, i, static_cast<int32_t>(fromFloating ? floatingToIntegral(d, to) : wrapIntegral(n, to)));
        break;
      case ScalarType::Int16:
        store<int16_t>(out, i, static_cast<int16_t>(fromFloating ? floatingToIntegral(d, to) : wrapIntegral(n, to)));
        break;
      case ScalarType::Int8:
        store<int8_t>(out, i, static_cast<int8_t>(fromFloating ? floatingToIntegral(d, to) : wrapIntegral(n, to)));
        break;
      case ScalarType::UInt8:
        store<uint8_t>(out, i, static_cast<uint8_t>(fromFloating ? floatingToIntegral(d, to) : wrapIntegral(n, to)));
        break;
      default: throw RuntimeError(str("naive conversion to ", dtypeName(to), " is not supported"));
    }
  }
  return out;
}

}  // namespace tsjit::reference::naive

// ShapeCommon.h — private helpers of the Shape, Indexing, Linalg and NN kernel families:
// reading positional arguments off the interpreter stack, wrapping a "compute one result" lambda
// into an Operation, registering overloads another family may already cover, dtype checks.
// Invariants: helpers never copy tensor data unless their name says so (contiguousData...);
// every Operation made here pops exactly numInputs values and pushes the node's outputs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "jit/kernels/Kernel.h"
#include "jit/tensor/Dispatch.h"
#include "jit/tensor/Iterate.h"
#include "jit/tensor/Layout.h"
#include "jit/tensor/ScalarConvert.h"
#include "jit/tensor/Tensor.h"

namespace tsjit::kernels::sk {

// An Operation from fn(IValue* args) -> IValue (one output).
template <typename F>
Operation op(F fn) {
  return [fn](Stack& s, size_t n) {
    IValue* args = s.data() + (s.size() - n);
    IValue r = fn(args);
    drop(s, n);
    s.push_back(std::move(r));
  };
}
// An Operation from fn(IValue* args) -> std::pair<Tensor, Tensor> (two outputs).
template <typename F>
Operation op2(F fn) {
  return [fn](Stack& s, size_t n) {
    IValue* args = s.data() + (s.size() - n);
    auto r = fn(args);
    drop(s, n);
    s.push_back(IValue(std::move(r.first)));
    s.push_back(IValue(std::move(r.second)));
  };
}

// Registers op unless an earlier family already gave the overload a kernel (ops whose
// declaration family and kernel family may both claim them: clone, sort, norms...).
inline void defIfAbsent(std::string_view name, Operation o) {
  if (!findKernel(ops::overload(name))) def(name, std::move(o));
}

inline Tensor optTensor(const IValue& v) { return v.isNone() ? Tensor() : v.toTensor(); }

// int[] argument (a single int is accepted for fixed-size int[N] lists; None reads as []).
inline std::vector<int64_t> intList(const IValue& v) {
  if (v.isNone()) return {};
  if (v.isInt()) return {v.toInt()};
  std::vector<int64_t> out;
  const auto& items = v.toListRef().items;
  out.reserve(items.size());
  for (const IValue& x : items) out.push_back(x.toInt());
  return out;
}
// int[N] argument expanded to n entries (a single value repeats).
inline std::vector<int64_t> intListN(const IValue& v, size_t n) {
  std::vector<int64_t> l = intList(v);
  if (l.size() == 1 && n > 1) l.assign(n, l[0]);
  return l;
}
inline std::vector<Tensor> tensorList(const IValue& v) {
  std::vector<Tensor> out;
  const auto& items = v.toListRef().items;
  out.reserve(items.size());
  for (const IValue& x : items) out.push_back(x.isNone() ? Tensor() : x.toTensor());
  return out;
}
inline IValue tensorListValue(std::vector<Tensor> ts) {
  std::vector<IValue> items;
  items.reserve(ts.size());
  for (auto& t : ts) items.emplace_back(std::move(t));
  return makeList(TensorType::get(), std::move(items));
}
inline IValue intListValue(const std::vector<int64_t>& v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}

// Scalar arguments: numbers as double, or as int64 when the value is an int / bool.
inline double scalarD(const IValue& v) {
  if (v.isTensor()) return v.toTensor().itemDouble();
  return v.toScalarAsDouble();
}
inline bool scalarIsIntegral(const IValue& v) { return v.isInt() || v.isBool(); }
inline int64_t scalarI(const IValue& v) {
  if (v.isInt()) return v.toInt();
  if (v.isBool()) return v.toBool() ? 1 : 0;
  if (v.isTensor()) return v.toTensor().itemInt64();
  return doubleToInt64(v.toDouble());
}
// The dtype a Python number has as a wrapped scalar operand.
inline ScalarType scalarDtype(const IValue& v) {
  if (v.isBool()) return ScalarType::Bool;
  if (v.isInt()) return ScalarType::Int64;
  return ScalarType::Double;
}

inline std::string shapeStr(IntArrayRef s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "]";
}

inline bool isFloating(const Tensor& t) { return isFloatingType(t.dtype()); }

// Calls fn(TypeTag<T>) for float and double; other dtypes raise PyTorch's "not implemented"
// message for opName.
template <typename F>
decltype(auto) visitFloating(ScalarType dt, const char* opName, F&& fn) {
  if (dt == ScalarType::Double) return fn(TypeTag<double>{});
  if (dt == ScalarType::Float) return fn(TypeTag<float>{});
  throw RuntimeError(str("\"", opName, "\" not implemented for '", irName(dt), "'"));
}

// fn(offset) for every element of t in logical order (offsets from t.data()).
template <typename F>
void forEachOffsetOf(const Tensor& t, F&& fn) {
  forEachOffset<1>(t.sizes(), {IntArrayRef(t.strides())}, [&](const int64_t* o) { fn(o[0]); });
}

// Element values of any dtype into a contiguous vector of V.
template <typename V>
std::vector<V> toVector(const Tensor& t) {
  std::vector<V> out(static_cast<size_t>(t.numel()));
  if (out.empty()) return out;
  visitScalarType(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(t.data());
    if (t.isContiguous()) {
      for (size_t i = 0; i < out.size(); ++i) out[i] = convertScalar<V>(p[i]);
    } else {
      size_t i = 0;
      forEachOffsetOf(t, [&](int64_t o) { out[i++] = convertScalar<V>(p[o]); });
    }
  });
  return out;
}


// PyTorch 1.13's suggest_memory_format(t) == ChannelsLast for a 4-D tensor
// (is_channels_last_strides_2d): dims C, W, H, N with non-decreasing strides, no empty dim, and
// not the ambiguous N-stride-equals-C-stride layout. The 2-d pools, the shuffles and unpooling
// return their result in this layout when the input has it.
inline bool suggestsChannelsLast(const Tensor& t) {
  if (t.dim() != 4 || t.stride(1) == 0) return false;
  int64_t least = 0;
  for (int64_t d : {1, 3, 2, 0}) {
    if (t.size(d) == 0 || t.stride(d) < least) return false;
    if (d == 0 && least == t.stride(1)) return false;
    least = t.stride(d) * (t.size(d) > 1 ? t.size(d) : 1);
  }
  return true;
}
// A 4-D result in the channels-last layout of `like` when like suggests it, else as it is.
inline Tensor inLayoutOf(const Tensor& result, const Tensor& like) {
  if (result.dim() != 4 || !suggestsChannelsLast(like)) return result;
  const int64_t C = std::max<int64_t>(result.size(1), 1), W = std::max<int64_t>(result.size(3), 1),
                H = std::max<int64_t>(result.size(2), 1);
  Tensor out = Tensor::empty_strided(result.sizes(), {H * W * C, 1, W * C, C}, result.dtype(), result.device());
  out.copy_(result);
  return out;
}

}  // namespace tsjit::kernels::sk

// ShapeCommon.h — small helpers shared by the reference kernels of the Shape, Indexing, Linalg and
// NN families (argument decoding, exact element copies, index arithmetic, reductions of losses).
//
// Invariants: every helper is plain code over logical row-major indices; nothing here computes an
// op's math (each kernel states its own). Floating values travel as double, integral and bool
// values as int64, so copies between tensors are exact whatever the dtypes.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/support/Error.h"
#include "jit/tensor/ArrayRef.h"
#include "jit/tensor/Layout.h"
#include "jit/tensor/ScalarType.h"
#include "jit/tensor/Tensor.h"
#include "reference/Kernel.h"

namespace tsjit::reference {
// Sub-family registration: each is called once by its family's register<Family>Kernels().
void registerShapeBuildKernels();     // ShapeBuild.cpp, from registerShapeKernels()
void registerShapeViewKernels();      // ShapeViews.cpp, from registerShapeKernels()
void registerIndexingMoreKernels();   // IndexingMore.cpp, from registerIndexingKernels()
void registerIndexingSortKernels();   // IndexingSort.cpp, from registerIndexingKernels()
void registerLinalgDecompKernels();   // LinalgDecomp.cpp, from registerLinalgKernels()
void registerLinalgEinsumKernels();   // LinalgEinsum.cpp, from registerLinalgKernels()
void registerLinalgProductKernels();  // LinalgProducts.cpp, from registerLinalgKernels()
void registerLinalgSolveKernels();    // LinalgSolve.cpp, from registerLinalgKernels()
void registerLinalgSpectralKernels(); // LinalgSpectral.cpp, from registerLinalgKernels()
void registerNNConvKernels();         // NNConv.cpp, from registerNNKernels()
void registerNNNormKernels();         // NNNorm.cpp, from registerNNKernels()
void registerNNLossKernels();         // NNLoss.cpp, from registerNNKernels()
void registerNNLossMoreKernels();     // NNLossMore.cpp, from registerNNKernels()
void registerNNMiscKernels();         // NNMisc.cpp, from registerNNKernels()
void registerNNGridSampleKernels();   // NNGridSample.cpp, from registerNNKernels()
void registerNNUpsampleKernels();     // NNUpsample.cpp, from registerNNKernels()
void registerNNRnnKernels();          // NNRnn.cpp, from registerNNKernels()
void registerNNAttentionKernels();    // NNAttention.cpp, from registerNNKernels()
}  // namespace tsjit::reference

namespace tsjit::reference::shape {

// ---- argument decoding --------------------------------------------------------------------------
inline Tensor tensorArg(const Args& a, size_t i) { return a.at(i).toTensor(); }
inline std::optional<Tensor> optTensorArg(const Args& a, size_t i) {
  if (i >= a.size() || a[i].isNone()) return std::nullopt;
  return a[i].toTensor();
}
inline int64_t intArg(const Args& a, size_t i) {
  const IValue& v = a.at(i);
  return v.isBool() ? static_cast<int64_t>(v.toBool()) : v.toInt();
}
inline std::optional<int64_t> optIntArg(const Args& a, size_t i) {
  if (i >= a.size() || a[i].isNone()) return std::nullopt;
  return intArg(a, i);
}
inline double doubleArg(const Args& a, size_t i) { return a.at(i).toScalarAsDouble(); }
inline std::optional<double> optDoubleArg(const Args& a, size_t i) {
  if (i >= a.size() || a[i].isNone()) return std::nullopt;
  return a[i].toScalarAsDouble();
}
inline bool boolArg(const Args& a, size_t i) { return a.at(i).toBool(); }
inline const std::string& strArg(const Args& a, size_t i) { return a.at(i).toStringRef(); }

// int[] argument; a single int (a BroadcastingList given one value) is repeated `broadcastTo` times.
inline std::vector<int64_t> intListOf(const IValue& v, size_t broadcastTo = 1) {
  if (v.isInt()) return std::vector<int64_t>(broadcastTo, v.toInt());
  std::vector<int64_t> out;
  for (const IValue& x : v.toListRef().items) out.push_back(x.isBool() ? x.toBool() : x.toInt());
  return out;
}
inline std::vector<int64_t> intListArg(const Args& a, size_t i, size_t broadcastTo = 1) {
  return intListOf(a.at(i), broadcastTo);
}
inline std::optional<std::vector<int64_t>> optIntListArg(const Args& a, size_t i) {
  if (i >= a.size() || a[i].isNone()) return std::nullopt;
  return intListOf(a[i]);
}
inline std::optional<std::vector<double>> optDoubleListArg(const Args& a, size_t i) {
  if (i >= a.size() || a[i].isNone()) return std::nullopt;
  std::vector<double> out;
  for (const IValue& x : a[i].toListRef().items) out.push_back(x.toScalarAsDouble());
  return out;
}
inline std::vector<Tensor> tensorListArg(const Args& a, size_t i) {
  std::vector<Tensor> out;
  for (const IValue& x : a.at(i).toListRef().items) out.push_back(x.toTensor());
  return out;
}
// Tensor?[]: undefined Tensors stand for None.
inline std::vector<Tensor> optTensorListArg(const Args& a, size_t i) {
  std::vector<Tensor> out;
  for (const IValue& x : a.at(i).toListRef().items) out.push_back(x.isNone() ? Tensor() : x.toTensor());
  return out;
}
inline ScalarType dtypeArg(const Args& a, size_t i) {
  auto t = fromTorchCode(a.at(i).toInt());
  if (!t) throw RuntimeError(str("Unsupported scalar type code ", a[i].toInt()));  // as the jit engine says
  return *t;
}

// ---- results ------------------------------------------------------------------------------------
inline std::vector<IValue> one(IValue v) {
  std::vector<IValue> out;
  out.push_back(std::move(v));
  return out;
}
inline IValue tensorList(const std::vector<Tensor>& ts) {
  std::vector<IValue> items;
  for (const Tensor& t : ts) items.emplace_back(t);
  return makeList(TensorType::get(), std::move(items));
}
inline IValue intList(const std::vector<int64_t>& xs) {
  std::vector<IValue> items;
  for (int64_t x : xs) items.emplace_back(x);
  return makeList(IntType::get(), std::move(items));
}

// ---- elements -----------------------------------------------------------------------------------
inline bool isFloating(const Tensor& t) { return isFloatingType(t.dtype()); }

// dst[di] = src[si], exact for every pair of dtypes (converting like copy_).
inline void copyElem(const Tensor& dst, int64_t di, const Tensor& src, int64_t si) {
  if (isFloating(src))
    dst.setDouble(di, src.getDouble(si));
  else
    dst.setInt64(di, src.getInt64(si));
}
// A Python scalar as int64 (a float truncates toward zero, as when cast to an integral dtype).
inline int64_t scalarAsInt(const IValue& v) {
  if (v.isDouble()) return static_cast<int64_t>(v.toDouble());
  if (v.isBool()) return v.toBool() ? 1 : 0;
  return v.toInt();
}
// dst[di] = a Python scalar (int, float or bool).
inline void setScalar(const Tensor& dst, int64_t di, const IValue& v) {
  if (v.isDouble())
    dst.setDouble(di, v.toDouble());
  else if (v.isBool())
    dst.setInt64(di, v.toBool() ? 1 : 0);
  else
    dst.setInt64(di, v.toInt());
}

// ---- index arithmetic (product and formatInts come from jit/tensor/ArrayRef.h) --------------
// Row-major linear index of a multi-index.
inline int64_t ravel(const int64_t* idx, IntArrayRef sizes) {
  int64_t lin = 0;
  for (size_t d = 0; d < sizes.size(); ++d) lin = lin * sizes[d] + idx[d];
  return lin;
}
inline int64_t ravel(const std::vector<int64_t>& idx, IntArrayRef sizes) { return ravel(idx.data(), sizes); }
inline std::vector<int64_t> unravel(int64_t lin, IntArrayRef sizes) {
  std::vector<int64_t> idx(sizes.size(), 0);
  for (size_t d = sizes.size(); d-- > 0;) {
    idx[d] = sizes[d] == 0 ? 0 : lin % sizes[d];
    lin = sizes[d] == 0 ? 0 : lin / sizes[d];
  }
  return idx;
}

// ---- loss reductions (reduction: 0 none, 1 mean, 2 sum) -------------------------------------------
// Reduces per-element losses (row-major values with shape `sizes`) into a tensor of `dtype`.
inline Tensor reduceLoss(const std::vector<double>& losses, IntArrayRef sizes, int64_t reduction,
                         ScalarType dtype) {
  if (reduction == 0) return Tensor::fromDoubles(losses, sizes, dtype);
  double sum = 0;
  for (double v : losses) sum += v;
  if (reduction == 1) sum = losses.empty() ? std::nan("") : sum / static_cast<double>(losses.size());
  else if (reduction != 2) throw RuntimeError(str(reduction, " is not a valid value for reduction"));
  return Tensor::scalar(sum, dtype);
}


// 1.13's suggest_memory_format(x) == ChannelsLast for a 4-D tensor: walking C, W, H, N each
// stride is at least the span of the dims before it, no dim is empty, and N's stride is not C's
// (the ambiguous layout). The 2-d pools, the shuffles and unpooling give such inputs
// channels-last results.
inline bool channelsLastSuggested(const Tensor& x) {
  if (x.dim() != 4) return false;
  if (x.stride(1) == 0) return false;
  const int64_t walk[4] = {1, 3, 2, 0};
  int64_t span = 0;
  for (int64_t d : walk) {
    if (x.size(d) == 0) return false;
    if (x.stride(d) < span) return false;
    if (d == 0 && span == x.stride(1)) return false;
    span = x.size(d) > 1 ? x.stride(d) * x.size(d) : x.stride(d);
  }
  return true;
}
// result copied into channels-last strides (N, C, H, W) -> (HWC, 1, WC, C) when `input` suggests
// that layout.
inline Tensor layoutLike(const Tensor& result, const Tensor& input) {
  if (result.dim() != 4 || !channelsLastSuggested(input)) return result;
  auto one = [](int64_t v) { return v > 1 ? v : 1; };
  const int64_t c = one(result.size(1)), h = one(result.size(2)), w = one(result.size(3));
  Tensor out = Tensor::empty_strided(result.sizes(), {h * w * c, 1, w * c, c}, result.dtype());
  for (int64_t i = 0; i < result.numel(); ++i) copyElem(out, i, result, i);
  return out;
}

}  // namespace tsjit::reference::shape

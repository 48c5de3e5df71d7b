// LinalgCommon.h — the plain matrix product shared by the Linalg and NN reference kernels
// (mm, bmm, matmul, linear, lstm_cell...), and the column-major layout of the solvers' results.
// No BLAS: triple loops, accumulating in double for floating dtypes and in wrapping int64 for
// integral ones.
//
// Invariants: products are computed from the logical row-major values of their operands and
// rounded once when the caller stores them; nothing here checks shapes (callers raise PyTorch's
// messages first).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "jit/tensor/Tensor.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference::linalg {

// Wrapping int64 arithmetic (two's complement, as PyTorch's integer kernels behave).
inline int64_t wrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t wrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

// Values of a tensor in logical row-major order, as T (double or int64_t).
template <typename T>
std::vector<T> valuesOf(const Tensor& t) {
  if constexpr (std::is_same_v<T, double>)
    return t.toDoubles();
  else
    return t.toInt64s();
}

// C[b] = A[b] · B[b]: A is [batch, n, m], B is [batch, m, p] (row-major values), C [batch, n, p].
template <typename T>
std::vector<T> batchedProduct(const std::vector<T>& A, const std::vector<T>& B, int64_t batch, int64_t n,
                              int64_t m, int64_t p) {
  std::vector<T> C(static_cast<size_t>(batch * n * p), T(0));
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < p; ++j) {
        T acc = T(0);
        for (int64_t k = 0; k < m; ++k) {
          const T x = A[static_cast<size_t>((b * n + i) * m + k)];
          const T y = B[static_cast<size_t>((b * m + k) * p + j)];
          if constexpr (std::is_same_v<T, double>)
            acc += x * y;
          else
            acc = wrapAdd(acc, wrapMul(x, y));
        }
        C[static_cast<size_t>((b * n + i) * p + j)] = acc;
      }
  return C;
}

template <typename T>
Tensor tensorOf(const std::vector<T>& values, IntArrayRef sizes, ScalarType dtype) {
  if constexpr (std::is_same_v<T, double>)
    return Tensor::fromDoubles(values, sizes, dtype);
  else
    return Tensor::fromInt64s(values, sizes, dtype);
}

// The product of contiguous-shaped operands a [batch, n, m] and b [batch, m, p] as a tensor of
// `dtype` shaped `outSizes` (whose product is batch * n * p).
inline Tensor matProduct(const Tensor& a, const Tensor& b, int64_t batch, int64_t n, int64_t m, int64_t p,
                      IntArrayRef outSizes, ScalarType dtype) {
  if (isFloatingType(dtype))
    return tensorOf(batchedProduct(valuesOf<double>(a), valuesOf<double>(b), batch, n, m, p), outSizes, dtype);
  return tensorOf(batchedProduct(valuesOf<int64_t>(a), valuesOf<int64_t>(b), batch, n, m, p), outSizes, dtype);
}

// Matrix products of two tensors (torch.matmul's rules, with PyTorch's messages).
Tensor matmul(const Tensor& a, const Tensor& b);
Tensor mm(const Tensor& a, const Tensor& b);

// Matrices (row-major values each, a batch in order) as a tensor of `shape` laid out column-major
// per matrix, as LAPACK-backed 1.13 kernels return them (a leading dim of size <= 1 counts as 1).
inline Tensor columnMajor(const std::vector<std::vector<double>>& ms, const std::vector<int64_t>& shape, ScalarType dt) {
  std::vector<double> flat;
  for (const auto& m : ms) flat.insert(flat.end(), m.begin(), m.end());
  const Tensor values = Tensor::fromDoubles(flat, shape, dt);
  const int64_t r = static_cast<int64_t>(shape.size());
  if (r < 2) return values;
  std::vector<int64_t> strides(static_cast<size_t>(r), 1);
  strides[r - 1] = std::max<int64_t>(shape[r - 2], 1);
  int64_t step = std::max<int64_t>(shape[r - 2] * shape[r - 1], 1);
  for (int64_t d = r - 3; d >= 0; --d) {
    strides[d] = step;
    step *= std::max<int64_t>(shape[d], 1);
  }
  Tensor out = Tensor::empty_strided(shape, strides, dt);
  out.copy_(values);
  return out;
}

}  // namespace tsjit::reference::linalg

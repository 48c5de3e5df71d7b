// LinalgGemm.h — the matrix-product core shared by the Linalg and NN kernel families: strided
// matrix operands mapped onto BLAS layouts, OpenBLAS sgemm/dgemm for float32/float64, plain loops
// (wrapping, like PyTorch's integer matmul) for integer dtypes.
// Invariants: C is row-major with leading dimension ldc; gemm computes C = alpha*op(A)op(B) +
// beta*C and never reads C when beta == 0 (NaNs in C are dropped, as BLAS and PyTorch do) nor
// forms the product when alpha == 0 (float / double, as BLAS);
// operands whose strides no BLAS layout can express are copied to contiguous first.
#pragma once

#include <cblas.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels::gemm {

// Single-threaded BLAS (the benchmarks compare with PyTorch run on one thread). Idempotent.
void initBlas();

// A matrix operand: element (i, j) at p[i*rs + j*cs].
template <typename T>
struct Mat {
  const T* p;
  int64_t rows, cols, rs, cs;
};

// BLAS layout of a row-major operand: trans + leading dimension, or false when none fits.
inline bool blasLayout(int64_t rows, int64_t cols, int64_t rs, int64_t cs, bool& trans, int64_t& ld) {
  if ((cs == 1 || cols <= 1) && (rows <= 1 || rs >= std::max<int64_t>(cols, 1))) {
    trans = false;
    ld = rows <= 1 ? std::max<int64_t>(cols, 1) : rs;
    return true;
  }
  if ((rs == 1 || rows <= 1) && (cols <= 1 || cs >= std::max<int64_t>(rows, 1))) {
    trans = true;
    ld = cols <= 1 ? std::max<int64_t>(rows, 1) : cs;
    return true;
  }
  return false;
}

// y[j] = alpha * dot(W[j, 0:K], x) (+ beta * y[j]) for j < N: W row-major with leading dimension
// ldw, x with stride incx. The float row vector times a transposed matrix (`x @ w.t()`, Linear's
// layout) at small sizes, where the BLAS call's own overhead (and, on CPUs OpenBLAS 0.3.21 does
// not recognize, its generic SSE3 kernel) dominated: 16 lanes of partial sums per row (lane l
// takes k = l mod 16, one fixed order, no reassociation by the compiler), then the lanes summed in
// a fixed tree (four rows share its vectors). Deterministic for a given build; differs from BLAS only in rounding order.
inline void smallGemvRows(const float* W, int64_t ldw, const float* x, int64_t incx, int64_t N, int64_t K, float alpha,
                          float beta, float* y) {
  typedef float V16 __attribute__((vector_size(64)));
  typedef float V8 __attribute__((vector_size(32)));
  typedef float V4 __attribute__((vector_size(16)));
  typedef float V2 __attribute__((vector_size(8)));
  float xs[512];
  const float* xc = x;
  if (incx != 1) {
    for (int64_t k = 0; k < K; ++k) xs[k] = x[k * incx];
    xc = xs;
  }
  const int64_t K16 = K / 16 * 16;
  auto rowLanes = [&](int64_t j) {
    const float* w = W + j * ldw;
    V16 acc = {};
    for (int64_t k = 0; k < K16; k += 16) {
      V16 a, b;
      std::memcpy(&a, w + k, sizeof a);
      std::memcpy(&b, xc + k, sizeof b);
      acc += a * b;
    }
    for (int64_t k = K16; k < K; ++k) acc[k - K16] += w[k] * xc[k];
    return acc;
  };
  // Each row's lanes are summed by the same tree, lane l + width into lane l for width 8, 4, 2, 1:
  // four rows at a time in shared vectors, then one row at a time (the same sums either way).
  int64_t j = 0;
  for (; j + 4 <= N; j += 4) {
    const V16 a0 = rowLanes(j), a1 = rowLanes(j + 1), a2 = rowLanes(j + 2), a3 = rowLanes(j + 3);
    const V16 u0 = __builtin_shufflevector(a0, a1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23) +
                   __builtin_shufflevector(a0, a1, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
    const V16 u1 = __builtin_shufflevector(a2, a3, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23) +
                   __builtin_shufflevector(a2, a3, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
    const V16 v = __builtin_shufflevector(u0, u1, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27) +
                  __builtin_shufflevector(u0, u1, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    const V8 d = __builtin_shufflevector(v, v, 0, 1, 4, 5, 8, 9, 12, 13) + __builtin_shufflevector(v, v, 2, 3, 6, 7, 10, 11, 14, 15);
    const V4 e = __builtin_shufflevector(d, d, 0, 2, 4, 6) + __builtin_shufflevector(d, d, 1, 3, 5, 7);
    for (int r = 0; r < 4; ++r) y[j + r] = beta == 0.0f ? alpha * e[r] : alpha * e[r] + beta * y[j + r];
  }
  for (; j < N; ++j) {
    const V16 acc = rowLanes(j);
    const V8 s8 = __builtin_shufflevector(acc, acc, 0, 1, 2, 3, 4, 5, 6, 7) +
                  __builtin_shufflevector(acc, acc, 8, 9, 10, 11, 12, 13, 14, 15);
    const V4 s4 = __builtin_shufflevector(s8, s8, 0, 1, 2, 3) + __builtin_shufflevector(s8, s8, 4, 5, 6, 7);
    const V2 s2 = __builtin_shufflevector(s4, s4, 0, 1) + __builtin_shufflevector(s4, s4, 2, 3);
    const float sum = s2[0] + s2[1];
    y[j] = beta == 0.0f ? alpha * sum : alpha * sum + beta * y[j];
  }
}

// C[M x N] (row-major, ldc) = alpha * A[M x K] * B[K x N] + beta * C.
template <typename T>
void gemm(const Mat<T>& A, const Mat<T>& B, T alpha, T beta, T* C, int64_t ldc) {
  const int64_t M = A.rows, K = A.cols, N = B.cols;
  if (M == 0 || N == 0) return;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (alpha == T(0)) {  // BLAS's documented rule (A and B not read); OpenBLAS's small-matrix kernels
      for (int64_t i = 0; i < M; ++i)  // would form 0 * (A B) and turn inf / NaN operands into NaN
        for (int64_t j = 0; j < N; ++j) C[i * ldc + j] = beta == T(0) ? T(0) : beta * C[i * ldc + j];
      return;
    }
    bool ta = false, tb = false;
    int64_t lda = 0, ldb = 0;
    if (K == 0 || !blasLayout(A.rows, A.cols, A.rs, A.cs, ta, lda) || !blasLayout(B.rows, B.cols, B.rs, B.cs, tb, ldb)) {
      // Rare layouts (stride-0 expands, K == 0...): portable loops.
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
          T acc = 0;
          for (int64_t k = 0; k < K; ++k) acc += A.p[i * A.rs + k * A.cs] * B.p[k * B.rs + j * B.cs];
          T& c = C[i * ldc + j];
          c = beta == T(0) ? alpha * acc : alpha * acc + beta * c;
        }
      return;
    }
    const auto tA = ta ? CblasTrans : CblasNoTrans, tB = tb ? CblasTrans : CblasNoTrans;
    if constexpr (std::is_same_v<T, float>) {
      if (M == 1 && !tb && (A.cs >= 1 || K == 1)) {  // row vector times matrix: y = B^T x
        if (beta == 0.0f)
          for (int64_t j = 0; j < N; ++j) C[j] = 0.0f;
        cblas_sgemv(CblasRowMajor, CblasTrans, static_cast<int>(K), static_cast<int>(N), alpha, B.p,
                    static_cast<int>(ldb), A.p, static_cast<int>(K == 1 ? 1 : A.cs), beta, C, 1);
        return;
      }
      if (M == 1 && tb && (A.cs >= 1 || K == 1)) {  // row vector times a transposed matrix: y = W x
        if (K <= 512 && N * K <= (int64_t{1} << 16)) {
          smallGemvRows(B.p, ldb, A.p, K == 1 ? 1 : A.cs, N, K, alpha, beta, C);
          return;
        }
        if (beta == 0.0f)
          for (int64_t j = 0; j < N; ++j) C[j] = 0.0f;
        cblas_sgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(N), static_cast<int>(K), alpha, B.p,
                    static_cast<int>(ldb), A.p, static_cast<int>(K == 1 ? 1 : A.cs), beta, C, 1);
        return;
      }
      cblas_sgemm(CblasRowMajor, tA, tB, static_cast<int>(M), static_cast<int>(N), static_cast<int>(K), alpha, A.p,
                  static_cast<int>(lda), B.p, static_cast<int>(ldb), beta, C, static_cast<int>(ldc));
    } else {
      cblas_dgemm(CblasRowMajor, tA, tB, static_cast<int>(M), static_cast<int>(N), static_cast<int>(K), alpha, A.p,
                  static_cast<int>(lda), B.p, static_cast<int>(ldb), beta, C, static_cast<int>(ldc));
    }
  } else {
    using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>>;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        uint64_t acc = 0;
        for (int64_t k = 0; k < K; ++k)
          acc += static_cast<uint64_t>(static_cast<int64_t>(A.p[i * A.rs + k * A.cs])) *
                 static_cast<uint64_t>(static_cast<int64_t>(B.p[k * B.rs + j * B.cs]));
        T& c = C[i * ldc + j];
        uint64_t r = acc * static_cast<uint64_t>(static_cast<int64_t>(alpha));
        if (beta != T(0)) r += static_cast<uint64_t>(static_cast<int64_t>(beta)) * static_cast<uint64_t>(static_cast<int64_t>(c));
        c = static_cast<T>(static_cast<U>(r));
      }
  }
}

// The element types matrix products accept (PyTorch CPU: floating float/double and integers).
template <typename F>
decltype(auto) visitMatmulType(ScalarType dt, const char* opName, F&& fn) {
  switch (dt) {
    case ScalarType::Float: return fn(TypeTag<float>{});
    case ScalarType::Double: return fn(TypeTag<double>{});
    case ScalarType::Int64: return fn(TypeTag<int64_t>{});
    case ScalarType::Int32: return fn(TypeTag<int32_t>{});
    case ScalarType::Int16: return fn(TypeTag<int16_t>{});
    case ScalarType::Int8: return fn(TypeTag<int8_t>{});
    case ScalarType::UInt8: return fn(TypeTag<uint8_t>{});
    default: break;
  }
  throw RuntimeError(str("\"", opName, "\" not implemented for '", irName(dt), "'"));
}

// Mat view of a 2-D (or batch slice of a) tensor starting at data() + offset.
template <typename T>
Mat<T> matOf(const Tensor& t, int64_t offset = 0) {
  const int64_t n = t.dim();
  return {static_cast<const T*>(t.data()) + offset, t.size(n - 2), t.size(n - 1), t.stride(n - 2), t.stride(n - 1)};
}

// A scalar argument (beta / alpha) converted to T.
template <typename T>
T scalarAs(const IValue& v) {
  return sk::scalarIsIntegral(v) ? convertScalar<T>(sk::scalarI(v)) : convertScalar<T>(sk::scalarD(v));
}

}  // namespace tsjit::kernels::gemm

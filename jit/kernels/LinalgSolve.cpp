// LinalgSolve.cpp — optimized kernels of the Linalg family, part 4: LU / Cholesky based solvers on
// LAPACK (OpenBLAS): linalg_slogdet / slogdet / logdet, linalg_solve, linalg_inv_ex, linalg_cholesky
// / cholesky, linalg_matrix_power, linalg_solve_triangular / triangular_solve, cholesky_solve /
// cholesky_inverse, linalg_matrix_exp (scaling and squaring).
// Facts (python3-torch 1.13.1): checks run in the order dims, square, floating, dtype agreement,
// low precision, each message prefixed by the API name ("linalg.solve: ..."); singular / not
// positive-definite inputs raise LinAlgError (a RuntimeError in TorchScript) with "(Batch element
// k): " for batched inputs; results of the solvers and factorizations are column-major per matrix
// (strides [..., 1, rows]) like LAPACK's; slogdet's sign is prod(sign(diag U)) times the pivot
// parity (so -0.0 for a singular matrix with odd parity).
// Invariants: every matrix is copied column-major, factored in its dtype (float / double) by
// LAPACK; batches broadcast (linalg_solve, solve_triangular) and are processed one by one.
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"

extern "C" {
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgetrs_(const char* trans, const int* n, const int* nrhs, const float* a, const int* lda, const int* ipiv, float* b,
             const int* ldb, int* info, size_t);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv,
             double* b, const int* ldb, int* info, size_t);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, size_t);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
}

namespace tsjit::kernels {
namespace {
using namespace sk;

Tensor runT(std::string_view name, std::vector<IValue> args) { return runKernel(name, std::move(args)).toTensor(); }

// ---- LAPACK wrappers (column-major, n x n, leading dimension n) ----------------------------------
template <typename T>
int getrf(int n, T* a, int* ipiv) {
  int info = 0;
  if constexpr (std::is_same_v<T, float>) sgetrf_(&n, &n, a, &n, ipiv, &info);
  else dgetrf_(&n, &n, a, &n, ipiv, &info);
  return info;
}
template <typename T>
void getrs(char trans, int n, int nrhs, const T* lu, const int* ipiv, T* b) {
  int info = 0;
  const int ldb = std::max(n, 1);
  if constexpr (std::is_same_v<T, float>) sgetrs_(&trans, &n, &nrhs, lu, &n, ipiv, b, &ldb, &info, 1);
  else dgetrs_(&trans, &n, &nrhs, lu, &n, ipiv, b, &ldb, &info, 1);
}
template <typename T>
int potrf(char uplo, int n, T* a) {
  int info = 0;
  if constexpr (std::is_same_v<T, float>) spotrf_(&uplo, &n, a, &n, &info, 1);
  else dpotrf_(&uplo, &n, a, &n, &info, 1);
  return info;
}

// ---- 1.13's checks ----------------------------------------------------------------------------------
void checkMatrices(const Tensor& A, const char* api, const char* name = "A") {
  if (A.dim() < 2) throw RuntimeError(str(api, ": The input tensor ", name, " must have at least 2 dimensions."));
}
void checkSquare(const Tensor& A, const char* api) {
  checkMatrices(A, api);
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str(api, ": A must be batches of square matrices, but they are ", A.size(-2), " by ", A.size(-1),
                           " matrices"));
}
void checkFloating(const Tensor& A, const char* api) {
  if (!isFloating(A))
    throw RuntimeError(str(api, ": Expected a floating point or complex tensor as input. Got ", irName(A.dtype())));
}
bool lowPrecision(ScalarType dt) { return dt == ScalarType::Half || dt == ScalarType::BFloat16; }
void checkNotLowPrecision(const Tensor& A, const char* api) {
  if (lowPrecision(A.dtype())) throw RuntimeError(str(api, ": Low precision dtypes not supported. Got ", irName(A.dtype())));
}
// A LAPACK kernel's dispatch (float / double only); an empty input never reaches it.
void checkLapackDtype(const Tensor& A, const char* kernel) {
  const ScalarType dt = A.dtype();
  if (A.numel() != 0 && dt != ScalarType::Float && dt != ScalarType::Double)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dt), "'"));
}
std::string batchPrefix(bool batched, int64_t b) { return batched ? str("(Batch element ", b, "): ") : std::string(); }

// Strides of a batch of matrices stored column-major (LAPACK's layout), batches row-major; a 1-D
// shape is one column.
std::vector<int64_t> colMajorStrides(IntArrayRef shape) {
  const int64_t r = static_cast<int64_t>(shape.size());
  std::vector<int64_t> s(static_cast<size_t>(r), 1);
  if (r < 2) return s;
  s[r - 2] = 1;
  s[r - 1] = std::max<int64_t>(shape[r - 2], 1);
  int64_t step = std::max<int64_t>(shape[r - 2] * shape[r - 1], 1);
  for (int64_t d = r - 3; d >= 0; --d) {
    s[d] = step;
    step *= std::max<int64_t>(shape[d], 1);
  }
  return s;
}
// A [batch..., rows, cols] tensor with column-major matrices filled from per-matrix buffers.
Tensor colMajorTensor(IntArrayRef shape, ScalarType dt) { return Tensor::empty_strided(shape, colMajorStrides(shape), dt); }

// The matrices of A (broadcast to batch + its own matrix dims) as column-major copies.
template <typename T>
std::vector<T> colMajorCopy(const Tensor& A, const std::vector<int64_t>& batch) {
  std::vector<int64_t> shape = batch;
  shape.push_back(A.size(-2));
  shape.push_back(A.size(-1));
  // The last two dims swapped, then made contiguous: each matrix column-major.
  const Tensor c = A.expand(shape).transpose(-1, -2).contiguous();
  const T* p = static_cast<const T*>(c.data());
  return std::vector<T>(p, p + c.numel());
}
// Writes per-matrix column-major data into a column-major tensor (same element order).
template <typename T>
void fill(Tensor& out, const std::vector<T>& data) {
  std::copy(data.begin(), data.end(), static_cast<T*>(out.data()));
}

int64_t batchCount(const std::vector<int64_t>& batch) {
  int64_t n = 1;
  for (int64_t s : batch) n *= s;
  return n;
}
std::vector<int64_t> batchOf(const Tensor& A) { return std::vector<int64_t>(A.sizes().begin(), A.sizes().end() - 2); }

// ---- slogdet / logdet -----------------------------------------------------------------------------

std::pair<Tensor, Tensor> slogdet(const Tensor& A, const char* api) {
  checkSquare(A, api);
  checkFloating(A, api);
  checkNotLowPrecision(A, api);
  const int64_t n = A.size(-1);
  const std::vector<int64_t> batch = batchOf(A);
  Tensor sign = Tensor::empty(batch, A.dtype()), logabs = Tensor::empty(batch, A.dtype());
  visitFloating(A.dtype(), "linalg_slogdet", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> m = colMajorCopy<T>(A, batch);
    std::vector<int> ipiv(static_cast<size_t>(std::max<int64_t>(n, 1)));
    T* s = static_cast<T*>(sign.data());
    T* l = static_cast<T*>(logabs.data());
    for (int64_t b = 0; b < batchCount(batch); ++b) {
      T* a = m.data() + b * n * n;
      if (n > 0) getrf<T>(static_cast<int>(n), a, ipiv.data());
      T sg = T(1);
      double acc = 0;
      bool odd = false;
      for (int64_t i = 0; i < n; ++i) {
        const T d = a[i * n + i];
        sg *= d > T(0) ? T(1) : d < T(0) ? T(-1) : T(0);  // sign(NaN) = 0
        acc += static_cast<double>(std::log(std::fabs(d)));
        odd = odd != (ipiv[i] != i + 1);
      }
      s[b] = odd ? -sg : sg;
      l[b] = static_cast<T>(acc);
    }
  });
  return {sign, logabs};
}

Tensor logdet(const Tensor& A) {
  auto [sign, logabs] = slogdet(A, "logdet");
  Tensor out = logabs.contiguous().clone();
  visitFloating(A.dtype(), "logdet", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* s = static_cast<const T*>(sign.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t i = 0; i < out.numel(); ++i)
      if (s[i] == T(-1)) o[i] = std::numeric_limits<T>::quiet_NaN();
  });
  return out;
}

// ---- linalg_solve -----------------------------------------------------------------------------

// 1.13's linalg_solve_is_vector_rhs: B is a (batch of) vector(s).
bool isVectorRhs(const Tensor& A, const Tensor& B) {
  if (B.dim() == 1) return true;
  if (A.dim() - 1 != B.dim()) return false;
  for (int64_t i = 0; i < B.dim(); ++i)
    if (B.size(i) != A.size(i)) return false;
  return true;
}

void checkSolverShapes(const Tensor& A, const Tensor& B, bool left, const char* api) {
  checkSquare(A, api);
  checkMatrices(B, api, "B");
  const bool ok = left ? A.size(-2) == B.size(-2) : A.size(-1) == B.size(-1);
  if (!ok)
    throw RuntimeError(str(api, ": Incompatible shapes of A and B for the equation ", left ? "AX = B" : "XA = B", " (",
                           A.size(-2), "x", A.size(-1), " and ", B.size(-2), "x", B.size(-1), ")"));
}

std::vector<int64_t> broadcastBatch(const Tensor& A, const Tensor& B) {
  return inferBroadcastShape(batchOf(A), batchOf(B));
}

// X with A X = B (left) or X A = B: LU of A (getrf) and getrs; results column-major (left) or
// row-major (right: the transposed left problem's column-major solution).
std::pair<Tensor, Tensor> solveEx(const Tensor& A, const Tensor& B, bool left, bool checkErrors, const char* api,
                                  const char* errApi) {
  checkFloating(A, api);
  if (A.dtype() != B.dtype())
    throw RuntimeError(str(api, ": Expected A and B to have the same dtype, but found A of type ", irName(A.dtype()),
                           " and B of type ", irName(B.dtype()), " instead"));
  const bool vector = isVectorRhs(A, B);
  const Tensor B2 = vector ? B.unsqueeze(-1) : B;
  checkSolverShapes(A, B2, left, api);
  std::vector<int64_t> batch = broadcastBatch(A, B2);
  if (!left && vector)
    throw RuntimeError(str(api, ": Vector broadcasting of the left hand side is not supported for left=False. In this case "
                                "linalg.solve is equivalent to B / A.squeeze(-1)"));
  checkLapackDtype(A, "lu_cpu");
  const int64_t n = A.size(-1);
  // The left problem: A' X' = B' with A' = A (left) or A^T, B' = B2 (left) or B2^T.
  const Tensor Bl = left ? B2 : B2.transpose(-1, -2);
  const int64_t k = Bl.size(-1);
  std::vector<int64_t> shape = batch;
  shape.insert(shape.end(), {n, k});
  Tensor X = colMajorTensor(shape, A.dtype());
  Tensor info = Tensor::zeros(batch, ScalarType::Int32);
  if (A.numel() != 0 || X.numel() != 0) {
    visitFloating(A.dtype(), "linalg_solve", [&](auto tag) {
      using T = typename decltype(tag)::type;
      std::vector<T> a = colMajorCopy<T>(left ? A : A.transpose(-1, -2), batch);
      std::vector<T> x = colMajorCopy<T>(Bl, batch);
      std::vector<int> ipiv(static_cast<size_t>(std::max<int64_t>(n, 1)));
      int32_t* inf = static_cast<int32_t*>(info.data());
      for (int64_t b = 0; b < batchCount(batch); ++b) {
        if (n == 0) continue;
        T* m = a.data() + b * n * n;
        const int r = getrf<T>(static_cast<int>(n), m, ipiv.data());
        inf[b] = r;
        if (r > 0 && checkErrors)
          throw RuntimeError(str(errApi, ": ", batchPrefix(!batch.empty(), b),
                                 "The solver failed because the input matrix is singular."));
        if (k > 0) getrs<T>('N', static_cast<int>(n), static_cast<int>(k), m, ipiv.data(), x.data() + b * n * k);
      }
      fill<T>(X, x);
    });
  }
  Tensor result = left ? X : X.transpose(-1, -2);
  if (vector) result = result.squeeze(-1);
  if (vector && result.dim() >= 2) {  // 1.13: the vector result's last two dims column-major
    Tensor r = colMajorTensor(result.sizes(), result.dtype());
    r.copy_(result);
    result = r;
  }
  return {result, info};
}

// ---- linalg_inv_ex ------------------------------------------------------------------------------

std::pair<Tensor, Tensor> invEx(const Tensor& A, bool checkErrors) {
  checkSquare(A, "linalg.inv");
  checkFloating(A, "linalg.inv");
  checkNotLowPrecision(A, "linalg.inv");
  const int64_t n = A.size(-1);
  const std::vector<int64_t> batch = batchOf(A);
  Tensor X = colMajorTensor(A.sizes(), A.dtype());
  Tensor info = Tensor::zeros(batch, ScalarType::Int32);
  visitFloating(A.dtype(), "linalg_inv_ex", [&](auto tag) {
    using T = typename decltype(tag)::type;
    // 1.13 factors A^T when A is contiguous (its row-major storage is A^T column-major) and solves
    // with the transpose; the reported zero pivot is that of the matrix factored.
    const bool useAT = A.isContiguous();
    std::vector<T> a = colMajorCopy<T>(useAT ? A.transpose(-1, -2) : A, batch);
    std::vector<T> x(a.size(), T(0));
    std::vector<int> ipiv(static_cast<size_t>(std::max<int64_t>(n, 1)));
    int32_t* inf = static_cast<int32_t*>(info.data());
    for (int64_t b = 0; b < batchCount(batch); ++b) {
      if (n == 0) continue;
      T* m = a.data() + b * n * n;
      T* xb = x.data() + b * n * n;
      const int r = getrf<T>(static_cast<int>(n), m, ipiv.data());
      inf[b] = r;
      if (r > 0 && checkErrors)
        throw RuntimeError(str("linalg.inv_ex: ", batchPrefix(A.dim() > 2, b), "The diagonal element ", r,
                               " is zero, the inversion could not be completed because the input matrix is singular."));
      for (int64_t i = 0; i < n; ++i) xb[i * n + i] = T(1);
      getrs<T>(useAT ? 'T' : 'N', static_cast<int>(n), static_cast<int>(n), m, ipiv.data(), xb);
    }
    fill<T>(X, x);
  });
  return {X, info};
}

// ---- cholesky ---------------------------------------------------------------------------------

Tensor cholesky(const Tensor& A, bool upper, const char* api, bool floatingCheck) {
  checkSquare(A, api);
  if (floatingCheck) checkFloating(A, api);
  checkLapackDtype(A, "cholesky_cpu");
  const int64_t n = A.size(-1);
  const std::vector<int64_t> batch = batchOf(A);
  Tensor L = colMajorTensor(A.sizes(), A.dtype());
  if (A.numel() == 0) return L;
  visitFloating(A.dtype(), "cholesky", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> a = colMajorCopy<T>(A, batch);
    for (int64_t b = 0; b < batchCount(batch); ++b) {
      T* m = a.data() + b * n * n;
      const int r = potrf<T>(upper ? 'U' : 'L', static_cast<int>(n), m);
      if (r > 0)
        throw RuntimeError(str(api, ": ", batchPrefix(A.dim() > 2, b),
                               "The factorization could not be completed because the input is not positive-definite (the "
                               "leading minor of order ",
                               r, " is not positive-definite)."));
      for (int64_t j = 0; j < n; ++j)  // column j: zero the other triangle
        for (int64_t i = 0; i < n; ++i)
          if (upper ? i > j : i < j) m[j * n + i] = T(0);
    }
    fill<T>(L, a);
  });
  return L;
}

// ---- matrix_power --------------------------------------------------------------------------------

Tensor matrixPower(const Tensor& A, int64_t n) {
  checkSquare(A, "linalg.matrix_power");
  auto matmul = [](const Tensor& x, const Tensor& y) { return runT("aten::matmul", {IValue(x), IValue(y)}); };
  if (n == 0) {  // the identity, batched, contiguous
    Tensor out = Tensor::empty(A.sizes(), A.dtype());
    const int64_t m = A.size(-1);
    Tensor eye = runT("aten::eye", {IValue(m), IValue(toTorchCode(A.dtype())), IValue(), IValue(), IValue()});
    out.copy_(eye.expand(A.sizes()));
    return out;
  }
  Tensor a = A;
  if (n < 0) {
    a = runT("aten::linalg_inv", {IValue(A)});
    n = -n;
    if (n == 1) return a;
  } else if (n == 1) {
    return A.clone(MemoryFormat::Contiguous);
  }
  if (n == 2) return matmul(a, a);
  if (n == 3) return matmul(matmul(a, a), a);
  Tensor z, result;
  while (n > 0) {
    const bool bit = n % 2 == 1;
    n /= 2;
    z = z.defined() ? matmul(z, z) : a;
    if (bit) result = result.defined() ? matmul(result, z) : z.clone(MemoryFormat::Contiguous);
  }
  return result;
}

// ---- triangular solves -------------------------------------------------------------------------

// X with op(A) X = B (column-major batches) by trsm; A, B already broadcast to `batch`.
Tensor triangularSolve(const Tensor& A, const Tensor& B, const std::vector<int64_t>& batch, bool upper, bool transA,
                       bool unit, ScalarType dt) {
  const int64_t n = A.size(-1), k = B.size(-1);
  std::vector<int64_t> shape = batch;
  shape.insert(shape.end(), {n, k});
  Tensor X = colMajorTensor(shape, dt);
  if (X.numel() == 0) return X;
  visitFloating(dt, "triangular_solve", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> a = colMajorCopy<T>(A.to(dt), batch), x = colMajorCopy<T>(B.to(dt), batch);
    for (int64_t b = 0; b < batchCount(batch); ++b) {
      const auto uplo = upper ? CblasUpper : CblasLower;
      const auto tr = transA ? CblasTrans : CblasNoTrans;
      const auto diag = unit ? CblasUnit : CblasNonUnit;
      const int N = static_cast<int>(n), K = static_cast<int>(k), ld = std::max(N, 1);
      if constexpr (std::is_same_v<T, float>)
        cblas_strsm(CblasColMajor, CblasLeft, uplo, tr, diag, N, K, 1.0f, a.data() + b * n * n, ld, x.data() + b * n * k, ld);
      else
        cblas_dtrsm(CblasColMajor, CblasLeft, uplo, tr, diag, N, K, 1.0, a.data() + b * n * n, ld, x.data() + b * n * k, ld);
    }
    fill<T>(X, x);
  });
  return X;
}

Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unit) {
  const char* api = "linalg.solve_triangular";
  checkSolverShapes(A, B, left, api);
  const std::vector<int64_t> batch = broadcastBatch(A, B);
  const ScalarType dt = A.dtype();
  checkLapackDtype(A, "triangular_solve_cpu");
  Tensor X;
  if (left) {
    X = triangularSolve(A, B, batch, upper, false, unit, dt);
  } else {  // X A = B  <=>  A^T X^T = B^T
    X = triangularSolve(A, B.transpose(-1, -2), batch, upper, true, unit, dt).transpose(-1, -2);
    Tensor r = colMajorTensor(X.sizes(), dt);
    r.copy_(X);
    X = r;
  }
  return X;
}

std::pair<Tensor, Tensor> triangularSolveOp(const Tensor& b, const Tensor& A, bool upper, bool transpose, bool unit) {
  if (b.dim() < 2)
    throw RuntimeError(str("torch.triangular_solve: Expected b to have at least 2 dimensions, but it has ", b.dim(),
                           " dimensions instead"));
  if (A.dim() < 2)
    throw RuntimeError(str("torch.triangular_solve: Expected A to have at least 2 dimensions, but it has ", A.dim(),
                           " dimensions instead"));
  if (b.dtype() != A.dtype())
    throw RuntimeError(str("Expected b and A to have the same dtype, but found b of type ", irName(b.dtype()),
                           " and A of type ", irName(A.dtype()), " instead."));
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str("A must be batches of square matrices, but they are ", A.size(-2), " by ", A.size(-1), " matrices"));
  if (A.size(-1) != b.size(-2))
    throw RuntimeError(str("Incompatible matrix sizes for triangular_solve: each A matrix is ", A.size(-1), " by ",
                           A.size(-1), " but each b matrix is ", b.size(-2), " by ", b.size(-1)));
  const std::vector<int64_t> batch = broadcastBatch(A, b);
  checkLapackDtype(b, "triangular_solve_cpu");
  Tensor X = triangularSolve(A, b, batch, upper, transpose, unit, A.dtype());
  std::vector<int64_t> aShape = batch;
  aShape.insert(aShape.end(), {A.size(-2), A.size(-1)});
  Tensor M = colMajorTensor(aShape, A.dtype());
  M.copy_(A.expand(aShape));
  return {X, M};
}

// ---- cholesky_solve / cholesky_inverse ---------------------------------------------------------

// X with (L L^T) X = B (upper: U^T U X = B) by two triangular solves; batches broadcast.
std::pair<Tensor, Tensor> choleskySolveChecked(const Tensor& B, const Tensor& L) {
  if (B.dim() < 2) throw RuntimeError(str("b should have at least 2 dimensions, but has ", B.dim(), " dimensions instead"));
  if (L.dim() < 2) throw RuntimeError(str("u should have at least 2 dimensions, but has ", L.dim(), " dimensions instead"));
  if (B.dtype() != L.dtype())
    throw RuntimeError(str("Expected b and A to have the same dtype, but found b of type ", irName(B.dtype()), " and A of type ",
                           irName(L.dtype()), " instead."));
  if (L.size(-1) != L.size(-2))
    throw RuntimeError(str("A must be batches of square matrices, but they are ", L.size(-2), " by ", L.size(-1), " matrices"));
  if (L.size(-1) != B.size(-2))
    throw RuntimeError(str("Incompatible matrix sizes for cholesky_solve: each A matrix is ", L.size(-1), " by ", L.size(-1),
                           " but each b matrix is ", B.size(-2), " by ", B.size(-1)));
  return {B, L};
}
// cholesky_solve / cholesky_inverse check the dtype even for empty inputs (python3-torch 1.13.1:
// cholesky_inverse of a [0, 2, 2] BFloat16 / int64 tensor raises "... not implemented for ...").
void checkLapackDtypeAlways(const Tensor& A, const char* kernel) {
  if (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(A.dtype()), "'"));
}
Tensor choleskySolve(const Tensor& B, const Tensor& L, bool upper, const char* kernel) {
  checkLapackDtypeAlways(B, kernel);
  const std::vector<int64_t> batch = broadcastBatch(L, B);
  // L L^T X = B: L Y = B, then L^T X = Y (upper: U^T Y = B, then U X = Y).
  const Tensor Y = triangularSolve(L, B, batch, upper, upper, false, L.dtype());
  return triangularSolve(L, Y, batch, upper, !upper, false, L.dtype());
}
Tensor choleskyInverse(const Tensor& L, bool upper) {
  checkSquare(L, "cholesky_inverse");
  checkLapackDtypeAlways(L, "cholesky_inverse_out_cpu");
  const Tensor eye = runT("aten::eye", {IValue(L.size(-1)), IValue(toTorchCode(L.dtype())), IValue(), IValue(), IValue()});
  std::vector<int64_t> shape(L.sizes().begin(), L.sizes().end());
  return choleskySolve(eye.expand(shape), L, upper, "cholesky_inverse_out_cpu");
}

// ---- matrix_exp ---------------------------------------------------------------------------------

// exp(A) by scaling and squaring: A / 2^s with |A / 2^s|_1 <= 1/2, a degree-18 Taylor polynomial
// (Horner, in the dtype), then s squarings; the result takes A's layout (1.13 computes it with ops
// that keep a transposed input's strides).
Tensor matrixExp(const Tensor& A) {
  checkSquare(A, "linalg.matrix_exp");
  if (!isFloating(A)) throw RuntimeError(str("matrix_exp: Expected a floating point or complex tensor as input. Got ", irName(A.dtype())));
  if (A.dtype() == ScalarType::Half) throw RuntimeError("\"log2_vml_cpu\" not implemented for 'Half'");
  if (A.numel() == 0) return Tensor::empty_strided(A.sizes(), A.strides(), A.dtype());  // 1.13: A cloned, strides kept
  Tensor out = Tensor::emptyLike(A);
  const int64_t n = A.size(-1);
  const ScalarType dt = A.dtype() == ScalarType::BFloat16 ? ScalarType::Float : A.dtype();
  Tensor res = Tensor::empty(A.sizes(), dt);
  visitFloating(dt, "linalg_matrix_exp", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const Tensor c = A.to(dt).contiguous();
    const T* src = static_cast<const T*>(c.data());
    T* dst = static_cast<T*>(res.data());
    const int64_t count = c.numel() / (n * n);
    std::vector<T> a(n * n), acc(n * n), tmp(n * n);
    auto mul = [&](const std::vector<T>& x, const std::vector<T>& y, std::vector<T>& z) {
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j) {
          T s = 0;
          for (int64_t k = 0; k < n; ++k) s += x[i * n + k] * y[k * n + j];
          z[i * n + j] = s;
        }
    };
    for (int64_t b = 0; b < count; ++b) {
      std::copy(src + b * n * n, src + (b + 1) * n * n, a.begin());
      double norm = 0;  // the 1-norm (max column sum)
      for (int64_t j = 0; j < n; ++j) {
        double col = 0;
        for (int64_t i = 0; i < n; ++i) col += std::fabs(static_cast<double>(a[i * n + j]));
        norm = std::max(norm, col);
      }
      int s = 0;
      if (norm > 0.5 && std::isfinite(norm)) s = static_cast<int>(std::ceil(std::log2(norm / 0.5)));
      const T scale = static_cast<T>(std::ldexp(1.0, -s));
      for (auto& v : a) v *= scale;
      // Horner: acc = I + a/1 (I + a/2 (I + ... (I + a/18)))
      std::fill(acc.begin(), acc.end(), T(0));
      for (int64_t i = 0; i < n; ++i) acc[i * n + i] = T(1);
      for (int k = 18; k >= 1; --k) {
        mul(a, acc, tmp);
        for (int64_t i = 0; i < n * n; ++i) acc[i] = tmp[i] / static_cast<T>(k);
        for (int64_t i = 0; i < n; ++i) acc[i * n + i] += T(1);
      }
      for (int q = 0; q < s; ++q) {
        mul(acc, acc, tmp);
        acc.swap(tmp);
      }
      std::copy(acc.begin(), acc.end(), dst + b * n * n);
    }
  });
  out.copy_(res.to(A.dtype()));
  return out;
}

}  // namespace

void registerLinalgSolveKernels() {
  def("aten::cholesky_solve", op([](IValue* a) {
        auto [B, L] = choleskySolveChecked(a[0].toTensor(), a[1].toTensor());
        return IValue(choleskySolve(B, L, a[2].toBool(), "cholesky_solve_cpu"));
      }));
  def("aten::cholesky_inverse", op([](IValue* a) { return IValue(choleskyInverse(a[0].toTensor(), a[1].toBool())); }));
  def("aten::linalg_matrix_exp", op([](IValue* a) { return IValue(matrixExp(a[0].toTensor())); }));
  def("aten::linalg_slogdet", op2([](IValue* a) { return slogdet(a[0].toTensor(), "linalg.slogdet"); }));
  def("aten::slogdet", op2([](IValue* a) { return slogdet(a[0].toTensor(), "linalg.slogdet"); }));
  def("aten::logdet", op([](IValue* a) { return IValue(logdet(a[0].toTensor())); }));
  def("aten::linalg_solve", op([](IValue* a) {
        return IValue(solveEx(a[0].toTensor(), a[1].toTensor(), a[2].toBool(), true, "linalg.solve", "torch.linalg.solve").first);
      }));
  def("aten::linalg_solve_ex", op2([](IValue* a) {
        return solveEx(a[0].toTensor(), a[1].toTensor(), a[2].toBool(), a[3].toBool(), "linalg.solve", "torch.linalg.solve_ex");
      }));
  def("aten::linalg_inv_ex", op2([](IValue* a) { return invEx(a[0].toTensor(), a[1].toBool()); }));
  def("aten::linalg_cholesky", op([](IValue* a) {
        return IValue(cholesky(a[0].toTensor(), a[1].toBool(), "linalg.cholesky", true));
      }));
  def("aten::cholesky", op([](IValue* a) { return IValue(cholesky(a[0].toTensor(), a[1].toBool(), "cholesky", false)); }));
  def("aten::linalg_matrix_power", op([](IValue* a) { return IValue(matrixPower(a[0].toTensor(), a[1].toInt())); }));
  def("aten::linalg_solve_triangular", op([](IValue* a) {
        return IValue(solveTriangular(a[0].toTensor(), a[1].toTensor(), a[2].toBool(), a[3].toBool(), a[4].toBool()));
      }));
  def("aten::triangular_solve", op2([](IValue* a) {
        return triangularSolveOp(a[0].toTensor(), a[1].toTensor(), a[2].toBool(), a[3].toBool(), a[4].toBool());
      }));
}

}  // namespace tsjit::kernels

// LinalgSpectral.cpp — optimized kernels of the Linalg family, part 5: decompositions on LAPACK
// (OpenBLAS) — linalg_svdvals (gesdd), linalg_eigvalsh (syevd), linalg_qr / qr (geqrf + orgqr,
// LAPACK's Householder signs, as 1.13) — and the ops 1.13 states through them: linalg_matrix_norm
// (both overloads), linalg_norm, linalg_matrix_rank (all overloads), linalg_pinv / pinverse.
// Facts (python3-torch 1.13.1): svdvals / matrix_norm / matrix_rank / pinv checks and messages
// (see each function); Q and R are column-major per matrix; matrix_norm's 1 / inf orders are a
// vector 1-norm then amax / amin, its 2 / nuc orders work on singular values.
// Invariants: decompositions run in the input dtype (float / double) on column-major copies;
// composite steps go through this engine's own kernels (runKernel).
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

extern "C" {
void sgesdd_(const char* jobz, const int* m, const int* n, float* a, const int* lda, float* s, float* u, const int* ldu,
             float* vt, const int* ldvt, float* work, const int* lwork, int* iwork, int* info, size_t);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u,
             const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info, size_t);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w, float* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void sgeqrf_(const int* m, const int* n, float* a, const int* lda, float* tau, float* work, const int* lwork, int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work, const int* lwork, int* info);
void sorgqr_(const int* m, const int* n, const int* k, float* a, const int* lda, const float* tau, float* work,
             const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau, double* work,
             const int* lwork, int* info);
}

namespace tsjit::kernels {
namespace {
using namespace sk;

Tensor runT(std::string_view name, std::vector<IValue> args) { return runKernel(name, std::move(args)).toTensor(); }

// ---- LAPACK wrappers (column-major) ----------------------------------------------------------------
// Singular values of the m x n matrix a (overwritten); U (m x k) and V^T (k x n) when wanted.
template <typename T>
int gesdd(int m, int n, T* a, T* s, T* u, T* vt) {
  const char jobz = u ? 'S' : 'N';
  const int k = std::min(m, n), ldu = std::max(m, 1), ldvt = std::max(k, 1), lda = std::max(m, 1);
  std::vector<int> iwork(static_cast<size_t>(8 * std::max(k, 1)));
  int info = 0, lwork = -1;
  T q = 0, dummy = 0;
  T* U = u ? u : &dummy;
  T* VT = vt ? vt : &dummy;
  const int one = 1;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>)
      sgesdd_(&jobz, &m, &n, a, &lda, s, U, u ? &ldu : &one, VT, vt ? &ldvt : &one, work, &lwork, iwork.data(), &info, 1);
    else
      dgesdd_(&jobz, &m, &n, a, &lda, s, U, u ? &ldu : &one, VT, vt ? &ldvt : &one, work, &lwork, iwork.data(), &info, 1);
  };
  call(&q);
  lwork = std::max(1, static_cast<int>(q));
  std::vector<T> work(static_cast<size_t>(lwork));
  call(work.data());
  return info;
}
// An infinite entry (no NaN): 1.13's gesdd (Debian's OpenBLAS) scales the matrix by 0 and returns
// NaN singular values when it returns at all; on some matrices (3 x 4 with an inf and a 1e6) its
// bidiagonal QR loops forever, in 1.13 too. tsjit gives the NaN values without calling LAPACK.
template <typename T>
bool hasInfinity(const T* a, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    if (std::isinf(a[i])) return true;
  return false;
}

template <typename T>
void syevd(bool vectors, char uplo, int n, T* a, T* w) {
  const char jobz = vectors ? 'V' : 'N';
  const int lda = std::max(n, 1);
  int info = 0, lwork = -1, liwork = -1, iq = 0;
  T q = 0;
  auto call = [&](T* work, int* iwork) {
    if constexpr (std::is_same_v<T, float>) ssyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, &info, 1, 1);
    else dsyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, &info, 1, 1);
  };
  call(&q, &iq);
  lwork = std::max(1, static_cast<int>(q));
  liwork = std::max(1, iq);
  std::vector<T> work(static_cast<size_t>(lwork));
  std::vector<int> iwork(static_cast<size_t>(liwork));
  call(work.data(), iwork.data());
}
template <typename T>
void geqrf(int m, int n, T* a, T* tau) {
  const int lda = std::max(m, 1);
  int info = 0, lwork = -1;
  T q = 0;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>) sgeqrf_(&m, &n, a, &lda, tau, work, &lwork, &info);
    else dgeqrf_(&m, &n, a, &lda, tau, work, &lwork, &info);
  };
  call(&q);
  lwork = std::max(1, static_cast<int>(q));
  std::vector<T> work(static_cast<size_t>(lwork));
  call(work.data());
}
template <typename T>
void orgqr(int m, int n, int k, T* a, const T* tau) {
  const int lda = std::max(m, 1);
  int info = 0, lwork = -1;
  T q = 0;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>) sorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, &info);
    else dorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, &info);
  };
  call(&q);
  lwork = std::max(1, static_cast<int>(q));
  std::vector<T> work(static_cast<size_t>(lwork));
  call(work.data());
}

// ---- helpers --------------------------------------------------------------------------------------
void needMatrix(const Tensor& A, const char* api) {
  if (A.dim() < 2) throw RuntimeError(str(api, ": The input tensor A must have at least 2 dimensions."));
}
void needFloating(const Tensor& A, const char* api) {
  if (!isFloating(A))
    throw RuntimeError(str(api, ": Expected a floating point or complex tensor as input. Got ", irName(A.dtype())));
}
void needLapackType(const Tensor& A, const char* kernel) {
  if (A.numel() != 0 && A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(A.dtype()), "'"));
}
std::vector<int64_t> batchOf(const Tensor& A) { return std::vector<int64_t>(A.sizes().begin(), A.sizes().end() - 2); }
int64_t countOf(const std::vector<int64_t>& b) {
  int64_t n = 1;
  for (int64_t s : b) n *= s;
  return n;
}
// Each matrix of A copied column-major, one after another.
template <typename T>
std::vector<T> colMajor(const Tensor& A) {
  const Tensor c = A.transpose(-1, -2).contiguous();
  const T* p = static_cast<const T*>(c.data());
  return std::vector<T>(p, p + c.numel());
}
std::vector<int64_t> colMajorStrides(IntArrayRef shape) {
  const int64_t r = static_cast<int64_t>(shape.size());
  std::vector<int64_t> s(static_cast<size_t>(r), 1);
  if (r < 2) return s;
  s[r - 1] = std::max<int64_t>(shape[r - 2], 1);
  int64_t step = std::max<int64_t>(shape[r - 2] * shape[r - 1], 1);
  for (int64_t d = r - 3; d >= 0; --d) {
    s[d] = step;
    step *= std::max<int64_t>(shape[d], 1);
  }
  return s;
}

// ---- svdvals --------------------------------------------------------------------------------------
Tensor svdvals(const Tensor& A) {
  needMatrix(A, "linalg.svd");
  needFloating(A, "linalg.svd");
  needLapackType(A, "linalg_svd_cpu");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  std::vector<int64_t> shape = batchOf(A);
  const int64_t count = countOf(shape);
  shape.push_back(k);
  Tensor out = Tensor::empty(shape, A.dtype());
  if (out.numel() == 0) return out;
  visitFloating(A.dtype(), "linalg_svd_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> a = colMajor<T>(A);
    T* o = static_cast<T*>(out.data());
    for (int64_t b = 0; b < count; ++b) {
      T* mat = a.data() + b * m * n;
      const std::string where = count > 1 || A.dim() > 2 ? str(": (Batch element ", b, ")") : std::string();
      for (int64_t i = 0; i < m * n; ++i)
        if (std::isnan(mat[i]))  // gesdd's -4 for NaN entries (LAPACK >= 3.10), which 1.13 reports so
          throw RuntimeError(str("linalg.svd", where,
                                 ": The algorithm failed to converge because the input matrix contained non-finite values."));
      if (hasInfinity(mat, m * n)) {  // see hasInfinity: every singular value NaN, without LAPACK
        std::fill(o + b * k, o + (b + 1) * k, std::numeric_limits<T>::quiet_NaN());
        continue;
      }
      const int info = gesdd<T>(static_cast<int>(m), static_cast<int>(n), mat, o + b * k, nullptr, nullptr);
      if (info > 0)
        throw RuntimeError(str("linalg.svd", where,
                               ": The algorithm failed to converge because the input matrix is ill-conditioned or has too "
                               "many repeated singular values (error code: ",
                               info, ")."));
    }
  });
  return out;
}

// ---- eigvalsh -------------------------------------------------------------------------------------
Tensor eigvalsh(const Tensor& A, const std::string& uplo) {
  needMatrix(A, "linalg.eigh");
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str("linalg.eigh: A must be batches of square matrices, but they are ", A.size(-2), " by ", A.size(-1),
                           " matrices"));
  if (uplo != "L" && uplo != "U" && uplo != "l" && uplo != "u")
    throw RuntimeError(str("Expected UPLO argument to be 'L' or 'U', but got ", uplo));
  needLapackType(A, "linalg_eigh_cpu");
  const int64_t n = A.size(-1);
  std::vector<int64_t> shape = batchOf(A);
  const int64_t count = countOf(shape);
  shape.push_back(n);
  Tensor out = Tensor::empty(shape, A.dtype());
  if (out.numel() == 0) return out;
  visitFloating(A.dtype(), "linalg_eigh_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> a = colMajor<T>(A);
    T* o = static_cast<T*>(out.data());
    const char u = uplo == "U" || uplo == "u" ? 'U' : 'L';
    for (int64_t b = 0; b < count; ++b) syevd<T>(false, u, static_cast<int>(n), a.data() + b * n * n, o + b * n);
  });
  return out;
}

// ---- qr ---------------------------------------------------------------------------------------------
std::pair<Tensor, Tensor> qr(const Tensor& A, const std::string& mode) {
  if (mode != "reduced" && mode != "r" && mode != "complete")
    throw RuntimeError(str("qr received unrecognized mode '", mode, "' but expected one of 'reduced' (default), 'r', or 'complete'"));
  needMatrix(A, "linalg.qr");
  needFloating(A, "linalg.qr");
  if (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)  // empty tensors too, as 1.13
    throw RuntimeError(str("\"geqrf_cpu\" not implemented for '", irName(A.dtype()), "'"));
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  const bool complete = mode == "complete" && m > n;
  const int64_t qCols = complete ? m : k, rRows = mode == "complete" ? m : k;
  std::vector<int64_t> batch = batchOf(A), qShape = batch, rShape = batch;
  const int64_t count = countOf(batch);
  qShape.insert(qShape.end(), {m, qCols});
  rShape.insert(rShape.end(), {rRows, n});
  Tensor R = Tensor::empty_strided(rShape, colMajorStrides(rShape), A.dtype());
  Tensor Q = mode == "r" ? Tensor::empty({0}, A.dtype()) : Tensor::empty_strided(qShape, colMajorStrides(qShape), A.dtype());
  if (A.numel() == 0) {
    if (R.numel()) R.copy_(Tensor::zeros(rShape, A.dtype()));
    if (mode != "r" && Q.numel()) Q.copy_(runT("aten::eye", {IValue(m), IValue(toTorchCode(A.dtype())), IValue(), IValue(), IValue()})
                                         .narrow(1, 0, qCols).expand(qShape));
    return {Q, R};
  }
  visitFloating(A.dtype(), "geqrf_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> a = colMajor<T>(A), tau(static_cast<size_t>(std::max<int64_t>(k, 1)));
    T* r = static_cast<T*>(R.data());
    T* q = mode == "r" ? nullptr : static_cast<T*>(Q.data());
    std::vector<T> work(static_cast<size_t>(m * std::max(qCols, n)));
    for (int64_t b = 0; b < count; ++b) {
      T* mat = a.data() + b * m * n;
      geqrf<T>(static_cast<int>(m), static_cast<int>(n), mat, tau.data());
      T* rb = r + b * rRows * n;
      for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < rRows; ++i) rb[j * rRows + i] = i <= j && i < m ? mat[j * m + i] : T(0);
      if (!q) continue;
      // Q: the reflectors in an m x qCols buffer (zero columns past n), then orgqr.
      std::fill(work.begin(), work.end(), T(0));
      for (int64_t j = 0; j < std::min(n, qCols); ++j)
        for (int64_t i = 0; i < m; ++i) work[j * m + i] = mat[j * m + i];
      orgqr<T>(static_cast<int>(m), static_cast<int>(qCols), static_cast<int>(k), work.data(), tau.data());
      std::copy(work.begin(), work.begin() + m * qCols, q + b * m * qCols);
    }
  });
  return {Q, R};
}

// ---- matrix_norm / norm ----------------------------------------------------------------------------
std::string orderText(double ord) {
  std::ostringstream os;
  os << ord;
  return os.str();
}

// The dims, wrapped and checked (1.13's messages).
std::pair<int64_t, int64_t> matrixDims(const Tensor& A, const std::vector<int64_t>& dim) {
  if (dim.size() != 2) {
    std::ostringstream os;
    os << "[";
    for (size_t i = 0; i < dim.size(); ++i) os << (i ? ", " : "") << dim[i];
    os << "]";
    throw RuntimeError(str("linalg.matrix_norm: dim must be a 2-tuple. Got ", os.str().substr(1, os.str().size() - 2)));
  }
  const int64_t d0 = wrapDim(dim[0], A.dim()), d1 = wrapDim(dim[1], A.dim());
  if (d0 == d1) throw RuntimeError(str("linalg.matrix_norm: dims must be different. Got (", d0, ", ", d1, ")"));
  return {d0, d1};
}
void checkNormDtype(const IValue& dtype) {
  if (dtype.isNone()) return;
  const ScalarType dt = *fromTorchCode(dtype.toInt());
  if (!isFloatingType(dt))
    throw RuntimeError(str("linalg.matrix_norm: dtype should be floating point or complex, but got ", irName(dt)));
}
IValue ints(const std::vector<int64_t>& v) { return intListValue(v); }

// The singular values of A's (d0, d1) matrices (moved last), reduced by `reduce` over the last dim.
Tensor singularReduce(const Tensor& A, int64_t d0, int64_t d1, bool keepdim, const IValue& dtype, const char* reduce) {
  Tensor x = dtype.isNone() ? A : runT("aten::to.dtype", {IValue(A), dtype, IValue(false), IValue(false), IValue()});
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < A.dim(); ++d)
    if (d != d0 && d != d1) perm.push_back(d);
  perm.push_back(d0);
  perm.push_back(d1);
  Tensor s = svdvals(x.permute(perm));
  Tensor r = std::string(reduce) == "sum" ? runT("aten::sum.dim_IntList", {IValue(s), ints({-1}), IValue(keepdim), IValue()})
                                          : runT(reduce, {IValue(s), ints({-1}), IValue(keepdim)});
  if (keepdim) {  // 1.13: the kept dim, one more, then the inverse of the permutation
    r = r.unsqueeze(-1);
    std::vector<int64_t> inverse(perm.size());
    for (size_t i = 0; i < perm.size(); ++i) inverse[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    r = r.permute(inverse);
  }
  return r;
}

Tensor matrixNorm(const Tensor& A, double ord, const std::vector<int64_t>& dim, bool keepdim, const IValue& dtype) {
  needMatrix(A, "linalg.matrix_norm");
  needFloating(A, "linalg.matrix_norm");
  auto [d0, d1] = matrixDims(A, dim);
  checkNormDtype(dtype);
  const double a = std::fabs(ord);
  if (!(a == 2.0 || a == 1.0 || std::isinf(a))) throw RuntimeError(str("linalg.matrix_norm: Order ", orderText(ord), " not supported."));
  if (a == 2.0) {
    const ScalarType dt = dtype.isNone() ? A.dtype() : *fromTorchCode(dtype.toInt());
    if (dt == ScalarType::Half || dt == ScalarType::BFloat16)
      throw RuntimeError(str("linalg.matrix_norm: Low precision dtypes not supported. Got ", irName(dt)));
    return singularReduce(A, d0, d1, keepdim, dtype, ord > 0 ? "aten::amax" : "aten::amin");
  }
  if (std::isinf(a)) std::swap(d0, d1);
  if (!keepdim && d0 < d1) --d1;
  Tensor v = runT("aten::linalg_vector_norm", {IValue(A), IValue(1.0), ints({d0}), IValue(keepdim), dtype});
  return runT(ord > 0 ? "aten::amax" : "aten::amin", {IValue(v), ints({d1}), IValue(keepdim)});
}

Tensor matrixNormStr(const Tensor& A, const std::string& ord, const std::vector<int64_t>& dim, bool keepdim, const IValue& dtype) {
  if (ord != "fro" && ord != "nuc") throw RuntimeError(str("linalg.matrix_norm: Order ", ord, " not supported."));
  needMatrix(A, "linalg.matrix_norm");
  needFloating(A, "linalg.matrix_norm");
  auto [d0, d1] = matrixDims(A, dim);
  checkNormDtype(dtype);
  if (ord == "fro") return runT("aten::linalg_vector_norm", {IValue(A), IValue(2.0), ints(dim), IValue(keepdim), dtype});
  return singularReduce(A, d0, d1, keepdim, dtype, "sum");
}

void checkNormDim(const Tensor& X, const IValue& dim, bool ordGiven) {
  if (!dim.isNone()) {
    const std::vector<int64_t> d = intList(dim);
    if (d.size() != 1 && d.size() != 2) {
      std::ostringstream os;
      for (size_t i = 0; i < d.size(); ++i) os << (i ? ", " : "") << d[i];
      throw RuntimeError(str("linalg.norm: If dim is specified, it must be of length 1 or 2. Got [", os.str(), "]"));
    }
  } else if (ordGiven && X.dim() != 1 && X.dim() != 2) {
    throw RuntimeError(str("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got ", X.dim(), "D."));
  }
}

Tensor linalgNorm(const Tensor& X, const IValue& ord, const IValue& dim, bool keepdim, const IValue& dtype) {
  checkNormDim(X, dim, !ord.isNone());
  const bool matrix = !ord.isNone() && (dim.isNone() ? X.dim() == 2 : intList(dim).size() == 2);
  if (matrix) return matrixNorm(X, scalarD(ord), dim.isNone() ? std::vector<int64_t>{0, 1} : intList(dim), keepdim, dtype);
  return runT("aten::linalg_vector_norm", {IValue(X), ord.isNone() ? IValue(2.0) : ord, dim, IValue(keepdim), dtype});
}

Tensor linalgNormStr(const Tensor& X, const std::string& ord, const IValue& dim, bool keepdim, const IValue& dtype) {
  checkNormDim(X, dim, true);
  return matrixNormStr(X, ord, dim.isNone() ? std::vector<int64_t>{0, 1} : intList(dim), keepdim, dtype);
}

// ---- matrix_rank / pinv ---------------------------------------------------------------------------
double epsOf(ScalarType dt) {
  return dt == ScalarType::Double ? std::numeric_limits<double>::epsilon() : std::numeric_limits<float>::epsilon();
}

// tol = max(atol, rtol * max(S)) per matrix (1.13's rules for the defaults: rtol = eps * max(m, n)
// unless a positive atol is given).
Tensor tolerance(const Tensor& S, const Tensor& atol, const Tensor& rtol, bool atolGiven, bool rtolGiven, int64_t m, int64_t n) {
  const Tensor smax = runT("aten::amax", {IValue(S), intListValue({-1}), IValue(true)});
  Tensor at = atolGiven ? atol : Tensor::zeros({}, S.dtype());
  Tensor rt;
  if (rtolGiven) {
    rt = rtol;
  } else {
    bool atolPositive = false;
    if (atolGiven)
      for (double v : toVector<double>(atol)) atolPositive = atolPositive || v > 0;
    rt = Tensor::scalar(atolPositive ? 0.0 : epsOf(S.dtype()) * static_cast<double>(std::max(m, n)), S.dtype());
  }
  if (at.dim() > 0) at = at.unsqueeze(-1);
  if (rt.dim() > 0) rt = rt.unsqueeze(-1);
  return runT("aten::maximum", {IValue(at), runKernel("aten::mul.Tensor", {IValue(rt), IValue(smax)})});
}

Tensor matrixRank(const Tensor& A, const IValue& atolV, const IValue& rtolV, bool hermitian) {
  if (A.dim() < 2) throw RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.");
  if (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError("This function doesn't handle types other than float and double");
  const int64_t m = A.size(-2), n = A.size(-1);
  if (A.numel() == 0) return Tensor::zeros(batchOf(A), ScalarType::Int64);
  Tensor S = hermitian ? runT("aten::abs", {IValue(eigvalsh(A, "L"))}) : svdvals(A);
  auto asTensor = [&](const IValue& v) { return v.isTensor() ? v.toTensor() : Tensor::scalar(v.isNone() ? 0.0 : scalarD(v), S.dtype()); };
  const Tensor tol = tolerance(S, asTensor(atolV), asTensor(rtolV), !atolV.isNone(), !rtolV.isNone(), m, n);
  const Tensor above = runT("aten::gt.Tensor", {IValue(S), IValue(tol)});
  return runT("aten::sum.dim_IntList", {IValue(above), intListValue({-1}), IValue(false), IValue()});
}

Tensor pinv(const Tensor& A, const IValue& atolV, const IValue& rtolV, bool hermitian) {
  if (rtolV.isNone()) (void)A.size(-2);  // 1.13 sizes the default rtol first (IndexError for a 1-D input)
  if (A.dim() < 2 || (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)) {
    std::ostringstream os;
    os << "linalg.pinv(" << irName(A.dtype()) << "{[";
    for (int64_t i = 0; i < A.dim(); ++i) os << (i ? ", " : "") << A.size(i);
    os << "]}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types";
    throw RuntimeError(os.str());
  }
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  std::vector<int64_t> shape = batchOf(A);
  shape.insert(shape.end(), {n, m});
  if (A.numel() == 0) return Tensor::zeros(shape, A.dtype());
  if (hermitian && m != n)  // 1.13 takes the eigenvalues: linalg.eigh's check
    throw RuntimeError(str("linalg.eigh: A must be batches of square matrices, but they are ", m, " by ", n, " matrices"));
  const int64_t count = countOf(batchOf(A));
  // The singular values (or eigenvalues) with the factors, per matrix.
  Tensor out = Tensor::empty(shape, A.dtype());
  Tensor S = Tensor::empty([&] { auto b = batchOf(A); b.push_back(hermitian ? n : k); return b; }(), A.dtype());
  visitFloating(A.dtype(), "linalg_pinv", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<T> a = colMajor<T>(A);
    T* s = static_cast<T*>(S.data());
    const int64_t r = hermitian ? n : k;
    std::vector<T> U(static_cast<size_t>(count * m * r)), VT(static_cast<size_t>(count * r * n)), W(static_cast<size_t>(r));
    for (int64_t b = 0; b < count; ++b) {
      T* mat = a.data() + b * m * n;
      if (hermitian) {  // A = V diag(w) V^T: U = V, VT = V^T, singular values |w| (signs kept in `sign`)
        syevd<T>(true, 'L', static_cast<int>(n), mat, W.data());
        for (int64_t i = 0; i < n; ++i) s[b * r + i] = W[static_cast<size_t>(i)];
        std::copy(mat, mat + n * n, U.begin() + b * n * n);
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < n; ++j) VT[static_cast<size_t>(b * n * n + j * n + i)] = mat[i * n + j];
      } else {
        for (int64_t i = 0; i < m * n; ++i)
          if (std::isnan(mat[i]))  // as linalg_svdvals: 1.13's LinAlgError (LAPACK may not return on NaN)
            throw RuntimeError(str("linalg.svd", count > 1 || A.dim() > 2 ? str(": (Batch element ", b, ")") : std::string(),
                                   ": The algorithm failed to converge because the input matrix contained non-finite values."));
        if (hasInfinity(mat, m * n))  // see hasInfinity: NaN singular values, none kept: a zero pinv
          std::fill(s + b * r, s + (b + 1) * r, std::numeric_limits<T>::quiet_NaN());
        else
          gesdd<T>(static_cast<int>(m), static_cast<int>(n), mat, s + b * r, U.data() + b * m * r, VT.data() + b * r * n);
      }
    }
    const Tensor absS = runT("aten::abs", {IValue(S)});
    auto asTensor = [&](const IValue& v) { return v.isTensor() ? v.toTensor() : Tensor::scalar(v.isNone() ? 0.0 : scalarD(v), S.dtype()); };
    const Tensor tol = tolerance(absS, asTensor(atolV), asTensor(rtolV), !atolV.isNone(), !rtolV.isNone(), m, n).contiguous();
    // The tolerance [B..., 1] broadcasts the batch with tensor atol / rtol (as 1.13: an atol of shape
    // [3, 1] for a [2, m, n] input gives [3, 2] pseudo-inverses); each result reads its matrix.
    std::vector<int64_t> results(tol.sizes().begin(), tol.sizes().end() - 1), tolShape = results;
    tolShape.push_back(r);
    const Tensor tolE = tol.expand(tolShape).contiguous();
    std::vector<double> ids(static_cast<size_t>(count));
    for (int64_t b = 0; b < count; ++b) ids[static_cast<size_t>(b)] = static_cast<double>(b);
    const std::vector<double> matrixOf =
        Tensor::fromDoubles(ids, batchOf(A), ScalarType::Double).expand(results).contiguous().toDoubles();
    std::vector<int64_t> outShape = results;
    outShape.insert(outShape.end(), {n, m});
    out = Tensor::empty(outShape, A.dtype());
    const T* tp = static_cast<const T*>(tolE.data());
    T* o = static_cast<T*>(out.data());
    for (size_t e = 0; e < matrixOf.size(); ++e) {
      const int64_t b = static_cast<int64_t>(matrixOf[e]), oe = static_cast<int64_t>(e);
      // pinv = V diag(1 / s) U^T over the kept values: out[i][j] = sum_q VT[q][i] / s_q * U[j][q].
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < m; ++j) {
          T acc = 0;
          for (int64_t q = 0; q < r; ++q) {
            const T sq = s[b * r + q];
            if (!(std::fabs(sq) > tp[oe * r + q])) continue;
            acc += VT[static_cast<size_t>(b * r * n + i * r + q)] * (T(1) / sq) * U[static_cast<size_t>(b * m * r + q * m + j)];
          }
          o[oe * n * m + i * m + j] = acc;
        }
    }
  });
  return out;
}

}  // namespace

void registerLinalgSpectralKernels() {
  def("aten::linalg_svdvals", op([](IValue* a) {
        if (!a[1].isNone())
          throw RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER backend.");
        return IValue(svdvals(a[0].toTensor()));
      }));
  def("aten::linalg_eigvalsh", op([](IValue* a) { return IValue(eigvalsh(a[0].toTensor(), a[1].toStringRef())); }));
  def("aten::linalg_qr", op2([](IValue* a) { return qr(a[0].toTensor(), a[1].toStringRef()); }));
  def("aten::qr", op2([](IValue* a) { return qr(a[0].toTensor(), a[1].toBool() ? "reduced" : "complete"); }));
  def("aten::linalg_matrix_norm", op([](IValue* a) {
        return IValue(matrixNorm(a[0].toTensor(), scalarD(a[1]), intList(a[2]), a[3].toBool(), a[4]));
      }));
  def("aten::linalg_matrix_norm.str_ord", op([](IValue* a) {
        return IValue(matrixNormStr(a[0].toTensor(), a[1].toStringRef(), intList(a[2]), a[3].toBool(), a[4]));
      }));
  def("aten::linalg_norm", op([](IValue* a) { return IValue(linalgNorm(a[0].toTensor(), a[1], a[2], a[3].toBool(), a[4])); }));
  def("aten::linalg_norm.ord_str", op([](IValue* a) {
        return IValue(linalgNormStr(a[0].toTensor(), a[1].toStringRef(), a[2], a[3].toBool(), a[4]));
      }));
  // matrix_rank: (A, tol) is atol = tol, rtol = 0.
  def("aten::linalg_matrix_rank", op([](IValue* a) {
        return IValue(matrixRank(a[0].toTensor(), a[1], IValue(0.0), a[2].toBool()));
      }));
  def("aten::linalg_matrix_rank.tol_tensor", op([](IValue* a) {
        return IValue(matrixRank(a[0].toTensor(), a[1], IValue(0.0), a[2].toBool()));
      }));
  def("aten::linalg_matrix_rank.atol_rtol_tensor", op([](IValue* a) {
        return IValue(matrixRank(a[0].toTensor(), a[1], a[2], a[3].toBool()));
      }));
  def("aten::linalg_matrix_rank.atol_rtol_float", op([](IValue* a) {
        return IValue(matrixRank(a[0].toTensor(), a[1], a[2], a[3].toBool()));
      }));
  // pinv: (A, rcond) is atol = 0, rtol = rcond.
  def("aten::linalg_pinv", op([](IValue* a) { return IValue(pinv(a[0].toTensor(), IValue(0.0), a[1], a[2].toBool())); }));
  def("aten::linalg_pinv.rcond_tensor", op([](IValue* a) { return IValue(pinv(a[0].toTensor(), IValue(0.0), a[1], a[2].toBool())); }));
  def("aten::linalg_pinv.atol_rtol_float", op([](IValue* a) { return IValue(pinv(a[0].toTensor(), a[1], a[2], a[3].toBool())); }));
  def("aten::linalg_pinv.atol_rtol_tensor", op([](IValue* a) { return IValue(pinv(a[0].toTensor(), a[1], a[2], a[3].toBool())); }));
  def("aten::pinverse", op([](IValue* a) { return IValue(pinv(a[0].toTensor(), IValue(0.0), a[1], false)); }));
}

}  // namespace tsjit::kernels

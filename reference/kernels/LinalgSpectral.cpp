// LinalgSpectral.cpp — reference kernels of the Linalg family, part 5: linalg_svdvals (one-sided
// Jacobi SVD), linalg_eigvalsh (cyclic Jacobi eigenvalues), linalg_qr / qr (Householder, with
// LAPACK's reflector signs: beta = -sign(alpha) * norm, no reflection for an already-zero column),
// and the ops 1.13 states through them: linalg_matrix_norm, linalg_norm, linalg_matrix_rank,
// linalg_pinv / pinverse (pinv = V diag(1 / s) U^T over the singular values above the tolerance).
// Facts (python3-torch 1.13.1): checks and messages as the optimized kernels (LinalgSpectral.cpp
// there); Q / R column-major per matrix; matrix_norm's keepdim result is the inverse permutation of
// the reduced one.
// Invariants: everything in double, one rounding to the result dtype; composite steps call the
// reference's own kernels.
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "reference/Kernel.h"
#include "reference/kernels/LinalgCommon.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using linalg::columnMajor;

using namespace shape;
using Mat = std::vector<double>;  // row-major

Tensor call(std::string_view name, Args args) { return runKernel(name, std::move(args)).toTensor(); }

void needMatrix(const Tensor& A, const std::string& api) {
  if (A.dim() < 2) throw RuntimeError(str(api, ": The input tensor A must have at least 2 dimensions."));
}
void needFloating(const Tensor& A, const std::string& api) {
  if (!isFloatingType(A.dtype()))
    throw RuntimeError(str(api, ": Expected a floating point or complex tensor as input. Got ", A.dtype()));
}
void needLapackType(const Tensor& A, const char* kernel) {
  if (A.numel() != 0 && A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", A.dtype(), "'"));
}
std::vector<int64_t> leading(const Tensor& t) { return std::vector<int64_t>(t.sizes().begin(), t.sizes().end() - 2); }
std::vector<Mat> matricesOf(const Tensor& t) {
  const int64_t per = t.size(-2) * t.size(-1), count = product(leading(t));
  const std::vector<double> v = t.toDoubles();
  std::vector<Mat> out;
  for (int64_t b = 0; b < count; ++b) out.emplace_back(v.begin() + b * per, v.begin() + (b + 1) * per);
  return out;
}

// ---- one-sided Jacobi SVD ---------------------------------------------------------------------------
struct Svd {
  std::vector<double> s;  // descending
  Mat u;                  // m x k, row-major
  Mat v;                  // n x k, row-major
};
Svd svdOf(const Mat& a, int64_t m, int64_t n) {
  if (m < n) {  // A^T = V S U^T
    Mat t(static_cast<size_t>(m * n));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) t[j * m + i] = a[i * n + j];
    Svd r = svdOf(t, n, m);
    std::swap(r.u, r.v);
    return r;
  }
  Mat u = a, v(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) v[i * n + i] = 1.0;
  for (int sweep = 0; sweep < 100; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t i = 0; i < m; ++i) {
          alpha += u[i * n + p] * u[i * n + p];
          beta += u[i * n + q] * u[i * n + q];
          gamma += u[i * n + p] * u[i * n + q];
        }
        if (gamma == 0.0 || std::fabs(gamma) <= 1e-17 * std::sqrt(alpha * beta)) continue;
        rotated = true;
        const double zeta = (beta - alpha) / (2 * gamma);
        const double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        const double c = 1 / std::sqrt(1 + t * t), s = c * t;
        for (int64_t i = 0; i < m; ++i) {
          const double x = u[i * n + p], y = u[i * n + q];
          u[i * n + p] = c * x - s * y;
          u[i * n + q] = s * x + c * y;
        }
        for (int64_t i = 0; i < n; ++i) {
          const double x = v[i * n + p], y = v[i * n + q];
          v[i * n + p] = c * x - s * y;
          v[i * n + q] = s * x + c * y;
        }
      }
    if (!rotated) break;
  }
  std::vector<double> norms(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) {
    double acc = 0;
    for (int64_t i = 0; i < m; ++i) acc += u[i * n + j] * u[i * n + j];
    norms[j] = std::sqrt(acc);
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) order[j] = j;
  std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return norms[x] > norms[y]; });
  Svd r;
  r.u.assign(static_cast<size_t>(m * n), 0.0);
  r.v.assign(static_cast<size_t>(n * n), 0.0);
  for (int64_t c = 0; c < n; ++c) {
    const int64_t j = order[c];
    r.s.push_back(norms[j]);
    for (int64_t i = 0; i < m; ++i) r.u[i * n + c] = norms[j] > 0 ? u[i * n + j] / norms[j] : 0.0;
    for (int64_t i = 0; i < n; ++i) r.v[i * n + c] = v[i * n + j];
  }
  return r;
}

// LAPACK's SVD of a matrix with a NaN fails: 1.13 raises this for svdvals and what it takes the
// singular values for (matrix_rank, pinv), batch element `b` of `A`.
void svdNeedsNoNaN(const Tensor& A, const Mat& a, int64_t b) {
  for (double x : a)
    if (std::isnan(x))
      throw RuntimeError(str("linalg.svd", A.dim() > 2 ? str(": (Batch element ", b, ")") : std::string(),
                             ": The algorithm failed to converge because the input matrix contained non-finite values."));
}

Tensor svdvals(const Tensor& A) {
  needMatrix(A, "linalg.svd");
  needFloating(A, "linalg.svd");
  needLapackType(A, "linalg_svd_cpu");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  std::vector<int64_t> shape = leading(A);
  shape.push_back(k);
  std::vector<double> out;
  int64_t b = 0;
  for (const Mat& a : matricesOf(A)) {
    svdNeedsNoNaN(A, a, b);
    const Svd d = svdOf(a, m, n);
    out.insert(out.end(), d.s.begin(), d.s.begin() + k);
    ++b;
  }
  return Tensor::fromDoubles(out, shape, A.dtype());
}

// ---- Jacobi eigenvalues of a symmetric matrix -------------------------------------------------------
std::vector<double> symmetricEigenvalues(Mat a, int64_t n) {
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) off += a[p * n + q] * a[p * n + q];
    if (off == 0.0 || !std::isfinite(off)) break;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        const double apq = a[p * n + q];
        if (apq == 0.0) continue;
        const double theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int64_t k = 0; k < n; ++k) {  // columns p, q
          const double x = a[k * n + p], y = a[k * n + q];
          a[k * n + p] = c * x - s * y;
          a[k * n + q] = s * x + c * y;
        }
        for (int64_t k = 0; k < n; ++k) {  // rows p, q
          const double x = a[p * n + k], y = a[q * n + k];
          a[p * n + k] = c * x - s * y;
          a[q * n + k] = s * x + c * y;
        }
      }
  }
  std::vector<double> w;
  for (int64_t i = 0; i < n; ++i) w.push_back(a[i * n + i]);
  std::sort(w.begin(), w.end(), [](double x, double y) { return x < y || (std::isnan(y) && !std::isnan(x)); });
  return w;
}

Tensor eigvalsh(const Tensor& A, const std::string& uplo) {
  needMatrix(A, "linalg.eigh");
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str("linalg.eigh: A must be batches of square matrices, but they are ", A.size(-2), " by ", A.size(-1),
                           " matrices"));
  if (uplo != "L" && uplo != "U" && uplo != "l" && uplo != "u")
    throw RuntimeError(str("Expected UPLO argument to be 'L' or 'U', but got ", uplo));
  needLapackType(A, "linalg_eigh_cpu");
  const int64_t n = A.size(-1);
  const bool upper = uplo == "U" || uplo == "u";
  std::vector<int64_t> shape = leading(A);
  shape.push_back(n);
  std::vector<double> out;
  for (const Mat& a : matricesOf(A)) {
    Mat s(a.size());
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) s[i * n + j] = (upper ? i <= j : i >= j) ? a[i * n + j] : a[j * n + i];
    const std::vector<double> w = symmetricEigenvalues(s, n);
    out.insert(out.end(), w.begin(), w.end());
  }
  return Tensor::fromDoubles(out, shape, A.dtype());
}

// ---- Householder QR -------------------------------------------------------------------------------
std::vector<IValue> qr(const Tensor& A, const std::string& mode) {
  if (mode != "reduced" && mode != "r" && mode != "complete")
    throw RuntimeError(str("qr received unrecognized mode '", mode, "' but expected one of 'reduced' (default), 'r', or 'complete'"));
  needMatrix(A, "linalg.qr");
  needFloating(A, "linalg.qr");
  if (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)  // empty tensors too, as 1.13
    throw RuntimeError(str("\"geqrf_cpu\" not implemented for '", A.dtype(), "'"));
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  const int64_t qCols = mode == "complete" ? m : k, rRows = mode == "complete" ? m : k;
  std::vector<Mat> qs, rs;
  for (Mat r : matricesOf(A)) {
    std::vector<Mat> vs;
    std::vector<double> taus;
    for (int64_t j = 0; j < k; ++j) {
      double xnorm = 0;
      for (int64_t i = j + 1; i < m; ++i) xnorm += r[i * n + j] * r[i * n + j];
      xnorm = std::sqrt(xnorm);
      const double alpha = r[j * n + j];
      Mat v(static_cast<size_t>(m), 0.0);
      v[j] = 1.0;
      double tau = 0;
      if (xnorm != 0.0) {
        const double beta = -std::copysign(std::hypot(alpha, xnorm), alpha);
        tau = (beta - alpha) / beta;
        for (int64_t i = j + 1; i < m; ++i) v[i] = r[i * n + j] / (alpha - beta);
        // Apply H = I - tau v v^T to columns j.. of r.
        for (int64_t c = j; c < n; ++c) {
          double d = 0;
          for (int64_t i = j; i < m; ++i) d += v[i] * r[i * n + c];
          for (int64_t i = j; i < m; ++i) r[i * n + c] -= tau * v[i] * d;
        }
        r[j * n + j] = beta;
        for (int64_t i = j + 1; i < m; ++i) r[i * n + j] = 0.0;
      }
      vs.push_back(v);
      taus.push_back(tau);
    }
    Mat R(static_cast<size_t>(rRows * n), 0.0);
    for (int64_t i = 0; i < rRows && i < m; ++i)
      for (int64_t j = i; j < n; ++j) R[i * n + j] = r[i * n + j];
    rs.push_back(R);
    if (mode == "r") continue;
    Mat Q(static_cast<size_t>(m * m), 0.0);  // H_0 H_1 ... H_{k-1} I
    for (int64_t i = 0; i < m; ++i) Q[i * m + i] = 1.0;
    for (int64_t j = k - 1; j >= 0; --j)
      for (int64_t c = 0; c < m; ++c) {
        double d = 0;
        for (int64_t i = j; i < m; ++i) d += vs[j][i] * Q[i * m + c];
        for (int64_t i = j; i < m; ++i) Q[i * m + c] -= taus[j] * vs[j][i] * d;
      }
    Mat Qk(static_cast<size_t>(m * qCols));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t c = 0; c < qCols; ++c) Qk[i * qCols + c] = Q[i * m + c];
    qs.push_back(Qk);
  }
  std::vector<int64_t> qShape = leading(A), rShape = leading(A);
  qShape.insert(qShape.end(), {m, qCols});
  rShape.insert(rShape.end(), {rRows, n});
  std::vector<IValue> out;
  out.emplace_back(mode == "r" ? Tensor::empty({0}, A.dtype()) : columnMajor(qs, qShape, A.dtype()));
  out.emplace_back(columnMajor(rs, rShape, A.dtype()));
  return out;
}

// ---- norms --------------------------------------------------------------------------------------
std::string listText(const std::vector<int64_t>& d) {
  std::ostringstream os;
  for (size_t i = 0; i < d.size(); ++i) os << (i ? ", " : "") << d[i];
  return os.str();
}
std::pair<int64_t, int64_t> normDims(const Tensor& A, const std::vector<int64_t>& dim) {
  if (dim.size() != 2) throw RuntimeError(str("linalg.matrix_norm: dim must be a 2-tuple. Got ", listText(dim)));
  const int64_t d0 = wrapDim(dim[0], A.dim()), d1 = wrapDim(dim[1], A.dim());
  if (d0 == d1) throw RuntimeError(str("linalg.matrix_norm: dims must be different. Got (", d0, ", ", d1, ")"));
  return {d0, d1};
}
void normDtype(const IValue& dtype) {
  if (dtype.isNone()) return;
  const ScalarType dt = *fromTorchCode(dtype.toInt());
  if (!isFloatingType(dt)) throw RuntimeError(str("linalg.matrix_norm: dtype should be floating point or complex, but got ", dt));
}
// The singular values of the (d0, d1) matrices reduced over the last dim: max / min / sum.
Tensor singularValuesReduced(const Tensor& A, int64_t d0, int64_t d1, bool keepdim, const IValue& dtype, int how) {
  const Tensor x = dtype.isNone() ? A : A.to(*fromTorchCode(dtype.toInt()));
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < A.dim(); ++d)
    if (d != d0 && d != d1) perm.push_back(d);
  perm.insert(perm.end(), {d0, d1});
  const Tensor s = svdvals(x.permute(perm));
  Tensor r = how == 0 ? call("aten::sum.dim_IntList", {IValue(s), intList({-1}), IValue(keepdim), IValue()})
                      : call(how > 0 ? "aten::amax" : "aten::amin", {IValue(s), intList({-1}), IValue(keepdim)});
  if (keepdim) {
    r = r.unsqueeze(-1);
    std::vector<int64_t> inv(perm.size());
    for (size_t i = 0; i < perm.size(); ++i) inv[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    r = r.permute(inv);
  }
  return r;
}
Tensor matrixNorm(const Tensor& A, double ord, const std::vector<int64_t>& dim, bool keepdim, const IValue& dtype) {
  needMatrix(A, "linalg.matrix_norm");
  needFloating(A, "linalg.matrix_norm");
  auto [d0, d1] = normDims(A, dim);
  normDtype(dtype);
  const double a = std::fabs(ord);
  if (!(a == 1.0 || a == 2.0 || std::isinf(a))) {
    std::ostringstream os;
    os << ord;
    throw RuntimeError(str("linalg.matrix_norm: Order ", os.str(), " not supported."));
  }
  if (a == 2.0) {
    const ScalarType dt = dtype.isNone() ? A.dtype() : *fromTorchCode(dtype.toInt());
    if (dt == ScalarType::Half || dt == ScalarType::BFloat16)
      throw RuntimeError(str("linalg.matrix_norm: Low precision dtypes not supported. Got ", dt));
    return singularValuesReduced(A, d0, d1, keepdim, dtype, ord > 0 ? 1 : -1);
  }
  // 1 / inf: the absolute column (row) sums, then their max / min.
  if (std::isinf(a)) std::swap(d0, d1);
  const Tensor sums = call("aten::linalg_vector_norm", {IValue(A), IValue(1.0), intList({d0}), IValue(true), dtype});
  Tensor r = call(ord > 0 ? "aten::amax" : "aten::amin", {IValue(sums), intList({d1}), IValue(true)});
  if (!keepdim) r = r.squeeze(std::max(d0, d1)).squeeze(std::min(d0, d1));
  return r;
}
Tensor matrixNormStr(const Tensor& A, const std::string& ord, const std::vector<int64_t>& dim, bool keepdim, const IValue& dtype) {
  if (ord != "fro" && ord != "nuc") throw RuntimeError(str("linalg.matrix_norm: Order ", ord, " not supported."));
  needMatrix(A, "linalg.matrix_norm");
  needFloating(A, "linalg.matrix_norm");
  auto [d0, d1] = normDims(A, dim);
  normDtype(dtype);
  if (ord == "fro") return call("aten::linalg_vector_norm", {IValue(A), IValue(2.0), intList(dim), IValue(keepdim), dtype});
  return singularValuesReduced(A, d0, d1, keepdim, dtype, 0);
}
void normDimCheck(const Tensor& X, const IValue& dim, bool ordGiven) {
  if (!dim.isNone()) {
    const std::vector<int64_t> d = intListOf(dim);
    if (d.size() != 1 && d.size() != 2)
      throw RuntimeError(str("linalg.norm: If dim is specified, it must be of length 1 or 2. Got [", listText(d), "]"));
  } else if (ordGiven && X.dim() != 1 && X.dim() != 2) {
    throw RuntimeError(str("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got ", X.dim(), "D."));
  }
}

// ---- rank / pseudo-inverse ------------------------------------------------------------------------
// max(atol, rtol * largest) with 1.13's defaults (rtol = eps * max(m, n) where atol is not
// positive), broadcast as 1.13 broadcasts it: tensor tolerances of any shape against the batch
// (a [2, 2, 2] input with an atol of shape [3, 1] has [3, 2] ranks). One entry per result matrix:
// the input matrix it comes from and its tolerance.
struct Tolerances {
  std::vector<int64_t> batch;  // the result's batch shape
  std::vector<size_t> matrix;  // per result: the index of its input matrix
  std::vector<double> tol;
};
Tolerances tolerances(const std::vector<double>& largest, const std::vector<int64_t>& batch, const IValue& atol,
                      const IValue& rtol, ScalarType dt, int64_t m, int64_t n) {
  Tolerances r;
  r.batch = batch;
  auto widen = [&](const IValue& v) {
    if (!v.isTensor()) return;
    const auto sizes = v.toTensor().sizes();
    std::vector<int64_t> a(sizes.begin(), sizes.end()), out;
    const size_t rank = std::max(a.size(), r.batch.size());
    for (size_t d = 0; d < rank; ++d) {
      const int64_t x = d + a.size() >= rank ? a[d + a.size() - rank] : 1;
      const int64_t y = d + r.batch.size() >= rank ? r.batch[d + r.batch.size() - rank] : 1;
      if (x != y && x != 1 && y != 1)
        throw RuntimeError(str("The size of tensor a (", x, ") must match the size of tensor b (", y,
                               ") at non-singleton dimension ", d));
      out.push_back(x == 1 ? y : x);
    }
    r.batch = out;
  };
  widen(atol);
  widen(rtol);
  int64_t count = 1;
  for (int64_t d : r.batch) count *= d;
  // each result's input matrix: the batch's element numbers broadcast to the result's shape
  std::vector<double> ids(largest.size());
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<double>(i);
  for (double x : Tensor::fromDoubles(ids, batch, ScalarType::Double).expand(r.batch).contiguous().toDoubles())
    r.matrix.push_back(static_cast<size_t>(x));
  auto valuesOf = [&](const IValue& v) {
    std::vector<double> out(static_cast<size_t>(count), 0.0);
    if (v.isTensor()) out = v.toTensor().expand(r.batch).contiguous().toDoubles();
    else if (!v.isNone()) out.assign(static_cast<size_t>(count), v.toScalarAsDouble());
    return out;
  };
  const std::vector<double> at = valuesOf(atol);
  std::vector<double> rt = valuesOf(rtol);
  const double eps = dt == ScalarType::Double ? std::numeric_limits<double>::epsilon() : std::numeric_limits<float>::epsilon();
  if (rtol.isNone())
    for (size_t i = 0; i < rt.size(); ++i) rt[i] = !atol.isNone() && at[i] > 0 ? 0.0 : eps * static_cast<double>(std::max(m, n));
  // 1.13's at::max propagates NaN: a NaN atol / rtol / rcond makes every singular value count as
  // below the tolerance (rank 0, a zero pseudo-inverse).
  for (size_t i = 0; i < rt.size(); ++i) {
    const double x = rt[i] * largest[r.matrix[i]];
    r.tol.push_back(std::isnan(at[i]) || std::isnan(x) ? std::numeric_limits<double>::quiet_NaN() : std::max(at[i], x));
  }
  return r;
}
// hermitian=True reads the lower triangle only (1.13's eigh / eigvalsh with UPLO='L').
Mat lowerSymmetric(const Mat& a, int64_t n) {
  Mat s(a.size());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) s[i * n + j] = i >= j ? a[i * n + j] : a[j * n + i];
  return s;
}
// Singular values rounded to the dtype (the value 1.13 compares with the tolerance).
std::vector<double> rounded(const std::vector<double>& s, ScalarType dt) {
  return Tensor::fromDoubles(s, {static_cast<int64_t>(s.size())}, dt).toDoubles();
}

Tensor matrixRank(const Tensor& A, const IValue& atol, const IValue& rtol, bool hermitian) {
  if (A.dim() < 2) throw RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.");
  if (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError("This function doesn't handle types other than float and double");
  const int64_t m = A.size(-2), n = A.size(-1);
  const std::vector<int64_t> batch = leading(A);
  if (A.numel() == 0) return Tensor::zeros(batch, ScalarType::Int64);
  if (hermitian && m != n)  // 1.13 takes the eigenvalues: linalg.eigh's check
    throw RuntimeError(str("linalg.eigh: A must be batches of square matrices, but they are ", m, " by ", n, " matrices"));
  std::vector<std::vector<double>> svals;
  std::vector<double> largest;
  int64_t b = 0;
  for (const Mat& a : matricesOf(A)) {
    if (!hermitian) svdNeedsNoNaN(A, a, b++);
    // hermitian: |eigenvalues| of the lower-triangle symmetric matrix = its singular values
    std::vector<double> s = rounded(svdOf(hermitian ? lowerSymmetric(a, n) : a, m, n).s, A.dtype());
    svals.push_back(s);
    largest.push_back(*std::max_element(s.begin(), s.end()));
  }
  const Tolerances t = tolerances(largest, batch, atol, rtol, A.dtype(), m, n);
  std::vector<int64_t> ranks;
  for (size_t o = 0; o < t.tol.size(); ++o) {
    const std::vector<double>& sv = svals[t.matrix[o]];
    ranks.push_back(std::count_if(sv.begin(), sv.end(), [&](double s) { return s > t.tol[o]; }));
  }
  return Tensor::fromInt64s(ranks, t.batch, ScalarType::Int64);
}

Tensor pinv(const Tensor& A, const IValue& atol, const IValue& rtol, bool hermitian) {
  if (rtol.isNone()) (void)A.size(-2);  // 1.13 sizes the default rtol first (IndexError for a 1-D input)
  if (A.dim() < 2 || (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)) {
    std::vector<int64_t> sizes(A.sizes().begin(), A.sizes().end());
    throw RuntimeError(str("linalg.pinv(", A.dtype(), "{[", listText(sizes),
                           "]}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types"));
  }
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  std::vector<int64_t> shape = leading(A);
  shape.insert(shape.end(), {n, m});
  if (A.numel() == 0) return Tensor::zeros(shape, A.dtype());
  if (hermitian && m != n)  // 1.13 takes the eigenvalues: linalg.eigh's check
    throw RuntimeError(str("linalg.eigh: A must be batches of square matrices, but they are ", m, " by ", n, " matrices"));
  std::vector<Svd> ds;
  std::vector<double> largest;
  int64_t b = 0;
  for (const Mat& a : matricesOf(A)) {
    if (!hermitian) svdNeedsNoNaN(A, a, b++);
    ds.push_back(svdOf(hermitian ? lowerSymmetric(a, n) : a, m, n));
    largest.push_back(rounded(ds.back().s, A.dtype())[0]);
  }
  const Tolerances t = tolerances(largest, leading(A), atol, rtol, A.dtype(), m, n);
  shape = t.batch;
  shape.insert(shape.end(), {n, m});
  std::vector<double> out;
  for (size_t o = 0; o < t.tol.size(); ++o) {
    const Svd& d = ds[t.matrix[o]];
    const double tol = t.tol[o];
    const std::vector<double> sr = rounded(d.s, A.dtype());
    const int64_t ucols = m >= n ? n : m, vcols = m >= n ? n : m;  // u: m x ucols, v: n x vcols
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        double acc = 0;
        for (int64_t q = 0; q < k; ++q)
          if (sr[q] > tol) acc += d.v[i * vcols + q] / d.s[q] * d.u[j * ucols + q];
        out.push_back(acc);
      }
  }
  return Tensor::fromDoubles(out, shape, A.dtype());
}

}  // namespace

void registerLinalgSpectralKernels() {
  def("aten::linalg_svdvals", [](Args& a) {
    if (!a[1].isNone())
      throw RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER backend.");
    return one(svdvals(tensorArg(a, 0)));
  });
  def("aten::linalg_eigvalsh", [](Args& a) { return one(eigvalsh(tensorArg(a, 0), strArg(a, 1))); });
  def("aten::linalg_qr", [](Args& a) { return qr(tensorArg(a, 0), strArg(a, 1)); });
  def("aten::qr", [](Args& a) { return qr(tensorArg(a, 0), boolArg(a, 1) ? "reduced" : "complete"); });
  def("aten::linalg_matrix_norm", [](Args& a) {
    return one(matrixNorm(tensorArg(a, 0), doubleArg(a, 1), intListArg(a, 2), boolArg(a, 3), a[4]));
  });
  def("aten::linalg_matrix_norm.str_ord", [](Args& a) {
    return one(matrixNormStr(tensorArg(a, 0), strArg(a, 1), intListArg(a, 2), boolArg(a, 3), a[4]));
  });
  def("aten::linalg_norm", [](Args& a) {
    const Tensor X = tensorArg(a, 0);
    normDimCheck(X, a[2], !a[1].isNone());
    const bool matrix = !a[1].isNone() && (a[2].isNone() ? X.dim() == 2 : intListOf(a[2]).size() == 2);
    if (matrix) return one(matrixNorm(X, doubleArg(a, 1), a[2].isNone() ? std::vector<int64_t>{0, 1} : intListOf(a[2]), boolArg(a, 3), a[4]));
    return one(runKernel("aten::linalg_vector_norm", {a[0], a[1].isNone() ? IValue(2.0) : a[1], a[2], a[3], a[4]}));
  });
  def("aten::linalg_norm.ord_str", [](Args& a) {
    const Tensor X = tensorArg(a, 0);
    normDimCheck(X, a[2], true);
    return one(matrixNormStr(X, strArg(a, 1), a[2].isNone() ? std::vector<int64_t>{0, 1} : intListOf(a[2]), boolArg(a, 3), a[4]));
  });
  def("aten::linalg_matrix_rank", [](Args& a) { return one(matrixRank(tensorArg(a, 0), a[1], IValue(0.0), boolArg(a, 2))); });
  def("aten::linalg_matrix_rank.tol_tensor", [](Args& a) { return one(matrixRank(tensorArg(a, 0), a[1], IValue(0.0), boolArg(a, 2))); });
  def("aten::linalg_matrix_rank.atol_rtol_tensor", [](Args& a) { return one(matrixRank(tensorArg(a, 0), a[1], a[2], boolArg(a, 3))); });
  def("aten::linalg_matrix_rank.atol_rtol_float", [](Args& a) { return one(matrixRank(tensorArg(a, 0), a[1], a[2], boolArg(a, 3))); });
  def("aten::linalg_pinv", [](Args& a) { return one(pinv(tensorArg(a, 0), IValue(0.0), a[1], boolArg(a, 2))); });
  def("aten::linalg_pinv.rcond_tensor", [](Args& a) { return one(pinv(tensorArg(a, 0), IValue(0.0), a[1], boolArg(a, 2))); });
  def("aten::linalg_pinv.atol_rtol_float", [](Args& a) { return one(pinv(tensorArg(a, 0), a[1], a[2], boolArg(a, 3))); });
  def("aten::linalg_pinv.atol_rtol_tensor", [](Args& a) { return one(pinv(tensorArg(a, 0), a[1], a[2], boolArg(a, 3))); });
  def("aten::pinverse", [](Args& a) { return one(pinv(tensorArg(a, 0), IValue(0.0), a[1], false)); });
}

}  // namespace tsjit::reference

// LinalgDecomp.cpp — reference kernels of the Linalg family, part 2: determinants and inverses
// (LU with partial pivoting in double, as LAPACK's getrf pivots) and nuclear_norm (singular values
// by a one-sided Jacobi SVD in double). linalg_vector_norm / frobenius_norm are Reductions kernels.
//
// Invariants: every matrix is read into doubles, factored or reduced in double, and the result is
// rounded once to the input's dtype (or the requested dtype). Batches ([..., n, n]) are handled
// matrix by matrix. A singular matrix makes linalg_inv raise PyTorch's message naming the first
// zero pivot ("The diagonal element 2 is zero, ..."); linalg_det returns 0 for it.
#include <cmath>
#include <limits>

#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// ---- LU factorization (row pivoting, pivot = first entry of largest magnitude) ------------------

struct LU {
  int64_t n = 0;
  std::vector<double> a;        // L (unit lower, below the diagonal) and U, row-major n x n
  std::vector<int64_t> perm;    // row i of P·A is row perm[i] of A
  int64_t info = 0;             // 1-based index of the first zero pivot, 0 if none
  bool oddSwaps = false;
};

LU factor(std::vector<double> a, int64_t n) {
  LU lu;
  lu.n = n;
  lu.perm.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) lu.perm[static_cast<size_t>(i)] = i;
  auto at = [&](int64_t r, int64_t c) -> double& { return a[static_cast<size_t>(r * n + c)]; };
  for (int64_t k = 0; k < n; ++k) {
    int64_t piv = k;
    for (int64_t r = k + 1; r < n; ++r)
      if (std::fabs(at(r, k)) > std::fabs(at(piv, k))) piv = r;
    // A zero pivot (the column below is 0 or NaN) is recorded, not swapped and not divided by, but
    // getrf still applies the rank-1 update with the unscaled column: LAPACK completes the
    // factorization, so NaN below a zero pivot reaches U (det NaN, not 0).
    const bool zeroPivot = at(piv, k) == 0.0;
    if (zeroPivot) {
      if (lu.info == 0) lu.info = k + 1;
    } else if (piv != k) {
      for (int64_t c = 0; c < n; ++c) std::swap(at(k, c), at(piv, c));
      std::swap(lu.perm[static_cast<size_t>(k)], lu.perm[static_cast<size_t>(piv)]);
      lu.oddSwaps = !lu.oddSwaps;
    }
    // getf2 / getrf2 scale the column below the pivot by its reciprocal (a division only for a
    // pivot below the smallest normal number): a * (1 / a) may be 1 - 2^-53, not 1, which decides
    // whether a rank-deficient matrix (two equal rows) meets an exact zero pivot.
    const double pivot = at(k, k), recip = 1.0 / pivot;
    const bool scale = std::fabs(pivot) >= std::numeric_limits<double>::min();
    for (int64_t r = k + 1; r < n; ++r) {
      const double f = zeroPivot ? at(r, k) : scale ? at(r, k) * recip : at(r, k) / pivot;
      at(r, k) = f;
      for (int64_t c = k + 1; c < n; ++c) at(r, c) -= f * at(k, c);
    }
  }
  lu.a = std::move(a);
  return lu;
}

double determinant(const LU& lu) {
  double d = lu.oddSwaps ? -1.0 : 1.0;
  for (int64_t i = 0; i < lu.n; ++i) d *= lu.a[static_cast<size_t>(i * lu.n + i)];
  return d;
}

std::vector<double> inverse(const LU& lu) {
  const int64_t n = lu.n;
  std::vector<double> inv(static_cast<size_t>(n * n), 0.0);
  std::vector<double> x(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) {
    // Solve L·U·x = P·e_j.
    for (int64_t i = 0; i < n; ++i) x[static_cast<size_t>(i)] = lu.perm[static_cast<size_t>(i)] == j ? 1.0 : 0.0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t k = 0; k < i; ++k) x[static_cast<size_t>(i)] -= lu.a[static_cast<size_t>(i * n + k)] * x[static_cast<size_t>(k)];
    for (int64_t i = n - 1; i >= 0; --i) {
      for (int64_t k = i + 1; k < n; ++k) x[static_cast<size_t>(i)] -= lu.a[static_cast<size_t>(i * n + k)] * x[static_cast<size_t>(k)];
      x[static_cast<size_t>(i)] /= lu.a[static_cast<size_t>(i * n + i)];
    }
    for (int64_t i = 0; i < n; ++i) inv[static_cast<size_t>(i * n + j)] = x[static_cast<size_t>(i)];
  }
  return inv;
}

// Checks for linalg.det / linalg.inv: at least 2-D, square, floating.
void checkSquareBatch(const Tensor& A, const char* api) {
  if (A.dim() < 2) throw RuntimeError(str(api, ": The input tensor A must have at least 2 dimensions."));
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str(api, ": A must be batches of square matrices, but they are ", A.size(-2), " by ",
                           A.size(-1), " matrices"));
  if (!isFloating(A))
    throw RuntimeError(str(api, ": Expected a floating point or complex tensor as input. Got ", A.dtype()));
}

std::vector<IValue> linalgDet(Args& args) {
  Tensor A = tensorArg(args, 0);
  checkSquareBatch(A, "linalg.det");
  const int64_t n = A.size(-1);
  // PyTorch 1.13's LU kernel ("lu_cpu") has no Half / BFloat16 version; an empty input never reaches it.
  if ((A.dtype() == ScalarType::Half || A.dtype() == ScalarType::BFloat16) && A.numel() != 0)
    throw RuntimeError(str("\"lu_cpu\" not implemented for '", A.dtype(), "'"));
  const std::vector<double> v = A.toDoubles();
  const std::vector<int64_t> batchSizes(A.sizes().begin(), A.sizes().end() - 2);
  const int64_t batch = product(batchSizes);
  std::vector<double> dets;
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<double> m(v.begin() + b * n * n, v.begin() + (b + 1) * n * n);
    dets.push_back(determinant(factor(std::move(m), n)));
  }
  return one(Tensor::fromDoubles(dets, batchSizes, A.dtype()));
}

std::vector<IValue> linalgInv(Args& args) {
  Tensor A = tensorArg(args, 0);
  checkSquareBatch(A, "linalg.inv");
  if (A.dtype() == ScalarType::Half || A.dtype() == ScalarType::BFloat16)
    throw RuntimeError(str("linalg.inv: Low precision dtypes not supported. Got ", A.dtype()));
  const int64_t n = A.size(-1);
  const std::vector<double> v = A.toDoubles();
  const int64_t batch = product(std::vector<int64_t>(A.sizes().begin(), A.sizes().end() - 2));
  // PyTorch 1.13's linalg_inv_ex is linalg_solve_ex(A, I): for a contiguous A it LU-factors A^T
  // (and solves the transposed system), otherwise A; the singular error names the first zero pivot
  // of the factored matrix. inv(A) = inv(A^T)^T.
  const bool useAT = A.isContiguous();
  auto transposed = [n](const std::vector<double>& m) {
    std::vector<double> t(m.size());
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) t[static_cast<size_t>(j * n + i)] = m[static_cast<size_t>(i * n + j)];
    return t;
  };
  std::vector<double> out;
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<double> m(v.begin() + b * n * n, v.begin() + (b + 1) * n * n);
    const LU lu = factor(useAT ? transposed(m) : std::move(m), n);
    if (lu.info != 0) {
      const std::string where = A.dim() == 2 ? "" : str(": (Batch element ", b, ")");
      throw RuntimeError(str("linalg.inv", where, ": The diagonal element ", lu.info,
                             " is zero, the inversion could not be completed because the input matrix is singular."));
    }
    const std::vector<double> inv = useAT ? transposed(inverse(lu)) : inverse(lu);
    out.insert(out.end(), inv.begin(), inv.end());
  }
  // PyTorch 1.13 returns LAPACK's column-major matrices: strides [..., n * n, 1, n] (the corpus
  // records them: la_inverse_det).
  std::vector<int64_t> strides(static_cast<size_t>(A.dim()), 1);
  const int64_t rank = A.dim();
  strides[static_cast<size_t>(rank - 2)] = 1;
  strides[static_cast<size_t>(rank - 1)] = std::max<int64_t>(n, 1);
  int64_t step = std::max<int64_t>(n * n, 1);
  for (int64_t d = rank - 3; d >= 0; --d) {
    strides[static_cast<size_t>(d)] = step;
    step *= std::max<int64_t>(A.size(d), 1);
  }
  Tensor result = Tensor::empty_strided(A.sizes(), strides, A.dtype());
  for (size_t i = 0; i < out.size(); ++i) result.setDouble(static_cast<int64_t>(i), out[i]);
  return one(result);
}

// ---- singular values (one-sided Jacobi) ----------------------------------------------------------

std::vector<double> singularValues(std::vector<double> a, int64_t rows, int64_t cols) {
  // Work on the columns of an m x n matrix with m >= n (transpose when needed).
  int64_t m = rows, n = cols;
  if (rows < cols) {
    std::vector<double> t(a.size());
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) t[static_cast<size_t>(j * rows + i)] = a[static_cast<size_t>(i * cols + j)];
    a = std::move(t);
    m = cols;
    n = rows;
  }
  auto at = [&](int64_t r, int64_t c) -> double& { return a[static_cast<size_t>(r * n + c)]; };
  const double eps = std::numeric_limits<double>::epsilon();
  for (int sweep = 0; sweep < 100; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t i = 0; i < m; ++i) {
          alpha += at(i, p) * at(i, p);
          beta += at(i, q) * at(i, q);
          gamma += at(i, p) * at(i, q);
        }
        if (gamma == 0 || std::fabs(gamma) <= eps * std::sqrt(alpha * beta)) continue;
        rotated = true;
        const double zeta = (beta - alpha) / (2 * gamma);
        const double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        const double c = 1 / std::sqrt(1 + t * t), s = c * t;
        for (int64_t i = 0; i < m; ++i) {
          const double up = at(i, p), uq = at(i, q);
          at(i, p) = c * up - s * uq;
          at(i, q) = s * up + c * uq;
        }
      }
    if (!rotated) break;
  }
  std::vector<double> sv(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) {
    double s = 0;
    for (int64_t i = 0; i < m; ++i) s += at(i, j) * at(i, j);
    sv[static_cast<size_t>(j)] = std::sqrt(s);
  }
  return sv;
}

// sum(linalg_svdvals(...), -1) as PyTorch 1.13 composes it: wrapped dims that must differ, then
// linalg.svd's floating check, then its LAPACK kernel ("linalg_svd_cpu": no Half / BFloat16; an
// empty input never reaches it).
Tensor nuclearNorm(const Tensor& self, int64_t d0, int64_t d1, bool keepdim) {
  const int64_t a0 = wrapDim(d0, self.dim()), a1 = wrapDim(d1, self.dim());
  if (a0 == a1) throw RuntimeError("duplicate or invalid dimensions");
  if (!isFloating(self))
    throw RuntimeError(str("linalg.svd: Expected a floating point or complex tensor as input. Got ", self.dtype()));
  if ((self.dtype() == ScalarType::Half || self.dtype() == ScalarType::BFloat16) && self.numel() != 0)
    throw RuntimeError(str("\"linalg_svd_cpu\" not implemented for '", self.dtype(), "'"));
  std::vector<int64_t> perm, batchSizes;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != a0 && d != a1) {
      perm.push_back(d);
      batchSizes.push_back(self.size(d));
    }
  perm.push_back(a0);
  perm.push_back(a1);
  const std::vector<double> v = self.permute(perm).toDoubles();
  const int64_t r = self.size(a0), c = self.size(a1), batch = product(batchSizes);
  std::vector<double> out;
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<double> m(v.begin() + b * r * c, v.begin() + (b + 1) * r * c);
    // Non-finite entries, as LAPACK >= 3.10 gesdd (Debian's OpenBLAS 0.3.21) treats them under
    // PyTorch 1.13's linalg.svd: a NaN makes gesdd return info = -4, which linalg.svd's error check
    // turns into its "non-finite values" LinAlgError (the first such matrix of the batch); an
    // infinity (without NaN) is scaled by 0 to NaN and every singular value is NaN (info = 0).
    bool hasNaN = false, hasInf = false;
    for (double x : m) {
      hasNaN = hasNaN || std::isnan(x);
      hasInf = hasInf || std::isinf(x);
    }
    if (hasNaN)
      throw RuntimeError(str("linalg.svd", batchSizes.empty() ? std::string() : str(": (Batch element ", b, ")"),
                             ": The algorithm failed to converge because the input matrix contained non-finite values."));
    double sum = 0;
    if (hasInf) sum = std::numeric_limits<double>::quiet_NaN();
    else
      for (double s : singularValues(std::move(m), r, c)) sum += s;
    out.push_back(sum);
  }
  std::vector<int64_t> outSizes = batchSizes;
  if (keepdim) {
    outSizes = self.sizes();
    outSizes[static_cast<size_t>(a0)] = outSizes[static_cast<size_t>(a1)] = 1;
  }
  return Tensor::fromDoubles(out, outSizes, self.dtype());
}

}  // namespace

void registerLinalgDecompKernels() {
  def("aten::linalg_det", linalgDet);
  def("aten::linalg_inv", linalgInv);
  def("aten::nuclear_norm", [](Args& a) {
    Tensor self = tensorArg(a, 0);
    if (self.dim() != 2)
      throw RuntimeError(str("Expected a tensor with 2 dimensions, but got a tensor with ", self.dim(), " dimension",
                             self.dim() == 1 ? "" : "s", " instead."));
    return one(nuclearNorm(self, 0, 1, boolArg(a, 1)));
  });
  def("aten::nuclear_norm.dim", [](Args& a) {
    const std::vector<int64_t> dims = intListArg(a, 1);
    if (dims.size() != 2) throw RuntimeError("nuclear norm requires a 'dim' argument of size 2");
    return one(nuclearNorm(tensorArg(a, 0), dims[0], dims[1], boolArg(a, 2)));
  });
}

}  // namespace tsjit::reference

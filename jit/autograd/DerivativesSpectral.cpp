// DerivativesSpectral.cpp — derivatives of the spectral decompositions: linalg_svdvals,
// linalg_eigvalsh, linalg_qr / qr, and of linalg_pinv / pinverse.
//   svdvals: gA = U diag(gS) V^T (U, V of the reduced SVD, recomputed in float64 with LAPACK's
//     gesdd as 1.13 does: with repeated singular values the basis is LAPACK's, as in 1.13).
//   eigvalsh: gA = V diag(gL) V^T (V of the triangle UPLO names; the gradient is the full
//     symmetric matrix, not a triangle, as 1.13).
//   qr (m >= n, reduced): gA = (gQ + Q copyltu(M)) R^-T with M = R gR^T - gQ^T Q and copyltu(M) =
//     tril(M) + tril(M, -1)^T; m < n: A = [X | Y], R = [U | V]: gX from the square case with
//     gQ + Y gV^T, gY = Q gV. mode='r' and complete with m > n raise 1.13's errors.
//   pinv: gA = -X^T G X^T + (I - A X) G^T X X^T + X^T X G^T (I - X A) with X the output, for
//     hermitian=True too, with A the input as given (not the triangle the kernel read): 1.13's
//     pinv_backward; rank-deficient matrices included (checked on python3-torch 1.13.1).
#include <algorithm>
#include <vector>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"
#include "jit/support/Error.h"

extern "C" {
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u,
             const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info, size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
}

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor mT(const Tensor& t) { return callT("aten::transpose.int", {t, IValue(int64_t{-2}), IValue(int64_t{-1})}); }
Tensor tril(const Tensor& t, int64_t k) { return callT("aten::tril", {t, IValue(k)}); }
Tensor narrowLast(const Tensor& t, int64_t start, int64_t len) {
  return callT("aten::narrow", {t, IValue(int64_t{-1}), IValue(start), IValue(len)});
}
Tensor eye(int64_t n, const Tensor& like) {
  return callT("aten::eye", {IValue(n), IValue(toTorchCode(like.dtype())), IValue(), IValue(), IValue()});
}

// The batch's matrices of A [..., m, n] as column-major float64 copies.
struct Matrices {
  int64_t count = 0, m = 0, n = 0;
  std::vector<double> data;
  double* at(int64_t b) { return data.data() + b * m * n; }
};
Matrices columnMajor(const Tensor& A) {
  Matrices M;
  M.m = A.size(-2), M.n = A.size(-1);
  M.count = M.m * M.n != 0 ? A.numel() / (M.m * M.n) : 0;
  const std::vector<double> x = A.contiguous().toDoubles();
  M.data.resize(x.size());
  for (int64_t b = 0; b < M.count; ++b)
    for (int64_t i = 0; i < M.m; ++i)
      for (int64_t j = 0; j < M.n; ++j) M.data[static_cast<size_t>(b * M.m * M.n + j * M.m + i)] = x[static_cast<size_t>(b * M.m * M.n + i * M.n + j)];
  return M;
}

Grads svdvalsBackward(const GradContext& c) {
  const Tensor A = c.tensor(0);
  Matrices M = columnMajor(A);
  const int m = static_cast<int>(M.m), n = static_cast<int>(M.n), k = std::min(m, n);
  const std::vector<double> g = c.grad().contiguous().toDoubles();
  std::vector<double> out(static_cast<size_t>(A.numel()), 0.0);
  std::vector<double> s(static_cast<size_t>(k)), u(static_cast<size_t>(m) * k), vt(static_cast<size_t>(k) * n);
  std::vector<int> iwork(static_cast<size_t>(8 * std::max(k, 1)));
  for (int64_t b = 0; b < M.count && k > 0; ++b) {
    const char jobz = 'S';
    const int lda = std::max(m, 1), ldu = std::max(m, 1), ldvt = std::max(k, 1);
    int info = 0, lwork = -1;
    double query = 0;
    dgesdd_(&jobz, &m, &n, M.at(b), &lda, s.data(), u.data(), &ldu, vt.data(), &ldvt, &query, &lwork, iwork.data(), &info, 1);
    lwork = std::max(1, static_cast<int>(query));
    std::vector<double> work(static_cast<size_t>(lwork));
    dgesdd_(&jobz, &m, &n, M.at(b), &lda, s.data(), u.data(), &ldu, vt.data(), &ldvt, work.data(), &lwork, iwork.data(), &info, 1);
    if (info != 0) throw RuntimeError("linalg.svd: The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated singular values (error code: " + std::to_string(info) + ").");
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        double acc = 0;
        for (int l = 0; l < k; ++l) acc += u[static_cast<size_t>(i + l * m)] * g[static_cast<size_t>(b * k + l)] * vt[static_cast<size_t>(l + j * k)];
        out[static_cast<size_t>(b * m * n + i * n + j)] = acc;
      }
  }
  return {Tensor::fromDoubles(out, A.sizes(), ScalarType::Double), IValue()};
}

Grads eigvalshBackward(const GradContext& c) {
  const Tensor A = c.tensor(0);
  Matrices M = columnMajor(A);
  const int n = static_cast<int>(M.n);
  const char uplo = c.arg(1).toStringRef() == "U" ? 'U' : 'L', jobz = 'V';
  const std::vector<double> g = c.grad().contiguous().toDoubles();
  std::vector<double> out(static_cast<size_t>(A.numel()), 0.0), w(static_cast<size_t>(n));
  for (int64_t b = 0; b < M.count && n > 0; ++b) {
    const int lda = std::max(n, 1);
    int info = 0, lwork = -1, liwork = -1, iquery = 0;
    double query = 0;
    dsyevd_(&jobz, &uplo, &n, M.at(b), &lda, w.data(), &query, &lwork, &iquery, &liwork, &info, 1, 1);
    lwork = std::max(1, static_cast<int>(query));
    liwork = std::max(1, iquery);
    std::vector<double> work(static_cast<size_t>(lwork));
    std::vector<int> iwork(static_cast<size_t>(liwork));
    dsyevd_(&jobz, &uplo, &n, M.at(b), &lda, w.data(), work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
    if (info != 0) throw RuntimeError("linalg.eigh: The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated eigenvalues (error code: " + std::to_string(info) + ").");
    const double* V = M.at(b);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        double acc = 0;
        for (int l = 0; l < n; ++l) acc += V[i + l * n] * g[static_cast<size_t>(b * n + l)] * V[j + l * n];
        out[static_cast<size_t>(b * n * n + i * n + j)] = acc;
      }
  }
  return {Tensor::fromDoubles(out, A.sizes(), ScalarType::Double), IValue()};
}

// The square / tall case: A = Q R with Q [m, n], R [n, n].
Tensor qrTall(const Tensor& gQ, const Tensor& gR, const Tensor& Q, const Tensor& R) {
  const Tensor M = sub(matmul(R, mT(gR)), matmul(mT(gQ), Q));
  const Tensor sym = add(tril(M, 0), mT(tril(M, -1)));
  const Tensor B = add(gQ, matmul(Q, sym));
  // X R^T = B: a right-side solve with the lower triangle R^T.
  return callT("aten::linalg_solve_triangular", {mT(R), B, IValue(false), IValue(false), IValue(false)});
}

Grads qrBackward(const GradContext& c, const std::string& mode) {
  const Tensor Q = c.output(0), R = c.output(1);
  const int64_t m = c.sizes(0)[c.sizes(0).size() - 2], n = c.sizes(0).back();
  if (mode == "r")
    throw RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
  if (mode == "complete" && m > n) throw RuntimeError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
  const Tensor gQ = c.grad(0), gR = c.grad(1);
  if (m >= n) return {qrTall(gQ, gR, Q, R), IValue()};
  const Tensor U = narrowLast(R, 0, m), gU = narrowLast(gR, 0, m), gV = narrowLast(gR, m, n - m);
  // Y = A[..., m:] = Q V.
  const Tensor Y = matmul(Q, narrowLast(R, m, n - m));
  const Tensor gX = qrTall(add(gQ, matmul(Y, mT(gV))), gU, Q, U);
  return {cat({gX, matmul(Q, gV)}, -1), IValue()};
}

Grads pinvBackward(const GradContext& c) {
  const Tensor A = c.tensor(0), X = c.output(0), G = c.grad();
  const int64_t m = A.size(-2), n = A.size(-1);
  const Tensor Xt = mT(X), Gt = mT(G);
  Tensor gA = neg(matmul(matmul(Xt, G), Xt));
  gA = add(gA, matmul(matmul(sub(eye(m, A), matmul(A, X)), Gt), matmul(X, Xt)));
  gA = add(gA, matmul(matmul(matmul(Xt, X), Gt), sub(eye(n, A), matmul(X, A))));
  Grads out(c.numArgs());
  out[0] = gA;
  return out;
}

}  // namespace

void registerSpectralDerivatives() {
  def("aten::linalg_svdvals", {{0}, {}}, svdvalsBackward);
  def("aten::linalg_eigvalsh", {{0}, {}}, eigvalshBackward);
  def("aten::linalg_qr", {{}, {0, 1}}, [](const GradContext& c) { return qrBackward(c, c.arg(1).toStringRef()); });
  def("aten::qr", {{}, {0, 1}}, [](const GradContext& c) { return qrBackward(c, c.arg(1).toBool() ? "reduced" : "complete"); });
  for (const char* name : {"aten::linalg_pinv", "aten::linalg_pinv.rcond_tensor", "aten::linalg_pinv.atol_rtol_float",
                           "aten::linalg_pinv.atol_rtol_tensor", "aten::pinverse"})
    def(name, {{0}, {0}}, pinvBackward);
}

}  // namespace tsjit::autograd

// LinalgSolve.cpp — reference kernels of the Linalg family, part 4: linalg_slogdet / slogdet /
// logdet, linalg_solve (+ _ex), linalg_inv_ex, linalg_cholesky / cholesky, linalg_matrix_power,
// linalg_solve_triangular / triangular_solve, cholesky_solve / cholesky_inverse, linalg_matrix_exp
// (scaling and squaring of a Taylor series). Textbook algorithms in double: Gaussian elimination
// with partial pivoting (the first entry of largest magnitude, as getrf), the Cholesky–Banachiewicz
// recurrence, forward / back substitution; one rounding to the result dtype.
// Facts (python3-torch 1.13.1): the checks and messages of each API (dims, square, floating, dtype
// agreement, low precision), LinAlgError texts with "(Batch element k): " for batched inputs, and
// the results' column-major matrix strides (LAPACK's layout) are 1.13's.
// Invariants: matrices are read as logical row-major doubles after broadcasting the batch dims;
// nothing here calls LAPACK or the optimized kernels.
#include <algorithm>
#include <cmath>
#include <limits>

#include "jit/tensor/Broadcast.h"
#include "reference/Kernel.h"
#include "reference/kernels/LinalgCommon.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using linalg::columnMajor;

using namespace shape;
using Mat = std::vector<double>;  // row-major n x m

// ---- checks (1.13's order and wording) ------------------------------------------------------------
void needMatrices(const Tensor& t, const std::string& api, const char* name = "A") {
  if (t.dim() < 2) throw RuntimeError(str(api, ": The input tensor ", name, " must have at least 2 dimensions."));
}
void needSquare(const Tensor& A, const std::string& api) {
  needMatrices(A, api);
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str(api, ": A must be batches of square matrices, but they are ", A.size(-2), " by ", A.size(-1),
                           " matrices"));
}
void needFloating(const Tensor& A, const std::string& api) {
  if (!isFloatingType(A.dtype()))
    throw RuntimeError(str(api, ": Expected a floating point or complex tensor as input. Got ", A.dtype()));
}
bool halfLike(ScalarType t) { return t == ScalarType::Half || t == ScalarType::BFloat16; }
void needFullPrecision(const Tensor& A, const std::string& api) {
  if (halfLike(A.dtype())) throw RuntimeError(str(api, ": Low precision dtypes not supported. Got ", A.dtype()));
}
// LAPACK kernels exist for float and double only; an empty input never reaches one.
void needLapackType(const Tensor& A, const char* kernel) {
  if (A.numel() != 0 && A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", A.dtype(), "'"));
}
std::string batchText(bool batched, int64_t b) { return batched ? str("(Batch element ", b, "): ") : std::string(); }

std::vector<int64_t> leading(const Tensor& t) { return std::vector<int64_t>(t.sizes().begin(), t.sizes().end() - 2); }

// The matrices of t broadcast to `batch`, each row-major.
std::vector<Mat> matricesOf(const Tensor& t, const std::vector<int64_t>& batch) {
  std::vector<int64_t> shape = batch;
  shape.push_back(t.size(-2));
  shape.push_back(t.size(-1));
  const std::vector<double> v = t.expand(shape).toDoubles();
  const int64_t per = t.size(-2) * t.size(-1), count = product(batch);
  std::vector<Mat> out;
  for (int64_t b = 0; b < count; ++b) out.emplace_back(v.begin() + b * per, v.begin() + (b + 1) * per);
  return out;
}

// A tensor of `shape` holding the row-major matrices, with 1.13's column-major matrix strides
// (batch dims outermost); a 1-D shape is one contiguous column.

// ---- LU with partial pivoting ---------------------------------------------------------------------
struct Lu {
  int64_t n = 0;
  Mat a;                      // unit L below the diagonal, U on and above
  std::vector<int64_t> rows;  // row i of the factored matrix is row rows[i] of the input
  bool odd = false;
  int64_t firstZero = 0;      // 1-based index of the first zero pivot, 0 if none
};
Lu luOf(Mat a, int64_t n) {
  Lu f;
  f.n = n;
  f.rows.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) f.rows[i] = i;
  for (int64_t k = 0; k < n; ++k) {
    int64_t p = k;
    for (int64_t r = k + 1; r < n; ++r)
      if (std::fabs(a[r * n + k]) > std::fabs(a[p * n + k])) p = r;
    if (a[p * n + k] == 0.0) {
      if (f.firstZero == 0) f.firstZero = k + 1;
      continue;  // nothing to eliminate below a zero column
    }
    if (p != k) {
      for (int64_t c = 0; c < n; ++c) std::swap(a[k * n + c], a[p * n + c]);
      std::swap(f.rows[k], f.rows[p]);
      f.odd = !f.odd;
    }
    for (int64_t r = k + 1; r < n; ++r) {
      const double m = a[r * n + k] / a[k * n + k];
      a[r * n + k] = m;
      for (int64_t c = k + 1; c < n; ++c) a[r * n + c] -= m * a[k * n + c];
    }
  }
  f.a = std::move(a);
  return f;
}
// X (n x k, row-major) with L U X = P B.
Mat luSolve(const Lu& f, const Mat& B, int64_t k) {
  const int64_t n = f.n;
  Mat x(static_cast<size_t>(n * k));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < k; ++j) x[i * k + j] = B[f.rows[i] * k + j];
  for (int64_t j = 0; j < k; ++j) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t q = 0; q < i; ++q) x[i * k + j] -= f.a[i * n + q] * x[q * k + j];
    for (int64_t i = n - 1; i >= 0; --i) {
      for (int64_t q = i + 1; q < n; ++q) x[i * k + j] -= f.a[i * n + q] * x[q * k + j];
      x[i * k + j] /= f.a[i * n + i];
    }
  }
  return x;
}
Mat transposed(const Mat& m, int64_t rows, int64_t cols) {
  Mat t(m.size());
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) t[j * rows + i] = m[i * cols + j];
  return t;
}

// ---- slogdet / logdet ---------------------------------------------------------------------------
std::pair<Tensor, Tensor> slogdet(const Tensor& A, const std::string& api) {
  needSquare(A, api);
  needFloating(A, api);
  needFullPrecision(A, api);
  const int64_t n = A.size(-1);
  const std::vector<int64_t> batch = leading(A);
  std::vector<double> signs, logs;
  for (const Mat& m : matricesOf(A, batch)) {
    const Lu f = luOf(m, n);
    double s = 1, l = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double d = f.a[i * n + i];
      s *= d > 0 ? 1.0 : d < 0 ? -1.0 : 0.0;  // NaN: 0, as sign() gives
      l += std::log(std::fabs(d));
    }
    signs.push_back(f.odd ? -s : s);
    logs.push_back(l);
  }
  return {Tensor::fromDoubles(signs, batch, A.dtype()), Tensor::fromDoubles(logs, batch, A.dtype())};
}

// ---- solve ----------------------------------------------------------------------------------------
bool vectorRhs(const Tensor& A, const Tensor& B) {
  if (B.dim() == 1) return true;
  if (B.dim() != A.dim() - 1) return false;
  for (int64_t i = 0; i < B.dim(); ++i)
    if (B.size(i) != A.size(i)) return false;
  return true;
}
void solverShapes(const Tensor& A, const Tensor& B, bool left, const std::string& api) {
  needSquare(A, api);
  needMatrices(B, api, "B");
  if (left ? A.size(-2) != B.size(-2) : A.size(-1) != B.size(-1))
    throw RuntimeError(str(api, ": Incompatible shapes of A and B for the equation ", left ? "AX = B" : "XA = B", " (",
                           A.size(-2), "x", A.size(-1), " and ", B.size(-2), "x", B.size(-1), ")"));
}

std::pair<Tensor, Tensor> solve(const Tensor& A, const Tensor& B, bool left, bool checkErrors, const std::string& errApi) {
  const std::string api = "linalg.solve";
  needFloating(A, api);
  if (A.dtype() != B.dtype())
    throw RuntimeError(str(api, ": Expected A and B to have the same dtype, but found A of type ", A.dtype(), " and B of type ",
                           B.dtype(), " instead"));
  const bool vec = vectorRhs(A, B);
  const Tensor B2 = vec ? B.unsqueeze(-1) : B;
  solverShapes(A, B2, left, api);
  const std::vector<int64_t> batch = inferBroadcastShape(leading(A), leading(B2));
  if (!left && vec)
    throw RuntimeError(str(api, ": Vector broadcasting of the left hand side is not supported for left=False. In this case "
                                "linalg.solve is equivalent to B / A.squeeze(-1)"));
  needLapackType(A, "lu_cpu");
  const int64_t n = A.size(-1);
  // Left form: A' X' = B' (A' = A^T, B' = B^T for X A = B); X = X'^T then.
  const std::vector<Mat> as = matricesOf(A, batch), bs = matricesOf(B2, batch);
  const int64_t k = left ? B2.size(-1) : B2.size(-2);
  std::vector<Mat> xs;
  std::vector<int64_t> infos;
  for (size_t b = 0; b < as.size(); ++b) {
    const Lu f = luOf(left ? as[b] : transposed(as[b], n, n), n);
    infos.push_back(f.firstZero);
    if (f.firstZero && checkErrors)
      throw RuntimeError(str(errApi, ": ", batchText(!batch.empty(), static_cast<int64_t>(b)),
                             "The solver failed because the input matrix is singular."));
    const Mat rhs = left ? bs[b] : transposed(bs[b], k, n);
    const Mat x = luSolve(f, rhs, k);
    xs.push_back(left ? x : transposed(x, n, k));
  }
  std::vector<int64_t> shape = batch;
  if (left) shape.insert(shape.end(), {n, k});
  else shape.insert(shape.end(), {k, n});
  Tensor result;
  if (left) {
    result = columnMajor(xs, shape, A.dtype());
  } else {  // row-major matrices
    std::vector<double> flat;
    for (const Mat& m : xs) flat.insert(flat.end(), m.begin(), m.end());
    result = Tensor::fromDoubles(flat, shape, A.dtype());
  }
  if (vec) {
    shape.pop_back();
    // the vector results: [batch..., n], the last two dims column-major (1.13's strides)
    if (shape.size() >= 2) {
      std::vector<int64_t> lead(shape.begin(), shape.end() - 2);
      const int64_t r = shape[shape.size() - 2], c = shape.back();
      std::vector<Mat> ms;
      std::vector<double> flat;
      for (const Mat& m : xs) flat.insert(flat.end(), m.begin(), m.end());
      const int64_t count = product(lead);
      for (int64_t i = 0; i < count; ++i) ms.emplace_back(flat.begin() + i * r * c, flat.begin() + (i + 1) * r * c);
      result = columnMajor(ms, shape, A.dtype());
    } else {
      result = columnMajor(xs, shape, A.dtype());
    }
  }
  return {result, Tensor::fromInt64s(infos, batch, ScalarType::Int32)};
}

// ---- inv_ex -------------------------------------------------------------------------------------
std::pair<Tensor, Tensor> invEx(const Tensor& A, bool checkErrors) {
  needSquare(A, "linalg.inv");
  needFloating(A, "linalg.inv");
  needFullPrecision(A, "linalg.inv");
  const int64_t n = A.size(-1);
  const std::vector<int64_t> batch = leading(A);
  // 1.13 factors A^T when A is contiguous: its zero pivot is the one reported.
  const bool viaTranspose = A.isContiguous();
  std::vector<Mat> xs;
  std::vector<int64_t> infos;
  int64_t b = 0;
  Mat eye(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) eye[i * n + i] = 1.0;
  for (const Mat& m : matricesOf(A, batch)) {
    const Lu f = luOf(viaTranspose ? transposed(m, n, n) : m, n);
    infos.push_back(f.firstZero);
    if (f.firstZero && checkErrors)
      throw RuntimeError(str("linalg.inv_ex: ", batchText(A.dim() > 2, b), "The diagonal element ", f.firstZero,
                             " is zero, the inversion could not be completed because the input matrix is singular."));
    const Mat x = luSolve(f, eye, n);
    xs.push_back(viaTranspose ? transposed(x, n, n) : x);
    ++b;
  }
  return {columnMajor(xs, A.sizes(), A.dtype()), Tensor::fromInt64s(infos, batch, ScalarType::Int32)};
}

// ---- cholesky -------------------------------------------------------------------------------------
Tensor cholesky(const Tensor& A, bool upper, const std::string& api, bool floatingCheck) {
  needSquare(A, api);
  if (floatingCheck) needFloating(A, api);
  needLapackType(A, "cholesky_cpu");
  const int64_t n = A.size(-1);
  const std::vector<int64_t> batch = leading(A);
  std::vector<Mat> out;
  int64_t b = 0;
  for (const Mat& m : matricesOf(A, batch)) {
    // The symmetric matrix the factorization reads: A's lower (or, for upper, upper) triangle.
    auto at = [&](int64_t i, int64_t j) { return upper ? (i <= j ? m[i * n + j] : m[j * n + i]) : (i >= j ? m[i * n + j] : m[j * n + i]); };
    Mat L(static_cast<size_t>(n * n), 0.0);
    for (int64_t j = 0; j < n; ++j) {
      double d = at(j, j);
      for (int64_t q = 0; q < j; ++q) d -= L[j * n + q] * L[j * n + q];
      if (d <= 0)
        throw RuntimeError(str(api, ": ", batchText(A.dim() > 2, b),
                               "The factorization could not be completed because the input is not positive-definite (the "
                               "leading minor of order ",
                               j + 1, " is not positive-definite)."));
      L[j * n + j] = std::sqrt(d);
      for (int64_t i = j + 1; i < n; ++i) {
        double s = at(i, j);
        for (int64_t q = 0; q < j; ++q) s -= L[i * n + q] * L[j * n + q];
        L[i * n + j] = s / L[j * n + j];
      }
    }
    out.push_back(upper ? transposed(L, n, n) : L);
    ++b;
  }
  return columnMajor(out, A.sizes(), A.dtype());
}

// ---- matrix_power -------------------------------------------------------------------------------
Tensor matrixPower(const Tensor& A, int64_t n) {
  needSquare(A, "linalg.matrix_power");
  auto mm = [](const Tensor& x, const Tensor& y) { return runKernel("aten::matmul", {IValue(x), IValue(y)}).toTensor(); };
  if (n == 0) {
    // 1.13 builds the identity with eye, which has no BFloat16 kernel on the CPU (empty batches too).
    if (A.dtype() == ScalarType::BFloat16) throw RuntimeError("\"eye\" not implemented for 'BFloat16'");
    const int64_t m = A.size(-1);
    std::vector<double> v(static_cast<size_t>(A.numel()), 0.0);
    for (size_t i = 0; i < v.size(); ++i) {
      const int64_t within = static_cast<int64_t>(i) % (m * m);
      v[i] = within / m == within % m ? 1.0 : 0.0;
    }
    return A.numel() == 0 ? Tensor::empty(A.sizes(), A.dtype()) : Tensor::fromDoubles(v, A.sizes(), A.dtype());
  }
  Tensor a = A;
  if (n < 0) {
    a = runKernel("aten::linalg_inv", {IValue(A)}).toTensor();
    n = -n;
    if (n == 1) return a;
  } else if (n == 1) {
    return A.clone(MemoryFormat::Contiguous);
  }
  // 1.13's order of products: n = 2, 3 directly, otherwise by the binary digits of n.
  if (n == 2) return mm(a, a);
  if (n == 3) return mm(mm(a, a), a);
  Tensor z, result;
  for (; n > 0; n /= 2) {
    z = z.defined() ? mm(z, z) : a;
    if (n % 2 == 1) result = result.defined() ? mm(result, z) : z.clone(MemoryFormat::Contiguous);
  }
  return result;
}

// ---- triangular solves ----------------------------------------------------------------------------
// X (n x k) with op(T) X = B, T triangular (upper / lower in its stored form, op = transpose or not).
Mat triangular(const Mat& T, const Mat& B, int64_t n, int64_t k, bool upper, bool trans, bool unit) {
  auto t = [&](int64_t i, int64_t j) { return trans ? T[j * n + i] : T[i * n + j]; };
  const bool effUpper = upper != trans;
  Mat x(B);
  for (int64_t j = 0; j < k; ++j) {
    if (effUpper) {
      for (int64_t i = n - 1; i >= 0; --i) {
        double s = x[i * k + j];
        for (int64_t q = i + 1; q < n; ++q) s -= t(i, q) * x[q * k + j];
        x[i * k + j] = unit ? s : s / t(i, i);
      }
    } else {
      for (int64_t i = 0; i < n; ++i) {
        double s = x[i * k + j];
        for (int64_t q = 0; q < i; ++q) s -= t(i, q) * x[q * k + j];
        x[i * k + j] = unit ? s : s / t(i, i);
      }
    }
  }
  return x;
}

Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unit) {
  const std::string api = "linalg.solve_triangular";
  solverShapes(A, B, left, api);
  const std::vector<int64_t> batch = inferBroadcastShape(leading(A), leading(B));
  needLapackType(A, "triangular_solve_cpu");
  const int64_t n = A.size(-1), r = B.size(-2), c = B.size(-1);
  const std::vector<Mat> as = matricesOf(A, batch), bs = matricesOf(B, batch);
  std::vector<Mat> xs;
  for (size_t b = 0; b < as.size(); ++b) {
    if (left) {
      xs.push_back(triangular(as[b], bs[b], n, c, upper, false, unit));
    } else {  // X A = B  <=>  A^T X^T = B^T
      xs.push_back(transposed(triangular(as[b], transposed(bs[b], r, c), n, r, upper, true, unit), n, r));
    }
  }
  std::vector<int64_t> shape = batch;
  shape.insert(shape.end(), {r, c});
  return columnMajor(xs, shape, A.dtype());
}

std::vector<IValue> triangularSolveOp(Args& a) {
  const Tensor b = tensorArg(a, 0), A = tensorArg(a, 1);
  const bool upper = boolArg(a, 2), trans = boolArg(a, 3), unit = boolArg(a, 4);
  if (b.dim() < 2)
    throw RuntimeError(str("torch.triangular_solve: Expected b to have at least 2 dimensions, but it has ", b.dim(),
                           " dimensions instead"));
  if (A.dim() < 2)
    throw RuntimeError(str("torch.triangular_solve: Expected A to have at least 2 dimensions, but it has ", A.dim(),
                           " dimensions instead"));
  if (b.dtype() != A.dtype())
    throw RuntimeError(str("Expected b and A to have the same dtype, but found b of type ", b.dtype(), " and A of type ",
                           A.dtype(), " instead."));
  if (A.size(-1) != A.size(-2))
    throw RuntimeError(str("A must be batches of square matrices, but they are ", A.size(-2), " by ", A.size(-1), " matrices"));
  if (A.size(-1) != b.size(-2))
    throw RuntimeError(str("Incompatible matrix sizes for triangular_solve: each A matrix is ", A.size(-1), " by ", A.size(-1),
                           " but each b matrix is ", b.size(-2), " by ", b.size(-1)));
  const std::vector<int64_t> batch = inferBroadcastShape(leading(A), leading(b));
  needLapackType(b, "triangular_solve_cpu");
  const int64_t n = A.size(-1), k = b.size(-1);
  const std::vector<Mat> as = matricesOf(A, batch), bs = matricesOf(b, batch);
  std::vector<Mat> xs;
  for (size_t i = 0; i < as.size(); ++i) xs.push_back(triangular(as[i], bs[i], n, k, upper, trans, unit));
  std::vector<int64_t> xShape = batch, aShape = batch;
  xShape.insert(xShape.end(), {n, k});
  aShape.insert(aShape.end(), {n, n});
  std::vector<IValue> out;
  out.emplace_back(columnMajor(xs, xShape, A.dtype()));
  out.emplace_back(columnMajor(as, aShape, A.dtype()));
  return out;
}

// ---- cholesky_solve / cholesky_inverse / matrix_exp ------------------------------------------------
// X = (L L^T)^-1 B (upper: (U^T U)^-1 B) from the triangle given, by forward / back substitution.
// Even an empty input must be float / double here (1.13's cholesky_solve / cholesky_inverse).
void needLapackTypeAlways(const Tensor& A, const char* kernel) {
  if (A.dtype() != ScalarType::Float && A.dtype() != ScalarType::Double)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", A.dtype(), "'"));
}
Tensor choleskySolve(const Tensor& B, const Tensor& L, bool upper, const char* kernel) {
  needLapackTypeAlways(B, kernel);
  const std::vector<int64_t> batch = inferBroadcastShape(leading(L), leading(B));
  const int64_t n = L.size(-1), k = B.size(-1);
  const std::vector<Mat> ls = matricesOf(L, batch), bs = matricesOf(B, batch);
  std::vector<Mat> xs;
  for (size_t i = 0; i < ls.size(); ++i) {
    const Mat y = triangular(ls[i], bs[i], n, k, upper, upper, false);
    xs.push_back(triangular(ls[i], y, n, k, upper, !upper, false));
  }
  std::vector<int64_t> shape = batch;
  shape.insert(shape.end(), {n, k});
  return columnMajor(xs, shape, L.dtype());
}

std::vector<IValue> choleskySolveOp(Args& a) {
  const Tensor B = tensorArg(a, 0), L = tensorArg(a, 1);
  if (B.dim() < 2) throw RuntimeError(str("b should have at least 2 dimensions, but has ", B.dim(), " dimensions instead"));
  if (L.dim() < 2) throw RuntimeError(str("u should have at least 2 dimensions, but has ", L.dim(), " dimensions instead"));
  if (B.dtype() != L.dtype())
    throw RuntimeError(str("Expected b and A to have the same dtype, but found b of type ", B.dtype(), " and A of type ",
                           L.dtype(), " instead."));
  if (L.size(-1) != L.size(-2))
    throw RuntimeError(str("A must be batches of square matrices, but they are ", L.size(-2), " by ", L.size(-1), " matrices"));
  if (L.size(-1) != B.size(-2))
    throw RuntimeError(str("Incompatible matrix sizes for cholesky_solve: each A matrix is ", L.size(-1), " by ", L.size(-1),
                           " but each b matrix is ", B.size(-2), " by ", B.size(-1)));
  return one(choleskySolve(B, L, boolArg(a, 2), "cholesky_solve_cpu"));
}

std::vector<IValue> choleskyInverseOp(Args& a) {
  const Tensor L = tensorArg(a, 0);
  needSquare(L, "cholesky_inverse");
  needLapackTypeAlways(L, "cholesky_inverse_out_cpu");
  const int64_t n = L.size(-1);
  std::vector<double> eye(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) eye[i * n + i] = 1.0;
  const Tensor I = Tensor::fromDoubles(eye, {n, n}, L.dtype());
  return one(choleskySolve(I.expand(L.sizes()), L, boolArg(a, 1), "cholesky_inverse_out_cpu"));
}

// exp(A) = (exp(A / 2^s))^(2^s) with |A / 2^s|_1 <= 1/4 and a 30-term Taylor series, in double.
std::vector<IValue> matrixExpOp(Args& a) {
  const Tensor A = tensorArg(a, 0);
  needSquare(A, "linalg.matrix_exp");
  if (!isFloatingType(A.dtype()))
    throw RuntimeError(str("matrix_exp: Expected a floating point or complex tensor as input. Got ", A.dtype()));
  if (A.dtype() == ScalarType::Half) throw RuntimeError("\"log2_vml_cpu\" not implemented for 'Half'");
  const int64_t n = A.size(-1);
  std::vector<double> flat;
  for (Mat m : matricesOf(A, leading(A))) {
    double norm = 0;
    for (int64_t j = 0; j < n; ++j) {
      double col = 0;
      for (int64_t i = 0; i < n; ++i) col += std::fabs(m[i * n + j]);
      norm = std::max(norm, col);
    }
    const int s = norm > 0.25 && std::isfinite(norm) ? static_cast<int>(std::ceil(std::log2(norm / 0.25))) : 0;
    for (double& v : m) v = std::ldexp(v, -s);
    Mat term(m.size(), 0.0), sum(m.size(), 0.0);
    for (int64_t i = 0; i < n; ++i) term[i * n + i] = sum[i * n + i] = 1.0;
    auto product = [&](const Mat& x, const Mat& y) {
      Mat z(x.size(), 0.0);
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j)
          for (int64_t k = 0; k < n; ++k) z[i * n + j] += x[i * n + k] * y[k * n + j];
      return z;
    };
    for (int k = 1; k <= 30; ++k) {
      term = product(term, m);
      for (double& v : term) v /= k;
      for (size_t i = 0; i < sum.size(); ++i) sum[i] += term[i];
    }
    for (int q = 0; q < s; ++q) sum = product(sum, sum);
    flat.insert(flat.end(), sum.begin(), sum.end());
  }
  // The result keeps A's layout (1.13: a transposed input gives a transposed result).
  if (A.numel() == 0) return one(Tensor::empty_strided(A.sizes(), A.strides(), A.dtype()));  // 1.13: A cloned, strides kept
  Tensor out = Tensor::emptyLike(A);
  out.copy_(Tensor::fromDoubles(flat, A.sizes(), A.dtype()));
  return one(out);
}

std::vector<IValue> two(std::pair<Tensor, Tensor> p) {
  std::vector<IValue> out;
  out.emplace_back(std::move(p.first));
  out.emplace_back(std::move(p.second));
  return out;
}

}  // namespace

void registerLinalgSolveKernels() {
  def("aten::cholesky_solve", choleskySolveOp);
  def("aten::cholesky_inverse", choleskyInverseOp);
  def("aten::linalg_matrix_exp", matrixExpOp);
  def("aten::linalg_slogdet", [](Args& a) { return two(slogdet(tensorArg(a, 0), "linalg.slogdet")); });
  def("aten::slogdet", [](Args& a) { return two(slogdet(tensorArg(a, 0), "linalg.slogdet")); });
  def("aten::logdet", [](Args& a) {
    auto [sign, logabs] = slogdet(tensorArg(a, 0), "logdet");
    std::vector<double> s = sign.toDoubles(), l = logabs.toDoubles();
    for (size_t i = 0; i < l.size(); ++i)
      if (s[i] == -1.0) l[i] = std::numeric_limits<double>::quiet_NaN();
    return one(Tensor::fromDoubles(l, logabs.sizes(), logabs.dtype()));
  });
  def("aten::linalg_solve", [](Args& a) {
    return one(solve(tensorArg(a, 0), tensorArg(a, 1), boolArg(a, 2), true, "torch.linalg.solve").first);
  });
  def("aten::linalg_solve_ex", [](Args& a) {
    return two(solve(tensorArg(a, 0), tensorArg(a, 1), boolArg(a, 2), boolArg(a, 3), "torch.linalg.solve_ex"));
  });
  def("aten::linalg_inv_ex", [](Args& a) { return two(invEx(tensorArg(a, 0), boolArg(a, 1))); });
  def("aten::linalg_cholesky", [](Args& a) { return one(cholesky(tensorArg(a, 0), boolArg(a, 1), "linalg.cholesky", true)); });
  def("aten::cholesky", [](Args& a) { return one(cholesky(tensorArg(a, 0), boolArg(a, 1), "cholesky", false)); });
  def("aten::linalg_matrix_power", [](Args& a) { return one(matrixPower(tensorArg(a, 0), intArg(a, 1))); });
  def("aten::linalg_solve_triangular", [](Args& a) {
    return one(solveTriangular(tensorArg(a, 0), tensorArg(a, 1), boolArg(a, 2), boolArg(a, 3), boolArg(a, 4)));
  });
  def("aten::triangular_solve", triangularSolveOp);
}

}  // namespace tsjit::reference

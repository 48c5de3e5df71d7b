// kernels_linalg_opt_test.cpp — the optimized Linalg kernels against hand-computed values: products
// in every matmul rank combination, strided (transposed) operands on BLAS, integer products,
// addmm/addmv/addr/baddbmm scaling, linear, einsum, inverse/determinant, norms, and PyTorch's
// shape-mismatch messages.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/kernels/Kernel.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;

namespace {

Stack call(const char* name, std::vector<IValue> args) {
  kernels::registerAllKernels();
  const kernels::OptimizedKernel* k = kernels::findKernel(ops::overload(name));
  EXPECT_NE(k, nullptr) << name;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s;
}
Tensor call1(const char* name, std::vector<IValue> args) { return call(name, std::move(args)).at(0).toTensor(); }
Tensor T(std::vector<double> v, std::vector<int64_t> shape, ScalarType dt = ScalarType::Float) {
  return Tensor::fromDoubles(v, shape, dt);
}
IValue tensors(std::vector<Tensor> v) {
  std::vector<IValue> items;
  for (auto& t : v) items.emplace_back(t);
  return makeList(TensorType::get(), std::move(items));
}
std::string errorOf(const char* name, std::vector<IValue> args) {
  try {
    call(name, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
void expectNear(const Tensor& t, std::vector<double> want, double tol = 1e-5) {
  const auto got = t.toDoubles();
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

}  // namespace

TEST(KernelsLinalg, MmAndTransposedOperands) {
  const Tensor a = T({1, 2, 3, 4, 5, 6}, {2, 3}), b = T({1, 0, 0, 1, 1, 1}, {3, 2});
  // [[1,2,3],[4,5,6]] @ [[1,0],[0,1],[1,1]] = [[4,5],[10,11]]
  expectNear(call1("aten::mm", {a, b}), {4, 5, 10, 11});
  // a.t() is non-contiguous: a^T @ a^T^T... (3x2) @ (2x3)
  expectNear(call1("aten::mm", {a.t(), a}), {17, 22, 27, 22, 29, 36, 27, 36, 45});
  EXPECT_EQ(errorOf("aten::mm", {T({1, 2, 3, 4, 5, 6}, {2, 3}), Tensor::zeros({4, 5})}),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  // Integer product (plain loops).
  const Tensor ia = Tensor::fromInt64s({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(call1("aten::mm", {ia, ia}).toInt64s(), (std::vector<int64_t>{7, 10, 15, 22}));
}

TEST(KernelsLinalg, MatmulRanks) {
  const Tensor v = T({1, 2}, {2}), m = T({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(call1("aten::matmul", {v, v}).dim(), 0);
  expectNear(call1("aten::matmul", {v, v}), {5});
  expectNear(call1("aten::matmul", {m, v}), {5, 11});
  expectNear(call1("aten::matmul", {v, m}), {7, 10});
  // 3-D @ 2-D folds; 1-D @ 3-D and broadcast batches.
  const Tensor b3 = T({1, 2, 3, 4, 0, 1, 1, 0}, {2, 2, 2});
  const Tensor r = call1("aten::matmul", {b3, m});
  EXPECT_EQ(r.sizes(), (std::vector<int64_t>{2, 2, 2}));
  expectNear(r, {7, 10, 15, 22, 3, 4, 1, 2});
  const Tensor r2 = call1("aten::matmul", {v, b3});
  EXPECT_EQ(r2.sizes(), (std::vector<int64_t>{2, 2}));
  expectNear(r2, {7, 10, 2, 1});
  const Tensor r3 = call1("aten::matmul", {m.unsqueeze(0).expand({3, 2, 2}), b3.select(0, 1)});
  EXPECT_EQ(r3.sizes(), (std::vector<int64_t>{3, 2, 2}));
  expectNear(r3.select(0, 2), {2, 1, 4, 3});
  EXPECT_EQ(errorOf("aten::matmul", {T({1}, {}), m}),
            "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
}

TEST(KernelsLinalg, AddmmFamily) {
  const Tensor a = T({1, 2, 3, 4}, {2, 2});
  // beta * bias + alpha * a @ I
  expectNear(call1("aten::addmm", {T({10, 20}, {2}), a, T({1, 0, 0, 1}, {2, 2}), 0.5, 2.0}), {7, 14, 11, 18});
  expectNear(call1("aten::addmv", {T({1, 1}, {2}), a, T({1, 1}, {2}), 1.0, 1.0}), {4, 8});
  expectNear(call1("aten::addr", {Tensor::zeros({2, 2}), T({1, 2}, {2}), T({3, 4}, {2}), 1.0, 1.0}), {3, 4, 6, 8});
  const Tensor bb = call1("aten::baddbmm", {Tensor::ones({1, 2, 2}), a.unsqueeze(0), a.unsqueeze(0), 1.0, 1.0});
  expectNear(bb, {8, 11, 16, 23});
  expectNear(call1("aten::bmm", {a.unsqueeze(0), a.t().unsqueeze(0)}), {5, 11, 11, 25});
  expectNear(call1("aten::dot", {T({1, 2, 3}, {3}), T({4, 5, 6}, {3})}), {32});
  expectNear(call1("aten::mv", {a, T({1, -1}, {2})}), {-1, -1});
  expectNear(call1("aten::outer", {T({1, 2}, {2}), T({3, 4, 5}, {3})}), {3, 4, 5, 6, 8, 10});
  expectNear(call1("aten::trace", {T({1, 2, 3, 4}, {2, 2})}), {5});
}

TEST(KernelsLinalg, Linear) {
  const Tensor x = T({1, 2, 3, 4, 5, 6}, {1, 2, 3}), w = T({1, 0, 0, 0, 1, 1}, {2, 3}), b = T({0.5, -1}, {2});
  const Tensor y = call1("aten::linear", {x, w, b});
  EXPECT_EQ(y.sizes(), (std::vector<int64_t>{1, 2, 2}));
  expectNear(y, {1.5, 4, 4.5, 10});
  expectNear(call1("aten::linear", {T({1, 2, 3}, {3}), w, IValue()}), {1, 5});
}

TEST(KernelsLinalg, Einsum) {
  const Tensor a = T({1, 2, 3, 4}, {2, 2}), b = T({5, 6, 7, 8}, {2, 2});
  expectNear(call1("aten::einsum", {std::string("ij,jk->ik"), tensors({a, b}), IValue()}), {19, 22, 43, 50});
  expectNear(call1("aten::einsum", {std::string("ii"), tensors({a}), IValue()}), {5});
  expectNear(call1("aten::einsum", {std::string("ij->j"), tensors({a}), IValue()}), {4, 6});
  expectNear(call1("aten::einsum", {std::string("...j,j"), tensors({a, T({1, 1}, {2})}), IValue()}), {3, 7});
  // Implicit output: labels used once, sorted ("ba" -> "ab" is a transpose).
  expectNear(call1("aten::einsum", {std::string("ba"), tensors({a}), IValue()}), {1, 3, 2, 4});
}

TEST(KernelsLinalg, InverseDeterminant) {
  const Tensor a = T({4, 7, 2, 6}, {2, 2});
  expectNear(call1("aten::linalg_det", {a}), {10});
  expectNear(call1("aten::linalg_inv", {a}), {0.6, -0.7, -0.2, 0.4});
  // A row swap flips the sign.
  expectNear(call1("aten::linalg_det", {T({0, 1, 1, 0}, {2, 2}, ScalarType::Double)}), {-1}, 1e-12);
  // A zero pivot with NaN below it: getrf records it and still applies the rank-1 update, so
  // U(1,1) = 0 - NaN * NaN and the determinant is NaN, not 0 (fuzz ff13 case 100648); a finite
  // singular matrix gives 0.
  EXPECT_TRUE(std::isnan(call1("aten::linalg_det", {T({0, NAN, NAN, 0}, {2, 2})}).getDouble(0)));
  expectNear(call1("aten::linalg_det", {T({1, 2, 2, 4}, {2, 2})}), {0});
  EXPECT_EQ(errorOf("aten::linalg_inv", {T({1, 2, 2, 4}, {2, 2})}),
            "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input matrix is singular.");
  // PyTorch 1.13 LU-factors A^T for a contiguous A (linalg_solve_ex's use_A_T), A itself otherwise:
  // [[0, 0], [1, 1]]^T has a zero first column (element 1); the same matrix as a transposed view
  // is factored as is and pivots row 2 up (element 2).
  EXPECT_EQ(errorOf("aten::linalg_inv", {T({0, 0, 1, 1}, {2, 2})}),
            "linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.");
  EXPECT_EQ(errorOf("aten::linalg_inv", {T({0, 1, 0, 1}, {2, 2}).t()}),
            "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input matrix is singular.");
  EXPECT_EQ(errorOf("aten::linalg_inv", {T({4, 7, 2, 6, 0, 0, 1, 1}, {2, 2, 2})}),
            "linalg.inv: (Batch element 1): The diagonal element 1 is zero, the inversion could not be completed because "
            "the input matrix is singular.");
  expectNear(call1("aten::linalg_inv", {T({4, 2, 7, 6}, {2, 2}).t()}), {0.6, -0.7, -0.2, 0.4});
  expectNear(call1("aten::linalg_inv", {T({0, 2, 4, 0}, {2, 2}, ScalarType::Double)}), {0, 0.25, 0.5, 0}, 1e-12);
  // getrf scales below the pivot by its reciprocal: a * (1 / a) is 1 - 2^-53 for this a, so the
  // rank-1 matrix [[a, a], [b, b]] keeps a pivot of 2^-51 and inverts (fuzz seed 3 case 102614).
  const double ra = -0x1.7c0f5a4fa037ap+1, rb = 0x1.33b833949eb0ep+1;
  EXPECT_TRUE(std::isfinite(call1("aten::linalg_inv", {T({ra, ra, rb, rb}, {2, 2}, ScalarType::Double)}).getDouble(0)));
  EXPECT_EQ(errorOf("aten::linalg_inv", {Tensor::zeros({2, 3})}),
            "linalg.inv: A must be batches of square matrices, but they are 2 by 3 matrices");
}

TEST(KernelsLinalg, Norms) {
  const Tensor x = T({3, -4, 0, 12}, {2, 2});
  expectNear(call1("aten::linalg_vector_norm", {x, 2.0, IValue(), false, IValue()}), {13});
  expectNear(call1("aten::linalg_vector_norm", {x, 1.0, makeList(IntType::get(), {IValue(int64_t(1))}), false, IValue()}), {7, 12});
  expectNear(call1("aten::frobenius_norm", {x}), {13});
  // Singular values of diag(3, 4) are 3 and 4.
  expectNear(call1("aten::nuclear_norm", {T({3, 0, 0, -4}, {2, 2}), false}), {7});
  // Non-finite input (PyTorch 1.13 on LAPACK >= 3.10 gesdd): a NaN raises linalg.svd's error (the
  // first such batch element is named), an infinity gives NaN singular values.
  EXPECT_EQ(errorOf("aten::nuclear_norm", {T({1, NAN, 0, 2}, {2, 2}), false}),
            "linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values.");
  EXPECT_EQ(errorOf("aten::nuclear_norm.dim",
                    {T({1, 0, 0, 1, 2, 0, 0, NAN}, {2, 2, 2}, ScalarType::Double),
                     makeList(IntType::get(), {IValue(int64_t(1)), IValue(int64_t(2))}), false}),
            "linalg.svd: (Batch element 1): The algorithm failed to converge because the input matrix contained "
            "non-finite values.");
  EXPECT_TRUE(std::isnan(call1("aten::nuclear_norm", {T({1, INFINITY, 0, 2}, {2, 2}), false}).getDouble(0)));
  EXPECT_TRUE(std::isnan(call1("aten::nuclear_norm", {T({-INFINITY, 1, 2}, {1, 3}, ScalarType::Double), true}).getDouble(0)));
}

// A row vector times a transposed matrix (`x @ w.t()`: the small-size path of LinalgGemm.h,
// smallGemvRows, and BLAS above its limits) against a double-precision sum: row counts that are
// and are not multiples of its 4-row blocks, K with and without a remainder after 16 lanes, a
// strided x, addmm's beta, and sizes past the small path's limits.
TEST(KernelsLinalg, RowVectorTimesTransposedMatrix) {
  const std::pair<int64_t, int64_t> shapes[] = {{1, 1}, {3, 5}, {4, 16}, {7, 33}, {256, 64}, {13, 512}, {9, 700}, {300, 300}};
  for (auto [n, k] : shapes) {
    std::vector<double> xv(2 * k), wv(n * k), bias(n);
    for (int64_t i = 0; i < 2 * k; ++i) xv[i] = std::sin(0.37 * i) * 3;
    for (int64_t i = 0; i < n * k; ++i) wv[i] = std::cos(0.11 * i + 1) * 2;
    for (int64_t i = 0; i < n; ++i) bias[i] = 0.5 * i - 3;
    const Tensor xs = T(xv, {1, 2 * k});
    const Tensor x = xs.slice(1, 0, 2 * k, 2);  // stride 2
    const Tensor xc = T(x.toDoubles(), {1, k});
    const Tensor w = T(wv, {n, k});
    const std::vector<double> xd = xc.toDoubles(), wd = w.toDoubles(), bd = T(bias, {n}).toDoubles();
    std::vector<double> want(n), wantAddmm(n);
    double scale = 0;
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (int64_t i = 0; i < k; ++i) acc += xd[i] * wd[j * k + i], scale += std::fabs(xd[i] * wd[j * k + i]);
      want[j] = acc;
      wantAddmm[j] = 0.5 * bd[j] + 2.0 * acc;
    }
    const double tol = 1e-6 * (scale / n + 1);
    const std::string what = std::to_string(n) + "x" + std::to_string(k);
    SCOPED_TRACE(what);
    expectNear(call1("aten::mm", {xc, w.t()}), want, tol);
    expectNear(call1("aten::mm", {x, w.t()}), want, tol);
    expectNear(call1("aten::addmm", {T(bias, {n}), xc, w.t(), IValue(0.5), IValue(2.0)}), wantAddmm, 3 * tol);
  }
}

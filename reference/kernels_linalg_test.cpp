// kernels_linalg_test.cpp — unit tests of the Linalg family reference kernels: matrix products in
// every rank combination (and their shape errors), the fused add forms, einsum equations, det /
// inv (with the singular-matrix error), nuclear_norm. Expected values are computed by hand.
#include <cmath>

#include "reference/KernelsTestUtil.h"

namespace tsjit::reference::testing {
namespace {

const Tensor A23 = F({1, 2, 3, 4, 5, 6}, {2, 3});
const Tensor B32 = F({1, 0, 0, 1, 2, 2}, {3, 2});  // A23 · B32 = [[7, 8], [16, 17]]

TEST(LinalgKernels, MatrixProducts) {
  expectTensor(runT("aten::mm", {A23, B32}), {2, 2}, {7, 8, 16, 17}, 0, ScalarType::Float);
  EXPECT_EQ(errorOf([] { run("aten::mm", {F({0, 0, 0, 0, 0, 0}, {2, 3}), Tensor::zeros({4, 5})}); }),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  EXPECT_EQ(errorOf([] { run("aten::mm", {A23, D({1, 0, 0, 1, 2, 2}, {3, 2})}); }),
            "expected scalar type Float but found Double");  // python3-torch 1.13.1
  // Integer products stay integral.
  expectTensor(runT("aten::mm", {L({1, 2, 3, 4}, {2, 2}), L({5, 6, 7, 8}, {2, 2})}), {2, 2}, {19, 22, 43, 50}, 0,
               ScalarType::Int64);
  // Non-contiguous operand.
  expectTensor(runT("aten::mm", {A23.t(), F({1, 1}, {2, 1})}), {3, 1}, {5, 7, 9});
  expectTensor(runT("aten::dot", {F({1, 2, 3}, {3}), F({4, 5, 6}, {3})}), {}, {32});
  expectTensor(runT("aten::mv", {A23, F({1, 0, -1}, {3})}), {2}, {-2, -2});
  expectTensor(runT("aten::bmm", {arange({2, 1, 2}), arange({2, 2, 1})}), {2, 1, 1}, {1, 13});
  EXPECT_EQ(errorOf([] { run("aten::bmm", {arange({2, 1, 2}), arange({2, 3, 1})}); }),
            "Expected size for first two dimensions of batch2 tensor to be: [2, 2] but got: [2, 3].");
}

TEST(LinalgKernels, MatmulRanks) {
  expectTensor(runT("aten::matmul", {F({1, 2, 3}, {3}), F({4, 5, 6}, {3})}), {}, {32});
  expectTensor(runT("aten::matmul", {A23, F({1, 0, -1}, {3})}), {2}, {-2, -2});
  expectTensor(runT("aten::matmul", {F({1, 1}, {2}), A23}), {3}, {5, 7, 9});
  // [2, 2, 3] · [3, 2]: folded into one mm.
  Tensor a = runT("aten::cat", {tensors({A23.unsqueeze(0), A23.unsqueeze(0)}), i(0)});
  expectTensor(runT("aten::matmul", {a, B32}), {2, 2, 2}, {7, 8, 16, 17, 7, 8, 16, 17});
  EXPECT_EQ(errorOf([&] { run("aten::matmul", {a, Tensor::zeros({2, 2})}); }),
            "mat1 and mat2 shapes cannot be multiplied (4x3 and 2x2)");
  // Batch broadcast: [2, 1, 1, 2] · [3, 2, 1] -> [2, 3, 1, 1].
  Tensor r = runT("aten::matmul", {arange({2, 1, 1, 2}), arange({3, 2, 1})});
  // a[i] = [2i, 2i+1], b[j] = [2j, 2j+1]^T: r[i, j] = 2i*2j + (2i+1)(2j+1)
  expectTensor(r, {2, 3, 1, 1}, {1, 3, 5, 3, 13, 23});
  // 1-D · 3-D: [2] · [2, 2, 1] -> [2, 1]
  expectTensor(runT("aten::matmul", {F({1, 1}, {2}), arange({2, 2, 1})}), {2, 1}, {1, 5});
  EXPECT_EQ(errorOf([] { run("aten::matmul", {Tensor::scalar(1.0, ScalarType::Float), A23}); }),
            "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
}

TEST(LinalgKernels, FusedAddForms) {
  Tensor bias = F({1, -1}, {2});
  expectTensor(runT("aten::addmm", {bias, A23, B32, d(2), d(0.5)}), {2, 2}, {5.5, 2, 10, 6.5});
  // beta = 0 ignores self entirely (even NaN).
  expectTensor(runT("aten::addmm", {F({NAN, NAN}, {2}), A23, B32, i(0), i(1)}), {2, 2}, {7, 8, 16, 17});
  expectTensor(runT("aten::addmv", {F({1, 1}, {2}), A23, F({1, 0, -1}, {3}), i(1), i(3)}), {2}, {-5, -5});
  expectTensor(runT("aten::addr", {Tensor::zeros({2, 2}), F({1, 2}, {2}), F({3, 4}, {2}), i(1), i(1)}), {2, 2},
               {3, 4, 6, 8});
  expectTensor(runT("aten::baddbmm", {Tensor::ones({1}), arange({2, 1, 2}), arange({2, 2, 1}), i(1), i(1)}),
               {2, 1, 1}, {2, 14});
  expectTensor(runT("aten::outer", {L({1, 2}, {2}), F({0.5, 1}, {2})}), {2, 2}, {0.5, 1, 1, 2}, 0, ScalarType::Float);
  EXPECT_EQ(errorOf([] { run("aten::outer", {A23, F({1}, {1})}); }), "outer: Expected 1-D argument self, but got 2-D");
  // linear: x · W^T + b for 2-D and 3-D inputs.
  Tensor W = F({1, 0, 1, 0, 1, 0}, {2, 3});
  expectTensor(runT("aten::linear", {A23, W, bias}), {2, 2}, {5, 1, 11, 4});
  expectTensor(runT("aten::linear", {A23.unsqueeze(0), W, bias}), {1, 2, 2}, {5, 1, 11, 4});
  expectTensor(runT("aten::linear", {F({1, 2, 3}, {3}), W, none()}), {2}, {4, 2});
  EXPECT_EQ(errorOf([&] { run("aten::linear", {A23, F({1, 2}, {1, 2}), none()}); }),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x1)");
  expectTensor(runT("aten::trace", {arange({3, 3})}), {}, {12});
  expectTensor(runT("aten::trace", {L({1, 2, 3, 4}, {2, 2}, ScalarType::Int32)}), {}, {5}, 0, ScalarType::Int64);
}

TEST(LinalgKernels, Einsum) {
  expectTensor(runT("aten::einsum", {IValue("ij,jk->ik"), tensors({A23, B32}), none()}), {2, 2}, {7, 8, 16, 17});
  expectTensor(runT("aten::einsum", {IValue("ij,jk"), tensors({A23, B32}), none()}), {2, 2}, {7, 8, 16, 17});
  expectTensor(runT("aten::einsum", {IValue("ii->i"), tensors({arange({3, 3})}), none()}), {3}, {0, 4, 8});
  expectTensor(runT("aten::einsum", {IValue("ii"), tensors({arange({3, 3})}), none()}), {}, {12});
  expectTensor(runT("aten::einsum", {IValue("i,j->ij"), tensors({F({1, 2}, {2}), F({3, 4, 5}, {3})}), none()}),
               {2, 3}, {3, 4, 5, 6, 8, 10});
  expectTensor(runT("aten::einsum", {IValue("b i j, b j k -> b i k"), tensors({arange({2, 1, 2}), arange({2, 2, 1})}),
                                     none()}),
               {2, 1, 1}, {1, 13});
  expectTensor(runT("aten::einsum", {IValue("...ij->...ji"), tensors({arange({2, 1, 2})}), none()}), {2, 2, 1},
               {0, 1, 2, 3});
  expectTensor(runT("aten::einsum", {IValue("ij->"), tensors({A23}), none()}), {}, {21});
  EXPECT_EQ(errorOf([] { run("aten::einsum", {IValue("ij,jk->ik"), tensors({A23}), none()}); }),
            "einsum(): fewer operands were provided than specified in the equation");
  EXPECT_EQ(errorOf([] { run("aten::einsum", {IValue("ijk->i"), tensors({A23}), none()}); }),
            "einsum(): the number of subscripts in the equation (3) does not match the number of dimensions (2) for "
            "operand 0 and no ellipsis was given");
}

TEST(LinalgKernels, DetInverse) {
  Tensor m = F({4, 7, 2, 6}, {2, 2});
  expectTensor(runT("aten::linalg_det", {m}), {}, {10}, 1e-6);
  expectTensor(runT("aten::linalg_inv", {m}), {2, 2}, {0.6, -0.7, -0.2, 0.4}, 1e-6);
  // Pivoting: a zero leading entry.
  expectTensor(runT("aten::linalg_det", {D({0, 1, 1, 0}, {2, 2})}), {}, {-1});
  expectTensor(runT("aten::linalg_inv", {D({0, 2, 4, 0}, {2, 2})}), {2, 2}, {0, 0.25, 0.5, 0});
  // Batched.
  expectTensor(runT("aten::linalg_det", {D({2, 0, 0, 3, 1, 2, 3, 4}, {2, 2, 2})}), {2}, {6, -2}, 1e-12);
  expectTensor(runT("aten::linalg_det", {D({1, 2, 2, 4}, {2, 2})}), {}, {0});
  // A zero pivot with NaN below it: getrf records it and still applies the rank-1 update, so
  // U(1,1) = 0 - NaN * NaN and the determinant is NaN, not 0 (fuzz ff13 case 100648).
  EXPECT_TRUE(std::isnan(runT("aten::linalg_det", {F({0, NAN, NAN, 0}, {2, 2})}).getDouble(0)));
  EXPECT_TRUE(std::isnan(runT("aten::linalg_det", {D({0, 1, 0, NAN, 0, 2, NAN, 3, 0}, {3, 3})}).getDouble(0)));
  EXPECT_EQ(errorOf([] { run("aten::linalg_inv", {D({1, 2, 2, 4}, {2, 2})}); }),
            "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input "
            "matrix is singular.");
  // PyTorch 1.13 LU-factors A^T for a contiguous A (linalg_solve_ex's use_A_T), A itself otherwise:
  // [[0, 0], [1, 1]]^T has a zero first column (element 1); the same matrix as a transposed view
  // is factored as is and pivots row 2 up (element 2).
  EXPECT_EQ(errorOf([] { run("aten::linalg_inv", {F({0, 0, 1, 1}, {2, 2})}); }),
            "linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input "
            "matrix is singular.");
  EXPECT_EQ(errorOf([] { run("aten::linalg_inv", {F({0, 1, 0, 1}, {2, 2}).t()}); }),
            "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input "
            "matrix is singular.");
  EXPECT_EQ(errorOf([] { run("aten::linalg_inv", {F({4, 7, 2, 6, 0, 0, 1, 1}, {2, 2, 2})}); }),
            "linalg.inv: (Batch element 1): The diagonal element 1 is zero, the inversion could not be completed "
            "because the input matrix is singular.");
  expectTensor(runT("aten::linalg_inv", {F({4, 2, 7, 6}, {2, 2}).t()}), {2, 2}, {0.6, -0.7, -0.2, 0.4}, 1e-6);
  // getrf scales below the pivot by its reciprocal: a * (1 / a) is 1 - 2^-53 for this a, so the
  // rank-1 matrix [[a, a], [b, b]] keeps a pivot of 2^-51 and inverts, as LAPACK's LU does (fuzz
  // seed 3 case 102614: the reference's division had found an exact zero).
  const double a = -0x1.7c0f5a4fa037ap+1, bb = 0x1.33b833949eb0ep+1;
  EXPECT_TRUE(std::isfinite(runT("aten::linalg_inv", {D({a, a, bb, bb}, {2, 2})}).getDouble(0)));
  EXPECT_EQ(errorOf([] { run("aten::linalg_det", {A23}); }),
            "linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices");
  EXPECT_EQ(errorOf([] { run("aten::linalg_inv", {L({1, 0, 0, 1}, {2, 2})}); }),
            "linalg.inv: Expected a floating point or complex tensor as input. Got Long");
}

TEST(LinalgKernels, NuclearNorm) {
  expectTensor(runT("aten::nuclear_norm", {D({3, 0, 0, -4}, {2, 2}), b(false)}), {}, {7}, 1e-12);
  // Singular values s1, s2 of [[1, 2], [3, 4]]: s1² + s2² = 30, s1·s2 = 2, so s1 + s2 = sqrt(34).
  expectTensor(runT("aten::nuclear_norm", {D({1, 2, 3, 4}, {2, 2}), b(true)}), {1, 1}, {std::sqrt(34.0)}, 1e-12);
  expectTensor(runT("aten::nuclear_norm.dim", {D({1, 2, 3, 4, 3, 0, 0, 4}, {2, 2, 2}), ints({1, 2}), b(false)}),
               {2}, {std::sqrt(34.0), 7}, 1e-12);
  // A rank-1 3x2 matrix: its only singular value is its Frobenius norm.
  expectTensor(runT("aten::nuclear_norm", {D({1, 2, 2, 4, 3, 6}, {3, 2}), b(false)}), {}, {std::sqrt(70.0)}, 1e-12);
  // Non-finite input (PyTorch 1.13 on LAPACK >= 3.10 gesdd): a NaN raises linalg.svd's error (the
  // first such batch element is named), an infinity gives NaN singular values.
  EXPECT_EQ(errorOf([] { run("aten::nuclear_norm", {F({1, NAN, 0, 2}, {2, 2}), b(false)}); }),
            "linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values.");
  EXPECT_EQ(errorOf([] {
              run("aten::nuclear_norm.dim", {D({1, 0, 0, 1, 2, 0, 0, NAN}, {2, 2, 2}), ints({1, 2}), b(false)});
            }),
            "linalg.svd: (Batch element 1): The algorithm failed to converge because the input matrix contained "
            "non-finite values.");
  EXPECT_TRUE(std::isnan(runT("aten::nuclear_norm", {F({1, INFINITY, 0, 2}, {2, 2}), b(false)}).getDouble(0)));
  EXPECT_TRUE(std::isnan(runT("aten::nuclear_norm", {D({-INFINITY, 1, 2}, {1, 3}), b(true)}).getDouble(0)));
  EXPECT_EQ(errorOf([] { run("aten::nuclear_norm", {F({1}, {1}), b(false)}); }),
            "Expected a tensor with 2 dimensions, but got a tensor with 1 dimension instead.");
}

}  // namespace
}  // namespace tsjit::reference::testing

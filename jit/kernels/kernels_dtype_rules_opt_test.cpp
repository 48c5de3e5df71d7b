// kernels_dtype_rules_opt_test.cpp — the optimized kernels of the norm, loss, matrix-product, clamp
// and det/inv ops against PyTorch 1.13's CPU behaviour per dtype: which dtypes compute (values
// hand-computed for small inputs), PyTorch's exact message for the others (the "not implemented"
// kernel names of ATen's dispatch), result dtypes, and the empty-input paths that never reach a
// kernel. reference/kernels_dtype_rules_test.cpp pins the same facts on the reference engine.
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
Tensor run(const char* name, std::vector<IValue> args) { return call(name, std::move(args)).at(0).toTensor(); }
std::string err(const char* name, std::vector<IValue> args) {
  try {
    call(name, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
Tensor F(std::vector<double> v, std::vector<int64_t> s, ScalarType dt = ScalarType::Float) { return Tensor::fromDoubles(v, s, dt); }
Tensor L(std::vector<int64_t> v, std::vector<int64_t> s, ScalarType dt = ScalarType::Int64) { return Tensor::fromInt64s(v, s, dt); }
Tensor H(std::vector<double> v, std::vector<int64_t> s) { return F(v, s, ScalarType::Half); }
Tensor BF(std::vector<double> v, std::vector<int64_t> s) { return F(v, s, ScalarType::BFloat16); }
Tensor B(std::vector<int64_t> v, std::vector<int64_t> s) { return L(v, s, ScalarType::Bool); }
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
const IValue kNone;
void expect(const Tensor& t, ScalarType dt, std::vector<int64_t> sizes, std::vector<double> want, double tol = 1e-6) {
  EXPECT_EQ(t.dtype(), dt);
  EXPECT_EQ(t.sizes(), sizes);
  const std::vector<double> got = t.toDoubles();
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) EXPECT_TRUE(std::isnan(got[i])) << i;
    else EXPECT_NEAR(got[i], want[i], tol) << i;
  }
}
std::string notImpl(const char* kernel, const char* dt) { return std::string("\"") + kernel + "\" not implemented for '" + dt + "'"; }

}  // namespace

TEST(KernelsDtypeRules, BatchAndInstanceNorm) {
  // instance_norm over a Bool [4, 0, 3, 3] input with an int32 0-dim running_var: the empty batch
  // norm succeeds, then running_var_.view({4, 0}) fails (fuzz case that segfaulted).
  const Tensor i5 = L({5}, {}, ScalarType::Int32);
  EXPECT_EQ(err("aten::instance_norm", {B({}, {4, 0, 3, 3}), kNone, i5, kNone, i5, true, 3.0, 3.0, false}),
            "shape '[4, 0]' is invalid for input of size 4");
  // Per-instance statistics: [[1, 3], [2, 6]] -> (x - mean) / std, eps = 0.
  expect(run("aten::instance_norm", {F({1, 3, 2, 6}, {1, 2, 2}), kNone, kNone, kNone, kNone, true, 0.1, 0.0, false}),
         ScalarType::Float, {1, 2, 2}, {-1, 1, -1, 1});
  // Running stats: instances [1, 3] and [5, 7] (mean 2 / 6, unbiased var 2 / 2), momentum 0.5.
  const Tensor rm = F({0}, {1}), rv = F({1}, {1});
  run("aten::instance_norm", {F({1, 3, 5, 7}, {2, 1, 2}), kNone, kNone, rm, rv, true, 0.5, 0.0, false});
  expect(rm, ScalarType::Float, {1}, {2});
  expect(rv, ScalarType::Float, {1}, {1.5});
  EXPECT_EQ(err("aten::instance_norm", {L({1, 2}, {1, 2}), kNone, kNone, kNone, kNone, true, 0.1, 1e-5, false}),
            notImpl("batch_norm", "Long"));
  EXPECT_EQ(err("aten::instance_norm", {F({1, 2}, {2}), kNone, kNone, kNone, kNone, true, 0.1, 1e-5, false}),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  // batch_norm: an empty batch returns input.clone() * weight[0] + bias[0] (no checks, no kernel).
  expect(run("aten::batch_norm", {F({}, {0, 3}), kNone, kNone, kNone, kNone, true, 0.1, 1e-5, false}), ScalarType::Float,
         {0, 3}, {});
  expect(run("aten::batch_norm", {L({}, {0, 2}), F({1, 1}, {2}), kNone, kNone, kNone, false, 0.1, 1e-5, false}),
         ScalarType::Float, {0, 2}, {});
  // One value per channel in training: zero output, no error at the aten level.
  expect(run("aten::batch_norm", {F({1, 2}, {1, 2}), kNone, kNone, kNone, kNone, true, 0.1, 1e-5, false}),
         ScalarType::Float, {1, 2}, {0, 0});
  EXPECT_EQ(err("aten::batch_norm", {H({1, 2}, {1, 2}), kNone, kNone, kNone, kNone, true, 0.1, 1e-5, false}),
            notImpl("batch_norm", "Half"));
  expect(run("aten::batch_norm", {BF({1, 3}, {2, 1}), kNone, kNone, kNone, kNone, true, 0.1, 0.0, false}),
         ScalarType::BFloat16, {2, 1}, {-1, 1});
}

TEST(KernelsDtypeRules, LayerAndGroupNorm) {
  EXPECT_EQ(err("aten::layer_norm", {L({1, 2, 3, 4}, {2, 2}), ints({2}), kNone, kNone, 1e-5, true}),
            notImpl("LayerNormKernelImpl", "Long"));
  expect(run("aten::layer_norm", {L({}, {0, 2}), ints({2}), kNone, kNone, 1e-5, true}), ScalarType::Int64, {0, 2}, {});
  EXPECT_EQ(err("aten::layer_norm", {F({1}, {}), ints({1}), F({1}, {}), kNone, 1e-5, true}),
            "Expected weight to be of same shape as normalized_shape, but got weight of shape [] and normalized_shape = [1]");
  expect(run("aten::layer_norm", {BF({1, 3}, {1, 2}), ints({2}), kNone, kNone, 0.0, true}), ScalarType::BFloat16, {1, 2},
         {-1, 1});
  EXPECT_EQ(err("aten::group_norm", {L({1, 2}, {1, 2, 1}), 1, kNone, kNone, 1e-5, true}), notImpl("GroupNormKernelImpl", "Long"));
  // Groups of one element normalize to exactly 0 (ATen computes (x - mean) * rstd without affine).
  expect(run("aten::group_norm", {F({2.7, -2.1}, {1, 2, 1, 1}), 2, kNone, kNone, 1e-5, true}), ScalarType::Float,
         {1, 2, 1, 1}, {0, 0}, 0);
  EXPECT_EQ(err("aten::group_norm", {F({1, 2}, {1, 2}), 0, kNone, kNone, 1e-5, true}),
            "Expected num groups to be greater than 0, got 0");
  EXPECT_EQ(err("aten::group_norm", {F({1}, {}), 1, kNone, kNone, 1e-5, true}),
            "Dimension specified as 0 but tensor has no dimensions");
}

TEST(KernelsDtypeRules, VectorAndNuclearNorms) {
  const IValue f32 = IValue(static_cast<int64_t>(toTorchCode(ScalarType::Float)));
  const IValue i64 = IValue(static_cast<int64_t>(toTorchCode(ScalarType::Int64)));
  EXPECT_EQ(err("aten::norm.Scalar", {L({3, 4}, {2}), 2}), "norm(): input dtype should be either floating point or complex. Got Long instead.");
  EXPECT_EQ(err("aten::norm.ScalarOpt_dim_dtype", {L({3, 4}, {2}), 2, ints({0}), false, f32}),
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long");
  EXPECT_EQ(err("aten::norm.ScalarOpt_dim_dtype", {F({3, 4}, {2}), 2, ints({0}), false, i64}),
            "norm(): the desired output dtype should be either floating point or complex. Got Long instead.");
  EXPECT_EQ(err("aten::linalg_vector_norm", {F({3, 4}, {2}, ScalarType::Double), 2, kNone, false, f32}),
            "linalg.vector_norm: the dtype of the input (Double) should be convertible without narrowing to the "
            "specified dtype (Float)");
  EXPECT_EQ(err("aten::linalg_vector_norm", {F({}, {0, 2}), INFINITY, ints({0}), false, kNone}),
            "linalg.vector_norm cannot compute the inf norm on the dimension 0because this dimension is empty and the "
            "operation does not have an identity");
  expect(run("aten::linalg_vector_norm", {F({}, {0, 2}), INFINITY, ints({1}), false, kNone}), ScalarType::Float, {0}, {});
  expect(run("aten::linalg_vector_norm", {F({3, 4}, {2}), 2, kNone, false, kNone}), ScalarType::Float, {}, {5});
  EXPECT_EQ(err("aten::nuclear_norm", {L({1, 0, 0, 1}, {2, 2}), false}),
            "linalg.svd: Expected a floating point or complex tensor as input. Got Long");
  EXPECT_EQ(err("aten::nuclear_norm.dim", {F({1, 0, 0, 1}, {2, 2}), ints({1, -1}), false}), "duplicate or invalid dimensions");
  EXPECT_EQ(err("aten::nuclear_norm", {H({1, 0, 0, 1}, {2, 2}), false}), notImpl("linalg_svd_cpu", "Half"));
  expect(run("aten::nuclear_norm", {F({3, 0, 0, -4}, {2, 2}), false}), ScalarType::Float, {}, {7}, 1e-5);
}

TEST(KernelsDtypeRules, Losses) {
  // cosine_similarity: the common dtype must be floating (python3-torch 1.13.1); an integral side
  // is converted to it; float32 with float64 gives float64.
  EXPECT_EQ(err("aten::cosine_similarity", {L({1, 0}, {2}), L({1, 1}, {2}), 0, 1e-8}),
            "expected common dtype to be floating point, yet common dtype is Long");
  expect(run("aten::cosine_similarity", {L({1, 0}, {2}), F({1, 1}, {2}), 0, 1e-8}), ScalarType::Float, {}, {M_SQRT1_2});
  expect(run("aten::cosine_similarity", {F({1, 0}, {2}), F({2, 0}, {2}, ScalarType::Double), 0, 1e-8}), ScalarType::Double,
         {}, {1});
  EXPECT_EQ(err("aten::cosine_similarity", {H({1, 0}, {2}), H({1, 0}, {2}), 0, 1e-8}), notImpl("clamp_min_cpu", "Half"));
  EXPECT_EQ(err("aten::mse_loss", {L({1}, {1}), L({2}, {1}), 1}), notImpl("mse_cpu", "Long"));
  EXPECT_EQ(err("aten::mse_loss", {B({1}, {1}), B({0}, {1}), 1}), notImpl("mse_cpu", "Bool"));
  expect(run("aten::mse_loss", {F({1, 2}, {2}), F({3, 2}, {2}, ScalarType::Double), 1}), ScalarType::Double, {}, {2});
  // l1_loss = (input - target).abs(): integers compute; their mean does not.
  expect(run("aten::l1_loss", {L({1, 5}, {2}), L({4, 1}, {2}), 0}), ScalarType::Int64, {2}, {3, 4});
  expect(run("aten::l1_loss", {L({1, 5}, {2}, ScalarType::Int32), L({4, 1}, {2}, ScalarType::Int32), 2}), ScalarType::Int64, {},
         {7});
  EXPECT_EQ(err("aten::l1_loss", {L({1, 5}, {2}), L({4, 1}, {2}), 1}),
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long");
  EXPECT_EQ(err("aten::smooth_l1_loss", {L({1}, {1}), L({2}, {1}), 1, 1.0}), notImpl("smooth_l1_cpu", "Long"));
  expect(run("aten::smooth_l1_loss", {F({0, 3}, {2}), F({0.5, 0}, {2}), 0, 1.0}), ScalarType::Float, {2}, {0.125, 2.5});
  // nll_loss: Long (or Byte) targets, read only when looked at.
  const Tensor lp = F({-1, -2, -3, -4}, {2, 2});
  EXPECT_EQ(err("aten::nll_loss_nd", {lp, F({1, 0}, {2}), kNone, 1, -100}), "expected scalar type Long but found Float");
  expect(run("aten::nll_loss_nd", {lp, L({1, 0}, {2}, ScalarType::UInt8), kNone, 1, -100}), ScalarType::Float, {}, {2.5});
  expect(run("aten::nll_loss_nd", {F({}, {0, 3}), F({}, {0}), kNone, 1, -100}), ScalarType::Float, {}, {NAN});
  EXPECT_EQ(err("aten::nll_loss_nd", {L({1, 2}, {1, 2}), L({0}, {1}), kNone, 1, -100}), notImpl("nll_loss_out_frame", "Long"));
  // cross_entropy: an empty target batch gives NaN (mean) / 0 (sum).
  expect(run("aten::cross_entropy_loss", {F({}, {0, 3}), L({}, {0}), kNone, 1, -100, 0.0}), ScalarType::Float, {}, {NAN});
  expect(run("aten::cross_entropy_loss", {F({}, {0, 3}), L({}, {0}), kNone, 2, -100, 0.0}), ScalarType::Float, {}, {0});
  EXPECT_EQ(err("aten::cross_entropy_loss", {L({1, 2, 3, 4}, {2, 2}), L({0, 1}, {2}), kNone, 1, -100, 0.0}),
            notImpl("log_softmax_lastdim_kernel_impl", "Long"));
  // Along a class dim that is not the last, 1.13 names the kernel "softmax_kernel_impl" (python3-torch
  // 1.13.1: F.cross_entropy(torch.ones(2, 3, 4, dtype=torch.long), ...)).
  EXPECT_EQ(err("aten::cross_entropy_loss", {L({1, 2}, {1, 2, 1}), L({0}, {1, 1}), kNone, 1, -100, 0.0}),
            notImpl("softmax_kernel_impl", "Long"));
  // binary_cross_entropy_with_logits: the result has the target's dtype; x = 0 gives log(2).
  expect(run("aten::binary_cross_entropy_with_logits", {F({0}, {1}), F({0}, {1}, ScalarType::Double), kNone, kNone, 1}),
         ScalarType::Double, {}, {std::log(2.0)}, 1e-12);
  expect(run("aten::binary_cross_entropy_with_logits", {F({0}, {1}, ScalarType::Double), F({1}, {1}), kNone, kNone, 0}),
         ScalarType::Float, {1}, {std::log(2.0)});
  EXPECT_EQ(err("aten::binary_cross_entropy_with_logits", {L({0}, {1}), F({0}, {1}), kNone, kNone, 1}),
            "result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(err("aten::binary_cross_entropy_with_logits", {H({0}, {1}), H({0}, {1}), kNone, kNone, 1}),
            notImpl("clamp_min_cpu", "Half"));
}

TEST(KernelsDtypeRules, MatrixProducts) {
  EXPECT_EQ(err("aten::mm", {B({1}, {1, 1}), B({1}, {1, 1})}), notImpl("addmm_impl_cpu_", "Bool"));
  EXPECT_EQ(err("aten::mm", {H({1}, {1, 1}), H({1}, {1, 1})}), notImpl("addmm_impl_cpu_", "Half"));
  expect(run("aten::mm", {BF({1, 2}, {1, 2}), BF({3, 4}, {2, 1})}), ScalarType::BFloat16, {1, 1}, {11});
  // No kernel runs for K == 0 or an empty result: zeros for every dtype.
  expect(run("aten::mm", {H({}, {2, 0}), H({}, {0, 3})}), ScalarType::Half, {2, 3}, {0, 0, 0, 0, 0, 0});
  expect(run("aten::mm", {B({}, {0, 2}), B({1, 1, 1, 1, 1, 1}, {2, 3})}), ScalarType::Bool, {0, 3}, {});
  // bmm: the small-product loop ("bmm", K*M*N < 400) takes neither Half nor Bool; larger ones use gemm.
  EXPECT_EQ(err("aten::bmm", {B({1, 1}, {1, 1, 2}), B({1, 1}, {1, 2, 1})}), notImpl("bmm", "Bool"));
  EXPECT_EQ(err("aten::bmm", {H({1, 1}, {1, 1, 2}), H({1, 1}, {1, 2, 1})}), notImpl("bmm", "Half"));  // python3-torch 1.13.1
  EXPECT_EQ(err("aten::bmm", {Tensor::ones({1, 8, 8}, ScalarType::Half), Tensor::ones({1, 8, 8}, ScalarType::Half)}),
            notImpl("addmm_impl_cpu_", "Half"));
  EXPECT_EQ(err("aten::dot", {H({1}, {1}), H({1}, {1})}), notImpl("dot", "Half"));
  EXPECT_EQ(err("aten::dot", {B({1}, {1}), B({1}, {1})}), notImpl("dot", "Bool"));
  expect(run("aten::dot", {BF({1, 2}, {2}), BF({3, 4}, {2})}), ScalarType::BFloat16, {}, {11});
  EXPECT_EQ(err("aten::matmul", {H({1, 2}, {1, 2}), H({1, 2}, {2})}), notImpl("addmv_impl_cpu", "Half"));
  // N-D x 1-D folds into mv (python3-torch 1.13.1).
  EXPECT_EQ(err("aten::matmul", {H({1, 2}, {1, 1, 2}), H({1, 2}, {2})}), notImpl("addmv_impl_cpu", "Half"));
  expect(run("aten::matmul", {BF({1, 2}, {1, 1, 2}), BF({3, 4}, {1, 2, 1})}), ScalarType::BFloat16, {1, 1, 1}, {11});
  EXPECT_EQ(err("aten::linear", {B({1}, {1, 1}), B({1}, {1, 1}), kNone}), notImpl("addmm_impl_cpu_", "Bool"));
  expect(run("aten::linear", {BF({1, 2}, {2}), BF({3, 4}, {1, 2}), BF({1}, {1})}), ScalarType::BFloat16, {1}, {12});
}

TEST(KernelsDtypeRules, Clamp) {
  EXPECT_EQ(err("aten::clamp", {B({0, 1}, {2}), false, true}), notImpl("clamp_scalar_cpu", "Bool"));
  expect(run("aten::clamp", {B({0, 1}, {2}), int64_t{0}, int64_t{1}}), ScalarType::Int64, {2}, {0, 1});
  EXPECT_EQ(err("aten::clamp", {H({0.5}, {1}), 0.0, 1.0}), notImpl("clamp_scalar_cpu", "Half"));
  EXPECT_EQ(err("aten::clamp_min", {B({0, 1}, {2}), true}), notImpl("clamp_min_cpu", "Bool"));
  EXPECT_EQ(err("aten::clamp", {B({0, 1}, {2}), kNone, true}), notImpl("clamp_max_scalar_cpu", "Bool"));
  // One Tensor bound is maximum / minimum: Bool works (or / and).
  expect(run("aten::clamp_min.Tensor", {B({0, 1, 0}, {3}), B({1, 0, 0}, {3})}), ScalarType::Bool, {3}, {1, 1, 0});
  expect(run("aten::clamp.Tensor", {B({0, 1, 1}, {3}), kNone, B({1, 0, 1}, {3})}), ScalarType::Bool, {3}, {0, 0, 1});
  EXPECT_EQ(err("aten::clamp.Tensor", {B({0}, {1}), B({0}, {1}), B({1}, {1})}), notImpl("clamp_cpu", "Bool"));
  // A NaN Scalar bound makes every element NaN.
  expect(run("aten::clamp", {F({-1, 0.5, 3}, {3}), NAN, 1.0}), ScalarType::Float, {3}, {NAN, NAN, NAN});
}

TEST(KernelsDtypeRules, DetAndInv) {
  EXPECT_EQ(err("aten::linalg_det", {H({2}, {1, 1})}), notImpl("lu_cpu", "Half"));
  expect(run("aten::linalg_det", {H({}, {0, 0})}), ScalarType::Half, {}, {1});
  EXPECT_EQ(err("aten::linalg_inv", {BF({2}, {1, 1})}), "linalg.inv: Low precision dtypes not supported. Got BFloat16");
  EXPECT_EQ(err("aten::linalg_inv", {L({2}, {1, 1})}), "linalg.inv: Expected a floating point or complex tensor as input. Got Long");
  expect(run("aten::linalg_inv", {F({2, 0, 0, 4}, {2, 2})}), ScalarType::Float, {2, 2}, {0.5, 0, 0, 0.25});
}

// kernels_numerics_test.cpp — the reference kernels where PyTorch 1.13's result is not the exact
// real-number result of the op (each step's rounding dtype is part of the op's definition there),
// dtype support that PyTorch's CPU dispatch lacks, and TensorIterator's output layout. Values are
// derived by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/KernelTestUtil.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {
namespace {

using namespace testing;

class ReferenceNumerics : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    registerFamiliesOnce(registerElementwiseKernels, registerReductionsKernels, registerFactoriesKernels);
  }
};

TEST_F(ReferenceNumerics, DivTruncRoundsTheBFloat16QuotientFirst) {
  // bf16(0.1) = 0.10009765625; -1 / that = -9.99024 rounds to bf16 -10.0; trunc -> -10 (not -9).
  Tensor r = callT("aten::div.Scalar_mode", {floats({-1}, {}, ScalarType::BFloat16), 0.1, std::string("trunc")});
  EXPECT_EQ(r.dtype(), ScalarType::BFloat16);
  expectDoubles(r, {-10.0});
}

TEST_F(ReferenceNumerics, SoftplusFormsTheProductInFloat) {
  // 1.13's CPU softplus widens BFloat16 to float and converts beta / threshold to float: bf16 2.5
  // * 0.1f rounds to 0.25f, which is not above 0.25 -> log1p(exp(0.25)) / 0.1 = 8.2596 -> bf16
  // 8.25 (in double 2.5 * 0.1f = 0.2500000037 would pick x itself, 2.5). Same for float32.
  Tensor b = callT("aten::softplus", {floats({2.5, 30.0}, {2}, ScalarType::BFloat16), 0.1, 0.25});
  EXPECT_EQ(b.dtype(), ScalarType::BFloat16);
  expectDoubles(b, {8.25, 30.0});
  Tensor f = callT("aten::softplus", {floats({2.5}, {1}), 0.1, 0.25});
  EXPECT_NEAR(f.getDouble(0), std::log1p(std::exp(0.25)) / static_cast<double>(0.1f), 1e-5);
}

TEST_F(ReferenceNumerics, RoundDecimalsScalesInTheDtypeAndRejectsHalf) {
  // bf16 2.671875 * 100 = 267.1875 rounds to bf16 268 -> 2.68 -> bf16 2.6875.
  expectDoubles(callT("aten::round.decimals", {floats({2.671875}, {1}, ScalarType::BFloat16), int64_t{2}}), {2.6875});
  // float32 2.675f * 100 rounds to 267.5f -> 268 -> 2.68f (in double it would be 267.49999 -> 2.67).
  expectDoubles(callT("aten::round.decimals", {floats({2.675}, {1}), int64_t{2}}), {static_cast<double>(2.68f)});
  EXPECT_EQ(errorOf([] { callT("aten::round.decimals", {floats({1.5}, {1}, ScalarType::Half), int64_t{1}}); }),
            "\"round_cpu\" not implemented for 'Half'");
  EXPECT_EQ(errorOf([] { callT("aten::round.decimals", {longs({1}, {1}), int64_t{0}}); }),
            "\"round_vml_cpu\" not implemented for 'Long'");
}

TEST_F(ReferenceNumerics, ActivationsRejectHalfLikePyTorchsCpuDispatch) {
  EXPECT_EQ(errorOf([] { callT("aten::gelu", {floats({1.5}, {1}, ScalarType::Half), std::string("none")}); }),
            "\"GeluKernelImpl\" not implemented for 'Half'");
  EXPECT_EQ(errorOf([] { callT("aten::leaky_relu", {floats({1.5}, {1}, ScalarType::Half), 0.01}); }),
            "\"leaky_relu_cpu\" not implemented for 'Half'");
  EXPECT_EQ(errorOf([] { callT("aten::elu", {floats({1.5}, {1}, ScalarType::Half), 1.0, 1.0, 1.0}); }),
            "\"elu_cpu\" not implemented for 'Half'");
  EXPECT_EQ(errorOf([] {
              callT("aten::lerp.Scalar",
                    {floats({1.5}, {1}, ScalarType::Half), floats({2.5}, {1}, ScalarType::Half), 0.5});
            }),
            "\"lerp_kernel_scalar\" not implemented for 'Half'");
}

TEST_F(ReferenceNumerics, EluUsesExpm1SoSmallFloat64ResultsAreAccurate) {
  // elu(-1e-10) = expm1(-1e-10) = -1e-10 + 5e-21 - ...; exp(x) - 1 would be off in the 7th digit.
  Tensor r = callT("aten::elu", {floats({-1e-10}, {1}, ScalarType::Double), 1.0, 1.0, 1.0});
  EXPECT_NEAR(r.getDouble(0), -9.9999999995e-11, 1e-25);
}

TEST_F(ReferenceNumerics, SumWithDtypeConvertsTheInputFirst) {
  // sum([1.5, 1.5, -0.5], dtype=int16): each element truncates first -> 1 + 1 + 0 = 2.
  Tensor r = callT("aten::sum", {floats({1.5, 1.5, -0.5}), int64_t{2} /* c10 code of int16 */});
  EXPECT_EQ(r.dtype(), ScalarType::Int16);
  EXPECT_EQ(valuesI(r), (std::vector<int64_t>{2}));
}

TEST_F(ReferenceNumerics, ElementwiseOutputsFollowTensorIteratorLayout) {
  const Tensor x = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor xt = x.t();  // [3, 2], strides (1, 3)
  Tensor s = callT("aten::sin", {xt});
  EXPECT_EQ(s.strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_FLOAT_EQ(static_cast<float>(s.getDouble(1)), std::sin(4.0f));  // logical order is kept
  const Tensor y = floats({1, 2, 3, 4, 5, 6}, {3, 2});
  EXPECT_EQ(callT("aten::add.Tensor", {xt, y, int64_t{1}}).strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(callT("aten::add.Tensor", {y, xt, int64_t{1}}).strides(), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(callT("aten::mul.Scalar", {xt, 2.0}).strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(callT("aten::gt.Scalar", {xt, 2.0}).strides(), (std::vector<int64_t>{1, 3}));
}

}  // namespace
}  // namespace tsjit::reference

// kernels_numerics_opt_test.cpp — the optimized kernels reproduce PyTorch 1.13's float algorithms
// where they differ from the exact result (values derived by hand from PyTorch's CPU kernels:
// which dtype each step rounds to), and give elementwise outputs TensorIterator's memory layout.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

const IValue kNone;

Tensor call1(const char* overload, std::vector<IValue> args) {
  registerAllKernels();
  const OptimizedKernel* k = findKernel(ops::overload(overload));
  EXPECT_NE(k, nullptr) << overload;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  EXPECT_EQ(s.size(), 1u);
  return s.back().toTensor();
}
std::string errorOf(const char* overload, std::vector<IValue> args) {
  try {
    call1(overload, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
Tensor F(std::vector<double> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Float) {
  return Tensor::fromDoubles(v, sizes, dt);
}
const IValue kShortCode(int64_t{2});  // c10's code of torch.int16

TEST(KernelsNumerics, LeakyReluMultipliesByTheSlopeInTheInputDtype) {
  // float(0.01) = 0x1.47ae14p-7; x * that rounds to ...c4p-8 (x * 0.01 exactly would give ...c6p-8).
  Tensor r = call1("aten::leaky_relu", {F({std::ldexp(-0x1.0565cap0, -1)}, {1}), IValue(0.01)});
  EXPECT_EQ(r.getDouble(0), std::ldexp(-0x1.4e96c4p0, -8));
}

TEST(KernelsNumerics, SoftplusFormsTheProductInFloat) {
  // 1.13's CPU softplus widens BFloat16 to float, beta / threshold converted to float: bf16 2.5 *
  // 0.1f rounds to 0.25f, not above 0.25 -> log1p(exp(0.25)) / 0.1 = 8.2596 -> bf16 8.25.
  Tensor b = call1("aten::softplus", {F({2.5, 30.0}, {2}, ScalarType::BFloat16), IValue(0.1), IValue(0.25)});
  EXPECT_EQ(b.dtype(), ScalarType::BFloat16);
  EXPECT_EQ(b.getDouble(0), 8.25);
  EXPECT_EQ(b.getDouble(1), 30.0);
  Tensor f = call1("aten::softplus", {F({2.5}, {1}), IValue(0.1), IValue(0.25)});
  EXPECT_NEAR(f.getDouble(0), std::log1p(std::exp(0.25)) / static_cast<double>(0.1f), 1e-5);
}

TEST(KernelsNumerics, DivTruncRoundsTheBFloat16QuotientFirst) {
  // bf16(0.1) = 0.10009765625; -1 / that = -9.99024 rounds to bf16 -10.0; trunc -> -10 (not -9).
  Tensor r = call1("aten::div.Scalar_mode", {F({-1}, {}, ScalarType::BFloat16), IValue(0.1), IValue(std::string("trunc"))});
  EXPECT_EQ(r.dtype(), ScalarType::BFloat16);
  EXPECT_EQ(r.getDouble(0), -10.0);
  // float32: the quotient in float, then trunc.
  Tensor f = call1("aten::div.Scalar_mode", {F({7}, {}), IValue(2.0), IValue(std::string("trunc"))});
  EXPECT_EQ(f.getDouble(0), 3.0);
}

TEST(KernelsNumerics, RoundDecimalsScalesInBFloat16AndRejectsHalf) {
  // bf16 2.671875 * 100 = 267.1875 rounds to bf16 268 -> 268 / 100 = 2.68 -> bf16 2.6875.
  Tensor r = call1("aten::round.decimals", {F({2.671875}, {1}, ScalarType::BFloat16), IValue(int64_t{2})});
  EXPECT_EQ(r.getDouble(0), 2.6875);
  // float32 2.675f = 2.67499995...; * 100 rounds to 267.5f -> nearbyint 268 -> 2.68f.
  Tensor f = call1("aten::round.decimals", {F({2.675}, {1}), IValue(int64_t{2})});
  EXPECT_EQ(f.getDouble(0), static_cast<double>(2.68f));
  EXPECT_EQ(errorOf("aten::round.decimals", {F({1.5}, {1}, ScalarType::Half), IValue(int64_t{1})}),
            "\"round_cpu\" not implemented for 'Half'");
  EXPECT_EQ(errorOf("aten::gelu", {F({1.5}, {1}, ScalarType::Half), IValue(std::string("none"))}),
            "\"GeluKernelImpl\" not implemented for 'Half'");
  EXPECT_EQ(errorOf("aten::lerp.Scalar", {F({1.5}, {1}, ScalarType::Half), F({2.5}, {1}, ScalarType::Half), IValue(0.5)}),
            "\"lerp_kernel_scalar\" not implemented for 'Half'");
}

TEST(KernelsNumerics, ArangeAccumulatesInDoubleWithoutFusing) {
  // -1 + 10 * 0.1 in double is -1 + 1.0 = 0 (a fused multiply-add would give 2^-54).
  Tensor r = call1("aten::arange.start_step", {IValue(int64_t{-1}), IValue(int64_t{1}), IValue(0.1), kNone, kNone,
                                               kNone, kNone});
  ASSERT_EQ(r.numel(), 20);
  EXPECT_EQ(r.getDouble(10), 0.0);
  EXPECT_EQ(r.getDouble(3), static_cast<double>(static_cast<float>(-1.0 + 0.30000000000000004)));
}

TEST(KernelsNumerics, SumWithDtypeConvertsTheInputFirst) {
  // sum([1.5, 1.5], dtype=int16): each element truncates to 1 first -> 2 (not trunc(3.0)).
  Tensor r = call1("aten::sum", {F({1.5, 1.5, -0.5}, {3}), kShortCode});
  EXPECT_EQ(r.dtype(), ScalarType::Int16);
  EXPECT_EQ(r.getInt64(0), 2);
}

TEST(KernelsNumerics, ElementwiseOutputsFollowTensorIteratorLayout) {
  const Tensor x = F({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor xt = x.t();  // [3, 2], strides (1, 3)
  Tensor s = call1("aten::sin", {xt});
  EXPECT_EQ(s.strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_FALSE(s.isContiguous());
  EXPECT_EQ(s.getDouble(1), std::sin(4.0f));  // logical order is kept
  // Two inputs: the first one with an opinion decides.
  const Tensor y = F({1, 2, 3, 4, 5, 6}, {3, 2});
  EXPECT_EQ(call1("aten::add.Tensor", {xt, y, IValue(int64_t{1})}).strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(call1("aten::add.Tensor", {y, xt, IValue(int64_t{1})}).strides(), (std::vector<int64_t>{2, 1}));
  // A Python number has no opinion; an expanded input is row-major.
  EXPECT_EQ(call1("aten::mul.Scalar", {xt, IValue(2.0)}).strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(call1("aten::neg", {F({1, 2, 3}, {3}).expand({2, 3})}).strides(), (std::vector<int64_t>{3, 1}));
  // A comparison of a transposed input is transposed too.
  EXPECT_EQ(call1("aten::gt.Scalar", {xt, IValue(2.0)}).strides(), (std::vector<int64_t>{1, 3}));
}

}  // namespace
}  // namespace tsjit::kernels

// kernels_elementwise_opt_test.cpp — the optimized Elementwise kernels against hand-computed values:
// contiguous, broadcast and non-contiguous inputs, dtypes and promotion, integer semantics,
// NaN / inf, in-place aliasing and PyTorch's error messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

Stack call(const char* overload, std::vector<IValue> args) {
  registerAllKernels();
  const OptimizedKernel* k = findKernel(ops::overload(overload));
  EXPECT_NE(k, nullptr) << overload;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s;
}
Tensor call1(const char* overload, std::vector<IValue> args) {
  Stack s = call(overload, std::move(args));
  EXPECT_EQ(s.size(), 1u);
  return s.back().toTensor();
}
Tensor F(std::vector<double> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Float) {
  return Tensor::fromDoubles(v, sizes, dt);
}
Tensor I(std::vector<int64_t> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Int64) {
  return Tensor::fromInt64s(v, sizes, dt);
}
std::string errorOf(const char* overload, std::vector<IValue> args) {
  try {
    call(overload, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
void expectValues(const Tensor& t, std::vector<double> want, ScalarType dt) {
  EXPECT_EQ(t.dtype(), dt);
  ASSERT_EQ(t.numel(), static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) {
    const double got = t.getDouble(static_cast<int64_t>(i));
    if (std::isnan(want[i]))
      EXPECT_TRUE(std::isnan(got)) << "element " << i;
    else
      EXPECT_EQ(got, want[i]) << "element " << i;
  }
}

// x + alpha * y is one fused multiply-add in ATen (Vectorized fmadd): a single rounding in the
// compute type. Fuzz finding ops-1-56: |x| + (-0.75) * sqrt(0.5) on float; both the tensor and the
// Scalar overload, contiguous (2 elements), strided, one element, and sub (alpha negated).
TEST(KernelsElementwise, AddSubWithAlphaRoundOnce) {
  const float x = std::fabs(-0x1.dafe6cp-2f), alpha = static_cast<float>(std::sqrt(0.5));
  const double once = std::fma(static_cast<double>(alpha), -0.75, static_cast<double>(x));  // exact here
  const float want = static_cast<float>(once);
  ASSERT_NE(want, x + alpha * -0.75f);  // the case distinguishes one rounding from two
  const IValue al(std::sqrt(0.5));
  SCOPED_TRACE("add.Scalar");
  expectValues(call1("aten::add.Scalar", {F({x, x}, {2}), IValue(-0.75), al}), {want, want}, ScalarType::Float);
  expectValues(call1("aten::add.Scalar", {F({x}, {1}), IValue(-0.75), al}), {want}, ScalarType::Float);
  SCOPED_TRACE("add.Tensor");
  expectValues(call1("aten::add.Tensor", {F({x, x}, {2}), F({-0.75, -0.75}, {2}), al}), {want, want},
               ScalarType::Float);
  expectValues(call1("aten::add.Tensor", {F({x, 0, x, 0}, {2, 2}).select(1, 0), F({-0.75}, {1}), al}), {want, want},
               ScalarType::Float);
  expectValues(call1("aten::sub.Tensor", {F({x, x}, {2}), F({0.75, 0.75}, {2}), al}), {want, want},
               ScalarType::Float);
  // Double: 0.1 + 0.3 * -0.7 is -0x1.c28f5c28f5c27p-4 with one rounding, ...28p-4 with two.
  const double wantD = std::fma(0.3, -0.7, 0.1);
  ASSERT_NE(wantD, 0.1 + 0.3 * -0.7);
  SCOPED_TRACE("double");
  const Tensor xd = F({0.1, 0.1, 0.1}, {3}, ScalarType::Double);
  expectValues(call1("aten::add.Scalar", {xd, IValue(-0.7), IValue(0.3)}), {wantD, wantD, wantD}, ScalarType::Double);
  expectValues(call1("aten::add.Tensor", {xd, F({-0.7, -0.7, -0.7}, {3}, ScalarType::Double), IValue(0.3)}),
               {wantD, wantD, wantD}, ScalarType::Double);
}

TEST(KernelsElementwise, AddContiguousBroadcastAndAlpha) {
  expectValues(call1("aten::add.Tensor", {F({1, 2, 3}, {3}), F({10, 20, 30}, {3}), IValue(1)}), {11, 22, 33},
               ScalarType::Float);
  Tensor r = call1("aten::add.Tensor", {F({1, 2}, {2, 1}), F({10, 20, 30}, {3}), IValue(2)});
  EXPECT_EQ(r.sizes(), (std::vector<int64_t>{2, 3}));
  expectValues(r, {21, 41, 61, 22, 42, 62}, ScalarType::Float);
  expectValues(call1("aten::sub.Scalar", {I({5, 6}, {2}), IValue(1), IValue(3)}), {2, 3}, ScalarType::Int64);
  // int tensor + Python float -> float32
  expectValues(call1("aten::add.Scalar", {I({1, 2}, {2}), IValue(0.5), IValue(1)}), {1.5, 2.5}, ScalarType::Float);
}

TEST(KernelsElementwise, NonContiguousInputs) {
  Tensor a = F({1, 2, 3, 4, 5, 6}, {2, 3}).t();  // [[1,4],[2,5],[3,6]]
  Tensor b = F({10, 20}, {2});
  expectValues(call1("aten::mul.Tensor", {a, b}), {10, 80, 20, 100, 30, 120}, ScalarType::Float);
  Tensor sliced = F({0, 1, 2, 3, 4, 5, 6, 7}, {8}).slice(0, 1, 8, 2);  // 1 3 5 7
  expectValues(call1("aten::mul.Tensor", {sliced, sliced}), {1, 9, 25, 49}, ScalarType::Float);
}

TEST(KernelsElementwise, DivisionFamily) {
  expectValues(call1("aten::div.Tensor", {I({1, 2, 3}, {3}), I({2}, {1})}), {0.5, 1, 1.5}, ScalarType::Float);
  expectValues(call1("aten::div.Tensor_mode", {I({-7, 7}, {2}), I({2, 2}, {2}), IValue("floor")}), {-4, 3},
               ScalarType::Int64);
  expectValues(call1("aten::div.Tensor_mode", {I({-7, 7}, {2}), I({2, 2}, {2}), IValue("trunc")}), {-3, 3},
               ScalarType::Int64);
  expectValues(call1("aten::floor_divide", {I({-7, 7}, {2}), I({2, -2}, {2})}), {-4, -4}, ScalarType::Int64);
  expectValues(call1("aten::remainder.Tensor", {I({-7, 7}, {2}), I({2, -2}, {2})}), {1, -1}, ScalarType::Int64);
  expectValues(call1("aten::fmod.Tensor", {I({-7, 7}, {2}), I({2, -2}, {2})}), {-1, 1}, ScalarType::Int64);
  expectValues(call1("aten::remainder.Scalar", {F({-7.5, 7.5}, {2}), IValue(2)}), {0.5, 1.5}, ScalarType::Float);
  expectValues(call1("aten::floor_divide", {F({-7, 1}, {2}), F({2, 0}, {2})}), {-4, INFINITY}, ScalarType::Float);
  EXPECT_EQ(errorOf("aten::floor_divide", {I({1}, {1}), I({0}, {1})}), "ZeroDivisionError");
  EXPECT_EQ(errorOf("aten::div.Tensor_mode", {F({1}, {1}), F({1}, {1}), IValue("round")}),
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'");
}

// PyTorch 1.13's vectorized div_floor rounds every step to BFloat16 / Half (fuzz: seed 1 case
// 8642, ff12/ff13). 67 // 0.375 in bfloat16: mod 0.25, 67 - 0.25 = 66.75 rounds (tie, even) to 67,
// 67 / 0.375 = 178.67 rounds to 179 -> 179 (float math would give 178). 512.5 // 0.75 in Half:
// mod 0.25, 512.25 rounds (tie, even) to 512, 512 / 0.75 = 682.67 rounds to 682.5, floor 682.
// 0x1.f6p-5 // -0x1.4p-13 in bfloat16: 401.6 -> -402, mod > 0 with b < 0: -403 ties to -404.
// pow(Tensor, Scalar) as PyTorch 1.13 dispatches it (see the reference's test of the same name).
TEST(KernelsElementwise, PowScalarExponentsAsPyTorchDispatchesThem) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  Tensor f = call1("aten::pow.Tensor_Scalar", {F({-inf, -0.0, 4}, {3}), IValue(0.5)});
  expectValues(f, {nan, 0, 2}, ScalarType::Float);
  EXPECT_TRUE(std::signbit(f.getDouble(1)));
  expectValues(call1("aten::pow.Tensor_Scalar", {F({-inf, 4}, {2}), IValue(-0.5)}), {nan, 0.5}, ScalarType::Float);
  Tensor h = call1("aten::pow.Tensor_Scalar", {F({-inf, -0.0, 4}, {3}, ScalarType::Half), IValue(0.5)});
  expectValues(h, {inf, 0, 2}, ScalarType::Half);
  EXPECT_FALSE(std::signbit(h.getDouble(1)));
  expectValues(call1("aten::pow.Tensor_Scalar", {F({-inf}, {1}, ScalarType::BFloat16), IValue(0.5)}), {nan},
               ScalarType::BFloat16);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({2784}, {1}, ScalarType::BFloat16), IValue(0.1)}), {2.21875},
               ScalarType::BFloat16);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({46.59375}, {1}, ScalarType::Half), IValue(0.1)}), {1.4677734375},
               ScalarType::Half);
}

// Float pow(Tensor, Scalar) as PyTorch 1.13's scalar loop: products of 2 / 3 / -2 in float
// (2^64 ** -2 is 0: 2^64 * 2^64 overflows; a cube rounds twice, also when subnormal), any other
// exponent std::pow(float, double) in double with the exponent kept double, rounded once
// (fuzz seed 1 cases 585, 2598, 9486: 3 ** sqrt(2) = 0x1.2ea4bcp+2, where powf with a float
// exponent gives 4.72880411; -2 ** 99.99999999999999 is NaN). Double keeps 2^-128.
TEST(KernelsElementwise, PowFloatScalarExponentFollowsPyTorchScalarLoop) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expectValues(call1("aten::pow.Tensor_Scalar", {F({0x1p64}, {1}), IValue(int64_t{-2})}), {0}, ScalarType::Float);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({0x1p64}, {1}, ScalarType::Double), IValue(-2.0)}), {0x1p-128},
               ScalarType::Double);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({0x1.e961b8p+0, 0x1.e18324p-47}, {2}), IValue(3.0)}),
               {0x1.bf193ep+2, 0x1.a9cp-139}, ScalarType::Float);
  const double sqrt2 = std::sqrt(2.0);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, {17}), IValue(sqrt2)}),
               std::vector<double>(17, 0x1.2ea4bcp+2), ScalarType::Float);
  expectValues(call1("aten::pow.Tensor_Scalar", {I({3}, {1}, ScalarType::Int32), IValue(sqrt2)}), {0x1.2ea4bcp+2},
               ScalarType::Float);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({-2, 2}, {2}), IValue(std::pow(0.1, -2))}), {nan, 0x1p+100},
               ScalarType::Float);
}

TEST(KernelsElementwise, FloorDivideReducedFloatRoundsEachStep) {
  const ScalarType bf = ScalarType::BFloat16, hf = ScalarType::Half;
  expectValues(call1("aten::floor_divide", {F({67, 70, 7}, {3}, bf), F({0.375, 0.375, 2}, {3}, bf)}), {179, 187, 3}, bf);
  expectValues(call1("aten::floor_divide.Scalar", {F({67}, {1}, bf), IValue(0.375)}), {179}, bf);
  expectValues(call1("aten::div.Tensor_mode", {F({512.5, -7}, {2}, hf), F({0.75, 2}, {2}, hf), IValue("floor")}),
               {682, -4}, hf);
  expectValues(call1("aten::div.Scalar_mode", {F({512.5}, {1}, hf), IValue(0.75), IValue("floor")}), {682}, hf);
  expectValues(call1("aten::floor_divide", {F({0x1.f6p-5}, {1}, bf), F({-0x1.4p-13}, {1}, bf)}), {-404}, bf);
  // float and double keep the exact floor.
  expectValues(call1("aten::floor_divide", {F({67}, {1}), F({0.375}, {1})}), {178}, ScalarType::Float);
  expectValues(call1("aten::floor_divide", {F({512.5}, {1}, ScalarType::Double), F({0.75}, {1}, ScalarType::Double)}),
               {683}, ScalarType::Double);
}

// calc_gcd stores ::abs(x) back in the dtype: int8 abs(-128) stays -128 and the remainders carry
// its sign: gcd(6, -128) = -2 (fuzz ff11 case 97440); int16 has room: gcd(6, -128) = 2.
TEST(KernelsElementwise, GcdOfTheDtypeMinimum) {
  expectValues(call1("aten::gcd", {I({6, -128, 0, 5}, {4}, ScalarType::Int8), I({-128, 6, -128, 5}, {4}, ScalarType::Int8)}),
               {-2, -2, -128, 5}, ScalarType::Int8);
  expectValues(call1("aten::gcd", {I({6}, {1}, ScalarType::Int16), I({-128}, {1}, ScalarType::Int16)}), {2},
               ScalarType::Int16);
}

// silu computes x / (1 + exp(-x)) in float: exp(-x) overflows to inf below -88.72, giving -0
// (fuzz ff11 case 110269: the reference's double math gave -1.8e-38).
TEST(KernelsElementwise, SiluOverflowsToNegativeZero) {
  Tensor r = call1("aten::silu", {F({-90, -100, -88}, {3})});
  EXPECT_EQ(r.getDouble(0), 0.0);
  EXPECT_TRUE(std::signbit(r.getDouble(0)));
  EXPECT_EQ(r.getDouble(1), 0.0);
  EXPECT_TRUE(std::signbit(r.getDouble(1)));
  EXPECT_LT(r.getDouble(2), 0.0);  // exp(88) = 1.65e38 is finite: -88 / 1.65e38 = -5.3e-37
  EXPECT_GT(r.getDouble(2), -1e-36);
  Tensor d = call1("aten::silu", {F({-100}, {1}, ScalarType::Double)});
  EXPECT_LT(d.getDouble(0), 0.0);  // double: -100 / exp(100) = -3.7e-42
  EXPECT_GT(d.getDouble(0), -1e-41);
}

TEST(KernelsElementwise, IntegerWrappingAndBitOps) {
  expectValues(call1("aten::add.Tensor", {I({127, -128}, {2}, ScalarType::Int8), I({1, -1}, {2}, ScalarType::Int8),
                                          IValue(1)}),
               {-128, 127}, ScalarType::Int8);
  expectValues(call1("aten::mul.Scalar", {I({INT64_MAX}, {1}), IValue(2)}), {-2}, ScalarType::Int64);
  expectValues(call1("aten::__and__.Scalar", {I({6, 5}, {2}), IValue(3)}), {2, 1}, ScalarType::Int64);
  expectValues(call1("aten::__lshift__.Scalar", {I({1, 3}, {2}), IValue(4)}), {16, 48}, ScalarType::Int64);
  expectValues(call1("aten::__rshift__.Scalar", {I({-16, 16}, {2}), IValue(2)}), {-4, 4}, ScalarType::Int64);
  expectValues(call1("aten::gcd", {I({12, -18, 0}, {3}), I({18, 12, 5}, {3})}), {6, 6, 5}, ScalarType::Int64);
  expectValues(call1("aten::bitwise_not", {I({0, 1}, {2}, ScalarType::Bool)}), {1, 0}, ScalarType::Bool);
  expectValues(call1("aten::bitwise_not", {I({0, 5}, {2})}), {-1, -6}, ScalarType::Int64);
  EXPECT_EQ(errorOf("aten::__and__.Tensor", {F({1}, {1}), F({1}, {1})}), "\"bitwise_and_cpu\" not implemented for 'Float'");
  expectValues(call1("aten::logical_xor", {F({0, 2, 0}, {3}), I({0, 0, 3}, {3})}), {0, 1, 1}, ScalarType::Bool);
}

TEST(KernelsElementwise, PowSpecialExponents) {
  expectValues(call1("aten::pow.Tensor_Scalar", {F({3, -2}, {2}), IValue(2)}), {9, 4}, ScalarType::Float);
  expectValues(call1("aten::pow.Tensor_Scalar", {F({4, 9}, {2}), IValue(0.5)}), {2, 3}, ScalarType::Float);
  expectValues(call1("aten::pow.Tensor_Scalar", {I({2, 3}, {2}), IValue(3)}), {8, 27}, ScalarType::Int64);
  expectValues(call1("aten::pow.Tensor_Tensor", {I({2, 1, -1, 2}, {4}), I({-1, -5, -3, 62}, {4})}),
               {0, 1, -1, 4611686018427387904.0}, ScalarType::Int64);
  expectValues(call1("aten::pow.Scalar", {IValue(2), I({3, 4}, {2})}), {8, 16}, ScalarType::Int64);
  EXPECT_EQ(errorOf("aten::pow.Tensor_Scalar", {I({2}, {1}), IValue(-1)}),
            "Integers to negative integer powers are not allowed.");
}

TEST(KernelsElementwise, ComparisonsAndExtrema) {
  expectValues(call1("aten::lt.Scalar", {I({2, 3}, {2}), IValue(2.5)}), {1, 0}, ScalarType::Bool);
  expectValues(call1("aten::eq.Tensor", {F({1, NAN}, {2}), F({1, NAN}, {2})}), {1, 0}, ScalarType::Bool);
  expectValues(call1("aten::ge.Tensor", {F({1, 2, 3}, {3}), F({2}, {})}), {0, 1, 1}, ScalarType::Bool);
  expectValues(call1("aten::maximum", {F({1, NAN, 5}, {3}), F({2, 0, NAN}, {3})}), {2, NAN, NAN}, ScalarType::Float);
  expectValues(call1("aten::fmax", {F({1, NAN, 5}, {3}), F({2, 0, NAN}, {3})}), {2, 0, 5}, ScalarType::Float);
  expectValues(call1("aten::min.other", {I({1, 7}, {2}), I({3, 2}, {2})}), {1, 2}, ScalarType::Int64);
  Stack s = call("aten::equal", {F({1, 2}, {2}), F({1, 2}, {2})});
  EXPECT_TRUE(s.back().toBool());
  s = call("aten::equal", {F({1, 2}, {2}), F({1, 3}, {2})});
  EXPECT_FALSE(s.back().toBool());
}

TEST(KernelsElementwise, UnaryMathAndPredicates) {
  expectValues(call1("aten::sqrt", {I({4, 9}, {2})}), {2, 3}, ScalarType::Float);
  expectValues(call1("aten::abs", {I({-3, 4}, {2}, ScalarType::Int32)}), {3, 4}, ScalarType::Int32);
  expectValues(call1("aten::sign", {F({-2, 0, 3, NAN}, {4})}), {-1, 0, 1, 0}, ScalarType::Float);
  expectValues(call1("aten::square", {I({1, 0}, {2}, ScalarType::Bool)}), {1, 0}, ScalarType::Int64);
  expectValues(call1("aten::round", {F({0.5, 1.5, 2.5, -0.5}, {4})}), {0, 2, 2, -0.0}, ScalarType::Float);
  expectValues(call1("aten::round.decimals", {F({1.25, 2.375}, {2}, ScalarType::Double), IValue(1)}), {1.2, 2.4},
               ScalarType::Double);
  expectValues(call1("aten::floor", {I({3}, {1})}), {3}, ScalarType::Int64);
  expectValues(call1("aten::frac", {F({-1.5, 2.25}, {2})}), {-0.5, 0.25}, ScalarType::Float);
  expectValues(call1("aten::exp", {F({0}, {1}, ScalarType::Double)}), {1}, ScalarType::Double);
  expectValues(call1("aten::sigmoid", {F({0}, {1})}), {0.5}, ScalarType::Float);
  expectValues(call1("aten::isnan", {F({NAN, 1}, {2})}), {1, 0}, ScalarType::Bool);
  expectValues(call1("aten::isinf", {F({INFINITY, -INFINITY, 1}, {3})}), {1, 1, 0}, ScalarType::Bool);
  expectValues(call1("aten::isposinf", {F({INFINITY, -INFINITY}, {2})}), {1, 0}, ScalarType::Bool);
  expectValues(call1("aten::isfinite", {I({1}, {1})}), {1}, ScalarType::Bool);
  expectValues(call1("aten::logical_not", {F({0, 2}, {2})}), {1, 0}, ScalarType::Bool);
  expectValues(call1("aten::nan_to_num", {F({NAN, INFINITY, -INFINITY, 1}, {4}, ScalarType::Double), IValue(), IValue(),
                                          IValue()}),
               {0, std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(), 1}, ScalarType::Double);
  EXPECT_EQ(errorOf("aten::neg", {I({1}, {1}, ScalarType::Bool)}),
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
            "the `~` or `logical_not()` operator instead.");
  expectValues(call1("aten::neg", {I({INT64_MIN, 3}, {2})}), {static_cast<double>(INT64_MIN), -3}, ScalarType::Int64);
  // Half computes through float and rounds once.
  expectValues(call1("aten::add.Tensor", {F({1, 2048}, {2}, ScalarType::Half), F({0.5, 1}, {2}, ScalarType::Half),
                                          IValue(1)}),
               {1.5, 2048}, ScalarType::Half);
}

TEST(KernelsElementwise, Activations) {
  Tensor r = call1("aten::relu", {F({-1, -0.0, 2, NAN}, {4})});
  expectValues(r, {0, 0, 2, NAN}, ScalarType::Float);
  EXPECT_TRUE(std::signbit(r.getDouble(1)));  // relu(-0.0) is -0.0
  expectValues(call1("aten::clamp", {I({-5, 0, 5}, {3}), IValue(-1.5), IValue(2)}), {-1.5, 0, 2}, ScalarType::Float);
  // A NaN Scalar bound makes every element NaN (PyTorch 1.13, pytorch#77371).
  expectValues(call1("aten::clamp", {F({-5, NAN, 5}, {3}), IValue(NAN), IValue(2)}), {NAN, NAN, NAN}, ScalarType::Float);
  expectValues(call1("aten::clamp.Tensor", {F({-5, 0, 5}, {3}), F({-1, 1, NAN}, {3}), F({1}, {1})}), {-1, 1, NAN},
               ScalarType::Float);
  expectValues(call1("aten::clamp_min", {I({-5, 3}, {2}), IValue(0)}), {0, 3}, ScalarType::Int64);
  expectValues(call1("aten::hardtanh", {F({-3, 0.5, 3}, {3}), IValue(-1), IValue(1)}), {-1, 0.5, 1}, ScalarType::Float);
  expectValues(call1("aten::leaky_relu", {F({-2, 2}, {2}, ScalarType::Double), IValue(0.5)}), {-1, 2}, ScalarType::Double);
  expectValues(call1("aten::gelu", {F({0}, {1}), IValue("none")}), {0}, ScalarType::Float);
  expectValues(call1("aten::silu", {F({0}, {1})}), {0}, ScalarType::Float);
  expectValues(call1("aten::elu", {F({0, 2}, {2}), IValue(1), IValue(1), IValue(1)}), {0, 2}, ScalarType::Float);
  EXPECT_EQ(errorOf("aten::silu", {I({1}, {1})}), "\"silu_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf("aten::clamp", {F({1}, {1}), IValue(), IValue()}),
            "torch.clamp: At least one of 'min' or 'max' must not be None");
}

TEST(KernelsElementwise, InplaceWritesSelfAndReturnsIt) {
  Tensor base = F({1, 2, 3, 4}, {4});
  Tensor view = base.slice(0, 0, 4, 2);  // elements 0 and 2
  Stack s = call("aten::add_.Tensor", {view, F({10}, {1}), IValue(1)});
  EXPECT_TRUE(s.back().toTensor().is(view));
  expectValues(base, {11, 2, 13, 4}, ScalarType::Float);
  // a float self takes an int operand; an int self refuses a float result
  Tensor f = F({1, 2}, {2});
  call("aten::mul_.Tensor", {f, I({3, 4}, {2})});
  expectValues(f, {3, 8}, ScalarType::Float);
  EXPECT_EQ(errorOf("aten::add_.Tensor", {I({1}, {1}), F({1}, {1}), IValue(1)}),
            "result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(errorOf("aten::add_.Tensor", {F({1, 2, 3}, {3}), F({1, 2, 3, 4, 5, 6}, {2, 3}), IValue(1)}),
            "output with shape [3] doesn't match the broadcast shape [2, 3]");
  // self aliasing itself is fine; a partial overlap is not
  Tensor x = F({1, 2, 3}, {3});
  call("aten::mul_.Tensor", {x, x});
  expectValues(x, {1, 4, 9}, ScalarType::Float);
  Tensor y = F({1, 2, 3, 4}, {4});
  EXPECT_NE(errorOf("aten::add_.Tensor", {y.slice(0, 0, 3), y.slice(0, 1, 4), IValue(1)}).find("unsupported operation"),
            std::string::npos);
  // a half self computes in float and stores half
  Tensor h = F({1, 2}, {2}, ScalarType::Half);
  call("aten::div_.Scalar", {h, IValue(4)});
  expectValues(h, {0.25, 0.5}, ScalarType::Half);
  Tensor r = F({-1, 1}, {2});
  call("aten::relu_", {r});
  expectValues(r, {0, 1}, ScalarType::Float);
}

TEST(KernelsElementwise, WhereLerpAddcmulMaskedFill) {
  Tensor c = I({1, 0, 1}, {3}, ScalarType::Bool);
  expectValues(call1("aten::where.self", {c, I({1, 2, 3}, {3}), F({-1}, {1})}), {1, -1, 3}, ScalarType::Float);
  expectValues(call1("aten::where.ScalarOther", {c, I({1, 2, 3}, {3}), IValue(0)}), {1, 0, 3}, ScalarType::Int64);
  EXPECT_EQ(errorOf("aten::where.self", {I({1}, {1}), F({1}, {1}), F({1}, {1})}),
            "where expected condition to be a boolean tensor, but got a tensor with dtype Long");
  expectValues(call1("aten::lerp.Scalar", {F({0, 10}, {2}), F({10, 20}, {2}), IValue(0.5)}), {5, 15}, ScalarType::Float);
  // Shapes are broadcast (TensorIterator) before the dtype dispatch (fuzz seed 11 case 40768).
  EXPECT_EQ(errorOf("aten::lerp.Tensor", {I({1, 2, 3, 4}, {4}), I({1, 2}, {2}), I({1, 2}, {2})}),
            "The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 0");
  EXPECT_EQ(errorOf("aten::lerp.Tensor", {I({1, 2}, {2}), I({1, 2}, {2}), I({1, 2}, {2})}),
            "\"lerp_kernel_tensor\" not implemented for 'Long'");
  expectValues(call1("aten::addcmul", {F({1, 1}, {2}), F({2, 3}, {2}), F({4, 5}, {2}), IValue(2)}), {17, 31},
               ScalarType::Float);
  expectValues(call1("aten::addcdiv", {F({1, 1}, {2}), F({2, 3}, {2}), F({4, 6}, {2}), IValue(2)}), {2, 2},
               ScalarType::Float);
  Tensor base = I({1, 2, 3, 4}, {2, 2});
  Tensor mask = I({1, 0}, {2}, ScalarType::Bool);
  Stack s = call("aten::masked_fill_.Scalar", {base, mask, IValue(9)});
  EXPECT_TRUE(s.back().toTensor().is(base));
  expectValues(base, {9, 2, 9, 4}, ScalarType::Int64);
  expectValues(call1("aten::masked_fill.Scalar", {F({1, 2}, {2}), mask, IValue(0.5)}), {0.5, 2}, ScalarType::Float);
  Tensor z = F({1, 2}, {2});
  call("aten::fill_.Scalar", {z, IValue(7)});
  expectValues(z, {7, 7}, ScalarType::Float);
  call("aten::zero_", {z});
  expectValues(z, {0, 0}, ScalarType::Float);
}

TEST(KernelsElementwise, ToAndTypeAs) {
  Tensor a = F({1.5, -2.5}, {2});
  Tensor same = call1("aten::to.dtype", {a, IValue(toTorchCode(ScalarType::Float)), IValue(false), IValue(false), IValue()});
  EXPECT_TRUE(same.is(a));
  Tensor conv = call1("aten::to.dtype", {a, IValue(toTorchCode(ScalarType::Int64)), IValue(false), IValue(false), IValue()});
  expectValues(conv, {1, -2}, ScalarType::Int64);
  Tensor copy = call1("aten::to.dtype", {a, IValue(toTorchCode(ScalarType::Float)), IValue(false), IValue(true), IValue()});
  EXPECT_FALSE(copy.is(a));
  expectValues(call1("aten::type_as", {a, I({1}, {1}, ScalarType::Int32)}), {1, -2}, ScalarType::Int32);
}

TEST(KernelsElementwise, SubtractionOfBoolsIsRefused) {
  EXPECT_EQ(errorOf("aten::sub.Tensor", {I({1}, {1}, ScalarType::Bool), I({1}, {1}, ScalarType::Bool), IValue(1)}),
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
            "operator instead.");
  EXPECT_EQ(errorOf("aten::add.Tensor", {I({1}, {1}), I({1}, {1}), IValue(1.5)}),
            "For integral input tensors, argument alpha must not be a floating point number.");
  EXPECT_NE(errorOf("aten::add.Tensor", {F({1, 2}, {2}), F({1, 2, 3}, {3}), IValue(1)}).find("must match the size"),
            std::string::npos);
}

}  // namespace
}  // namespace tsjit::kernels

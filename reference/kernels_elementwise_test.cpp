// kernels_elementwise_test.cpp — the reference Elementwise kernels against hand-computed values:
// type promotion, broadcasting, non-contiguous inputs, in-place aliasing, integer division,
// NaN / inf / signed-zero behaviour, conversions and PyTorch's error messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/KernelTestUtil.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {
namespace {

using namespace testing;

class ReferenceElementwise : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { registerFamiliesOnce(registerElementwiseKernels); }
};
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

TEST_F(ReferenceElementwise, PromotionIntTensorFloatScalarIsFloat32) {
  Tensor r = callT("aten::add.Scalar", {longs({1, 2}), 2.5, int64_t{1}});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  expectDoubles(r, {3.5, 4.5});
  Tensor m = callT("aten::mul.Scalar", {longs({1, 2}, {}, ScalarType::Int32), int64_t{2}});
  EXPECT_EQ(m.dtype(), ScalarType::Int32);
  EXPECT_EQ(valuesI(m), (std::vector<int64_t>{2, 4}));
}

TEST_F(ReferenceElementwise, PromotionBoolPlusIntIsInt64AndZeroDimRanksLower) {
  Tensor r = callT("aten::add.Tensor", {bools({1, 0}), longs({5, 6}), int64_t{1}});
  EXPECT_EQ(r.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(r), (std::vector<int64_t>{6, 6}));
  // 0-dim float64 + dimensioned float32 -> float32 (same category: the dimensioned tensor wins).
  Tensor z = Tensor::scalar(0.5, ScalarType::Double);
  Tensor f = callT("aten::add.Tensor", {floats({1.0, 2.0}), z, int64_t{1}});
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  expectDoubles(f, {1.5, 2.5});
  // A dimensioned float64 operand does win.
  Tensor d = callT("aten::add.Tensor", {floats({1.0}, {1}), floats({2.0}, {1}, ScalarType::Double), int64_t{1}});
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  // bool + bool stays bool (logical or).
  Tensor bb = callT("aten::add.Tensor", {bools({1, 1, 0}), bools({1, 0, 0}), int64_t{1}});
  EXPECT_EQ(bb.dtype(), ScalarType::Bool);
  EXPECT_EQ(valuesI(bb), (std::vector<int64_t>{1, 1, 0}));
}

TEST_F(ReferenceElementwise, ScalarIsCastToTensorDtypeBeforeComputing) {
  // 0.1 becomes 0.1f before multiplying a float32 tensor: 3 * 0.1f rounded to float.
  Tensor r = callT("aten::mul.Scalar", {floats({3.0}), 0.1});
  EXPECT_EQ(r.getDouble(0), static_cast<double>(3.0f * 0.1f));
}

TEST_F(ReferenceElementwise, AlphaAndItsErrors) {
  Tensor r = callT("aten::sub.Tensor", {longs({10, 20}), longs({1, 2}), int64_t{3}});
  EXPECT_EQ(valuesI(r), (std::vector<int64_t>{7, 14}));
  EXPECT_EQ(errorOf([] { callT("aten::add.Tensor", {longs({1}), longs({1}), 0.5}); }),
            "For integral input tensors, argument alpha must not be a floating point number.");
  EXPECT_EQ(errorOf([] { callT("aten::sub.Tensor", {bools({1}), bools({0}), int64_t{1}}); }),
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
            "`logical_xor()` operator instead.");
}

TEST_F(ReferenceElementwise, BroadcastingAndMismatch) {
  Tensor a = floats({1, 2}, {2, 1});
  Tensor b = floats({10, 20, 30}, {3});
  Tensor r = callT("aten::add.Tensor", {a, b, int64_t{1}});
  EXPECT_EQ(r.sizes(), (std::vector<int64_t>{2, 3}));
  expectDoubles(r, {11, 21, 31, 12, 22, 32});
  EXPECT_EQ(errorOf([] { callT("aten::mul.Tensor", {floats({1, 2, 3}), floats({1, 2, 3, 4})}); }),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
}

TEST_F(ReferenceElementwise, NonContiguousInputsReadInLogicalOrder) {
  Tensor base = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor t = base.t();  // 3x2: [[1,4],[2,5],[3,6]]
  Tensor r = callT("aten::mul.Tensor", {t, floats({1, 10}, {2})});
  expectDoubles(r, {1, 40, 2, 50, 3, 60});
}

TEST_F(ReferenceElementwise, InplaceReturnsSelfAndViewsSeeTheWrite) {
  Tensor base = floats({1, 2, 3, 4});
  Tensor view = base.slice(0, 1, 3);
  std::vector<IValue> out = callKernel("aten::add_.Scalar", {view, int64_t{10}, int64_t{1}});
  EXPECT_TRUE(out.at(0).toTensor().is(view));
  expectDoubles(base, {1, 12, 13, 4});
  // The result is computed in the promoted dtype, then cast back: float self += double tensor.
  Tensor f = floats({1.0});
  callKernel("aten::mul_.Tensor", {f, floats({2.5}, {}, ScalarType::Double)});
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  expectDoubles(f, {2.5});
}

TEST_F(ReferenceElementwise, InplaceCastAndShapeErrors) {
  EXPECT_EQ(errorOf([] { callKernel("aten::add_.Tensor", {longs({1}, {1}), floats({1.5}, {1}), int64_t{1}}); }),
            "result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(errorOf([] { callKernel("aten::div_.Tensor", {longs({4}), longs({2})}); }),
            "result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(errorOf([] { callKernel("aten::mul_.Tensor", {floats({1, 2, 3}), floats({1, 2, 3, 4, 5, 6}, {2, 3})}); }),
            "output with shape [3] doesn't match the broadcast shape [2, 3]");
}

TEST_F(ReferenceElementwise, IntegerDivisionSemantics) {
  Tensor a = longs({-7, 7, -7, 7});
  Tensor b = longs({2, -2, -2, 2});
  EXPECT_EQ(valuesI(callT("aten::floor_divide", {a, b})), (std::vector<int64_t>{-4, -4, 3, 3}));
  EXPECT_EQ(valuesI(callT("aten::remainder.Tensor", {a, b})), (std::vector<int64_t>{1, -1, -1, 1}));
  EXPECT_EQ(valuesI(callT("aten::fmod.Tensor", {a, b})), (std::vector<int64_t>{-1, 1, -1, 1}));
  EXPECT_EQ(valuesI(callT("aten::div.Tensor_mode", {a, b, std::string("trunc")})), (std::vector<int64_t>{-3, -3, 3, 3}));
  EXPECT_EQ(valuesI(callT("aten::div.Tensor_mode", {a, b, std::string("floor")})), (std::vector<int64_t>{-4, -4, 3, 3}));
  Tensor t = callT("aten::div.Tensor", {a, b});
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  expectDoubles(t, {-3.5, -3.5, 3.5, 3.5});
  EXPECT_EQ(errorOf([] { callT("aten::floor_divide", {longs({1}), longs({0})}); }), "ZeroDivisionError");
  EXPECT_EQ(errorOf([] { callT("aten::remainder.Scalar", {longs({1}), int64_t{0}}); }), "ZeroDivisionError");
  EXPECT_EQ(errorOf([] { callT("aten::div.Tensor_mode", {longs({1}), longs({1}), std::string("round")}); }),
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'");
  // True division by zero of integers is float division.
  expectDoubles(callT("aten::div.Tensor", {longs({1, 0}), longs({0, 0})}), {kInf, kNaN});
}

// PyTorch 1.13's vectorized div_floor rounds every step to BFloat16 / Half. 67 // 0.375 in
// bfloat16: mod 0.25, 66.75 rounds (tie, even) to 67, 67 / 0.375 = 178.67 rounds to 179 -> 179.
// 512.5 // 0.75 in Half: 512.25 rounds (tie, even) to 512, 512 / 0.75 = 682.67 rounds to 682.5,
// floor 682. 0x1.f6p-5 // -0x1.4p-13 in bfloat16: 401.6 -> -402, then -403 ties to -404.
TEST_F(ReferenceElementwise, FloorDivideReducedFloatRoundsEachStep) {
  const ScalarType bf = ScalarType::BFloat16, hf = ScalarType::Half;
  Tensor r = callT("aten::floor_divide", {floats({67, 70, 7}, {}, bf), floats({0.375, 0.375, 2}, {}, bf)});
  EXPECT_EQ(r.dtype(), bf);
  expectDoubles(r, {179, 187, 3});
  expectDoubles(callT("aten::floor_divide.Scalar", {floats({67}, {1}, bf), 0.375}), {179});
  Tensor h = callT("aten::div.Tensor_mode", {floats({512.5, -7}, {}, hf), floats({0.75, 2}, {}, hf), std::string("floor")});
  EXPECT_EQ(h.dtype(), hf);
  expectDoubles(h, {682, -4});
  expectDoubles(callT("aten::div.Scalar_mode", {floats({512.5}, {1}, hf), 0.75, std::string("floor")}), {682});
  expectDoubles(callT("aten::floor_divide", {floats({0x1.f6p-5}, {1}, bf), floats({-0x1.4p-13}, {1}, bf)}), {-404});
  // float and double keep the exact floor.
  expectDoubles(callT("aten::floor_divide", {floats({67}, {1}), floats({0.375}, {1})}), {178});
  expectDoubles(callT("aten::floor_divide", {floats({512.5}, {1}, ScalarType::Double), floats({0.75}, {1}, ScalarType::Double)}),
                {683});
}

// calc_gcd stores ::abs(x) back in the dtype: int8 abs(-128) stays -128 and the remainders carry
// its sign: gcd(6, -128) = -2 (fuzz ff11 case 97440); int16 has room: gcd(6, -128) = 2.
TEST_F(ReferenceElementwise, GcdOfTheDtypeMinimum) {
  const ScalarType i8 = ScalarType::Int8;
  Tensor g = callT("aten::gcd", {longs({6, -128, 0, 5}, {}, i8), longs({-128, 6, -128, 5}, {}, i8)});
  EXPECT_EQ(g.dtype(), i8);
  EXPECT_EQ(valuesI(g), (std::vector<int64_t>{-2, -2, -128, 5}));
  EXPECT_EQ(valuesI(callT("aten::gcd", {longs({6}, {1}, ScalarType::Int16), longs({-128}, {1}, ScalarType::Int16)})),
            (std::vector<int64_t>{2}));
}

// silu computes x / (1 + exp(-x)) in float: exp(-x) overflows to inf below -88.72, giving -0
// (fuzz ff11 case 110269: double math gave -1.8e-38).
TEST_F(ReferenceElementwise, SiluOverflowsToNegativeZero) {
  Tensor r = callT("aten::silu", {floats({-90, -100, -88})});
  EXPECT_TRUE(sameDouble(r.getDouble(0), -0.0));
  EXPECT_TRUE(sameDouble(r.getDouble(1), -0.0));
  EXPECT_LT(r.getDouble(2), 0.0);  // exp(88) = 1.65e38 is finite: -88 / 1.65e38 = -5.3e-37
  EXPECT_GT(r.getDouble(2), -1e-36);
  Tensor d = callT("aten::silu", {floats({-100}, {1}, ScalarType::Double)});
  EXPECT_LT(d.getDouble(0), 0.0);  // double: -100 / exp(100) = -3.7e-42
  EXPECT_GT(d.getDouble(0), -1e-41);
}

TEST_F(ReferenceElementwise, FloatFloorDivisionAndRemainder) {
  Tensor a = floats({-7.5, 7.5, 0.0, 5.0});
  Tensor b = floats({2.0, -2.0, -3.0, 0.0});
  expectDoubles(callT("aten::floor_divide", {a, b}), {-4.0, -4.0, -0.0, kInf});
  expectDoubles(callT("aten::remainder.Tensor", {a, b}), {0.5, -0.5, 0.0, kNaN});
  expectDoubles(callT("aten::fmod.Tensor", {a, b}), {-1.5, 1.5, 0.0, kNaN});
  expectDoubles(callT("aten::div.Tensor_mode", {a, b, std::string("trunc")}), {-3.0, -3.0, -0.0, kInf});
}

TEST_F(ReferenceElementwise, Pow) {
  EXPECT_EQ(valuesI(callT("aten::pow.Tensor_Scalar", {longs({2, -3, 5}), int64_t{3}})), (std::vector<int64_t>{8, -27, 125}));
  EXPECT_EQ(errorOf([] { callT("aten::pow.Tensor_Scalar", {longs({2}), int64_t{-1}}); }),
            "Integers to negative integer powers are not allowed.");
  EXPECT_EQ(valuesI(callT("aten::pow.Tensor_Tensor", {longs({2, 1, -1, 2}), longs({-1, -5, -3, 10})})),
            (std::vector<int64_t>{0, 1, -1, 1024}));
  Tensor s = callT("aten::pow.Scalar", {int64_t{2}, longs({0, 3})});
  EXPECT_EQ(s.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(s), (std::vector<int64_t>{1, 8}));
  Tensor f = callT("aten::pow.Scalar", {2.0, longs({0, 3})});
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  expectDoubles(f, {1, 8});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({4, -8}), 0.5}), {2, kNaN});
}

// pow(Tensor, Scalar) in PyTorch 1.13: float/double/bfloat16 take sqrt / rsqrt / reciprocal for
// 0.5 / -0.5 / -1 (pow(-inf, 0.5) = NaN, pow(-0., 0.5) = -0.); half has no special exponent
// (std::pow: +inf, +0.); bfloat16 and half take a generic exponent in their dtype:
// 2784 ** bf16(0.1) = 2.21875 (not 2.203125), 46.59375 ** half(0.1) = 1.4677734375 (not 1.46875).
TEST_F(ReferenceElementwise, PowScalarExponentsAsPyTorchDispatchesThem) {
  Tensor f = callT("aten::pow.Tensor_Scalar", {floats({-kInf, -0.0, 4}), 0.5});
  expectDoubles(f, {kNaN, -0.0, 2});
  EXPECT_TRUE(std::signbit(f.getDouble(1)));
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({-kInf, 4}), -0.5}), {kNaN, 0.5});
  Tensor h = callT("aten::pow.Tensor_Scalar", {floats({-kInf, -0.0, 4}, {}, ScalarType::Half), 0.5});
  expectDoubles(h, {kInf, 0, 2});
  EXPECT_FALSE(std::signbit(h.getDouble(1)));
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({-kInf}, {}, ScalarType::BFloat16), 0.5}), {kNaN});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({2784}, {}, ScalarType::BFloat16), 0.1}), {2.21875});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({46.59375}, {}, ScalarType::Half), 0.1}), {1.4677734375});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({46.59375}), 0.1}), {static_cast<float>(std::pow(46.59375, 0.1))});
}

// Float pow(Tensor, Scalar) as PyTorch 1.13's scalar loop: 2 / 3 / -2 are products rounded to
// float at each step (2^64 ** -2 is 0 as 2^64 * 2^64 overflows; x ** 3 rounds twice, also when
// subnormal; fuzz seed 1 cases 585, 8620), any other exponent std::pow(float, double) with the
// double exponent, rounded once (3 ** sqrt(2) = 0x1.2ea4bcp+2; -2 ** 99.99999999999999 is NaN).
TEST_F(ReferenceElementwise, PowFloatScalarExponentFollowsPyTorchScalarLoop) {
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({0x1p64}), int64_t{-2}}), {0});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({0x1p64}, {}, ScalarType::Double), -2.0}), {0x1p-128});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({0x1.e961b8p+0, 0x1.e18324p-47}), 3.0}),
                {0x1.bf193ep+2, 0x1.a9cp-139});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {longs({3}, {}, ScalarType::Int32), std::sqrt(2.0)}), {0x1.2ea4bcp+2});
  expectDoubles(callT("aten::pow.Tensor_Scalar", {floats({-2, 2}), std::pow(0.1, -2)}), {kNaN, 0x1p+100});
}

TEST_F(ReferenceElementwise, NaNInfAndSignedZero) {
  Tensor x = floats({kNaN, kInf, -kInf, 0.0, -0.0, 2.5, -2.5, 0.5, 3.5});
  expectDoubles(callT("aten::sign", {x}), {0, 1, -1, 0, 0, 1, -1, 1, 1});
  expectDoubles(callT("aten::relu", {x}), {kNaN, kInf, 0, 0, -0.0, 2.5, 0, 0.5, 3.5});
  expectDoubles(callT("aten::round", {x}), {kNaN, kInf, -kInf, 0, -0.0, 2, -2, 0, 4});
  expectDoubles(callT("aten::neg", {x}), {kNaN, -kInf, kInf, -0.0, 0.0, -2.5, 2.5, -0.5, -3.5});
  expectDoubles(callT("aten::nan_to_num", {x, IValue(), IValue(), IValue()}),
                {0, std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(), 0, -0.0, 2.5, -2.5, 0.5, 3.5});
  EXPECT_EQ(valuesI(callT("aten::isnan", {x})), (std::vector<int64_t>{1, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(valuesI(callT("aten::isfinite", {x})), (std::vector<int64_t>{0, 0, 0, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(valuesI(callT("aten::isposinf", {x})), (std::vector<int64_t>{0, 1, 0, 0, 0, 0, 0, 0, 0}));
  expectDoubles(callT("aten::mul.Scalar", {floats({kInf, -1.0}), 0.0}), {kNaN, -0.0});
}

TEST_F(ReferenceElementwise, ExtremaNaNPropagation) {
  Tensor a = floats({kNaN, 1.0, 3.0});
  Tensor b = floats({1.0, kNaN, 2.0});
  expectDoubles(callT("aten::maximum", {a, b}), {kNaN, kNaN, 3.0});
  expectDoubles(callT("aten::min.other", {a, b}), {kNaN, kNaN, 2.0});
  expectDoubles(callT("aten::fmax", {a, b}), {1.0, 1.0, 3.0});
  expectDoubles(callT("aten::fmin", {a, b}), {1.0, 1.0, 2.0});
}

TEST_F(ReferenceElementwise, Comparisons) {
  Tensor r = callT("aten::eq.Scalar", {longs({2, 3}), 2.5});
  EXPECT_EQ(r.dtype(), ScalarType::Bool);
  EXPECT_EQ(valuesI(r), (std::vector<int64_t>{0, 0}));
  Tensor n = floats({kNaN, 1.0});
  EXPECT_EQ(valuesI(callT("aten::lt.Scalar", {n, int64_t{5}})), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(valuesI(callT("aten::ne.Tensor", {n, n})), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(valuesI(callT("aten::ge.Tensor", {longs({1, 2, 3}), longs({2}, {1})})), (std::vector<int64_t>{0, 1, 1}));
  EXPECT_TRUE(callKernel("aten::equal", {floats({1, 2}), floats({1, 2})}).at(0).toBool());
  EXPECT_FALSE(callKernel("aten::equal", {floats({1, 2}), floats({1, 2}, {2, 1})}).at(0).toBool());
  EXPECT_FALSE(callKernel("aten::equal", {n, n}).at(0).toBool());
}

TEST_F(ReferenceElementwise, BitwiseShiftsAndLogical) {
  EXPECT_EQ(valuesI(callT("aten::__and__.Tensor", {longs({12, 10}), longs({10, 6})})), (std::vector<int64_t>{8, 2}));
  EXPECT_EQ(valuesI(callT("aten::__xor__.Scalar", {bools({1, 0}), true})), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(errorOf([] { callT("aten::__or__.Tensor", {floats({1}), floats({1})}); }),
            "\"bitwise_or_cpu\" not implemented for 'Float'");
  Tensor i32 = longs({1, -8}, {}, ScalarType::Int32);
  EXPECT_EQ(valuesI(callT("aten::__lshift__.Scalar", {i32, int64_t{31}})),
            (std::vector<int64_t>{std::numeric_limits<int32_t>::min(), 0}));
  EXPECT_EQ(valuesI(callT("aten::__rshift__.Scalar", {i32, int64_t{1}})), (std::vector<int64_t>{0, -4}));
  EXPECT_EQ(valuesI(callT("aten::bitwise_not", {bools({1, 0})})), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(valuesI(callT("aten::bitwise_not", {longs({0, 5})})), (std::vector<int64_t>{-1, -6}));
  Tensor l = callT("aten::logical_xor", {floats({0.0, 2.0, kNaN}), longs({0, 1, 0})});
  EXPECT_EQ(l.dtype(), ScalarType::Bool);
  EXPECT_EQ(valuesI(l), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(valuesI(callT("aten::gcd", {longs({12, -18, 0}), longs({18, 12, 5})})), (std::vector<int64_t>{6, 6, 5}));
}

TEST_F(ReferenceElementwise, UnaryMathPromotesIntegers) {
  Tensor r = callT("aten::sqrt", {longs({4, 9})});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  expectDoubles(r, {2, 3});
  expectDoubles(callT("aten::exp", {floats({0.0, -kInf})}), {1, 0});
  expectDoubles(callT("aten::log", {floats({1.0, 0.0, -1.0})}), {0, -kInf, kNaN});
  expectDoubles(callT("aten::sigmoid", {floats({0.0, kInf, -kInf})}), {0.5, 1, 0});
  expectDoubles(callT("aten::reciprocal", {floats({2.0, 0.0, -0.0})}), {0.5, kInf, -kInf});
  Tensor sq = callT("aten::square", {bools({1, 0})});
  EXPECT_EQ(sq.dtype(), ScalarType::Int64);
  Tensor fl = callT("aten::floor", {longs({3, -3})});
  EXPECT_EQ(fl.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(fl), (std::vector<int64_t>{3, -3}));
  expectDoubles(callT("aten::frac", {floats({2.5, -2.5})}), {0.5, -0.5});
  expectDoubles(callT("aten::round.decimals", {floats({1.25, 1.75}, {}, ScalarType::Double), int64_t{1}}), {1.2, 1.8});
  EXPECT_EQ(errorOf([] { callT("aten::neg", {bools({1})}); }),
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
            "use the `~` or `logical_not()` operator instead.");
}

TEST_F(ReferenceElementwise, ClampAndActivations) {
  Tensor x = floats({-2.0, 0.5, 3.0, kNaN});
  expectDoubles(callT("aten::clamp", {x, -1.0, 1.0}), {-1.0, 0.5, 1.0, kNaN});
  expectDoubles(callT("aten::clamp", {x, IValue(), int64_t{0}}), {-2.0, 0.0, 0.0, kNaN});
  Tensor ci = callT("aten::clamp", {longs({-3, 3}), 0.5, IValue()});
  EXPECT_EQ(ci.dtype(), ScalarType::Float);
  expectDoubles(ci, {0.5, 3});
  EXPECT_EQ(errorOf([] { callT("aten::clamp", {floats({1}), IValue(), IValue()}); }),
            "torch.clamp: At least one of 'min' or 'max' must not be None");
  expectDoubles(callT("aten::clamp.Tensor", {floats({-2, 5}), floats({-1, -1}), floats({1, kNaN})}), {-1, kNaN});
  EXPECT_EQ(errorOf([] { callKernel("aten::clamp_", {longs({1}), 0.5, IValue()}); }),
            "result type Float can't be cast to the desired output type Long");
  expectDoubles(callT("aten::leaky_relu", {floats({-2.0, 3.0}), 0.5}), {-1.0, 3.0});
  expectDoubles(callT("aten::hardtanh", {floats({-2.0, 0.25, 3.0}), int64_t{-1}, int64_t{1}}), {-1.0, 0.25, 1.0});
  expectDoubles(callT("aten::elu", {floats({0.0, 2.0}, {}, ScalarType::Double), 1.0, 1.0, 1.0}), {0.0, 2.0});
  expectDoubles(callT("aten::gelu", {floats({0.0}), std::string("none")}), {0.0});
  EXPECT_EQ(errorOf([] { callT("aten::gelu", {floats({0.0}), std::string("fast")}); }),
            "approximate argument must be either none or tanh.");
  expectDoubles(callT("aten::softplus", {floats({30.0}), int64_t{1}, int64_t{20}}), {30.0});
  Tensor s = floats({0.0});
  EXPECT_TRUE(callKernel("aten::sigmoid_", {s}).at(0).toTensor().is(s));
  expectDoubles(s, {0.5});
}

TEST_F(ReferenceElementwise, WhereLerpAddcmulAddcdiv) {
  Tensor w = callT("aten::where.ScalarOther", {bools({1, 0}), longs({1, 2}), 0.5});
  EXPECT_EQ(w.dtype(), ScalarType::Float);
  expectDoubles(w, {1.0, 0.5});
  Tensor ws = callT("aten::where.Scalar", {bools({1, 0}), int64_t{1}, 0.5});
  EXPECT_EQ(ws.dtype(), ScalarType::Float);  // two Python numbers: float -> the default dtype
  expectDoubles(ws, {1.0, 0.5});
  EXPECT_EQ(callT("aten::where.Scalar", {bools({1, 0}), int64_t{1}, int64_t{0}}).dtype(), ScalarType::Int64);
  EXPECT_EQ(errorOf([] { callT("aten::where.self", {floats({1}), floats({1}), floats({1})}); }),
            "where expected condition to be a boolean tensor, but got a tensor with dtype Float");
  std::vector<IValue> idx = callKernel("aten::where", {bools({0, 1, 1, 0}, {2, 2})});
  const ListObj& l = idx.at(0).toListRef();
  ASSERT_EQ(l.items.size(), 2u);
  EXPECT_EQ(valuesI(l.items[0].toTensor()), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(valuesI(l.items[1].toTensor()), (std::vector<int64_t>{1, 0}));
  expectDoubles(callT("aten::lerp.Scalar", {floats({0, 10}, {}, ScalarType::Double), floats({10, 20}, {}, ScalarType::Double), 0.25}),
                {2.5, 12.5});
  EXPECT_EQ(errorOf([] { callT("aten::lerp.Scalar", {floats({0}), floats({1}, {1}, ScalarType::Double), 0.5}); }),
            "expected dtype float for `end` but got dtype double");
  // Shapes are broadcast (TensorIterator) before the dtype dispatch (fuzz seed 11 case 40768).
  EXPECT_EQ(errorOf([] { callT("aten::lerp.Tensor", {longs({1, 2, 3, 4}), longs({1, 2}), longs({1, 2})}); }),
            "The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 0");
  EXPECT_EQ(errorOf([] { callT("aten::lerp.Tensor", {longs({1, 2}), longs({1, 2}), longs({1, 2})}); }),
            "\"lerp_kernel_tensor\" not implemented for 'Long'");
  expectDoubles(callT("aten::addcmul", {floats({1, 1}), floats({2, 3}), floats({4, 5}), 0.5}), {5, 8.5});
  expectDoubles(callT("aten::addcdiv", {floats({1, 1}), floats({2, 3}), floats({4, 6}), int64_t{2}}), {2, 2});
  EXPECT_NE(errorOf([] { callT("aten::addcdiv", {floats({1}), longs({2}), longs({4}), int64_t{1}}); }).find(
                "Integer division with addcdiv is no longer supported"),
            std::string::npos);
}

TEST_F(ReferenceElementwise, MaskedFillAndFill) {
  Tensor base = longs({1, 2, 3, 4}, {2, 2});
  Tensor row = base.select(0, 1);
  Tensor out = callKernel("aten::masked_fill_.Scalar", {row, bools({1, 0}), 2.7}).at(0).toTensor();
  EXPECT_TRUE(out.is(row));
  EXPECT_EQ(valuesI(base), (std::vector<int64_t>{1, 2, 2, 4}));  // 2.7 truncates into a long tensor
  Tensor f = callT("aten::masked_fill.Tensor", {floats({1, 2}), bools({1, 0, 0, 1}, {2, 2}), Tensor::scalar(9.0)});
  EXPECT_EQ(f.sizes(), (std::vector<int64_t>{2, 2}));
  expectDoubles(f, {9, 2, 1, 9});
  // A non-bool mask: 1.13 reads each element's first byte as the flag (python3-torch 1.13.1): a
  // float 1.0 (0x3F800000) has low byte 0 and fills nothing; an int32 1 fills; a 2 raises.
  expectDoubles(callT("aten::masked_fill.Scalar", {floats({1, 2}), floats({1, 1}), 0.0}), {1, 2});
  Tensor intMask = Tensor::empty({2}, ScalarType::Int32);
  intMask.setInt64(0, 1);
  intMask.setInt64(1, 0);
  expectDoubles(callT("aten::masked_fill.Scalar", {floats({1, 2}), intMask, 0.0}), {0, 2});
  intMask.setInt64(1, 2);
  EXPECT_EQ(errorOf([&] { callT("aten::masked_fill.Scalar", {floats({1, 2}), intMask, 0.0}); }),
            "Mask tensor can take 0 and 1 values only");
  Tensor g = floats({1, 2, 3});
  Tensor v = g.slice(0, 0, 2);
  callKernel("aten::fill_.Scalar", {v, int64_t{7}});
  expectDoubles(g, {7, 7, 3});
  callKernel("aten::zero_", {g});
  expectDoubles(g, {0, 0, 0});
  EXPECT_EQ(errorOf([] { callKernel("aten::fill_.Tensor", {floats({1}), floats({1, 2})}); }),
            "fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.");
}

TEST_F(ReferenceElementwise, ToReturnsSelfWhenNothingChanges) {
  Tensor x = floats({1.5, -2.5});
  const int64_t kFloatCode = 6, kLongCode = 4;
  EXPECT_TRUE(callT("aten::to.dtype", {x, kFloatCode, false, false, IValue()}).is(x));
  Tensor c = callT("aten::to.dtype", {x, kFloatCode, false, true, IValue()});
  EXPECT_FALSE(c.is(x));
  EXPECT_FALSE(c.sharesStorageWith(x));
  Tensor l = callT("aten::to.dtype", {x, kLongCode, false, false, IValue()});
  EXPECT_EQ(l.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(l), (std::vector<int64_t>{1, -2}));
  EXPECT_TRUE(callT("aten::type_as", {x, floats({0})}).is(x));
  EXPECT_EQ(callT("aten::type_as", {x, longs({0})}).dtype(), ScalarType::Int64);
  EXPECT_TRUE(callT("aten::to.prim_dtype", {x, IValue(), false, false}).is(x));
  Tensor t = floats({1, 2, 3, 4}, {2, 2}).t();
  // memory_format=contiguous still aliases a transposed tensor of the same dtype (PyTorch compares
  // with suggest_memory_format(), which is contiguous for it); a conversion is made contiguous.
  EXPECT_TRUE(callT("aten::to.dtype", {t, kFloatCode, false, false, int64_t{0}}).is(t));
  Tensor contiguous = callT("aten::to.dtype", {t, kLongCode, false, false, int64_t{0}});
  EXPECT_TRUE(contiguous.isContiguous());
  EXPECT_EQ(valuesI(contiguous), (std::vector<int64_t>{1, 3, 2, 4}));
  Tensor preserved = callT("aten::to.dtype", {t, kLongCode, false, false, IValue()});
  EXPECT_EQ(preserved.strides(), t.strides());
}

TEST_F(ReferenceElementwise, TensorListEquality) {
  auto list = [](std::vector<Tensor> ts) {
    std::vector<IValue> items(ts.begin(), ts.end());
    return makeList(TensorType::get(), std::move(items));
  };
  EXPECT_TRUE(callKernel("aten::eq.Tensor_list", {list({floats({1.0}), longs({2})}), list({floats({1.0}), floats({2.0})})})
                  .at(0).toBool());
  EXPECT_TRUE(callKernel("aten::ne.Tensor_list", {list({floats({1.0})}), list({})}).at(0).toBool());
  EXPECT_EQ(errorOf([&] { callKernel("aten::eq.Tensor_list", {list({floats({1, 2})}), list({floats({1, 2})})}); }),
            "Boolean value of Tensor with more than one value is ambiguous");
}

TEST_F(ReferenceElementwise, OutVariantsWriteAndResize) {
  Tensor out = floats({0});
  Tensor r = callKernel("aten::add.out", {floats({1, 2}), floats({3, 4}), int64_t{1}, out}).at(0).toTensor();
  EXPECT_TRUE(r.is(out));
  EXPECT_EQ(out.sizes(), (std::vector<int64_t>{2}));
  expectDoubles(out, {4, 6});
}

}  // namespace
}  // namespace tsjit::reference

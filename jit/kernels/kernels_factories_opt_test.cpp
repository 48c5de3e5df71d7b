// kernels_factories_opt_test.cpp — the optimized Factories kernels against hand-computed values:
// dtype inference, nested lists, ragged-list errors, arange / linspace / eye, the _like factories.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

Tensor call1(const char* overload, std::vector<IValue> args) {
  registerAllKernels();
  const OptimizedKernel* k = findKernel(ops::overload(overload));
  EXPECT_NE(k, nullptr) << overload;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s.back().toTensor();
}
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
void expectValues(const Tensor& t, std::vector<double> want, ScalarType dt, std::vector<int64_t> sizes) {
  EXPECT_EQ(t.dtype(), dt);
  EXPECT_EQ(t.sizes(), sizes);
  ASSERT_EQ(t.numel(), static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(t.getDouble(static_cast<int64_t>(i)), want[i]) << i;
}
const IValue kNone;

TEST(KernelsFactories, TensorFromLists) {
  IValue row1 = makeList(FloatType::get(), {IValue(1.5), IValue(2.0)});
  IValue row2 = makeList(FloatType::get(), {IValue(3.0), IValue(4.0)});
  IValue nested = makeList(ListType::create(FloatType::get()), {row1, row2});
  expectValues(call1("aten::tensor", {nested, kNone, kNone, IValue(false)}), {1.5, 2, 3, 4}, ScalarType::Float, {2, 2});
  expectValues(call1("aten::tensor", {ints({1, 2}), IValue(toTorchCode(ScalarType::Double)), kNone, IValue(false)}), {1, 2},
               ScalarType::Double, {2});
  expectValues(call1("aten::tensor.int", {IValue(3), kNone, kNone, IValue(false)}), {3}, ScalarType::Int64, {});
  expectValues(call1("aten::tensor.bool", {IValue(true), kNone, kNone, IValue(false)}), {1}, ScalarType::Bool, {});
  IValue ragged = makeList(ListType::create(IntType::get()), {ints({1, 2}), ints({3})});
  try {
    call1("aten::tensor", {ragged, kNone, kNone, IValue(false)});
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "Expected sequence of length 2 at dim 1 (got 1)");
  }
}

TEST(KernelsFactories, FilledAndLike) {
  expectValues(call1("aten::zeros", {ints({2}), kNone, kNone, kNone, kNone}), {0, 0}, ScalarType::Float, {2});
  expectValues(call1("aten::ones", {ints({1, 2}), IValue(toTorchCode(ScalarType::Int32)), kNone, kNone, kNone}), {1, 1},
               ScalarType::Int32, {1, 2});
  expectValues(call1("aten::full", {ints({2}), IValue(7), kNone, kNone, kNone, kNone}), {7, 7}, ScalarType::Int64, {2});
  expectValues(call1("aten::full", {ints({1}), IValue(0.5), kNone, kNone, kNone, kNone}), {0.5}, ScalarType::Float, {1});
  expectValues(call1("aten::full", {ints({1}), IValue(true), kNone, kNone, kNone, kNone}), {1}, ScalarType::Bool, {1});
  Tensor src = Tensor::fromDoubles({1, 2, 3, 4, 5, 6}, {2, 3}).t();
  Tensor o = call1("aten::ones_like", {src, kNone, kNone, kNone, kNone, kNone});
  expectValues(o, {1, 1, 1, 1, 1, 1}, ScalarType::Float, {3, 2});
  EXPECT_EQ(o.strides(), src.strides());  // preserve_format keeps a dense layout
  expectValues(call1("aten::zeros_like", {src, IValue(toTorchCode(ScalarType::Int64)), kNone, kNone, kNone, kNone}),
               {0, 0, 0, 0, 0, 0}, ScalarType::Int64, {3, 2});
}

TEST(KernelsFactories, RangesAndEye) {
  expectValues(call1("aten::arange", {IValue(4), kNone, kNone, kNone, kNone}), {0, 1, 2, 3}, ScalarType::Int64, {4});
  expectValues(call1("aten::arange.start_step", {IValue(1), IValue(2.0), IValue(0.25), kNone, kNone, kNone, kNone}),
               {1, 1.25, 1.5, 1.75}, ScalarType::Float, {4});
  expectValues(call1("aten::arange.start_step", {IValue(5), IValue(0), IValue(-2), kNone, kNone, kNone, kNone}), {5, 3, 1},
               ScalarType::Int64, {3});
  expectValues(call1("aten::linspace", {IValue(0), IValue(1), IValue(5), kNone, kNone, kNone, kNone}),
               {0, 0.25, 0.5, 0.75, 1}, ScalarType::Float, {5});
  expectValues(call1("aten::eye.m", {IValue(2), IValue(3), kNone, kNone, kNone, kNone}), {1, 0, 0, 0, 1, 0},
               ScalarType::Float, {2, 3});
  try {
    call1("aten::arange.start_step", {IValue(0), IValue(1), IValue(0), kNone, kNone, kNone, kNone});
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "step must be nonzero");
  }
}

// PyTorch 1.13's linspace scalar loop computes in the dtype: float32 step 0.4f, so
// linspace(-2, 4, 16)[5] = -2 + 0.4f * 5 is exactly 0 (fuzz seed 11 cases 13246 / 114168: the
// jit gave 2^-53, a double fused multiply-add); no FMA in double either; (end - start) overflows
// in float (step inf: [nan, -inf, nan]); a float step differs from a double one
// (linspace(-0.5, 0x1.cccccep-1, 3)[1] = 0x1.999998p-3, not 0x1.99999cp-3); Half rounds each step.
TEST(KernelsFactories, LinspaceComputesInTheDtype) {
  auto ls = [](double s, double e, int64_t n, ScalarType dt) {
    return call1("aten::linspace", {IValue(s), IValue(e), IValue(n), IValue(toTorchCode(dt)), kNone, kNone, kNone});
  };
  expectValues(ls(-2, 4, 16, ScalarType::Float),
               {-0x1p+1, -0x1.99999ap+0, -0x1.333334p+0, -0x1.999998p-1, -0x1.999998p-2, 0, 0x1.9999ap-2, 0x1.999998p-1,
                0x1.333334p+0, 0x1.999998p+0, 0x1p+1, 0x1.333334p+1, 0x1.666666p+1, 0x1.99999ap+1, 0x1.ccccccp+1, 0x1p+2},
               ScalarType::Float, {16});
  EXPECT_EQ(ls(-2, 4, 16, ScalarType::Double).getDouble(5), 0.0);
  Tensor o = ls(-3e38, 3e38, 3, ScalarType::Float);
  EXPECT_TRUE(std::isnan(o.getDouble(0)));
  EXPECT_EQ(o.getDouble(1), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(o.getDouble(2)));
  expectValues(ls(-0.5, 0x1.cccccep-1, 3, ScalarType::Float), {-0.5, 0x1.999998p-3, 0x1.cccccep-1}, ScalarType::Float, {3});
  expectValues(ls(0, 1, 7, ScalarType::Half), {0, 0x1.554p-3, 0x1.554p-2, 0x1p-1, 0x1.558p-1, 0x1.aacp-1, 1},
               ScalarType::Half, {7});
}

std::string arangeError(std::vector<IValue> args) {
  try {
    const char* overload =
        args.size() == 5 ? "aten::arange" : args.size() == 6 ? "aten::arange.start" : "aten::arange.start_step";
    call1(overload, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("unexpected: ") + e.what();
  }
  return "no error";
}

// PyTorch 1.13's arange_out: checked Scalar::to<acc_type>() (int64_t for integral dtypes, float
// for half / bfloat16), then "step must be nonzero", "unsupported range", the step-sign check,
// "invalid size, possible overflow?" and the output's storage-size check; NaN / inf never reach
// the allocation (a NaN start with dtype int64 used to become INT64_MIN and overrun the buffer).
TEST(KernelsFactories, ArangeBadBoundsRaise) {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  const IValue i64(int64_t{4}), f16(int64_t{5}), b(int64_t{11});
  EXPECT_EQ(arangeError({IValue(nan), IValue(-1), IValue(4), i64, kNone, kNone, kNone}),
            "value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(arangeError({IValue(0), IValue(inf), IValue(1), i64, kNone, kNone, kNone}),
            "value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(arangeError({IValue(0), IValue(5), IValue(1e300), i64, kNone, kNone, kNone}),
            "value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(arangeError({IValue(0), IValue(5), IValue(0.5), i64, kNone, kNone, kNone}), "step must be nonzero");
  EXPECT_EQ(arangeError({IValue(inf), IValue(5.0), IValue(1), kNone, kNone, kNone, kNone}), "unsupported range: inf -> 5");
  EXPECT_EQ(arangeError({IValue(0), IValue(nan), kNone, kNone, kNone, kNone}), "unsupported range: 0 -> nan");
  EXPECT_EQ(arangeError({IValue(0.0), IValue(1.0), IValue(nan), kNone, kNone, kNone, kNone}), "step must be nonzero");
  EXPECT_EQ(arangeError({IValue(1e39), f16, kNone, kNone, kNone}), "value cannot be converted to type float without overflow");
  EXPECT_EQ(arangeError({IValue(-inf), f16, kNone, kNone, kNone}), "unsupported range: 0 -> -inf");
  EXPECT_EQ(arangeError({IValue(0.0), IValue(1e30), IValue(1e-30), kNone, kNone, kNone, kNone}),
            "invalid size, possible overflow?");
  EXPECT_EQ(arangeError({IValue(0.0), IValue(0x1p63), IValue(1), kNone, kNone, kNone, kNone}),
            "Storage size calculation overflowed with sizes=[-9223372036854775808]");
  EXPECT_EQ(arangeError({IValue(int64_t{1} << 62), kNone, kNone, kNone, kNone}),
            "Storage size calculation overflowed with sizes=[4611686018427387904]");
  EXPECT_EQ(arangeError({IValue(3), b, kNone, kNone, kNone}), "\"arange_cpu\" not implemented for 'Bool'");
  // int64: the int64_t difference wraps before the division (ATen's int64_t arithmetic).
  EXPECT_EQ(arangeError({IValue(std::numeric_limits<int64_t>::min()), IValue(std::numeric_limits<int64_t>::max()),
                         IValue(1), kNone, kNone, kNone, kNone}),
            "invalid size, possible overflow?");
}

std::string linspaceError(IValue start, IValue end, int64_t steps, ScalarType dt) {
  try {
    call1("aten::linspace", {start, end, IValue(steps), IValue(toTorchCode(dt)), kNone, kNone, kNone});
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "no error";
}

// linspace reads start (one step: fill_) and end (two or more) with c10's checked Scalar::to<T>().
TEST(KernelsFactories, LinspaceCheckedConversions) {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(linspaceError(IValue(nan), IValue(1), 5, ScalarType::Int64),
            "value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(linspaceError(IValue(0), IValue(300), 3, ScalarType::UInt8),
            "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(linspaceError(IValue(-5), IValue(10), 3, ScalarType::UInt8), "no error");  // negatives wrap
  EXPECT_EQ(linspaceError(IValue(-5.0), IValue(10), 3, ScalarType::UInt8),
            "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(linspaceError(IValue(0), IValue(1e5), 3, ScalarType::Half),
            "value cannot be converted to type at::Half without overflow");
  EXPECT_EQ(linspaceError(IValue(inf), IValue(1), 3, ScalarType::Float), "no error");
  EXPECT_EQ(linspaceError(IValue(nan), IValue(0), 1, ScalarType::Int32),
            "value cannot be converted to type int without overflow");
  EXPECT_EQ(linspaceError(IValue(0), IValue(nan), 1, ScalarType::Int32), "no error");
  EXPECT_EQ(linspaceError(IValue(nan), IValue(nan), 0, ScalarType::Int32), "no error");
  EXPECT_EQ(linspaceError(IValue(0), IValue(int64_t{3000000000}), 2, ScalarType::Int32),
            "value cannot be converted to type int without overflow");
}

}  // namespace
}  // namespace tsjit::kernels

// kernels_factories_test.cpp — the reference Factories kernels against hand-computed values:
// dtype inference (aten::tensor, full, arange), shapes, strides of the *_like factories and
// PyTorch's error messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/KernelTestUtil.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {
namespace {

using namespace testing;

class ReferenceFactories : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { registerFamiliesOnce(registerFactoriesKernels); }
};

IValue intList(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
IValue floatList(std::vector<double> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(FloatType::get(), std::move(items));
}

TEST_F(ReferenceFactories, TensorFromNestedListsInfersDtype) {
  IValue nested = makeList(ListType::ofInts(), {intList({1, 2, 3}), intList({4, 5, 6})});
  Tensor t = callT("aten::tensor", {nested, IValue(), IValue(), false});
  EXPECT_EQ(t.dtype(), ScalarType::Int64);
  EXPECT_EQ(t.sizes(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(valuesI(t), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
  Tensor f = callT("aten::tensor", {floatList({0.5, 1.5}), IValue(), IValue(), false});
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  expectDoubles(f, {0.5, 1.5});
  Tensor b = callT("aten::tensor", {makeList(BoolType::get(), {true, false}), IValue(), IValue(), false});
  EXPECT_EQ(b.dtype(), ScalarType::Bool);
  Tensor e = callT("aten::tensor", {floatList({}), IValue(), IValue(), false});
  EXPECT_EQ(e.sizes(), (std::vector<int64_t>{0}));
  EXPECT_EQ(e.dtype(), ScalarType::Float);
  // Floats are stored as float32 first, then cast to an explicit dtype.
  Tensor d = callT("aten::tensor", {floatList({0.1}), int64_t{7}, IValue(), false});
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  EXPECT_EQ(d.getDouble(0), static_cast<double>(0.1f));
  IValue ragged = makeList(ListType::ofInts(), {intList({1, 2}), intList({3})});
  EXPECT_EQ(errorOf([&] { callT("aten::tensor", {ragged, IValue(), IValue(), false}); }),
            "Expected sequence of length 2 at dim 1 (got 1)");
  Tensor r = callT("aten::tensor", {floatList({1.0}), IValue(), IValue(), true});
  EXPECT_TRUE(r.requiresGrad());
}

TEST_F(ReferenceFactories, TensorFromScalars) {
  Tensor f = callT("aten::tensor.float", {2.5, IValue(), IValue(), false});
  EXPECT_EQ(f.dim(), 0);
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  Tensor i = callT("aten::tensor.int", {int64_t{3}, IValue(), IValue(), false});
  EXPECT_EQ(i.dtype(), ScalarType::Int64);
  Tensor d = callT("aten::tensor.float", {2.0, int64_t{7}, IValue(), false});
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  EXPECT_EQ(callT("aten::tensor.bool", {true, IValue(), IValue(), false}).dtype(), ScalarType::Bool);
}

TEST_F(ReferenceFactories, ZerosOnesFull) {
  Tensor z = callT("aten::zeros", {intList({2, 3}), IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(z.dtype(), ScalarType::Float);
  EXPECT_EQ(z.sizes(), (std::vector<int64_t>{2, 3}));
  expectDoubles(z, {0, 0, 0, 0, 0, 0});
  Tensor o = callT("aten::ones", {intList({2}), int64_t{4}, IValue(), IValue(), IValue()});
  EXPECT_EQ(o.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(o), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(callT("aten::full", {intList({2}), int64_t{7}, IValue(), IValue(), IValue(), IValue()}).dtype(),
            ScalarType::Int64);
  EXPECT_EQ(callT("aten::full", {intList({2}), true, IValue(), IValue(), IValue(), IValue()}).dtype(), ScalarType::Bool);
  Tensor f = callT("aten::full", {intList({2}), 1.5, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  expectDoubles(f, {1.5, 1.5});
  EXPECT_EQ(errorOf([] { callT("aten::zeros", {intList({-1, 3}), IValue(), IValue(), IValue(), IValue()}); }),
            "Trying to create tensor with negative dimension -1: [-1, 3]");
}

TEST_F(ReferenceFactories, Eye) {
  Tensor e = callT("aten::eye.m", {int64_t{2}, int64_t{3}, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(e.sizes(), (std::vector<int64_t>{2, 3}));
  expectDoubles(e, {1, 0, 0, 0, 1, 0});
  EXPECT_EQ(errorOf([] { callT("aten::eye", {int64_t{-1}, IValue(), IValue(), IValue(), IValue()}); }),
            "n must be greater or equal to 0, got -1");
}

TEST_F(ReferenceFactories, Arange) {
  Tensor a = callT("aten::arange", {int64_t{4}, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(a.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(a), (std::vector<int64_t>{0, 1, 2, 3}));
  Tensor f = callT("aten::arange.start_step", {int64_t{1}, 2.0, 0.25, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  expectDoubles(f, {1, 1.25, 1.5, 1.75});
  Tensor down = callT("aten::arange.start_step", {int64_t{5}, int64_t{0}, int64_t{-2}, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(valuesI(down), (std::vector<int64_t>{5, 3, 1}));
  Tensor d = callT("aten::arange.start", {int64_t{0}, int64_t{3}, int64_t{7}, IValue(), IValue(), IValue()});
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  EXPECT_EQ(errorOf([] { callT("aten::arange.start_step", {int64_t{0}, int64_t{5}, int64_t{0}, IValue(), IValue(), IValue(), IValue()}); }),
            "step must be nonzero");
  EXPECT_EQ(errorOf([] { callT("aten::arange.start_step", {int64_t{0}, int64_t{5}, int64_t{-1}, IValue(), IValue(), IValue(), IValue()}); }),
            "upper bound and larger bound inconsistent with step sign");
}

// PyTorch 1.13's arange_out order: checked Scalar::to<acc_type>() (int64_t for integral dtypes,
// float for half / bfloat16), "step must be nonzero", "unsupported range", the step-sign check,
// "invalid size, possible overflow?", then the output's storage-size check.
TEST_F(ReferenceFactories, ArangeBadBoundsRaise) {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  const IValue none;
  auto err3 = [&](IValue s, IValue e, IValue st, IValue dt) {
    return errorOf([&] { callT("aten::arange.start_step", {s, e, st, dt, none, none, none}); });
  };
  auto err1 = [&](IValue e, IValue dt) { return errorOf([&] { callT("aten::arange", {e, dt, none, none, none}); }); };
  const std::string toInt64 = "value cannot be converted to type int64_t without overflow";
  EXPECT_EQ(err3(nan, int64_t{-1}, int64_t{4}, int64_t{4}), toInt64);  // the fuzzer's segfault
  EXPECT_EQ(err3(int64_t{0}, inf, int64_t{1}, int64_t{4}), toInt64);
  EXPECT_EQ(err3(int64_t{0}, int64_t{5}, 1e300, int64_t{3}), toInt64);  // int32's accumulate type is int64_t
  EXPECT_EQ(err3(int64_t{0}, int64_t{5}, 0.5, int64_t{4}), "step must be nonzero");
  EXPECT_EQ(err3(inf, 5.0, int64_t{1}, none), "unsupported range: inf -> 5");
  EXPECT_EQ(errorOf([&] { callT("aten::arange.start", {int64_t{0}, nan, none, none, none, none}); }),
            "unsupported range: 0 -> nan");
  EXPECT_EQ(err3(0.0, 1.0, nan, none), "step must be nonzero");
  EXPECT_EQ(err1(1e39, int64_t{5}), "value cannot be converted to type float without overflow");
  EXPECT_EQ(err1(-inf, int64_t{5}), "unsupported range: 0 -> -inf");
  EXPECT_EQ(err3(0.0, 1e30, 1e-30, none), "invalid size, possible overflow?");
  EXPECT_EQ(err3(0.0, 9223372036854775808.0, int64_t{1}, none),
            "Storage size calculation overflowed with sizes=[-9223372036854775808]");
  EXPECT_EQ(err1(int64_t{1} << 62, none), "Storage size calculation overflowed with sizes=[4611686018427387904]");
  EXPECT_EQ(err1(int64_t{3}, int64_t{11}), "\"arange_cpu\" not implemented for 'Bool'");
  EXPECT_EQ(err3(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), int64_t{1}, none),
            "invalid size, possible overflow?");
}

TEST_F(ReferenceFactories, Linspace) {
  Tensor l = callT("aten::linspace", {int64_t{0}, int64_t{1}, int64_t{5}, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(l.dtype(), ScalarType::Float);
  expectDoubles(l, {0, 0.25, 0.5, 0.75, 1});
  expectDoubles(callT("aten::linspace", {2.0, 5.0, int64_t{1}, IValue(), IValue(), IValue(), IValue()}), {2});
  EXPECT_EQ(callT("aten::linspace", {2.0, 5.0, int64_t{0}, IValue(), IValue(), IValue(), IValue()}).numel(), 0);
  Tensor i = callT("aten::linspace", {int64_t{0}, int64_t{5}, int64_t{3}, int64_t{4}, IValue(), IValue(), IValue()});
  EXPECT_EQ(valuesI(i), (std::vector<int64_t>{0, 2, 5}));
  EXPECT_EQ(errorOf([] { callT("aten::linspace", {0.0, 1.0, int64_t{-1}, IValue(), IValue(), IValue(), IValue()}); }),
            "number of steps must be non-negative");
}

// PyTorch 1.13's linspace scalar loop computes in the dtype: float32 step 0.4f, so
// linspace(-2, 4, 16)[5] = -2 + 0.4f * 5 is exactly 0 (fuzz seed 11 cases 13246 / 114168);
// (end - start) overflows in float (step inf: [nan, -inf, nan]); a float step differs from a double
// one (linspace(-0.5, 0x1.cccccep-1, 3)[1] = 0x1.999998p-3, not 0x1.99999cp-3); Half rounds each step.
TEST_F(ReferenceFactories, LinspaceComputesInTheDtype) {
  const IValue none;
  auto ls = [&](double s, double e, int64_t n, int64_t dtypeCode) {
    return callT("aten::linspace", {s, e, n, dtypeCode, none, none, none});
  };
  expectDoubles(ls(-2, 4, 16, 6), {-0x1p+1, -0x1.99999ap+0, -0x1.333334p+0, -0x1.999998p-1, -0x1.999998p-2, 0,
                                   0x1.9999ap-2, 0x1.999998p-1, 0x1.333334p+0, 0x1.999998p+0, 0x1p+1, 0x1.333334p+1,
                                   0x1.666666p+1, 0x1.99999ap+1, 0x1.ccccccp+1, 0x1p+2});
  EXPECT_EQ(ls(-2, 4, 16, 7).getDouble(5), 0.0);
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  expectDoubles(ls(-3e38, 3e38, 3, 6), {nan, -inf, nan});
  expectDoubles(ls(-0.5, 0x1.cccccep-1, 3, 6), {-0.5, 0x1.999998p-3, 0x1.cccccep-1});
  expectDoubles(ls(0, 1, 7, 5), {0, 0x1.554p-3, 0x1.554p-2, 0x1p-1, 0x1.558p-1, 0x1.aacp-1, 1});
}

// linspace reads start (one step: fill_) and end (two or more) with c10's checked Scalar::to<T>().
TEST_F(ReferenceFactories, LinspaceCheckedConversions) {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  const IValue none;
  auto err = [&](IValue s, IValue e, int64_t steps, int64_t dtypeCode) {
    const std::string m = errorOf([&] { callT("aten::linspace", {s, e, steps, dtypeCode, none, none, none}); });
    return m.empty() ? std::string("no error") : m;
  };
  EXPECT_EQ(err(nan, int64_t{1}, 5, 4), "value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(err(int64_t{0}, int64_t{300}, 3, 0), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(err(int64_t{-5}, int64_t{10}, 3, 0), "no error");
  EXPECT_EQ(err(-5.0, int64_t{10}, 3, 0), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(err(int64_t{0}, 1e5, 3, 5), "value cannot be converted to type at::Half without overflow");
  EXPECT_EQ(err(inf, int64_t{1}, 3, 6), "no error");
  EXPECT_EQ(err(nan, int64_t{0}, 1, 3), "value cannot be converted to type int without overflow");
  EXPECT_EQ(err(int64_t{0}, nan, 1, 3), "no error");
  EXPECT_EQ(err(nan, nan, 0, 3), "no error");
  EXPECT_EQ(err(int64_t{0}, int64_t{3000000000}, 2, 3), "value cannot be converted to type int without overflow");
}

TEST_F(ReferenceFactories, LikeFactoriesKeepLayout) {
  Tensor base = Tensor::fromDoubles({1, 2, 3, 4, 5, 6}, {2, 3}).t();  // 3x2, strides [1, 3]
  Tensor z = callT("aten::zeros_like", {base, IValue(), IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(z.sizes(), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(z.strides(), (std::vector<int64_t>{1, 3}));
  expectDoubles(z, {0, 0, 0, 0, 0, 0});
  Tensor o = callT("aten::ones_like", {base, int64_t{4}, IValue(), IValue(), IValue(), int64_t{0}});
  EXPECT_EQ(o.dtype(), ScalarType::Int64);
  EXPECT_TRUE(o.isContiguous());
  EXPECT_EQ(valuesI(o), (std::vector<int64_t>{1, 1, 1, 1, 1, 1}));
}

}  // namespace
}  // namespace tsjit::reference

// compare_test.cpp — THE comparison rule (conformance/lib/Compare.h): ULP distances in each dtype,
// NaN/infinity/signed-zero handling, the three tolerance kinds, container paths, and the graph
// tolerance. Expected distances and bounds are worked out by hand from IEEE-754 layouts.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

#include "conformance/lib/Compare.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"

using namespace tsjit;
using namespace tsjit::conformance;

namespace {
CompareOptions with(ops::Tolerance t) {
  CompareOptions o;
  o.tolerance = t;
  return o;
}
double nextUpF(double x) { return std::nextafter(static_cast<float>(x), std::numeric_limits<float>::infinity()); }
}  // namespace

TEST(Compare, UlpDistanceCountsRepresentableValuesOfTheDtype) {
  EXPECT_EQ(ulpDistance(1.0, nextUpF(1.0), ScalarType::Float), 1);
  EXPECT_EQ(ulpDistance(1.0, 1.0 + std::ldexp(1.0, -52), ScalarType::Double), 1);
  // In float32 that double difference rounds away: distance 0.
  EXPECT_EQ(ulpDistance(1.0, 1.0 + std::ldexp(1.0, -52), ScalarType::Float), 0);
  // Across zero: the smallest float32 subnormals on either side are 2 steps apart.
  double tiny = std::ldexp(1.0, -149);
  EXPECT_EQ(ulpDistance(tiny, -tiny, ScalarType::Float), 2);
  EXPECT_EQ(ulpDistance(0.0, -0.0, ScalarType::Float), 0);
  // float16: 1 and 1 + 2^-10 are neighbours; bfloat16: 1 and 1 + 2^-7.
  EXPECT_EQ(ulpDistance(1.0, 1.0 + std::ldexp(1.0, -10), ScalarType::Half), 1);
  EXPECT_EQ(ulpDistance(1.0, 1.0 + std::ldexp(1.0, -7), ScalarType::BFloat16), 1);
  EXPECT_EQ(ulpDistance(2.0, 1.0, ScalarType::Float), double(1 << 23));
}

TEST(Compare, SpecialValues) {
  CompareOptions loose = with(ops::Tolerance::ulp(1000));
  double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(floatsAgree(nan, -nan, ScalarType::Float, loose));
  EXPECT_FALSE(floatsAgree(nan, 1.0, ScalarType::Float, loose));
  EXPECT_FALSE(floatsAgree(1.0, nan, ScalarType::Float, loose));
  EXPECT_TRUE(floatsAgree(inf, inf, ScalarType::Float, loose));
  EXPECT_FALSE(floatsAgree(inf, -inf, ScalarType::Float, loose));
  EXPECT_FALSE(floatsAgree(inf, std::numeric_limits<float>::max(), ScalarType::Float, loose));
  EXPECT_TRUE(floatsAgree(0.0, -0.0, ScalarType::Float, with(ops::Tolerance::exact())));
}

TEST(Compare, ExactUlpAndReductionTolerances) {
  double a = 1.0, b = nextUpF(nextUpF(1.0));  // 2 ulps apart in float32
  EXPECT_FALSE(floatsAgree(a, b, ScalarType::Float, with(ops::Tolerance::exact())));
  EXPECT_FALSE(floatsAgree(a, b, ScalarType::Float, with(ops::Tolerance::ulp(1))));
  EXPECT_TRUE(floatsAgree(a, b, ScalarType::Float, with(ops::Tolerance::ulp(2))));

  // reduction(1), n = 10, float32: bound = 10 * 2^-23 * max(|a|, |b|) + 1 ulp ~ 1.27e-4 at 100.
  CompareOptions r = with(ops::Tolerance::reduction(1));
  r.reductionTerms = 10;
  EXPECT_TRUE(floatsAgree(100.0, 100.0 + 1.0e-4, ScalarType::Float, r));
  EXPECT_FALSE(floatsAgree(100.0, 100.0 + 2.0e-4, ScalarType::Float, r));
  // No absolute floor: near zero the bound shrinks with the values (the old floor of 1 accepted
  // 1e-6 here), unless Σ|x| of the terms says the sum cancelled.
  EXPECT_FALSE(floatsAgree(0.0, 1.0e-6, ScalarType::Float, r));
  r.sumAbs = 1.0;  // bound 10 * 2^-23 * 1 ~ 1.19e-6
  EXPECT_TRUE(floatsAgree(0.0, 1.0e-6, ScalarType::Float, r));
  EXPECT_FALSE(floatsAgree(0.0, 2.0e-6, ScalarType::Float, r));
  // Half and BFloat16 accumulate in float: the bound uses float's epsilon, plus 1 output ulp.
  CompareOptions h = with(ops::Tolerance::reduction(1));
  h.reductionTerms = 81;
  h.sumAbs = 81.0;
  EXPECT_TRUE(floatsAgree(80.0, 80.5, ScalarType::BFloat16, h));   // 1 bfloat16 ulp at 80
  EXPECT_FALSE(floatsAgree(80.0, 81.0, ScalarType::BFloat16, h));  // 2 ulps: 81 * 2^-23 * 81 is far below
  r.sumAbs.reset();
  // With Σ|x| known (1000): bound 10 * 2^-23 * 1000 ~ 1.19e-3.
  r.sumAbs = 1000.0;
  EXPECT_TRUE(floatsAgree(100.0, 100.001, ScalarType::Float, r));
  EXPECT_FALSE(floatsAgree(100.0, 100.002, ScalarType::Float, r));
  // Σ|x| only raises S: below max(|a|, |b|, 1) it changes nothing.
  r.sumAbs = 0.5;
  EXPECT_TRUE(floatsAgree(100.0, 100.0 + 1.0e-4, ScalarType::Float, r));
  EXPECT_FALSE(floatsAgree(100.0, 100.0 + 2.0e-4, ScalarType::Float, r));
  // Terms summing past the dtype's range: the dtype computation may overflow in any order.
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(floatsAgree(-inf, inf, ScalarType::Float, r));
  r.sumAbs = 1e39;
  EXPECT_TRUE(floatsAgree(-inf, inf, ScalarType::Float, r));
  EXPECT_TRUE(floatsAgree(2e38, inf, ScalarType::Float, r));
  EXPECT_TRUE(floatsAgree(nan, 1.0, ScalarType::Float, r));
  r.sumAbs = nan;  // inf * 0 among the terms
  EXPECT_TRUE(floatsAgree(-inf, nan, ScalarType::Float, r));
  r.sumAbs = 1e39;
  EXPECT_FALSE(floatsAgree(-inf, inf, ScalarType::Double, r));  // within double's range
  EXPECT_FALSE(floatsAgree(-inf, inf, ScalarType::Float, with(ops::Tolerance::ulp(2))));
}

TEST(Compare, TensorsReportTheFirstMismatchByPath) {
  Tensor e = Tensor::fromDoubles({1, 2, 3}, {3}, ScalarType::Float);
  Tensor a = Tensor::fromDoubles({1, 2, 3.5}, {3}, ScalarType::Float);
  IValue expected = makeTuple({IValue(int64_t{1}), makeList(TensorType::get(), {IValue(e), IValue(e)})});
  IValue actual = makeTuple({IValue(int64_t{1}), makeList(TensorType::get(), {IValue(e), IValue(a)})});
  CompareResult r = compareValues(expected, actual);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.message.rfind("[1][1]: element 2: expected 0x1.8p+1", 0), 0u) << r.message;
  EXPECT_NE(r.message.find("got 0x1.cp+1"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("1 of 3 elements differ"), std::string::npos) << r.message;

  EXPECT_TRUE(compareValues(IValue(e), IValue(e.clone())).ok);
  CompareResult dt = compareValues(IValue(e), IValue(e.to(ScalarType::Double)));
  EXPECT_NE(dt.message.find("dtype: expected float32 got float64"), std::string::npos) << dt.message;
  CompareResult sh = compareValues(IValue(e), IValue(e.view({3, 1})));
  EXPECT_NE(sh.message.find("shape"), std::string::npos) << sh.message;
  // Values are compared in logical order: a transposed layout with the same values agrees.
  Tensor m = Tensor::fromDoubles({1, 2, 3, 4}, {2, 2}, ScalarType::Float);
  Tensor mt = m.t().contiguous().t();
  EXPECT_TRUE(compareValues(IValue(m), IValue(mt)).ok);
  CompareOptions strict;
  strict.checkStrides = true;
  EXPECT_FALSE(compareValues(IValue(m), IValue(mt), strict).ok);
  // Dims of size 1 have no layout: their strides are not compared.
  Tensor row = Tensor::fromDoubles({1, 2, 3}, {1, 3}, ScalarType::Float);
  Tensor rowOther = Tensor::empty_strided({1, 3}, {7, 1}, ScalarType::Float);
  for (int64_t i = 0; i < 3; ++i) rowOther.setDouble(i, row.getDouble(i));
  EXPECT_TRUE(compareValues(IValue(row), IValue(rowOther), strict).ok);
}

TEST(Compare, ScalarsAndContainers) {
  EXPECT_FALSE(compareValues(IValue(int64_t{1}), IValue(1.0)).ok);  // int vs float is a kind mismatch
  EXPECT_FALSE(compareValues(IValue(true), IValue(false)).ok);
  EXPECT_TRUE(compareValues(IValue("x"), IValue("x")).ok);
  EXPECT_TRUE(compareValues(IValue(), IValue()).ok);
  IValue d1 = makeDict(StringType::get(), IntType::get());
  d1.toDictRef().insertOrAssign(IValue("a"), IValue(int64_t{1}));
  d1.toDictRef().insertOrAssign(IValue("b"), IValue(int64_t{2}));
  IValue d2 = makeDict(StringType::get(), IntType::get());
  d2.toDictRef().insertOrAssign(IValue("b"), IValue(int64_t{2}));
  d2.toDictRef().insertOrAssign(IValue("a"), IValue(int64_t{1}));
  EXPECT_FALSE(compareValues(d1, d2).ok);  // insertion order is part of the value
  CompareResult r = compareValues(makeList(IntType::get(), {IValue(int64_t{1})}),
                                  makeList(IntType::get(), {IValue(int64_t{1}), IValue(int64_t{2})}));
  EXPECT_NE(r.message.find("expected 1 elements got 2"), std::string::npos) << r.message;
  // Python floats are float64: 1 ulp of double fails exactly, passes ulp(1).
  double x = 0.1, y = std::nextafter(0.1, 1.0);
  EXPECT_FALSE(compareValues(IValue(x), IValue(y)).ok);
  EXPECT_TRUE(compareValues(IValue(x), IValue(y), with(ops::Tolerance::ulp(1))).ok);
}

TEST(Compare, GraphToleranceIsTheLoosestOfItsOps) {
  auto exactOnly = parseIR(R"IR(
graph(%a : int, %b : int):
  %c : int = aten::add(%a, %b)
  return (%c)
)IR");
  EXPECT_EQ(toleranceForGraph(*exactOnly).kind, ops::Tolerance::Kind::Exact);
  auto withExp = parseIR(R"IR(
graph(%x : Tensor):
  %y : Tensor = aten::exp(%x)
  %z : Tensor = aten::tanh(%y)
  return (%z)
)IR");
  ops::Tolerance t = toleranceForGraph(*withExp);
  EXPECT_EQ(t.kind, ops::Tolerance::Kind::Ulp);
  EXPECT_EQ(t, ops::findOp("aten::tanh")->tolerance().bound > ops::findOp("aten::exp")->tolerance().bound
                   ? ops::findOp("aten::tanh")->tolerance()
                   : ops::findOp("aten::exp")->tolerance());
  auto withMatmul = parseIR(R"IR(
graph(%x : Tensor, %c : bool):
  %r : Tensor = prim::If(%c)
    block0():
      %y : Tensor = aten::matmul(%x, %x)
      -> (%y)
    block1():
      %z : Tensor = aten::exp(%x)
      -> (%z)
  return (%r)
)IR");
  CompareOptions o = compareOptionsForGraph(*withMatmul);
  EXPECT_EQ(o.tolerance.kind, ops::Tolerance::Kind::ReductionBound);  // found inside a block
  EXPECT_EQ(o.ulpSlack, ops::findOp("aten::exp")->tolerance().bound);
}

TEST(Compare, OperandsToleranceIsRelativeToTheOperandsMagnitude) {
  // lerp-style cancellation: expected 2^-20, got 2^-20 + 2^-22 in float32 (tens of thousands of
  // ulps of the result) is within operands(4) of operands of magnitude 3: 4 * 2^-23 * 3 > 2^-22.
  const double e = std::ldexp(1.0, -20), a = e + std::ldexp(1.0, -22);
  CompareOptions o = with(ops::Tolerance::operands(4));
  EXPECT_FALSE(floatsAgree(e, a, ScalarType::Float, with(ops::Tolerance::ulp(4))));
  EXPECT_TRUE(floatsAgree(e, a, ScalarType::Float, o));  // M defaults to 1: 4 * 2^-23 = 2^-21 > 2^-22
  EXPECT_FALSE(floatsAgree(e, e + std::ldexp(1.0, -20), ScalarType::Float, o));  // 2^-20 > 2^-21
  o.operandMagnitude = 3;  // 12 * 2^-23 > 2^-20
  EXPECT_TRUE(floatsAgree(e, e + std::ldexp(1.0, -20), ScalarType::Float, o));
  // For large results the bound is relative to the result: 4 * eps * 1000.
  EXPECT_TRUE(floatsAgree(1000.0, 1000.0 + 4 * std::ldexp(1.0, -23) * 1000, ScalarType::Float, o));
  // The magnitude of values: finite floats and floating tensor elements, containers included.
  Tensor t = Tensor::fromDoubles({-7.5, 2, std::numeric_limits<double>::infinity()}, {3}, ScalarType::Float);
  EXPECT_EQ(operandMagnitude({IValue(t), IValue(0.5)}), 7.5);
  EXPECT_EQ(operandMagnitude({IValue(makeTuple({IValue(-9.0)}))}), 9.0);
  EXPECT_EQ(operandMagnitude({}), 1.0);
  // A graph's options: operands(k) of lerp, the magnitude of its float constants, and slack.
  auto g = parseIR(R"IR(
graph(%x : Tensor, %y : Tensor):
  %w : float = prim::Constant[value=-2.5]()
  %n : NoneType = prim::Constant()
  %r : Tensor = aten::lerp(%x, %y, %w)
  %s : Tensor = aten::sum(%r, %n)
  return (%s)
)IR");
  CompareOptions go = compareOptionsForGraph(*g);
  EXPECT_EQ(go.operandMagnitude, 2.5);
  EXPECT_EQ(go.operandSlack, ops::findOp("aten::lerp")->tolerance().bound);
}

TEST(Compare, AliasSignaturesNameWhatOutputsShare) {
  Tensor x = Tensor::fromDoubles({1, 2, 3, 4}, {4}, ScalarType::Float);
  Tensor fresh = x.clone();
  IValue viewOut = makeTuple({IValue(x.view({2, 2})), IValue(fresh), IValue(fresh.slice(0, 1))});
  auto sig = aliasSignature({IValue(x)}, {viewOut});
  ASSERT_EQ(sig.size(), 3u);
  EXPECT_EQ(sig[0], std::make_pair(std::string("output[0][0]"), std::string("input[0]")));
  EXPECT_EQ(sig[1], std::make_pair(std::string("output[0][1]"), std::string("")));
  EXPECT_EQ(sig[2], std::make_pair(std::string("output[0][2]"), std::string("output[0][1]")));
  // A run that copies where the other returns a view differs.
  Tensor y = x.clone();
  IValue copyOut = makeTuple({IValue(y.clone().view({2, 2})), IValue(fresh), IValue(fresh.slice(0, 1))});
  CompareResult r = compareAliasing({IValue(x)}, {viewOut}, {IValue(y)}, {copyOut});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.message, "output[0][0] aliases input[0] in expected, is a fresh tensor in actual");
  EXPECT_TRUE(compareAliasing({IValue(x)}, {viewOut}, {IValue(x)}, {viewOut}).ok);
}

// Complex values: each part under the float rule, or both parts within 8 ulp of the larger part
// (norm-wise); a larger difference, in either part, fails and names both values.
TEST(Compare, ComplexValuesAgreeNormWise) {
  using C = std::complex<double>;
  const double unit = std::ldexp(1.0, -52);  // ulp of 1.5 (in [1, 2))
  EXPECT_TRUE(compareValues(IValue(C(1.5, -0.25)), IValue(C(1.5, -0.25))).ok);
  // A small part off by far more than its own ulps, but by 4 ulp of the larger part: agrees.
  EXPECT_TRUE(compareValues(IValue(C(1.5, 1e-20)), IValue(C(1.5, 1e-20 + 4 * unit))).ok);
  EXPECT_TRUE(compareValues(IValue(C(1.5 + 8 * unit, 0.5)), IValue(C(1.5, 0.5))).ok);
  CompareResult far = compareValues(IValue(C(1.5, 1e-20)), IValue(C(1.5, 1e-20 + 64 * unit)));
  EXPECT_FALSE(far.ok);
  EXPECT_NE(far.message.find("8 ulp of the larger part"), std::string::npos) << far.message;
  EXPECT_FALSE(compareValues(IValue(C(1.5 + 64 * unit, 0.5)), IValue(C(1.5, 0.5))).ok);
  EXPECT_FALSE(compareValues(IValue(C(1.0, 0.0)), IValue(1.0)).ok);  // complex vs float: kind mismatch
  const double nan = std::nan("");
  EXPECT_TRUE(compareValues(IValue(C(nan, 1.0)), IValue(C(nan, 1.0))).ok);
  EXPECT_FALSE(compareValues(IValue(C(nan, 1.0)), IValue(C(1.0, 1.0))).ok);
}

// error_propagation_test.cpp — the corpus tolerance of a value that exact arithmetic derives from
// an approximate op (ErrorPropagation.h through tolerancesForRun): x - tanh(x) and friends.
// The tolerance must
//   * accept a result computed with a tanh that is 3 ulps off (within tanh's ulp(4)) followed by an
//     exact float subtraction, which ulp(4) of the *result* alone rejects (cancellation);
//   * reject that result off by ten times its propagated bound at one element;
//   * carry no bound through an approximate op of an inexact operand, nor in a run that mutates.
// The "other implementation" is written here from float math (not an engine under test).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "conformance/lib/Compare.h"
#include "conformance/lib/GraphTolerance.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ops/OpTable.h"
#include "reference/Kernel.h"

using namespace tsjit;
using namespace tsjit::conformance;

namespace {

const std::vector<double> kX = {0.01, -0.02, 0.05, 0.1, -0.3, 0.7, 1.5, -2.5, 0.004, 3e-3};

class ErrorPropagationTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ops::initialize();
    reference::registerAllKernels();
  }
  static Tensor input() { return Tensor::fromDoubles(kX, {static_cast<int64_t>(kX.size())}); }
  static RunTolerances run(const char* ir) { return tolerancesForRun(*parseIR(ir), {IValue(input())}); }
  // x - tanh(x) in float with tanh `ulps` ulps away from the float-rounded exact tanh.
  static Tensor shrinkWithTanhOff(int ulps) {
    std::vector<double> out;
    for (double x : kX) {
      float xf = static_cast<float>(x);
      float t = static_cast<float>(std::tanh(static_cast<double>(xf)));
      for (int k = 0; k < ulps; ++k) t = std::nextafter(t, t > 0 ? 2.0f : -2.0f);
      out.push_back(static_cast<double>(xf - t));
    }
    return Tensor::fromDoubles(out, {static_cast<int64_t>(out.size())});
  }
};

const char* kShrink = R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %t : Tensor = aten::tanh(%x)
  %y : Tensor = aten::sub(%x, %t, %one)
  return (%y)
)IR";

TEST_F(ErrorPropagationTest, CancellationAfterAnApproximateOpIsAccepted) {
  RunTolerances tol = run(kShrink);
  ASSERT_TRUE(tol.observed);
  ASSERT_EQ(tol.output.size(), 1u);
  ASSERT_TRUE(tol.output[0].propagatedBound);
  ASSERT_EQ(tol.output[0].propagatedBound->size(), kX.size());
  IValue exact(shrinkWithTanhOff(0)), off(shrinkWithTanhOff(3));
  EXPECT_TRUE(compareValues(exact, off, tol.output[0])) << compareValues(exact, off, tol.output[0]).message;
  // Without the propagated bound, ulp(4) of the small results rejects the same values: the bound
  // is what accepts them.
  CompareOptions withoutPropagation = tol.output[0];
  withoutPropagation.propagatedBound = nullptr;
  EXPECT_FALSE(compareValues(exact, off, withoutPropagation));
}

TEST_F(ErrorPropagationTest, AnErrorBeyondThePropagatedBoundIsRejected) {
  RunTolerances tol = run(kShrink);
  ASSERT_TRUE(tol.output[0].propagatedBound);
  Tensor exact = shrinkWithTanhOff(0);
  for (size_t i = 0; i < kX.size(); ++i) {
    std::vector<double> values;
    for (int64_t j = 0; j < exact.numel(); ++j) values.push_back(exact.getDouble(j));
    values[i] += 10 * (*tol.output[0].propagatedBound)[i] + 1e-6 * std::fabs(values[i]);
    Tensor wrong = Tensor::fromDoubles(values, {exact.numel()});
    EXPECT_FALSE(compareValues(IValue(exact), IValue(wrong), tol.output[0])) << "element " << i;
  }
}

TEST_F(ErrorPropagationTest, ProductsAndQuotientsCarryTheBoundScaled) {
  RunTolerances tol = run(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %c : float = prim::Constant[value=1000.]()
  %t : Tensor = aten::tanh(%x)
  %big : Tensor = aten::mul(%t, %c)
  %q : Tensor = aten::div(%big, %c)
  %y : Tensor = aten::sub(%q, %x, %one)
  return (%y)
)IR");
  ASSERT_TRUE(tol.output[0].propagatedBound);
  // (tanh * 1000) / 1000 - x: the bound stays of the order of tanh's own 4 ulps (not 1000 times).
  for (size_t i = 0; i < kX.size(); ++i) {
    const double t = std::fabs(std::tanh(kX[i]));
    EXPECT_LE((*tol.output[0].propagatedBound)[i], 16 * ulpAt(t, ScalarType::Float) + 1e-12) << "element " << i;
    EXPECT_GE((*tol.output[0].propagatedBound)[i], 4 * ulpAt(t, ScalarType::Float) * 0.99) << "element " << i;
  }
}

TEST_F(ErrorPropagationTest, NoBoundThroughAnApproximateOpOfAnInexactOperand) {
  RunTolerances tol = run(R"IR(
graph(%x : Tensor):
  %t : Tensor = aten::tanh(%x)
  %y : Tensor = aten::exp(%t)
  return (%y)
)IR");
  EXPECT_FALSE(tol.output[0].propagatedBound);
}

TEST_F(ErrorPropagationTest, NoBoundInARunThatMutates) {
  RunTolerances tol = run(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %t : Tensor = aten::tanh(%x)
  %z : Tensor = aten::zero_(%t)
  %y : Tensor = aten::sub(%x, %t, %one)
  return (%y)
)IR");
  EXPECT_FALSE(tol.output[0].propagatedBound);
}

TEST_F(ErrorPropagationTest, TupleOutputsGetTheirOwnBounds) {
  RunTolerances tol = run(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %t : Tensor = aten::tanh(%x)
  %y : Tensor = aten::sub(%x, %t, %one)
  %r : (Tensor, Tensor) = prim::TupleConstruct(%y, %x)
  return (%r)
)IR");
  ASSERT_TRUE(tol.perTupleElement);
  ASSERT_EQ(tol.output.size(), 2u);
  EXPECT_TRUE(tol.output[0].propagatedBound);
  EXPECT_FALSE(tol.output[1].propagatedBound);  // the input itself: exact
}

}  // namespace

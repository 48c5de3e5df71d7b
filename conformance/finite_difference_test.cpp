// finite_difference_test.cpp — the gradient oracle (conformance/lib/FiniteDifference.h): central
// differences of reference-evaluated graphs against derivatives worked out by hand (calculus on
// the graph's formula, evaluated with <cmath>), plus its input rules and errors.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "conformance/lib/FiniteDifference.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "reference/Kernel.h"

using namespace tsjit;
using namespace tsjit::conformance;

namespace {

class FiniteDifference : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference::registerAllKernels(); }
};

Tensor doubles(std::vector<double> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Double) {
  return Tensor::fromDoubles(v, sizes, dt);
}

void expectNear(const Tensor& got, const std::vector<double>& want, double tol = 1e-7) {
  ASSERT_EQ(got.numel(), static_cast<int64_t>(want.size()));
  EXPECT_EQ(got.dtype(), ScalarType::Double);
  for (size_t j = 0; j < want.size(); ++j)
    EXPECT_NEAR(got.getDouble(static_cast<int64_t>(j)), want[j], tol * std::max(1.0, std::fabs(want[j]))) << "element " << j;
}

}  // namespace

TEST_F(FiniteDifference, ProductPlusSineMatchesCalculus) {
  auto g = parseIR(R"IR(graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %p : Tensor = aten::mul(%x, %y)
  %s : Tensor = aten::sin(%x)
  %r : Tensor = aten::add(%p, %s, %one)
  return (%r))IR");
  std::vector<double> xs{0.3, -1.2, 2.5, 0.0}, ys{1.5, 0.25, -2.0, 4.0}, gs{1.0, -0.5, 2.0, 3.0};
  auto grads = referenceVjp(*g, {IValue(doubles(xs, {2, 2}, ScalarType::Float)), IValue(doubles(ys, {2, 2}))},
                            {IValue(doubles(gs, {2, 2}))}, {0, 1});
  ASSERT_EQ(grads.size(), 2u);
  std::vector<double> dx, dy;
  for (size_t j = 0; j < xs.size(); ++j) {
    double x = static_cast<float>(xs[j]);  // the input was float32; its value is what is differentiated
    dx.push_back(gs[j] * (ys[j] + std::cos(x)));
    dy.push_back(gs[j] * x);
  }
  expectNear(grads[0], dx);
  expectNear(grads[1], dy);
  EXPECT_EQ(grads[0].sizes(), (std::vector<int64_t>{2, 2}));
}

TEST_F(FiniteDifference, BroadcastInputGetsTheSumOverBroadcastRows) {
  auto g = parseIR(R"IR(graph(%x : Tensor, %y : Tensor):
  %r : Tensor = aten::mul(%x, %y)
  return (%r))IR");
  std::vector<double> xs{1, 2, 3, 4, 5, 6}, ys{0.5, -1, 2};
  auto grads = referenceVjp(*g, {IValue(doubles(xs, {2, 3})), IValue(doubles(ys, {3}))},
                            {IValue(Tensor::ones({2, 3}, ScalarType::Double))}, {1});
  expectNear(grads[0], {1 + 4, 2 + 5, 3 + 6});
  EXPECT_EQ(grads[0].sizes(), (std::vector<int64_t>{3}));
}

TEST_F(FiniteDifference, ExpandedInputIsDifferentiatedPerLogicalElement) {
  auto g = parseIR(R"IR(graph(%x : Tensor):
  %r : Tensor = aten::mul(%x, %x)
  return (%r))IR");
  Tensor row = doubles({1, -2, 3}, {3});
  Tensor expanded = row.expand({2, 3});
  auto grads = referenceVjp(*g, {IValue(expanded)}, {IValue(doubles({1, 1, 1, 2, 2, 2}, {2, 3}))}, {0});
  expectNear(grads[0], {2, -4, 6, 4, -8, 12});
}

TEST_F(FiniteDifference, InPlaceWritesToInputsDoNotLeakBetweenEvaluations) {
  auto g = parseIR(R"IR(graph(%x : Tensor):
  %r : Tensor = aten::mul_(%x, %x)
  return (%r))IR");
  Tensor x = doubles({1.5, -0.5}, {2});
  auto grads = referenceVjp(*g, {IValue(x)}, {IValue(Tensor::ones({2}, ScalarType::Double))}, {0});
  expectNear(grads[0], {3.0, -1.0});
  EXPECT_EQ(x.getDouble(0), 1.5) << "the caller's input was written";
}

TEST_F(FiniteDifference, RelativeStepKeepsLargeValuesAccurate) {
  auto g = parseIR(R"IR(graph(%x : Tensor):
  %r : Tensor = aten::mul(%x, %x)
  return (%r))IR");
  auto grads = referenceVjp(*g, {IValue(doubles({1e6, -3e7}, {2}))}, {IValue(Tensor::ones({2}, ScalarType::Double))}, {0});
  expectNear(grads[0], {2e6, -6e7}, 1e-8);
}

TEST_F(FiniteDifference, TupleOutputsNoneGradsAndIntegerOutputs) {
  auto g = parseIR(R"IR(graph(%x : Tensor):
  %e : Tensor = aten::exp(%x)
  %n : Tensor = aten::neg(%x)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%e, %n)
  %k : int = aten::dim(%x)
  return (%t, %k))IR");
  std::vector<double> xs{0.1, -0.7};
  auto gradE = doubles({2.0, -1.0}, {2});
  auto grads = referenceVjp(*g, {IValue(doubles(xs, {2}))}, {makeTuple({IValue(gradE), IValue()}), IValue()}, {0});
  expectNear(grads[0], {2.0 * std::exp(xs[0]), -1.0 * std::exp(xs[1])});
}

TEST_F(FiniteDifference, ScalarFloatOutput) {
  auto g = parseIR(R"IR(graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %s : Tensor = aten::sum(%x, %none)
  %f : float = aten::item(%s)
  return (%f))IR");
  auto grads = referenceVjp(*g, {IValue(doubles({1, 2, 3}, {3}))}, {IValue(0.5)}, {0});
  expectNear(grads[0], {0.5, 0.5, 0.5});
}

TEST_F(FiniteDifference, BadRequestsAreClearErrors) {
  auto g = parseIR(R"IR(graph(%x : Tensor, %n : int):
  %r : Tensor = aten::mul(%x, %n)
  return (%r))IR");
  std::vector<IValue> in{IValue(doubles({1, 2}, {2})), IValue(int64_t{3})};
  auto msg = [&](auto&& fn) {
    try {
      fn();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(msg([&] { referenceVjp(*g, in, {IValue(Tensor::ones({2}, ScalarType::Double))}, {1}); })
                .find("input 1 is not a floating-point tensor"), std::string::npos);
  EXPECT_NE(msg([&] { referenceVjp(*g, in, {IValue(Tensor::ones({3}, ScalarType::Double))}, {0}); })
                .find("output [0]: the grad output has 3 elements, the output 2"), std::string::npos);
  EXPECT_NE(msg([&] { referenceVjp(*g, in, {}, {0}); }).find("0 grad outputs for 1 outputs"), std::string::npos);
  EXPECT_NE(msg([&] { referenceVjp(*g, in, {IValue(Tensor::ones({2}, ScalarType::Double))}, {5}); })
                .find("input 5 does not exist"), std::string::npos);
}

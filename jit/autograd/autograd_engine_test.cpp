// autograd_engine_test.cpp — the autograd runtime's contract: leaves accumulate, the graph is freed
// after backward (PyTorch's second-backward error) unless retained, saved tensors are version-checked
// (PyTorch 1.13's in-place error texts, taken from python3-torch 1.13.1), in-place ops on leaves are
// rejected, views share history with their base, grad mode off records nothing, grad() does not
// accumulate. Expected gradients are computed by hand from the inputs, never by autograd.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/autograd/Autograd.h"
#include "jit/autograd/Math.h"
#include "jit/kernels/AutogradHook.h"

using namespace tsjit;
using namespace tsjit::autograd;

namespace {

Tensor leaf(std::vector<double> v) {
  initialize();
  Tensor t = Tensor::fromDoubles(v, {static_cast<int64_t>(v.size())}, ScalarType::Double);
  t.setRequiresGrad(true);
  return t;
}
Tensor ones(int64_t n) { return Tensor::ones({n}, ScalarType::Double); }
Tensor call1(const char* op, std::vector<IValue> args) { return math::callT(op, std::move(args)); }
std::vector<double> values(const Tensor& t) { return t.contiguous().toDoubles(); }

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(AutogradEngine, LeafGradientsAccumulateAcrossBackwardCalls) {
  Tensor x = leaf({1, -2, 3});
  Tensor y = math::mul(x, x);
  EXPECT_EQ(gradFnName(y), "MulBackward0");
  EXPECT_TRUE(isLeaf(x));
  EXPECT_FALSE(isLeaf(y));
  backward({y}, {ones(3)});
  EXPECT_EQ(values(gradOf(x)), (std::vector<double>{2, -4, 6}));
  Tensor z = math::mul(x, 3.0);
  backward({z}, {ones(3)});
  EXPECT_EQ(values(gradOf(x)), (std::vector<double>{5, -1, 9}));
}

TEST(AutogradEngine, SharedSubexpressionsSumTheirGradients) {
  Tensor x = leaf({2, 5});
  Tensor a = math::mul(x, 2.0);
  Tensor y = math::add(math::mul(a, a), a);  // 4x^2 + 2x: dy/dx = 8x + 2
  backward({y}, {ones(2)});
  EXPECT_EQ(values(gradOf(x)), (std::vector<double>{18, 42}));
}

TEST(AutogradEngine, SecondBackwardRaisesUnlessRetained) {
  Tensor x = leaf({1, 2});
  Tensor y = math::mul(x, x);
  backward({y}, {ones(2)}, /*retainGraph=*/true);
  backward({y}, {ones(2)});
  EXPECT_EQ(values(gradOf(x)), (std::vector<double>{4, 8}));
  EXPECT_EQ(errorOf([&] { backward({y}, {ones(2)}); }),
            "Trying to backward through the graph a second time (or directly access saved tensors after they have "
            "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
            "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
            "if you need to access saved tensors after calling backward.");
}

TEST(AutogradEngine, ModifyingASavedOutputRaisesPyTorchsError) {
  // b = sigmoid(2x) saves its result; b.mul_(2) changes it.
  initialize();
  Tensor x = Tensor::fromDoubles({0.5, -1, 2}, {3}, ScalarType::Float);
  x.setRequiresGrad(true);
  Tensor b = call1("aten::sigmoid", {math::mul(x, 2.0)});
  math::callN("aten::mul_.Scalar", {b, IValue(2.0)});
  EXPECT_EQ(errorOf([&] { backward({b}, {Tensor::ones({3})}); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
            "with torch.autograd.set_detect_anomaly(True).");
}

TEST(AutogradEngine, ModifyingASavedInputRaisesWithItsCurrentGradFn) {
  Tensor x = leaf({1, 2, 3});
  Tensor a = math::mul(x, 2.0);
  Tensor c = math::mul(a, a);
  math::callN("aten::add_.Scalar", {a, IValue(1.0), IValue(int64_t{1})});
  EXPECT_EQ(errorOf([&] { backward({c}, {ones(3)}); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [3]], which is output 0 of AddBackward0, is at version 1; expected version 0 "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
            "with torch.autograd.set_detect_anomaly(True).");
}

TEST(AutogradEngine, ModifyingAnUnsavedInputIsAllowed) {
  // exp saves its result, not its input: changing the input afterwards is fine (as in PyTorch).
  Tensor x = leaf({0, 1});
  Tensor a = math::mul(x, 2.0);
  Tensor c = call1("aten::exp", {a});
  math::callN("aten::add_.Scalar", {a, IValue(1.0), IValue(int64_t{1})});
  backward({c}, {ones(2)});
  std::vector<double> g = values(gradOf(x));
  EXPECT_DOUBLE_EQ(g[0], 2 * std::exp(0.0));
  EXPECT_DOUBLE_EQ(g[1], 2 * std::exp(2.0));
}

TEST(AutogradEngine, InPlaceOnALeafRequiringGradIsRejected) {
  Tensor x = leaf({1, 2});
  EXPECT_EQ(errorOf([&] { math::callN("aten::add_.Scalar", {x, IValue(1.0), IValue(int64_t{1})}); }),
            "a leaf Variable that requires grad is being used in an in-place operation.");
  Tensor v = call1("aten::select.int", {x, IValue(int64_t{0}), IValue(int64_t{0})});
  EXPECT_EQ(errorOf([&] { math::callN("aten::mul_.Scalar", {v, IValue(3.0)}); }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

TEST(AutogradEngine, InPlaceThroughAViewRewritesTheBaseHistory) {
  // base = zeros(3) (no grad); base[1:2] = x * y (copy_ through a slice view); loss = sum(base * w).
  Tensor x = leaf({3});
  Tensor y = leaf({4});
  Tensor base = Tensor::zeros({3}, ScalarType::Double);
  Tensor view = call1("aten::slice.Tensor", {base, IValue(int64_t{0}), IValue(int64_t{1}), IValue(int64_t{2}), IValue(int64_t{1})});
  math::callN("aten::copy_", {view, math::mul(x, y), IValue(false)});
  EXPECT_TRUE(base.requiresGrad());
  Tensor w = Tensor::fromDoubles({10, 20, 30}, {3}, ScalarType::Double);
  backward({base}, {w});
  EXPECT_EQ(values(gradOf(x)), (std::vector<double>{80}));  // 20 * y
  EXPECT_EQ(values(gradOf(y)), (std::vector<double>{60}));  // 20 * x
}

TEST(AutogradEngine, GradModeOffRecordsNothing) {
  Tensor x = leaf({1, 2});
  Tensor y;
  {
    kernels::GradModeGuard off(false);
    y = math::mul(x, x);
  }
  EXPECT_FALSE(y.requiresGrad());
  EXPECT_EQ(gradFnName(y), "");
  EXPECT_EQ(errorOf([&] { backward({y}, {ones(2)}); }),
            "element 0 of tensors does not require grad and does not have a grad_fn");
}

TEST(AutogradEngine, GradDoesNotAccumulateAndReportsUnused) {
  Tensor x = leaf({1, 2});
  Tensor unused = leaf({5});
  Tensor y = math::mul(x, x);
  std::vector<Tensor> g = grad({y}, {ones(2)}, {x, unused});
  EXPECT_EQ(values(g[0]), (std::vector<double>{2, 4}));
  EXPECT_FALSE(g[1].defined());
  EXPECT_FALSE(gradOf(x).defined());
}

TEST(AutogradEngine, BroadcastGradientsAreSummedToTheInputShape) {
  initialize();
  Tensor a = Tensor::fromDoubles({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Double);
  Tensor b = Tensor::fromDoubles({10, 20, 30}, {1, 3}, ScalarType::Double);
  a.setRequiresGrad(true);
  b.setRequiresGrad(true);
  Tensor y = math::mul(a, b);
  backward({y}, {Tensor::ones({2, 3}, ScalarType::Double)});
  EXPECT_EQ(gradOf(b).sizes(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(values(gradOf(b)), (std::vector<double>{5, 7, 9}));
  EXPECT_EQ(values(gradOf(a)), (std::vector<double>{10, 20, 30, 10, 20, 30}));
}

TEST(AutogradEngine, LiveRequiresGradCountFollowsTensors) {
  initialize();
  int64_t before = gLiveRequiresGradTensors.load();
  {
    Tensor x = leaf({1});
    Tensor y = math::mul(x, 2.0);
    EXPECT_GE(gLiveRequiresGradTensors.load(), before + 2);
  }
  EXPECT_EQ(gLiveRequiresGradTensors.load(), before);
}

}  // namespace

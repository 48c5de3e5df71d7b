// kernels_nn_opt_test.cpp — the optimized NN kernels against hand-computed values: convolutions
// (padding, stride, groups, transposed), pooling, normalizations (batch_norm updating running
// stats in place), embedding, dropout aliasing, losses, interpolation, lstm_cell, and messages.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/kernels/Kernel.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;

namespace {

Stack call(const char* name, std::vector<IValue> args) {
  kernels::registerAllKernels();
  const kernels::OptimizedKernel* k = kernels::findKernel(ops::overload(name));
  EXPECT_NE(k, nullptr) << name;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s;
}
Tensor call1(const char* name, std::vector<IValue> args) { return call(name, std::move(args)).at(0).toTensor(); }
Tensor T(std::vector<double> v, std::vector<int64_t> shape) { return Tensor::fromDoubles(v, shape); }
Tensor arange(int64_t n, std::vector<int64_t> shape) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
  return T(v, shape);
}
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
IValue floats(std::vector<double> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(FloatType::get(), std::move(items));
}
std::string errorOf(const char* name, std::vector<IValue> args) {
  try {
    call(name, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
void expectNear(const Tensor& t, std::vector<double> want, double tol = 1e-5) {
  const auto got = t.toDoubles();
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

}  // namespace

TEST(KernelsNN, Conv2d) {
  const Tensor x = arange(9, {1, 1, 3, 3}), w = Tensor::ones({1, 1, 2, 2});
  expectNear(call1("aten::conv2d", {x, w, IValue(), ints({1, 1}), ints({0, 0}), ints({1, 1}), int64_t(1)}), {8, 12, 20, 24});
  expectNear(call1("aten::conv2d", {x, w, T({1}, {1}), ints({2, 2}), ints({1, 1}), ints({1, 1}), int64_t(1)}), {1, 4, 10, 25});
  // groups=2: each channel scaled by its own 1x1 filter; an unbatched (3-D) input.
  const Tensor y = call1("aten::conv2d", {arange(8, {2, 2, 2}), T({2, 3}, {2, 1, 1, 1}), IValue(), ints({1}), ints({0}),
                                          ints({1}), int64_t(2)});
  EXPECT_EQ(y.sizes(), (std::vector<int64_t>{2, 2, 2}));
  expectNear(y, {0, 2, 4, 6, 12, 15, 18, 21});
  EXPECT_EQ(errorOf("aten::conv2d", {arange(16, {1, 4, 2, 2}), Tensor::ones({8, 3, 1, 1}), IValue(), ints({1}), ints({0}),
                                     ints({1}), int64_t(1)}),
            "Given groups=1, weight of size [8, 3, 1, 1], expected input[1, 4, 2, 2] to have 3 channels, but got 4 channels instead");
}

TEST(KernelsNN, Conv1dAndTransposed) {
  expectNear(call1("aten::conv1d", {T({1, 2, 3, 4}, {1, 1, 4}), T({1, -1}, {1, 1, 2}), T({0.5}, {1}), ints({1}), ints({0}),
                                    ints({1}), int64_t(1)}),
             {-0.5, -0.5, -0.5});
  expectNear(call1("aten::conv_transpose2d.input", {T({1, 2, 3, 4}, {1, 1, 2, 2}), Tensor::ones({1, 1, 2, 2}), IValue(),
                                                    ints({1, 1}), ints({0, 0}), ints({0, 0}), int64_t(1), ints({1, 1})}),
             {1, 3, 2, 4, 10, 6, 3, 7, 4});
}

// Fuzz findings ops-21-1055/947/1069: _convolution on low-rank tensors raises PyTorch's checks in
// its order (the weight's rank, groups, then the input's rank against the weight's).
TEST(KernelsNN, RawConvolutionRejectsLowRanks) {
  auto raw = [](const Tensor& x, const Tensor& w, int64_t groups) {
    return errorOf("aten::_convolution", {x, w, IValue(), ints({2}), ints({2}), ints({2}), false, ints({1}), groups,
                                          true, false, true, false});
  };
  const Tensor s = T({1.5}, {});
  EXPECT_EQ(raw(s, s, 2), "weight should have at least three dimensions");
  EXPECT_EQ(raw(T({1, 2, 3}, {3}), T({1, 2}, {2}), 1), "weight should have at least three dimensions");
  EXPECT_EQ(raw(T({1, 2, 3}, {1, 1, 3}), Tensor::ones({1, 1, 2}), 0), "non-positive groups is not supported");
  EXPECT_EQ(raw(T({1, 2, 3}, {3}), Tensor::ones({1, 1, 2}), 1),
            "Expected 3-dimensional input for 3-dimensional weight [1, 1, 2], but got 1-dimensional input of size [3] "
            "instead");
}

TEST(KernelsNN, Pooling) {
  const Tensor x = arange(16, {1, 1, 4, 4});
  expectNear(call1("aten::max_pool2d", {x, ints({2, 2}), ints({}), ints({0, 0}), ints({1, 1}), false}), {5, 7, 13, 15});
  expectNear(call1("aten::avg_pool2d", {x, ints({2, 2}), ints({}), ints({0, 0}), false, true, IValue()}), {2.5, 4.5, 10.5, 12.5});
  expectNear(call1("aten::adaptive_avg_pool2d", {x, ints({1, 1})}), {7.5});
  expectNear(call1("aten::adaptive_avg_pool1d", {arange(5, {1, 1, 5}), ints({2})}), {1, 3});
  Stack m = call("aten::adaptive_max_pool2d", {x, ints({2, 1})});
  expectNear(m[0].toTensor(), {7, 15});
  EXPECT_EQ(m[1].toTensor().toInt64s(), (std::vector<int64_t>{7, 15}));
  expectNear(call1("aten::max_pool1d", {T({1, NAN, 0, 3}, {1, 1, 4}), ints({2}), ints({2}), ints({0}), ints({1}), false}).slice(2, 1),
             {3});
  EXPECT_TRUE(std::isnan(call1("aten::max_pool1d", {T({1, NAN, 0, 3}, {1, 4}), ints({2}), ints({2}), ints({0}), ints({1}), false})
                             .getDouble(0)));
}

TEST(KernelsNN, BatchNormTrainingUpdatesRunningStats) {
  const Tensor x = T({1, 3}, {2, 1});
  Tensor rm = Tensor::zeros({1}), rv = Tensor::ones({1});
  const Tensor y = call1("aten::batch_norm", {x, IValue(), IValue(), rm, rv, true, 0.1, 1e-5, false});
  expectNear(y, {-1 / std::sqrt(1 + 1e-5), 1 / std::sqrt(1 + 1e-5)});
  expectNear(rm, {0.2});
  expectNear(rv, {1.1});  // 0.9 * 1 + 0.1 * unbiased var 2
  const Tensor e = call1("aten::batch_norm", {x, T({2}, {1}), T({1}, {1}), rm, rv, false, 0.1, 0.0, false});
  expectNear(e, {2 * (1 - 0.2) / std::sqrt(1.1) + 1, 2 * (3 - 0.2) / std::sqrt(1.1) + 1});
  // One value per channel: F.batch_norm's Python check is not aten's; x - mean is 0.
  expectNear(call1("aten::batch_norm", {T({1}, {1, 1}), IValue(), IValue(), IValue(), IValue(), true, 0.1, 1e-5, false}),
             {0});
}

// A constant channel cancels in PyTorch 1.13's float algorithm: alpha = invstd * w and
// beta = b - mean * alpha rounded to the dtype, out = x * alpha + beta rounded per step (no fused
// multiply-add). Bits computed by hand with a float C program.
TEST(KernelsNN, BatchNormConstantChannelRoundsLikePyTorch) {
  // x = 1.7f twice, w = 0.7f, b = -1.3f, eps 1e-5: alpha = 0x1.bab806p+7, beta = -0x1.799c6cp+8,
  // out = -0x1.4cccp+0 (b itself is -0x1.4cccccp+0).
  const double k = 1.7f;
  const Tensor y = call1("aten::batch_norm", {T({k, k}, {1, 1, 2}), T({0.7f}, {1}), T({-1.3f}, {1}), IValue(), IValue(),
                                              true, 0.1, 1e-5, false});
  EXPECT_EQ(y.toDoubles(), (std::vector<double>{-0x1.4cccp+0, -0x1.4cccp+0}));
  const Tensor yd = call1("aten::batch_norm", {Tensor::fromDoubles({1.7, 1.7}, {1, 1, 2}, ScalarType::Double),
                                               Tensor::fromDoubles({0.7}, {1}, ScalarType::Double),
                                               Tensor::fromDoubles({-1.3}, {1}, ScalarType::Double), IValue(), IValue(),
                                               true, 0.1, 1e-5, false});
  EXPECT_EQ(yd.toDoubles(), (std::vector<double>{-0x1.4cccccccccdp+0, -0x1.4cccccccccdp+0}));
  // No bias, w = x (fuzz seed 1 case 95170): beta = -round(x * alpha) cancels exactly; scale and
  // shift rounded separately from double gave 1.69e-6.
  const Tensor x = T({-0x1.4fc5c2p+1, 0x1.a1ed96p+0}, {1, 2});
  EXPECT_EQ(call1("aten::batch_norm", {x, x, IValue(), IValue(), T({1, 1}, {2}), true, 2.0, 0.1, false}).toDoubles(),
            (std::vector<double>{0, 0}));
  EXPECT_EQ(call1("aten::instance_norm", {T({k, k}, {1, 1, 2}), T({0.7f}, {1}), T({-1.3f}, {1}), IValue(), IValue(), true,
                                         0.1, 1e-5, false}).toDoubles(),
            (std::vector<double>{-0x1.4cccp+0, -0x1.4cccp+0}));
}

// group_norm on constant groups (one element each): PyTorch 1.13 rounds scale = rstd * gamma,
// bias = -scale * mean + beta and scale * x + bias to the dtype (x = 1.7f, gamma 0.7f, beta -1.3f,
// eps 2^-17 -> -0x1.4cccp+0, not beta = -0x1.4cccccp+0; float64 -0x1.4cccccccccdp+0); the scale and
// shift were rounded from double before. Bits computed by hand with a C program.
TEST(KernelsNN, GroupNormConstantGroupRoundsLikePyTorch) {
  const double k = 1.7f;
  EXPECT_EQ(call1("aten::group_norm", {T({k, k}, {1, 2, 1}), int64_t(2), T({0.7f, 0.7f}, {2}), T({-1.3f, -1.3f}, {2}),
                                       0x1p-17, true}).toDoubles(),
            (std::vector<double>{-0x1.4cccp+0, -0x1.4cccp+0}));
  EXPECT_EQ(call1("aten::group_norm", {Tensor::fromDoubles({1.7}, {1, 1, 1}, ScalarType::Double), int64_t(1),
                                       Tensor::fromDoubles({0.7}, {1}, ScalarType::Double),
                                       Tensor::fromDoubles({-1.3}, {1}, ScalarType::Double), 0x1p-17, true}).toDoubles(),
            (std::vector<double>{-0x1.4cccccccccdp+0}));
}

// layer_norm of a short row (fuzz seed 1 case 35820): PyTorch 1.13's scalar Welford in float
// (mean -0x1.d3480cp+0, var 0x1.ee9044p-10), rstd = 0x1.6f649ep+4, x * rstd + (-rstd * mean) in
// float cancels: -0x1.fea68p-1 / 0x1.fea58p-1 (the exact value rounds to -+0x1.fea6p-1; the old
// (x - mean) * rstd in float gave -0x1.fea62ep-1). Bits computed by hand with a float C program.
TEST(KernelsNN, LayerNormShortRowRoundsLikePyTorch) {
  EXPECT_EQ(call1("aten::layer_norm", {T({-0x1.de669ep+0, -0x1.c8297cp+0}, {2}), ints({2}), IValue(), IValue(), 1e-5,
                                       false}).toDoubles(),
            (std::vector<double>{-0x1.fea68p-1, 0x1.fea58p-1}));
  EXPECT_EQ(call1("aten::layer_norm", {T({1.7f, 1.7f}, {1, 2}), ints({2}), T({0.7f, 0.7f}, {2}), T({-1.3f, -1.3f}, {2}),
                                       0x1p-17, false}).toDoubles(),
            (std::vector<double>{-1.3f, -1.3f}));
}

TEST(KernelsNN, LayerGroupInstanceNorm) {
  const double s = std::sqrt(2.0 / 3 + 1e-5);
  expectNear(call1("aten::layer_norm", {T({1, 2, 3}, {1, 3}), ints({3}), IValue(), IValue(), 1e-5, true}), {-1 / s, 0, 1 / s});
  // group_norm with 2 groups of one channel each = instance norm here.
  const Tensor x = T({1, 3, 5, 9}, {1, 2, 2});
  const Tensor g = call1("aten::group_norm", {x, int64_t(2), IValue(), IValue(), 0.0, true});
  expectNear(g, {-1, 1, -1, 1});
  expectNear(call1("aten::instance_norm", {x, IValue(), IValue(), IValue(), IValue(), true, 0.1, 0.0, false}), {-1, 1, -1, 1});
  // Fuzz finding ops-21-846: a rank < 2 input fails on input.size(0) / size(1), as in PyTorch.
  EXPECT_EQ(errorOf("aten::instance_norm", {T({1}, {}), IValue(), IValue(), IValue(), IValue(), true, 0.1, 0.0, false}),
            "Dimension specified as 0 but tensor has no dimensions");
  EXPECT_EQ(errorOf("aten::instance_norm", {T({1, 2}, {2}), IValue(), IValue(), IValue(), IValue(), true, 0.1, 0.0, false}),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EXPECT_EQ(errorOf("aten::instance_norm", {x, IValue(), IValue(), IValue(), IValue(), false, 0.1, 0.0, false}),
            "Expected running_mean and running_var to be defined when use_input_stats is false");
}

TEST(KernelsNN, EmbeddingDropoutCosine) {
  const Tensor w = T({1, 2, 3, 4, 5, 6}, {3, 2});
  expectNear(call1("aten::embedding", {w, Tensor::fromInt64s({2, 0}, {2}), int64_t(-1), false, false}), {5, 6, 1, 2});
  EXPECT_EQ(errorOf("aten::embedding", {w, Tensor::fromInt64s({3}, {1}), int64_t(-1), false, false}), "index out of range in self");
  const Tensor x = T({1, 2}, {2});
  EXPECT_TRUE(call1("aten::dropout", {x, 0.5, false}).is(x));
  expectNear(call1("aten::cosine_similarity", {T({1, 0}, {1, 2}), T({1, 1}, {1, 2}), int64_t(1), 1e-8}), {1 / std::sqrt(2.0)});
}

TEST(KernelsNN, Losses) {
  const Tensor a = T({1, 2}, {2}), z = Tensor::zeros({2});
  expectNear(call1("aten::mse_loss", {a, z, int64_t(1)}), {2.5});
  expectNear(call1("aten::l1_loss", {a, z, int64_t(2)}), {3});
  expectNear(call1("aten::smooth_l1_loss", {a, z, int64_t(1), 1.0}), {1.0});
  expectNear(call1("aten::cross_entropy_loss", {T({0, 0}, {1, 2}), Tensor::fromInt64s({1}, {1}), IValue(), int64_t(1),
                                                int64_t(-100), 0.0}),
             {std::log(2.0)});
  expectNear(call1("aten::nll_loss_nd", {T({-1, -2, -3, -4}, {2, 2}), Tensor::fromInt64s({1, -100}, {2}), IValue(), int64_t(1),
                                         int64_t(-100)}),
             {2});
  // bce_with_logits(0, 1) = log 2.
  expectNear(call1("aten::binary_cross_entropy_with_logits", {T({0}, {1}), T({1}, {1}), IValue(), IValue(), int64_t(1)}),
             {std::log(2.0)});
}

TEST(KernelsNN, Upsample) {
  const Tensor x = T({1, 2, 3, 4}, {1, 1, 2, 2});
  const Tensor n = call1("aten::upsample_nearest2d.vec", {x, IValue(), floats({2, 2})});
  EXPECT_EQ(n.sizes(), (std::vector<int64_t>{1, 1, 4, 4}));
  expectNear(n.select(2, 3), {3, 3, 4, 4});
  expectNear(call1("aten::upsample_bilinear2d.vec", {T({0, 1}, {1, 1, 1, 2}), ints({1, 3}), true, IValue()}), {0, 0.5, 1});
  // align_corners=False, 2 -> 4: sources -0.25 (clamped to 0), 0.25, 0.75, 1.25 (clamped to 1).
  expectNear(call1("aten::upsample_linear1d.vec", {T({0, 1}, {1, 1, 2}), ints({4}), false, IValue()}), {0, 0.25, 0.75, 1});
  // Fuzz findings ops-21-1471/1969: the input's rank is checked with PyTorch's message.
  EXPECT_EQ(errorOf("aten::_upsample_nearest_exact2d", {T({1}, {}), ints({1, 2}), IValue(), 1.0}),
            "It is expected input_size equals to 4, but got size 0");
  // .vec: compute_output_size first checks the scale list against the input's spatial rank (-1).
  EXPECT_EQ(errorOf("aten::upsample_nearest2d.vec", {T({1}, {1}), IValue(), floats({2, 2})}),
            "Expected static_cast<int64_t>(scale_factors->size()) == spatial_dimensions to be true, but got false.  "
            "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
}

TEST(KernelsNN, LstmCell) {
  const Tensor x = T({1}, {1, 1}), h = T({0}, {1, 1}), c = T({2}, {1, 1});
  std::vector<IValue> hx{h, c};
  Stack r = call("aten::lstm_cell", {x, makeList(TensorType::get(), hx), Tensor::zeros({4, 1}), Tensor::zeros({4, 1}),
                                     Tensor::zeros({4}), Tensor::zeros({4})});
  // All gates are sigmoid(0) = 0.5 and g = tanh(0) = 0: c' = 0.5 * 2, h' = 0.5 * tanh(1).
  expectNear(r[1].toTensor(), {1});
  expectNear(r[0].toTensor(), {0.5 * std::tanh(1.0)});
  // Fuzz finding ops-21-1682: PyTorch's message for a wrong number of hidden states.
  EXPECT_EQ(errorOf("aten::lstm_cell", {x, makeList(TensorType::get(), {h}), Tensor::zeros({4, 1}), Tensor::zeros({4, 1}),
                                        Tensor::zeros({4}), Tensor::zeros({4})}),
            "lstm_cell expects two hidden states");
}

// PyTorch 1.13's lstm_cell checks (w_ih.size(1) vs input.size(1), then batch and hidden size of
// hx[0] and hx[1], both labelled hidden0) and its composition linear / add_ / chunk(4, 1) /
// sigmoid_ / tanh_ / mul / add_ with ordinary broadcasting for shapes off the fused path.
TEST(KernelsNN, LstmCellChecksAndComposition) {
  auto hx = [](Tensor h, Tensor c) { return makeList(TensorType::get(), {IValue(h), IValue(c)}); };
  const Tensor w41 = Tensor::zeros({4, 1});
  EXPECT_EQ(errorOf("aten::lstm_cell", {T({1}, {1}), hx(T({0}, {1, 1}), T({0}, {1, 1})), w41, w41, IValue(), IValue()}),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EXPECT_EQ(errorOf("aten::lstm_cell", {T({1, 2}, {1, 2}), hx(T({0}, {1, 1}), T({0}, {1, 1})), w41, w41, IValue(), IValue()}),
            "input has inconsistent input_size: got 2 expected 1");
  EXPECT_EQ(errorOf("aten::lstm_cell", {T({1}, {1, 1}), hx(T({0, 0}, {2, 1}), T({0}, {1, 1})), w41, w41, IValue(), IValue()}),
            "Input batch size 1 doesn't match hidden0 batch size 2");
  EXPECT_EQ(errorOf("aten::lstm_cell", {T({1}, {1, 1}), hx(T({0}, {1, 1}), T({0, 0}, {1, 2})), w41, w41, IValue(), IValue()}),
            "hidden0 has inconsistent hidden_size: got 2, expected 1");
  EXPECT_EQ(errorOf("aten::lstm_cell", {T({1}, {1, 1}), hx(T({0}, {1, 1}), T({0}, {1, 1})), Tensor::zeros({3, 1}),
                                        Tensor::zeros({3, 1}), IValue(), IValue()}),
            "lstm_cell: gates of size 3 in dim 1 do not split into 4 chunks");
  // 8 gate columns for hidden size 1: chunks of 2, cx [1, 1] broadcasts -> results [1, 2].
  const Tensor w81 = Tensor::zeros({8, 1});
  Stack r = call("aten::lstm_cell", {T({1}, {1, 1}), hx(T({0}, {1, 1}), T({2}, {1, 1})), w81, w81, IValue(), IValue()});
  EXPECT_EQ(r[1].toTensor().sizes(), (std::vector<int64_t>{1, 2}));
  expectNear(r[1].toTensor(), {1, 1});
  expectNear(r[0].toTensor(), {0.5 * std::tanh(1.0), 0.5 * std::tanh(1.0)});
}

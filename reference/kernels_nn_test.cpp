// kernels_nn_test.cpp — unit tests of the NN family reference kernels: convolutions (stride,
// padding, dilation, groups, transposed), pooling, normalizations (with the running-stats update
// of batch_norm in training mode), embedding, dropout, lstm_cell, cosine_similarity, losses and
// upsampling. Expected values are computed by hand.
#include <cmath>

#include "reference/Evaluator.h"
#include "reference/KernelsTestUtil.h"

namespace tsjit::reference::testing {
namespace {

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

TEST(NNKernels, Conv2d) {
  Tensor x = F({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 1, 3, 3});
  Tensor w = Tensor::ones({1, 1, 2, 2});
  expectTensor(runT("aten::conv2d", {x, w, F({0.5}, {1}), ints({1, 1}), ints({0, 0}), ints({1, 1}), i(1)}),
               {1, 1, 2, 2}, {12.5, 16.5, 24.5, 28.5});
  // padding 1, stride 2: windows at (-1,-1), (-1,1), (1,-1), (1,1).
  expectTensor(runT("aten::conv2d", {x, w, none(), ints({2, 2}), ints({1, 1}), ints({1, 1}), i(1)}), {1, 1, 2, 2},
               {1, 5, 11, 28});
  // A non-contiguous (transposed) input gives the transpose's windows.
  expectTensor(runT("aten::conv2d", {x.transpose(2, 3), w, none(), ints({1, 1}), ints({0, 0}), ints({1, 1}), i(1)}),
               {1, 1, 2, 2}, {12, 24, 16, 28});
  // dilation 2: the four corners.
  expectTensor(runT("aten::conv2d", {x, w, none(), ints({1, 1}), ints({0, 0}), ints({2, 2}), i(1)}), {1, 1, 1, 1},
               {20});
  // Unbatched input, groups=2: each output channel sees its own input channel.
  Tensor x2 = F({1, 2, 3, 4, 10, 20, 30, 40}, {2, 2, 2});
  Tensor w2 = F({1, 0, 0, 0, 0, 0, 0, 1}, {2, 1, 2, 2});
  expectTensor(runT("aten::conv2d", {x2, w2, none(), ints({1, 1}), ints({0, 0}), ints({1, 1}), i(2)}), {2, 1, 1},
               {1, 40});
  EXPECT_EQ(errorOf([&] {
              run("aten::conv2d", {F({0, 0, 0, 0, 0, 0, 0, 0}, {1, 2, 2, 2}), Tensor::ones({4, 3, 1, 1}), none(),
                                   ints({1, 1}), ints({0, 0}), ints({1, 1}), i(1)});
            }),
            "Given groups=1, weight of size [4, 3, 1, 1], expected input[1, 2, 2, 2] to have 3 channels, but got 2 "
            "channels instead");
  EXPECT_EQ(errorOf([&] { run("aten::conv2d", {x, Tensor::ones({1, 1, 4, 4}), none(), ints({1, 1}), ints({0, 0}),
                                                ints({1, 1}), i(1)}); }),
            "Calculated padded input size per channel: (3 x 3). Kernel size: (4 x 4). Kernel size can't be greater "
            "than actual input size");
  EXPECT_EQ(errorOf([&] { run("aten::conv2d", {arange({3, 3}), w, none(), ints({1, 1}), ints({0, 0}), ints({1, 1}),
                                                i(1)}); }),
            "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [3, 3]");
  // padding="same" with an even kernel: the extra row/column of padding goes on the right.
  expectTensor(runT("aten::conv2d.padding", {x, w, none(), ints({1, 1}), IValue("same"), ints({1, 1}), i(1)}),
               {1, 1, 3, 3}, {12, 16, 9, 24, 28, 15, 15, 17, 9});
}

TEST(NNKernels, Conv1dTransposedAndRaw) {
  expectTensor(runT("aten::conv1d", {F({1, 2, 3, 4}, {1, 1, 4}), F({1, -1}, {1, 1, 2}), F({1}, {1}), ints({1}),
                                     ints({0}), ints({1}), i(1)}),
               {1, 1, 3}, {0, 0, 0});
  Tensor x = F({1, 2, 3, 4}, {1, 1, 2, 2});
  Tensor w = Tensor::ones({1, 1, 2, 2});
  expectTensor(runT("aten::conv_transpose2d.input", {x, w, none(), ints({1, 1}), ints({0, 0}), ints({0, 0}), i(1),
                                                     ints({1, 1})}),
               {1, 1, 3, 3}, {1, 3, 2, 4, 10, 6, 3, 7, 4});
  // stride 2, output_padding 1: every input pixel paints its own 2x2 block.
  expectTensor(runT("aten::conv_transpose2d.input", {x, w, F({1}, {1}), ints({2, 2}), ints({0, 0}), ints({1, 1}),
                                                     i(1), ints({1, 1})}),
               {1, 1, 5, 5}, {2, 2, 3, 3, 1, 2, 2, 3, 3, 1, 4, 4, 5, 5, 1, 4, 4, 5, 5, 1, 1, 1, 1, 1, 1});
  // _convolution dispatches both.
  expectTensor(runT("aten::_convolution", {x, w, none(), ints({1, 1}), ints({0, 0}), ints({1, 1}), b(false),
                                           ints({0, 0}), i(1), b(false), b(false), b(true), b(true)}),
               {1, 1, 1, 1}, {10});
}

// Fuzz findings ops-21-1055/947/1069 (_convolution on 0-dim tensors used to read past an empty
// weight shape): the weight's rank is checked first, then groups, then the input's rank.
TEST(NNKernels, RawConvolutionRejectsLowRanks) {
  auto raw = [](const Tensor& x, const Tensor& w, int64_t groups) {
    run("aten::_convolution", {x, w, none(), ints({2}), ints({2}), ints({2}), b(false), ints({1}), i(groups),
                               b(true), b(false), b(true), b(false)});
  };
  Tensor s = F({1.5}, {});
  EXPECT_EQ(errorOf([&] { raw(s, s, 2); }), "weight should have at least three dimensions");
  EXPECT_EQ(errorOf([&] { raw(F({1, 2, 3}, {3}), F({1, 2}, {2}), 1); }),
            "weight should have at least three dimensions");
  EXPECT_EQ(errorOf([&] { raw(F({1, 2, 3}, {1, 1, 3}), Tensor::ones({1, 1, 2}), 0); }),
            "non-positive groups is not supported");
  EXPECT_EQ(errorOf([&] { raw(F({1, 2, 3}, {3}), Tensor::ones({1, 1, 2}), 1); }),
            "Expected 3-dimensional input for 3-dimensional weight [1, 1, 2], but got 1-dimensional input of size "
            "[3] instead");
}

TEST(NNKernels, Pooling) {
  Tensor x = arange({1, 1, 3, 3});
  expectTensor(runT("aten::max_pool2d", {x, ints({2, 2}), ints({}), ints({0, 0}), ints({1, 1}), b(false)}),
               {1, 1, 1, 1}, {4});
  expectTensor(runT("aten::max_pool2d", {x, ints({2, 2}), ints({2, 2}), ints({0, 0}), ints({1, 1}), b(true)}),
               {1, 1, 2, 2}, {4, 5, 7, 8});
  expectTensor(runT("aten::max_pool1d", {F({1, 3, 2, 5, 4}, {1, 5}), ints({2}), ints({1}), ints({0}), ints({1}),
                                         b(false)}),
               {1, 4}, {3, 3, 5, 5});
  // avg_pool2d with padding 1: count_include_pad divides by 4, otherwise by the in-bounds count.
  expectTensor(runT("aten::avg_pool2d", {x, ints({2, 2}), ints({2, 2}), ints({1, 1}), b(false), b(true), none()}),
               {1, 1, 2, 2}, {0, 0.75, 2.25, 6});
  expectTensor(runT("aten::avg_pool2d", {x, ints({2, 2}), ints({2, 2}), ints({1, 1}), b(false), b(false), none()}),
               {1, 1, 2, 2}, {0, 1.5, 4.5, 6});
  expectTensor(runT("aten::avg_pool2d", {x, ints({3, 3}), ints({3, 3}), ints({0, 0}), b(false), b(true), i(2)}),
               {1, 1, 1, 1}, {18});
  expectTensor(runT("aten::adaptive_avg_pool2d", {x, ints({2, 2})}), {1, 1, 2, 2}, {2, 3, 5, 6});
  expectTensor(runT("aten::adaptive_avg_pool1d", {F({1, 2, 3, 4, 5}, {1, 5}), ints({2})}), {1, 2}, {2, 4});
  expectTensor(runT("aten::adaptive_avg_pool3d", {arange({1, 2, 2, 2}), ints({1, 1, 1})}), {1, 1, 1, 1}, {3.5});
  auto mx = run("aten::adaptive_max_pool2d", {x, ints({1, 2})});
  expectTensor(mx[0].toTensor(), {1, 1, 1, 2}, {7, 8});
  expectTensor(mx[1].toTensor(), {1, 1, 1, 2}, {7, 8}, 0, ScalarType::Int64);
}

TEST(NNKernels, BatchNormEvalAndTrain) {
  Tensor x = F({1, 2, 3, 4, 5, 6, 7, 8}, {2, 2, 2});  // channel 0: 1 2 5 6; channel 1: 3 4 7 8
  Tensor rm = F({1, 0}, {2}), rv = F({4, 1}, {2});
  expectTensor(runT("aten::batch_norm", {x, F({2, 1}, {2}), F({0, 1}, {2}), rm, rv, b(false), d(0.1), d(0), b(true)}),
               {2, 2, 2}, {0, 1, 4, 5, 4, 5, 8, 9}, 1e-6);
  // Training: batch mean 3.5 / 5.5, biased var 4.25, unbiased 17/3; running stats move by 0.1.
  Tensor out = runT("aten::batch_norm", {x, none(), none(), rm, rv, b(true), d(0.1), d(0), b(true)});
  const double s = std::sqrt(4.25);
  expectTensor(out, {2, 2, 2}, {-2.5 / s, -1.5 / s, -2.5 / s, -1.5 / s, 1.5 / s, 2.5 / s, 1.5 / s, 2.5 / s}, 1e-6);
  expectTensor(rm, {2}, {0.9 * 1 + 0.35, 0.55}, 1e-6);
  expectTensor(rv, {2}, {0.9 * 4 + 0.1 * 17 / 3, 0.9 + 0.1 * 17 / 3}, 1e-6);
  EXPECT_EQ(errorOf([&] { run("aten::batch_norm", {x, none(), none(), none(), none(), b(false), d(0.1), d(0), b(true)}); }),
            "running_mean must be defined in evaluation mode");
  EXPECT_EQ(errorOf([&] { run("aten::batch_norm", {x, F({1}, {1}), none(), rm, rv, b(false), d(0.1), d(0), b(true)}); }),
            "weight should contain 2 elements not 1");
}

// A constant channel cancels in PyTorch 1.13's float algorithm: alpha = invstd * w and
// beta = b - mean * alpha rounded to the dtype, out = x * alpha + beta rounded per step (not b,
// nor 0 when b is absent, by the exact formula). Bits computed by hand with a float C program.
TEST(NNKernels, BatchNormConstantChannelRoundsLikePyTorch) {
  // x = 1.7f twice, w = 0.7f, b = -1.3f, eps 1e-5: invstd = 1/sqrt(1e-5) -> float, alpha =
  // 0x1.bab806p+7, beta = -0x1.799c6cp+8, out = -0x1.4cccp+0 (b itself is -0x1.4cccccp+0).
  const float k = 1.7f;
  Tensor out = runT("aten::batch_norm", {F({k, k}, {1, 1, 2}), F({0.7f}, {1}), F({-1.3f}, {1}), none(), none(), b(true),
                                         d(0.1), d(1e-5), b(true)});
  EXPECT_EQ(out.toDoubles(), (std::vector<double>{-0x1.4cccp+0, -0x1.4cccp+0}));
  // float64: the same steps in double give -0x1.4cccccccccdp+0 (b is -0x1.4cccccccccccdp+0).
  Tensor outD = runT("aten::batch_norm", {Tensor::fromDoubles({1.7, 1.7}, {1, 1, 2}, ScalarType::Double),
                                          Tensor::fromDoubles({0.7}, {1}, ScalarType::Double),
                                          Tensor::fromDoubles({-1.3}, {1}, ScalarType::Double), none(), none(), b(true),
                                          d(0.1), d(1e-5), b(true)});
  EXPECT_EQ(outD.toDoubles(), (std::vector<double>{-0x1.4cccccccccdp+0, -0x1.4cccccccccdp+0}));
  // No bias: beta = -round(x * alpha) cancels x * alpha exactly (fuzz seed 1 case 95170: w = x).
  Tensor x = F({-0x1.4fc5c2p+1, 0x1.a1ed96p+0}, {1, 2});
  EXPECT_EQ(runT("aten::batch_norm", {x, x, none(), none(), F({1, 1}, {2}), b(true), d(2.0), d(0.1), b(true)}).toDoubles(),
            (std::vector<double>{0, 0}));
  // instance_norm is batch_norm over [1, N*C, ...]: the same bits.
  EXPECT_EQ(runT("aten::instance_norm", {F({k, k}, {1, 1, 2}), F({0.7f}, {1}), F({-1.3f}, {1}), none(), none(), b(true),
                                         d(0.1), d(1e-5), b(true)}).toDoubles(),
            (std::vector<double>{-0x1.4cccp+0, -0x1.4cccp+0}));
}

// group_norm on constant groups (one element each): PyTorch 1.13 rounds scale = rstd * gamma,
// bias = -scale * mean + beta and scale * x + bias to the dtype. x = 1.7f, gamma 0.7f, beta -1.3f,
// eps 2^-17: rstd 0x1.6a09e6p+8, scale 0x1.fadaa8p+7, bias -0x1.b02042p+8, y = -0x1.4cccp+0 (beta
// is -0x1.4cccccp+0); float64: -0x1.4cccccccccdp+0. Bits computed by hand with a C program.
TEST(NNKernels, GroupNormConstantGroupRoundsLikePyTorch) {
  const float k = 1.7f;
  Tensor out = runT("aten::group_norm", {F({k, k}, {1, 2, 1}), i(2), F({0.7f, 0.7f}, {2}), F({-1.3f, -1.3f}, {2}),
                                         d(0x1p-17), b(true)});
  EXPECT_EQ(out.toDoubles(), (std::vector<double>{-0x1.4cccp+0, -0x1.4cccp+0}));
  Tensor outD = runT("aten::group_norm", {Tensor::fromDoubles({1.7}, {1, 1, 1}, ScalarType::Double), i(1),
                                          Tensor::fromDoubles({0.7}, {1}, ScalarType::Double),
                                          Tensor::fromDoubles({-1.3}, {1}, ScalarType::Double), d(0x1p-17), b(true)});
  EXPECT_EQ(outD.toDoubles(), (std::vector<double>{-0x1.4cccccccccdp+0}));
}

// layer_norm of a short row (fuzz seed 1 case 35820): PyTorch 1.13 takes the moments by a scalar
// Welford in float (mean -0x1.d3480cp+0, var 0x1.ee9044p-10), rstd = 0x1.6f649ep+4, and computes
// x * rstd + (-rstd * mean) in float, which cancels: -0x1.fea68p-1 / 0x1.fea58p-1 where the exact
// value rounds to -+0x1.fea6p-1. Bits computed by hand with a float C program.
TEST(NNKernels, LayerNormShortRowRoundsLikePyTorch) {
  Tensor out = runT("aten::layer_norm", {F({-0x1.de669ep+0, -0x1.c8297cp+0}, {2}), ints({2}), none(), none(), d(1e-5),
                                         b(false)});
  EXPECT_EQ(out.toDoubles(), (std::vector<double>{-0x1.fea68p-1, 0x1.fea58p-1}));
  // A constant row: x * rstd + shift cancels exactly, y = 0 * gamma + beta.
  EXPECT_EQ(runT("aten::layer_norm", {F({1.7f, 1.7f}, {1, 2}), ints({2}), F({0.7f, 0.7f}, {2}), F({-1.3f, -1.3f}, {2}),
                                      d(0x1p-17), b(false)}).toDoubles(),
            (std::vector<double>{-1.3f, -1.3f}));
}

TEST(NNKernels, LayerGroupInstanceNorm) {
  Tensor x = F({1, 3, 2, 4}, {2, 2});
  expectTensor(runT("aten::layer_norm", {x, ints({2}), none(), none(), d(0), b(true)}), {2, 2}, {-1, 1, -1, 1}, 1e-6);
  expectTensor(runT("aten::layer_norm", {x, ints({2}), F({2, 3}, {2}), F({1, 1}, {2}), d(0), b(true)}), {2, 2},
               {-1, 4, -1, 4}, 1e-6);
  EXPECT_EQ(errorOf([&] { run("aten::layer_norm", {x, ints({3}), none(), none(), d(0), b(true)}); }),
            "Given normalized_shape=[3], expected input with shape [*, 3], but got input of size[2, 2]");
  // group_norm: one sample, 4 channels of 1 value, 2 groups: (1, 3) and (5, 9).
  Tensor g = F({1, 3, 5, 9}, {1, 4, 1});
  expectTensor(runT("aten::group_norm", {g, i(2), none(), none(), d(0), b(true)}), {1, 4, 1}, {-1, 1, -1, 1}, 1e-6);
  EXPECT_EQ(errorOf([&] { run("aten::group_norm", {g, i(3), none(), none(), d(0), b(true)}); }),
            "Expected number of channels in input to be divisible by num_groups, but got input of shape [1, 4, 1] and "
            "num_groups=3");
  // instance_norm normalizes each (n, c) over its spatial values.
  expectTensor(runT("aten::instance_norm", {F({1, 3, 10, 20}, {1, 2, 2}), none(), none(), none(), none(), b(true),
                                            d(0.1), d(0), b(true)}),
               {1, 2, 2}, {-1, 1, -1, 1}, 1e-6);
}

TEST(NNKernels, EmbeddingDropoutCells) {
  Tensor w = arange({3, 2});
  expectTensor(runT("aten::embedding", {w, L({2, 0, 2}, {1, 3}), i(-1), b(false), b(false)}), {1, 3, 2},
               {4, 5, 0, 1, 4, 5});
  EXPECT_EQ(errorOf([&] { run("aten::embedding", {w, L({3}, {1}), i(-1), b(false), b(false)}); }),
            "index out of range in self");
  IValue xv(arange({2}));
  EXPECT_TRUE(run("aten::dropout", {xv, d(0.5), b(false)}).at(0).isSameIdentity(xv));
  EXPECT_TRUE(run("aten::dropout_", {xv, d(0.5), b(false)}).at(0).isSameIdentity(xv));
  EXPECT_TRUE(run("aten::dropout", {xv, d(0.0), b(true)}).at(0).isSameIdentity(xv));
  expectTensor(runT("aten::dropout", {xv, d(1.0), b(true)}), {2}, {0, 0});
  EXPECT_THROW(run("aten::dropout", {xv, d(0.5), b(true)}), NotSupported);  // random: not reproducible
  // lstm_cell with zero weights: the gates are the biases.
  Tensor in = F({1, 1}, {1, 2}), h = F({0}, {1, 1}), c = F({2}, {1, 1});
  Tensor wih = Tensor::zeros({4, 2}), whh = Tensor::zeros({4, 1});
  Tensor bih = F({0, 1, 2, 3}, {4}), bhh = F({0, 1, 0, -1}, {4});  // gates 0, 2, 2, 2
  auto hc = run("aten::lstm_cell", {in, tensors({h, c}), wih, whh, bih, bhh});
  const double cy = sigmoid(2) * 2 + sigmoid(0) * std::tanh(2.0);
  expectTensor(hc[1].toTensor(), {1, 1}, {cy}, 1e-6);
  expectTensor(hc[0].toTensor(), {1, 1}, {sigmoid(2) * std::tanh(cy)}, 1e-6);
  expectTensor(runT("aten::cosine_similarity", {F({1, 0, 3, 4}, {2, 2}), F({1, 1, 3, 4}, {2, 2}), i(1), d(1e-8)}),
               {2}, {1 / std::sqrt(2.0), 1}, 1e-6);
}

// PyTorch 1.13's lstm_cell checks (w_ih.size(1) vs input.size(1), then batch and hidden size of
// hx[0] and hx[1], both labelled hidden0) and its composition linear / add_ / chunk(4, 1) /
// sigmoid_ / tanh_ / mul / add_ with ordinary broadcasting.
TEST(NNKernels, LstmCellChecksAndComposition) {
  const Tensor w41 = Tensor::zeros({4, 1});
  const IValue none;
  auto err = [&](Tensor in, Tensor h, Tensor c, Tensor wih, Tensor whh) {
    return errorOf([&] { run("aten::lstm_cell", {in, tensors({h, c}), wih, whh, none, none}); });
  };
  EXPECT_EQ(err(F({1}, {1}), F({0}, {1, 1}), F({0}, {1, 1}), w41, w41),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EXPECT_EQ(err(F({1, 2}, {1, 2}), F({0}, {1, 1}), F({0}, {1, 1}), w41, w41),
            "input has inconsistent input_size: got 2 expected 1");
  EXPECT_EQ(err(F({1}, {1, 1}), F({0, 0}, {2, 1}), F({0}, {1, 1}), w41, w41),
            "Input batch size 1 doesn't match hidden0 batch size 2");
  EXPECT_EQ(err(F({1}, {1, 1}), F({0}, {1, 1}), F({0, 0}, {1, 2}), w41, w41),
            "hidden0 has inconsistent hidden_size: got 2, expected 1");
  EXPECT_EQ(err(F({1}, {1, 1}), F({0}, {1, 1}), F({0}, {1, 1}), Tensor::zeros({3, 1}), Tensor::zeros({3, 1})),
            "lstm_cell: gates of size 3 in dim 1 do not split into 4 chunks");
  // 8 gate columns for hidden size 1: chunks of 2, cx [1, 1] broadcasts -> results [1, 2].
  const Tensor w81 = Tensor::zeros({8, 1});
  auto hc = run("aten::lstm_cell", {F({1}, {1, 1}), tensors({F({0}, {1, 1}), F({2}, {1, 1})}), w81, w81, none, none});
  expectTensor(hc[1].toTensor(), {1, 2}, {1, 1}, 1e-6);
  expectTensor(hc[0].toTensor(), {1, 2}, {0.5 * std::tanh(1.0), 0.5 * std::tanh(1.0)}, 1e-6);
}

TEST(NNKernels, Losses) {
  Tensor x = F({1, 2, 3}, {3}), y = F({1, 4, 0}, {3});
  expectTensor(runT("aten::mse_loss", {x, y, i(1)}), {}, {13.0 / 3}, 1e-6);
  expectTensor(runT("aten::mse_loss", {x, y, i(0)}), {3}, {0, 4, 9});
  expectTensor(runT("aten::l1_loss", {x, y, i(2)}), {}, {5});
  expectTensor(runT("aten::smooth_l1_loss", {x, y, i(0), d(1.0)}), {3}, {0, 1.5, 2.5});
  expectTensor(runT("aten::smooth_l1_loss", {x, y, i(0), d(4.0)}), {3}, {0, 0.5, 1.125});
  // nll: -logp[target], mean weighted by the class weights of the non-ignored targets.
  Tensor lp = F({-1, -2, -3, -4, -5, -6}, {2, 3});
  expectTensor(runT("aten::nll_loss_nd", {lp, L({2, 0}, {2}), none(), i(1), i(-100)}), {}, {3.5});
  expectTensor(runT("aten::nll_loss_nd", {lp, L({2, 0}, {2}), F({1, 1, 3}, {3}), i(1), i(-100)}), {}, {13.0 / 4});
  expectTensor(runT("aten::nll_loss_nd", {lp, L({2, 1}, {2}), none(), i(0), i(1)}), {2}, {3, 0});
  EXPECT_EQ(errorOf([&] { run("aten::nll_loss_nd", {lp, L({3, 0}, {2}), none(), i(1), i(-100)}); }),
            "Target 3 is out of bounds.");
  // cross entropy of logits [0, ln 3] (softmax 1/4, 3/4) with target 1: -ln(3/4).
  Tensor logits = F({0, std::log(3.0)}, {1, 2});
  expectTensor(runT("aten::cross_entropy_loss", {logits, L({1}, {1}), none(), i(1), i(-100), d(0)}), {},
               {-std::log(0.75)}, 1e-6);
  // Label smoothing 0.2 over 2 classes: 0.8 * nll + 0.2 * (-(ln 1/4 + ln 3/4) / 2).
  expectTensor(runT("aten::cross_entropy_loss", {logits, L({1}, {1}), none(), i(1), i(-100), d(0.2)}), {},
               {-0.8 * std::log(0.75) - 0.1 * (std::log(0.25) + std::log(0.75))}, 1e-6);
  // Class probabilities.
  expectTensor(runT("aten::cross_entropy_loss", {logits, F({0.5, 0.5}, {1, 2}), none(), i(1), i(-100), d(0)}), {},
               {-0.5 * (std::log(0.25) + std::log(0.75))}, 1e-6);
  // BCE with logits: x = 0 gives ln 2 whatever the target; pos_weight scales the positive term.
  expectTensor(runT("aten::binary_cross_entropy_with_logits", {F({0, 0}, {2}), F({1, 0}, {2}), none(), none(), i(0)}),
               {2}, {std::log(2.0), std::log(2.0)}, 1e-6);
  expectTensor(runT("aten::binary_cross_entropy_with_logits",
                    {F({0, 0}, {2}), F({1, 0}, {2}), F({1, 2}, {2}), F({3, 3}, {2}), i(2)}),
               {}, {3 * std::log(2.0) + 2 * std::log(2.0)}, 1e-6);
}

TEST(NNKernels, Upsample) {
  Tensor x = F({1, 2, 3, 4}, {1, 1, 2, 2});
  expectTensor(runT("aten::upsample_nearest2d.vec", {x, none(), floats({2, 2})}), {1, 1, 4, 4},
               {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4});
  expectTensor(runT("aten::upsample_nearest1d", {F({1, 2}, {1, 1, 2}), ints({3}), none()}), {1, 1, 3}, {1, 1, 2});
  expectTensor(runT("aten::_upsample_nearest_exact1d", {F({1, 2}, {1, 1, 2}), ints({3}), none()}), {1, 1, 3},
               {1, 2, 2});
  // Bilinear, align_corners=True: corners kept, midpoint the average.
  expectTensor(runT("aten::upsample_bilinear2d", {x, ints({3, 3}), b(true), none(), none()}), {1, 1, 3, 3},
               {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}, 1e-6);
  // align_corners=False, 1-D, 2 -> 4: source positions -0.25 (clamped 0), 0.25, 0.75, 1.25.
  expectTensor(runT("aten::upsample_linear1d", {F({0, 4}, {1, 1, 2}), ints({4}), b(false), none()}), {1, 1, 4},
               {0, 1, 3, 4}, 1e-6);
  expectTensor(runT("aten::upsample_trilinear3d.vec", {arange({1, 1, 1, 1, 2}), ints({1, 1, 3}), b(true), none()}),
               {1, 1, 1, 1, 3}, {0, 0.5, 1}, 1e-6);
  // Bicubic keeps a constant image constant and, at the same size, the image itself.
  expectTensor(runT("aten::upsample_bicubic2d", {Tensor::full({1, 1, 2, 2}, 3.0), ints({3, 5}), b(false), none(),
                                                 none()}),
               {1, 1, 3, 5}, std::vector<double>(15, 3.0), 1e-6);
  expectTensor(runT("aten::upsample_bicubic2d", {x, ints({2, 2}), b(false), none(), none()}), {1, 1, 2, 2},
               {1, 2, 3, 4}, 1e-6);
  // Antialiased downscale by 2 (PIL's triangle filter, support 2): weights 0.75, 0.75, 0.25 around
  // centers 1 and 3, normalized by their sum 1.75.
  expectTensor(runT("aten::_upsample_bilinear2d_aa", {F({0, 4, 8, 12}, {1, 1, 1, 4}), ints({1, 2}), b(false), none(),
                                                      none()}),
               {1, 1, 1, 2}, {5 / 1.75, 16 / 1.75}, 1e-6);
  EXPECT_EQ(errorOf([&] { run("aten::upsample_nearest2d.vec", {x, ints({3, 3}), floats({2, 2})}); }),
            "Must specify exactly one of output_size and scale_factors");
}

}  // namespace
}  // namespace tsjit::reference::testing

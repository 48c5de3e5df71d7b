// kernels_nn_dtypes_test.cpp — PyTorch 1.13's CPU dtype support and argument errors of the
// convolution, pooling and upsampling reference kernels: which dtypes each ATen kernel dispatches
// (computed, with hand-computed values) and the exact messages of the others and of bad shapes.
// The same cases run against the optimized kernels in jit/kernels/kernels_nn_dtypes_opt_test.cpp.
#include <cmath>

#include "reference/KernelsTestUtil.h"

namespace tsjit::reference::testing {
namespace {

Tensor R(const std::string& name, std::vector<IValue> args) { return runT(name, std::move(args)); }
std::string E(const std::string& name, std::vector<IValue> args) {
  std::string m = errorOf([&] { run(name, std::move(args)); });
  return m.empty() ? "<no error>" : m;
}
void expectValues(const Tensor& t, ScalarType dt, std::vector<int64_t> sizes, std::vector<double> values) {
  EXPECT_EQ(t.dtype(), dt);
  ASSERT_EQ(t.sizes(), sizes);
  const std::vector<double> got = t.toDoubles();
  ASSERT_EQ(got.size(), values.size());
  for (size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], values[k], 1e-6 * (1 + std::fabs(values[k]))) << k;
}

// ---- convolutions: PyTorch 1.13's slow CPU kernels and their dtype dispatch --------------------------

TEST(NNDtypes, ConvIntegerDtypesCompute) {
  // slow_conv2d_cpu dispatches all integer types: exact sums, the bias added.
  Tensor x = L({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 1, 3, 3});
  Tensor r = R("aten::conv2d", {x, L({1, 1, 1, 1}, {1, 1, 2, 2}), L({1}, {1}), ints({1}), ints({0}), ints({1}), i(1)});
  expectValues(r, ScalarType::Int64, {1, 1, 2, 2}, {13, 17, 25, 29});
  // int8 accumulation wraps: 4 * 100 = 400 = 144 (mod 256) = -112 as int8.
  Tensor c = L({100, 100, 100, 100}, {1, 1, 2, 2}, ScalarType::Int8);
  expectValues(R("aten::conv2d", {c, L({1, 1, 1, 1}, {1, 1, 2, 2}, ScalarType::Int8), none(), ints({1}), ints({0}),
                                  ints({1}), i(1)}),
               ScalarType::Int8, {1, 1, 1, 1}, {-112});
  // Dilated (slow_conv_dilated<>) and transposed (slow_conv_transpose2d_out_cpu) take Long.
  expectValues(R("aten::conv2d", {x, L({1, 1, 1, 1}, {1, 1, 2, 2}), none(), ints({1}), ints({0}), ints({2}), i(1)}),
               ScalarType::Int64, {1, 1, 1, 1}, {20});
  expectValues(R("aten::conv_transpose2d.input", {L({1, 2, 3, 4}, {1, 1, 2, 2}), L({1, 1, 1, 1}, {1, 1, 2, 2}), none(),
                                                  ints({1}), ints({0}), ints({0}), i(1), ints({1})}),
               ScalarType::Int64, {1, 1, 3, 3}, {1, 3, 2, 4, 10, 6, 3, 7, 4});
  // conv1d runs as a 2-d convolution of height 1.
  expectValues(R("aten::conv1d", {L({1, 2, 3, 4}, {1, 1, 4}, ScalarType::Int16), L({1, -1}, {1, 1, 2}, ScalarType::Int16),
                                  none(), ints({1}), ints({0}), ints({1}), i(1)}),
               ScalarType::Int16, {1, 1, 3}, {-1, -1, -1});
  // BFloat16 is computed (float accumulation, rounded once).
  expectValues(R("aten::conv2d", {F({1, 2, 3, 4}, {1, 1, 2, 2}, ScalarType::BFloat16),
                                  F({1, 1, 1, 1}, {1, 1, 2, 2}, ScalarType::BFloat16), none(), ints({1}), ints({0}),
                                  ints({1}), i(1)}),
               ScalarType::BFloat16, {1, 1, 1, 1}, {10});
}

TEST(NNDtypes, ConvUnsupportedDtypesRaisePyTorchsMessages) {
  Tensor w = F({1, 1, 1, 1}, {1, 1, 2, 2});
  auto conv = [&](const Tensor& x, const Tensor& wt, IValue dil) {
    return E("aten::conv2d", {x, wt, none(), ints({1}), ints({0}), dil, i(1)});
  };
  EXPECT_EQ(conv(F({1, 2, 3, 4}, {1, 1, 2, 2}, ScalarType::Half), w.to(ScalarType::Half), ints({1})),
            "\"slow_conv2d_cpu\" not implemented for 'Half'");
  EXPECT_EQ(conv(L({1, 0, 1, 0}, {1, 1, 2, 2}, ScalarType::Bool), w.to(ScalarType::Bool), ints({1})),
            "\"slow_conv2d_cpu\" not implemented for 'Bool'");
  EXPECT_EQ(conv(L({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 1, 3, 3}, ScalarType::Int32), w.to(ScalarType::Int32), ints({2})),
            "\"slow_conv_dilated<>\" not implemented for 'Int'");
  EXPECT_EQ(E("aten::conv_transpose2d.input", {F({1}, {1, 1, 1, 1}, ScalarType::BFloat16), w.to(ScalarType::BFloat16),
                                               none(), ints({1}), ints({0}), ints({0}), i(1), ints({1})}),
            "\"slow_conv_transpose2d_out_cpu\" not implemented for 'BFloat16'");
  // The weight must have the input's dtype (ATen's typed data access).
  EXPECT_EQ(conv(L({1, 2, 3, 4}, {1, 1, 2, 2}), w, ints({1})), "expected scalar type Long but found Float");
  // slow_conv2d copies the bias into the output (converted); the dilated kernel reads it typed.
  Tensor x = F({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 1, 3, 3});
  expectValues(R("aten::conv2d", {x, w, F({0.5}, {1}, ScalarType::Double), ints({1}), ints({0}), ints({1}), i(1)}),
               ScalarType::Float, {1, 1, 2, 2}, {12.5, 16.5, 24.5, 28.5});
  EXPECT_EQ(E("aten::conv2d", {x, w, F({0.5}, {1}, ScalarType::Double), ints({1}), ints({0}), ints({2}), i(1)}),
            "expected scalar type Float but found Double");
}

TEST(NNDtypes, ConvShapeErrorsAndEmptyBatch) {
  Tensor x = F({1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 2, 2});
  EXPECT_EQ(E("aten::conv2d", {x, F({1}, {1, 1, 1, 1}), none(), ints({1}), ints({0}), ints({1}), i(2)}),
            "Given groups=2, expected weight to be at least 2 at dimension 0, but got weight of size [1, 1, 1, 1] instead");
  EXPECT_EQ(E("aten::conv2d", {x, F({1, 1, 1}, {3, 1, 1, 1}), none(), ints({1}), ints({0}), ints({1}), i(2)}),
            "Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of size [[3, 1, 1, 1]] "
            "instead");
  EXPECT_EQ(E("aten::conv2d", {x, F({1}, {1, 1, 1, 1}), none(), ints({1}), ints({0}), ints({1}), i(0)}),
            "non-positive groups is not supported");
  EXPECT_EQ(E("aten::conv2d", {x, F({1, 1}, {1, 2}), none(), ints({1}), ints({0}), ints({1}), i(1)}),
            "weight should have at least three dimensions");
  EXPECT_EQ(E("aten::conv_transpose2d.input", {F({1, 2, 3, 4}, {1, 1, 2, 2}), F({1, 1, 1, 1}, {1, 1, 2, 2}), none(),
                                               ints({1}), ints({0}), ints({1}), i(1), ints({1})}),
            "output padding must be smaller than either stride or dilation, but got output_padding_height: 1 "
            "output_padding_width: 1 stride_height: 1 stride_width: 1 dilation_height: 1 dilation_width: 1");
  // A zero batch is weight[0] * input: any dtype, promoted, shaped as the output.
  Tensor e = R("aten::conv2d", {L({}, {0, 1, 3, 3}), F({1, 1, 1, 1}, {1, 1, 2, 2}), none(), ints({1}), ints({0}),
                                ints({1}), i(1)});
  EXPECT_EQ(e.dtype(), ScalarType::Float);
  EXPECT_EQ(e.sizes(), (std::vector<int64_t>{0, 1, 2, 2}));
}

TEST(NNDtypes, Convolution3d) {
  // 5-d inputs: the sum over a 2x2x2 window; transposed, one input element spread over the kernel.
  std::vector<double> v;
  for (int k = 0; k < 8; ++k) v.push_back(k);
  Tensor x = F(v, {1, 1, 2, 2, 2});
  Tensor w = F({1, 1, 1, 1, 1, 1, 1, 1}, {1, 1, 2, 2, 2});
  auto raw = [&](const Tensor& in, bool transposed) {
    return R("aten::_convolution", {in, w, none(), ints({1, 1, 1}), ints({0, 0, 0}), ints({1, 1, 1}), b(transposed),
                                    ints({0, 0, 0}), i(1), b(false), b(false), b(false), b(false)});
  };
  expectValues(raw(x, false), ScalarType::Float, {1, 1, 1, 1, 1}, {28});
  expectValues(raw(F({2}, {1, 1, 1, 1, 1}), true), ScalarType::Float, {1, 1, 2, 2, 2}, {2, 2, 2, 2, 2, 2, 2, 2});
  // Inputs of rank < 3 never reach a kernel.
  EXPECT_EQ(E("aten::_convolution", {F({1}, {1}), w, none(), ints({1}), ints({0}), ints({1}), b(false), ints({0}), i(1),
                                     b(false), b(false), b(false), b(false)}),
            "Expected 5-dimensional input for 5-dimensional weight [1, 1, 2, 2, 2], but got 1-dimensional input of size "
            "[1] instead");
}

// ---- pooling ----------------------------------------------------------------------------------------

TEST(NNDtypes, PoolingDtypes) {
  Tensor l = L({1, 2, 3, 4}, {1, 2, 2});
  EXPECT_EQ(E("aten::max_pool2d", {l, ints({2}), ints({}), ints({0}), ints({1}), b(false)}),
            "\"max_pool2d\" not implemented for 'Long'");
  EXPECT_EQ(E("aten::max_pool1d", {l.to(ScalarType::Int32), ints({2}), ints({}), ints({0}), ints({1}), b(false)}),
            "\"max_pool1d_impl\" not implemented for 'Int'");
  expectValues(R("aten::max_pool2d", {l.to(ScalarType::BFloat16), ints({2}), ints({}), ints({0}), ints({1}), b(false)}),
               ScalarType::BFloat16, {1, 1, 1}, {4});
  // avg_pool2d takes Long: an int64 sum divided with truncation.
  expectValues(R("aten::avg_pool2d", {l, ints({2}), ints({}), ints({0}), b(false), b(true), none()}), ScalarType::Int64,
               {1, 1, 1}, {2});
  expectValues(R("aten::avg_pool2d", {L({-1, -2, -3, -3}, {1, 2, 2}), ints({2}), ints({}), ints({0}), b(false), b(true),
                                      none()}),
               ScalarType::Int64, {1, 1, 1}, {-2});
  EXPECT_EQ(E("aten::avg_pool2d", {l.to(ScalarType::Int32), ints({2}), ints({}), ints({0}), b(false), b(true), none()}),
            "\"avg_pool2d\" not implemented for 'Int'");
  EXPECT_EQ(E("aten::adaptive_max_pool2d", {l, ints({1, 1})}), "\"adaptive_max_pool2d\" not implemented for 'Long'");
  EXPECT_EQ(E("aten::adaptive_avg_pool2d", {L({1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 4}), ints({1, 2})}),
            "\"adaptive_avg_pool2d\" not implemented for 'Long'");
  EXPECT_EQ(E("aten::adaptive_avg_pool1d", {L({1, 2, 3, 4}, {1, 4}), ints({2})}),
            "\"adaptive_avg_pool2d\" not implemented for 'Long'");
  // An all-ones output size is a mean: mean's dtype rule, any rank >= 2.
  EXPECT_EQ(E("aten::adaptive_avg_pool2d", {l, ints({1, 1})}),
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long");
  expectValues(R("aten::adaptive_avg_pool2d", {F({1, 2, 3, 4}, {2, 2}), ints({1, 1})}), ScalarType::Float, {1, 1},
               {2.5});
  // adaptive_avg_pool3d_cpu takes Half, not BFloat16.
  Tensor h = F({1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 2, 2}, ScalarType::Half);
  expectValues(R("aten::adaptive_avg_pool3d", {h, ints({1, 1, 2})}), ScalarType::Half, {1, 1, 1, 2}, {4, 5});
  EXPECT_EQ(E("aten::adaptive_avg_pool3d", {h.to(ScalarType::BFloat16), ints({2, 1, 1})}),
            "\"adaptive_avg_pool3d_cpu\" not implemented for 'BFloat16'");
}

TEST(NNDtypes, PoolingShapeErrors) {
  Tensor x = F({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, {1, 4, 4});
  EXPECT_EQ(E("aten::max_pool2d", {x, ints({2}), ints({}), ints({2}), ints({1}), b(false)}),
            "pad should be at most half of kernel size, but got pad=2 and kernel_size=2");
  EXPECT_EQ(E("aten::max_pool2d", {F({1, 2, 3, 4}, {1, 2, 2}), ints({3}), ints({}), ints({0}), ints({1}), b(false)}),
            "Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small");
  EXPECT_EQ(E("aten::max_pool2d", {x, ints({0}), ints({}), ints({0}), ints({1}), b(false)}), "stride should not be zero");
  EXPECT_EQ(E("aten::max_pool2d", {F({1, 2}, {2}), ints({1}), ints({}), ints({0}), ints({1}), b(false)}),
            "non-empty 3D or 4D (batch mode) tensor expected for input");
  EXPECT_EQ(E("aten::avg_pool2d", {F({1, 2, 3, 4}, {2, 2}), ints({1}), ints({}), ints({0}), b(false), b(true), none()}),
            "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
  EXPECT_EQ(E("aten::max_pool1d", {F({1, 2, 3, 4}, {1, 4}), ints({2}), ints({}), ints({2}), ints({1}), b(false)}),
            "max_pool1d() padding should be at most half of kernel size, but got padding=2 and kernel_size=2");
}

// ---- upsampling -------------------------------------------------------------------------------------

TEST(NNDtypes, UpsampleDtypes) {
  // Nearest takes Byte; 2x is i >> 1.
  expectValues(R("aten::upsample_nearest2d", {L({3, 7}, {1, 1, 1, 2}, ScalarType::UInt8), ints({2, 4}), none(), none()}),
               ScalarType::UInt8, {1, 1, 2, 4}, {3, 3, 7, 7, 3, 3, 7, 7});
  EXPECT_EQ(E("aten::upsample_nearest1d", {L({3, 7}, {1, 1, 2}, ScalarType::Int32), ints({4}), none()}),
            "\"upsample_generic_Nd\" not implemented for 'Int'");
  EXPECT_EQ(E("aten::upsample_bilinear2d", {L({0, 2}, {1, 1, 1, 2}), ints({1, 4}), b(false), none(), none()}),
            "\"upsample_generic_Nd\" not implemented for 'Long'");
  // BFloat16 linear: source x = (i + 0.5) / 2 - 0.5 clamped at 0.
  expectValues(R("aten::upsample_bilinear2d", {F({0, 2}, {1, 1, 1, 2}, ScalarType::BFloat16), ints({1, 4}), b(false),
                                               none(), none()}),
               ScalarType::BFloat16, {1, 1, 1, 4}, {0, 0.5, 1.5, 2});
  EXPECT_EQ(E("aten::_upsample_bilinear2d_aa", {F({0, 2}, {1, 1, 1, 2}, ScalarType::Half), ints({1, 4}), b(false), none(),
                                                none()}),
            "\"upsample_generic_Nd_aa\" not implemented for 'Half'");
}

TEST(NNDtypes, UpsampleShapeErrors) {
  EXPECT_EQ(E("aten::upsample_nearest1d", {F({1, 2}, {1, 1, 2}), ints({0}), none()}),
            "Input and output sizes should be greater than 0, but got input (W: 2) and output (W: 0)");
  EXPECT_EQ(E("aten::upsample_nearest2d", {F({1, 2}, {1, 1, 1, 2}), ints({0, 3}), none(), none()}),
            "Input and output sizes should be greater than 0, but got input (H: 1, W: 2) output (H: 0, W: 3)");
  EXPECT_EQ(E("aten::upsample_nearest3d", {F({1, 2}, {1, 2}), ints({1, 1, 1}), none(), none(), none()}),
            "It is expected input_size equals to 5, but got size 2");
  // .vec: compute_output_size checks the list against the input's spatial rank first.
  EXPECT_EQ(E("aten::upsample_nearest2d.vec", {F({1, 2}, {1, 1, 2}), ints({2}), none()}),
            "It is expected output_size equals to 2, but got size 1");
  EXPECT_EQ(E("aten::upsample_nearest2d.vec", {F({1, 2}, {1, 1, 2}), ints({2, 2}), none()}),
            "Expected static_cast<int64_t>(output_size->size()) == spatial_dimensions to be true, but got false.  "
            "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
  EXPECT_EQ(E("aten::upsample_nearest1d.vec", {F({1}, {1}), none(), floats({2.0})}),
            "Expected static_cast<int64_t>(scale_factors->size()) == spatial_dimensions to be true, but got false.  "
            "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
}

}  // namespace
}  // namespace tsjit::reference::testing

// NN.cpp — op declarations. Neural-network ops: convolutions, pooling, upsampling, normalization,
// embedding, dropout, recurrent cells, losses.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareNN(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::conv1d", Cat::NN, Tolerance::reduction(1), {
      "aten::conv1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], int[1] dilation=[1], int groups=1) -> Tensor",
      "aten::conv1d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], str padding=\"valid\", int[1] dilation=[1], int groups=1) -> Tensor",
  });
  b.op("aten::conv2d", Cat::NN, Tolerance::reduction(1), {
      "aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] dilation=1, int groups=1) -> Tensor",
      "aten::conv2d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, str padding=\"valid\", int[2] dilation=1, int groups=1) -> Tensor",
  });
  b.op("aten::conv_transpose2d", Cat::NN, Tolerance::reduction(1), {
      "aten::conv_transpose2d.input(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] output_padding=0, int groups=1, int[2] dilation=1) -> Tensor",
  });
  b.op("aten::conv3d", Cat::NN, Tolerance::reduction(1), {
      "aten::conv3d(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] dilation=1, int groups=1) -> Tensor",
      "aten::conv3d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, str padding=\"valid\", int[3] dilation=1, int groups=1) -> Tensor",
  });
  b.op("aten::conv_transpose1d", Cat::NN, Tolerance::reduction(1), {
      "aten::conv_transpose1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], int[1] output_padding=[0], int groups=1, int[1] dilation=[1]) -> Tensor",
  });
  b.op("aten::conv_transpose3d", Cat::NN, Tolerance::reduction(1), {
      "aten::conv_transpose3d.input(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] output_padding=0, int groups=1, int[3] dilation=1) -> Tensor",
  });
  b.op("aten::_convolution", Cat::NN, Tolerance::reduction(1), {
      "aten::_convolution(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool benchmark, bool deterministic, bool cudnn_enabled, bool allow_tf32) -> Tensor",
      "aten::_convolution.deprecated(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool benchmark, bool deterministic, bool cudnn_enabled) -> Tensor",
      "aten::_convolution.out(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool benchmark, bool deterministic, bool cudnn_enabled, bool allow_tf32, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::avg_pool1d", Cat::NN, Tolerance::reduction(1), {
      "aten::avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, bool ceil_mode=False, bool count_include_pad=True) -> Tensor",
  });
  b.op("aten::avg_pool2d", Cat::NN, Tolerance::reduction(1), {
      "aten::avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor",
      "aten::avg_pool2d.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::max_pool1d", Cat::NN, Tolerance::exact(), {
      "aten::max_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], int[1] dilation=[1], bool ceil_mode=False) -> Tensor",
  });
  b.op("aten::max_pool2d", Cat::NN, Tolerance::exact(), {
      "aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> Tensor",
  });
  b.op("aten::max_pool3d", Cat::NN, Tolerance::exact(), {
      "aten::max_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> Tensor",
  });
  b.op("aten::max_pool1d_with_indices", Cat::NN, Tolerance::exact(), {
      "aten::max_pool1d_with_indices(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], int[1] dilation=[1], bool ceil_mode=False) -> (Tensor, Tensor)",
  });
  b.op("aten::max_pool2d_with_indices", Cat::NN, Tolerance::exact(), {
      "aten::max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
      "aten::max_pool2d_with_indices.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
  });
  b.op("aten::max_pool3d_with_indices", Cat::NN, Tolerance::exact(), {
      "aten::max_pool3d_with_indices(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
      "aten::max_pool3d_with_indices.out(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
  });
  b.op("aten::avg_pool3d", Cat::NN, Tolerance::reduction(1), {
      "aten::avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor",
      "aten::avg_pool3d.out(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::adaptive_max_pool1d", Cat::NN, Tolerance::exact(), {
      "aten::adaptive_max_pool1d(Tensor self, int[1] output_size) -> (Tensor, Tensor)",
  });
  b.op("aten::adaptive_max_pool3d", Cat::NN, Tolerance::exact(), {
      "aten::adaptive_max_pool3d(Tensor self, int[3] output_size) -> (Tensor, Tensor)",
      "aten::adaptive_max_pool3d.out(Tensor self, int[3] output_size, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
  });
  b.op("aten::max_unpool2d", Cat::NN, Tolerance::exact(), {
      "aten::max_unpool2d(Tensor self, Tensor indices, int[2] output_size) -> Tensor",
      "aten::max_unpool2d.out(Tensor self, Tensor indices, int[2] output_size, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::max_unpool3d", Cat::NN, Tolerance::exact(), {
      "aten::max_unpool3d(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding) -> Tensor",
      "aten::max_unpool3d.out(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::im2col", Cat::NN, Tolerance::exact(), {
      "aten::im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor",
      "aten::im2col.out(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // col2im sums the overlapping blocks.
  b.op("aten::col2im", Cat::NN, Tolerance::reduction(1), {
      "aten::col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor",
      "aten::col2im.out(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pixel_shuffle", Cat::NN, Tolerance::exact(), {
      "aten::pixel_shuffle(Tensor self, int upscale_factor) -> Tensor",
      "aten::pixel_shuffle.out(Tensor self, int upscale_factor, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pixel_unshuffle", Cat::NN, Tolerance::exact(), {
      "aten::pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor",
      "aten::pixel_unshuffle.out(Tensor self, int downscale_factor, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::channel_shuffle", Cat::NN, Tolerance::exact(), {
      "aten::channel_shuffle(Tensor self, int groups) -> Tensor",
      "aten::channel_shuffle.out(Tensor self, int groups, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::adaptive_avg_pool1d", Cat::NN, Tolerance::reduction(1), {
      "aten::adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor",
  });
  b.op("aten::adaptive_avg_pool2d", Cat::NN, Tolerance::reduction(1), {
      "aten::adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor",
      "aten::adaptive_avg_pool2d.out(Tensor self, SymInt[2] output_size, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::adaptive_avg_pool3d", Cat::NN, Tolerance::reduction(1), {
      "aten::adaptive_avg_pool3d(Tensor self, int[3] output_size) -> Tensor",
      "aten::adaptive_avg_pool3d.out(Tensor self, int[3] output_size, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::adaptive_max_pool2d", Cat::NN, Tolerance::exact(), {
      "aten::adaptive_max_pool2d(Tensor self, int[2] output_size) -> (Tensor, Tensor)",
      "aten::adaptive_max_pool2d.out(Tensor self, int[2] output_size, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
  });
  b.op("aten::upsample_nearest1d", Cat::NN, Tolerance::exact(), {
      "aten::upsample_nearest1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor",
      "aten::upsample_nearest1d.out(Tensor self, SymInt[1] output_size, float? scales=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_nearest1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
      "aten::upsample_nearest1d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::upsample_nearest2d", Cat::NN, Tolerance::exact(), {
      "aten::upsample_nearest2d(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::upsample_nearest2d.out(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_nearest2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
      "aten::upsample_nearest2d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::upsample_nearest3d", Cat::NN, Tolerance::exact(), {
      "aten::upsample_nearest3d(Tensor self, SymInt[3] output_size, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::upsample_nearest3d.out(Tensor self, SymInt[3] output_size, float? scales_d=None, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_nearest3d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
      "aten::upsample_nearest3d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::_upsample_nearest_exact1d", Cat::NN, Tolerance::exact(), {
      "aten::_upsample_nearest_exact1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor",
      "aten::_upsample_nearest_exact1d.out(Tensor self, SymInt[1] output_size, float? scales=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::_upsample_nearest_exact1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
      "aten::_upsample_nearest_exact1d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::_upsample_nearest_exact2d", Cat::NN, Tolerance::exact(), {
      "aten::_upsample_nearest_exact2d(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::_upsample_nearest_exact2d.out(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::_upsample_nearest_exact2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
      "aten::_upsample_nearest_exact2d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::_upsample_nearest_exact3d", Cat::NN, Tolerance::exact(), {
      "aten::_upsample_nearest_exact3d(Tensor self, SymInt[3] output_size, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::_upsample_nearest_exact3d.out(Tensor self, SymInt[3] output_size, float? scales_d=None, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::_upsample_nearest_exact3d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
      "aten::_upsample_nearest_exact3d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // Interpolation: a weighted sum whose weights (PyTorch computes them in the input's precision)
  // can cancel, so the error bound is relative to the operands' magnitude, not the result's.
  b.op("aten::upsample_linear1d", Cat::NN, Tolerance::operands(16), {
      "aten::upsample_linear1d(Tensor self, SymInt[1] output_size, bool align_corners, float? scales=None) -> Tensor",
      "aten::upsample_linear1d.out(Tensor self, SymInt[1] output_size, bool align_corners, float? scales=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_linear1d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor",
      "aten::upsample_linear1d.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::upsample_bilinear2d", Cat::NN, Tolerance::operands(16), {
      "aten::upsample_bilinear2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::upsample_bilinear2d.out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_bilinear2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor",
      "aten::upsample_bilinear2d.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::upsample_trilinear3d", Cat::NN, Tolerance::operands(16), {
      "aten::upsample_trilinear3d(Tensor self, SymInt[3] output_size, bool align_corners, float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::upsample_trilinear3d.out(Tensor self, SymInt[3] output_size, bool align_corners, float? scales_d=None, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_trilinear3d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor",
      "aten::upsample_trilinear3d.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::upsample_bicubic2d", Cat::NN, Tolerance::operands(16), {
      "aten::upsample_bicubic2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::upsample_bicubic2d.out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::upsample_bicubic2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor",
      "aten::upsample_bicubic2d.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::_upsample_bilinear2d_aa", Cat::NN, Tolerance::operands(16), {
      "aten::_upsample_bilinear2d_aa(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::_upsample_bilinear2d_aa.out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::_upsample_bilinear2d_aa.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor",
      "aten::_upsample_bilinear2d_aa.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::_upsample_bicubic2d_aa", Cat::NN, Tolerance::operands(16), {
      "aten::_upsample_bicubic2d_aa(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor",
      "aten::_upsample_bicubic2d_aa.out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::_upsample_bicubic2d_aa.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor",
      "aten::_upsample_bicubic2d_aa.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::batch_norm", Cat::NN, Tolerance::reduction(4), {
      "aten::batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor",
  });
  b.op("aten::layer_norm", Cat::NN, Tolerance::reduction(4), {
      "aten::layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=1.0000000000000001e-05, bool cudnn_enable=True) -> Tensor",
  });
  b.op("aten::group_norm", Cat::NN, Tolerance::reduction(4), {
      "aten::group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float eps=1.0000000000000001e-05, bool cudnn_enabled=True) -> Tensor",
  });
  b.op("aten::instance_norm", Cat::NN, Tolerance::reduction(4), {
      "aten::instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool use_input_stats, float momentum, float eps, bool cudnn_enabled) -> Tensor",
  });
  b.op("aten::embedding", Cat::NN, Tolerance::exact(), {
      "aten::embedding(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False) -> Tensor",
      "aten::embedding.out(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::dropout", Cat::NN, Tolerance::exact(), {
      "aten::dropout(Tensor input, float p, bool train) -> Tensor",
  });
  b.op("aten::lstm_cell", Cat::NN, Tolerance::reduction(4), {
      "aten::lstm_cell(Tensor input, Tensor[] hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> (Tensor, Tensor)",
  });
  // Recurrent cells and whole-sequence RNNs (kernels: jit/kernels/NNRnn.cpp, reference/kernels/NNRnn.cpp).
  b.op("aten::gru_cell", Cat::NN, Tolerance::reduction(4), {
      "aten::gru_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
  });
  b.op("aten::rnn_tanh_cell", Cat::NN, Tolerance::reduction(4), {
      "aten::rnn_tanh_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
  });
  b.op("aten::rnn_relu_cell", Cat::NN, Tolerance::reduction(4), {
      "aten::rnn_relu_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
  });
  b.op("aten::lstm", Cat::NN, Tolerance::reduction(8), {
      "aten::lstm.input(Tensor input, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor, Tensor)",
      "aten::lstm.data(Tensor data, Tensor batch_sizes, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor, Tensor)",
  });
  b.op("aten::gru", Cat::NN, Tolerance::reduction(8), {
      "aten::gru.input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)",
      "aten::gru.data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",
  });
  b.op("aten::rnn_tanh", Cat::NN, Tolerance::reduction(8), {
      "aten::rnn_tanh.input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)",
      "aten::rnn_tanh.data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",
  });
  b.op("aten::rnn_relu", Cat::NN, Tolerance::reduction(8), {
      "aten::rnn_relu.input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)",
      "aten::rnn_relu.data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",
  });
  // nn.MultiheadAttention / TransformerEncoderLayer's fast path (kernels: NNAttention.cpp in each engine).
  b.op("aten::_native_multi_head_attention", Cat::NN, Tolerance::reduction(8), {
      "aten::_native_multi_head_attention(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool need_weights=True, bool average_attn_weights=True, int? mask_type=None) -> (Tensor, Tensor)",
      "aten::_native_multi_head_attention.out(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool need_weights=True, bool average_attn_weights=True, int? mask_type=None, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
  });
  // TransformerEncoder's nested-tensor fast path (tsjit has no nested tensors: the left-alignment
  // check computes; making or unpadding a nested tensor is not supported).
  b.op("aten::_nested_tensor_from_mask_left_aligned", Cat::NN, Tolerance::exact(), {
      "aten::_nested_tensor_from_mask_left_aligned(Tensor t, Tensor mask) -> bool",
  });
  b.op("aten::_nested_tensor_from_mask", Cat::NN, Tolerance::exact(), {
      "aten::_nested_tensor_from_mask(Tensor t, Tensor mask, bool mask_check=True) -> Tensor",
      "aten::_nested_tensor_from_mask.out(Tensor t, Tensor mask, bool mask_check=True, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::to_padded_tensor", Cat::NN, Tolerance::exact(), {
      "aten::to_padded_tensor(Tensor self, float padding, int[]? output_size=None) -> Tensor",
      "aten::to_padded_tensor.out(Tensor self, float padding, int[]? output_size=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::_transformer_encoder_layer_fwd", Cat::NN, Tolerance::reduction(8), {
      "aten::_transformer_encoder_layer_fwd(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None) -> Tensor",
      "aten::_transformer_encoder_layer_fwd.out(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cosine_similarity", Cat::NN, Tolerance::reduction(2), {
      "aten::cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor",
  });
  b.op("aten::mse_loss", Cat::NN, Tolerance::reduction(1), {
      "aten::mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
      "aten::mse_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::l1_loss", Cat::NN, Tolerance::reduction(1), {
      "aten::l1_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
  });
  b.op("aten::smooth_l1_loss", Cat::NN, Tolerance::reduction(1), {
      "aten::smooth_l1_loss(Tensor self, Tensor target, int reduction=1, float beta=1.) -> Tensor",
      "aten::smooth_l1_loss.out(Tensor self, Tensor target, int reduction=1, float beta=1., *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::huber_loss", Cat::NN, Tolerance::reduction(1), {
      "aten::huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.) -> Tensor",
      "aten::huber_loss.out(Tensor self, Tensor target, int reduction=1, float delta=1., *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::nll_loss_nd", Cat::NN, Tolerance::reduction(1), {
      "aten::nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor",
  });
  b.op("aten::cross_entropy_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100, float label_smoothing=0.) -> Tensor",
  });
  b.op("aten::binary_cross_entropy_with_logits", Cat::NN, Tolerance::reduction(4), {
      "aten::binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, int reduction=1) -> Tensor",
      "aten::binary_cross_entropy_with_logits.out(Tensor self, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // Losses (NNLossMore kernels), distances, dropout variants, rrelu, bilinear and embedding_bag
  // (NNMisc kernels).
  // F.binary_cross_entropy's weight shape: the broadcast of two size lists.
  b.op("aten::_infer_size", Cat::Container, Tolerance::exact(), {
      "aten::_infer_size(int[] a, int[] b) -> int[]",
  });
  b.op("aten::binary_cross_entropy", Cat::NN, Tolerance::reduction(4), {
      "aten::binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor",
      "aten::binary_cross_entropy.out(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::kl_div", Cat::NN, Tolerance::reduction(4), {
      "aten::kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor",
  });
  b.op("aten::soft_margin_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
      "aten::soft_margin_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::margin_ranking_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor",
  });
  b.op("aten::hinge_embedding_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::hinge_embedding_loss(Tensor self, Tensor target, float margin=1., int reduction=1) -> Tensor",
  });
  b.op("aten::cosine_embedding_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor",
  });
  b.op("aten::triplet_margin_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1., float p=2., float eps=9.9999999999999995e-07, bool swap=False, int reduction=1) -> Tensor",
  });
  b.op("aten::poisson_nll_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction) -> Tensor",
  });
  b.op("aten::multi_margin_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1) -> Tensor",
      "aten::multi_margin_loss.out(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::multilabel_margin_loss", Cat::NN, Tolerance::reduction(4), {
      "aten::multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
      "aten::multilabel_margin_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pairwise_distance", Cat::NN, Tolerance::reduction(2), {
      "aten::pairwise_distance(Tensor x1, Tensor x2, float p=2., float eps=9.9999999999999995e-07, bool keepdim=False) -> Tensor",
  });
  // cdist's matrix-product path (p = 2, many rows or compute_mode 1) cancels: |x|^2 + |y|^2 - 2 x.y.
  b.op("aten::cdist", Cat::NN, Tolerance::operands(64), {
      "aten::cdist(Tensor x1, Tensor x2, float p=2., int? compute_mode=None) -> Tensor",
  });
  b.op("aten::_cdist_forward", Cat::NN, Tolerance::operands(64), {
      "aten::_cdist_forward(Tensor x1, Tensor x2, float p, int? compute_mode) -> Tensor",
      "aten::_cdist_forward.out(Tensor x1, Tensor x2, float p, int? compute_mode, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pdist", Cat::NN, Tolerance::reduction(2), {
      "aten::pdist(Tensor self, float p=2.) -> Tensor",
  });
  b.op("aten::_pdist_forward", Cat::NN, Tolerance::reduction(2), {
      "aten::_pdist_forward(Tensor self, float p=2.) -> Tensor",
      "aten::_pdist_forward.out(Tensor self, float p=2., *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::feature_dropout", Cat::NN, Tolerance::exact(), {
      "aten::feature_dropout(Tensor input, float p, bool train) -> Tensor",
  });
  b.op("aten::alpha_dropout", Cat::NN, Tolerance::exact(), {
      "aten::alpha_dropout(Tensor input, float p, bool train) -> Tensor",
  });
  b.op("aten::feature_alpha_dropout", Cat::NN, Tolerance::exact(), {
      "aten::feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor",
  });
  b.op("aten::feature_dropout_", Cat::Inplace, Tolerance::exact(), {
      "aten::feature_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
  });
  b.op("aten::alpha_dropout_", Cat::Inplace, Tolerance::exact(), {
      "aten::alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
  });
  b.op("aten::feature_alpha_dropout_", Cat::Inplace, Tolerance::exact(), {
      "aten::feature_alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
  });
  b.op("aten::rrelu", Cat::NN, Tolerance::ulp(1), {
      "aten::rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, Generator? generator=None) -> Tensor",
  });
  b.op("aten::rrelu_", Cat::Inplace, Tolerance::ulp(1), {
      "aten::rrelu_(Tensor(a!) self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, Generator? generator=None) -> Tensor(a!)",
  });
  b.op("aten::bilinear", Cat::NN, Tolerance::reduction(2), {
      "aten::bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor",
  });
  b.op("aten::embedding_bag", Cat::NN, Tolerance::reduction(1), {
      "aten::embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False) -> (Tensor, Tensor, Tensor, Tensor)",
      "aten::embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int? padding_idx) -> (Tensor, Tensor, Tensor, Tensor)",
  });
  b.op("aten::_embedding_bag", Cat::NN, Tolerance::reduction(1), {
      "aten::_embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)",
      "aten::_embedding_bag.out(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2, Tensor(d!) out3) -> (Tensor(a!), Tensor(b!), Tensor(c!), Tensor(d!))",
  });
  // Sampling: a weighted sum of up to 16 taps whose weights come from the grid's float arithmetic.
  b.op("aten::grid_sampler", Cat::NN, Tolerance::operands(16), {
      "aten::grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor",
  });
  b.op("aten::grid_sampler_2d", Cat::NN, Tolerance::operands(16), {
      "aten::grid_sampler_2d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor",
      "aten::grid_sampler_2d.out(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::grid_sampler_3d", Cat::NN, Tolerance::operands(16), {
      "aten::grid_sampler_3d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor",
      "aten::grid_sampler_3d.out(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::affine_grid_generator", Cat::NN, Tolerance::operands(16), {
      "aten::affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor",
      "aten::affine_grid_generator.out(Tensor theta, int[] size, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops

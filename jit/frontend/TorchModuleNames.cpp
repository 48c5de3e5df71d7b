// TorchModuleNames.cpp — aten op names that 1.13's Python torch module lacks (TorchModuleNames.h).
// The list: every aten operator name of python3-torch 1.13.1's registry
// (torch._C._jit_get_all_schemas()) without a leading underscore for which hasattr(torch, name) is
// False (Tensor-only methods, list / str / dict builtins, cast helpers), less the ops of the torch._C
// binding modules (TorchCModules.h), which none is on the torch module either.
#include "jit/frontend/TorchModuleNames.h"

#include "jit/frontend/TorchCModules.h"

#include <set>
#include <string>

namespace tsjit::frontend {

bool notOnTorchModule(std::string_view name) {
  static const std::set<std::string, std::less<>> kNames = {
      "Bool", "Complex", "ComplexImplicit", "Delete", "Float", "FloatImplicit", "Int", "IntImplicit",
      "ScalarImplicit", "absolute_", "adaptive_avg_pool3d_backward", "adaptive_max_pool2d_backward",
      "adaptive_max_pool3d_backward", "add_", "addbmm_", "addcdiv_", "addcmul_", "addmm_", "addr_",
      "affine_grid_generator_backward", "alias", "align_as", "align_to", "append", "arctan2_", "atan2_",
      "avg_pool2d_backward", "avg_pool3d_backward", "backward", "baddbmm_", "bernoulli_", "bin",
      "binary_cross_entropy_backward", "bitwise_and_", "bitwise_left_shift_", "bitwise_not_", "bitwise_or_",
      "bitwise_right_shift_", "bitwise_xor_", "capitalize", "cauchy", "cauchy_", "ccol_indices", "center", "chr",
      "clear", "coalesce", "col_indices", "confirmed_by_owner", "contiguous", "conv_tbc_backward",
      "convolution_backward", "convolution_backward_overrideable", "convolution_overrideable", "copy", "copy_",
      "copy_sparse_to_sparse", "copy_sparse_to_sparse_", "copysign_", "count", "crow_indices",
      "cudnn_affine_grid_generator_backward", "cudnn_batch_norm_backward", "cudnn_grid_sampler_backward",
      "cummaxmin_backward", "cumprod_", "cumprod_backward", "cumsum_", "data", "degrees", "dense_dim",
      "diag_backward", "diagonal_backward", "dict", "digamma_", "dim", "dist_backward", "div_", "divide_", "divmod",
      "element_size", "elu_backward", "embedding_backward", "embedding_dense_backward", "embedding_renorm",
      "embedding_sparse_backward", "endswith", "eq_", "erfinv_", "expand", "expand_as", "expandtabs", "exponential",
      "exponential_", "extend", "fabs", "factorial", "fake_quantize_per_channel_affine_cachemask",
      "fake_quantize_per_channel_affine_cachemask_backward", "fake_quantize_per_tensor_affine_cachemask",
      "fake_quantize_per_tensor_affine_cachemask_backward", "fill_diagonal_", "find", "float_power_",
      "floor_divide_", "floordiv", "fmod_", "format", "fractional_max_pool2d_backward",
      "fractional_max_pool3d_backward", "gamma", "gather_backward", "ge_", "gelu_backward", "geometric",
      "geometric_", "get", "get_gradients", "glu_backward", "glu_backward_jvp", "glu_jvp", "grad", "greater_",
      "greater_equal_", "grid_sampler_2d_backward", "grid_sampler_3d_backward", "gt_", "hardshrink_backward",
      "hardsigmoid_backward", "hardswish_backward", "hardtanh_backward", "has_torch_function", "hash", "heaviside_",
      "hex", "huber_loss_backward", "hypot_", "igamma_", "igammac_", "index", "index_add_", "index_copy_",
      "index_fill_", "index_reduce_", "index_select_backward", "indices", "infinitely_differentiable_gelu_backward",
      "insert", "is_coalesced", "is_contiguous", "is_leaf", "is_non_overlapping_and_dense", "is_owner", "is_pinned",
      "is_scripting", "is_set_to", "is_strides_like_format", "isalnum", "isalpha", "isdecimal", "isdigit",
      "isidentifier", "islower", "isnumeric", "isprintable", "isspace", "istitle", "isupper", "item", "items",
      "join", "keys", "le_", "leaky_relu_backward", "len", "lerp_", "less_", "less_equal_", "lgamma_", "lift",
      "lift_fresh", "lift_fresh_copy", "linear_backward", "list", "ljust", "local_value", "log_normal",
      "log_normal_", "log_sigmoid_backward", "log_sigmoid_forward", "logical_and_", "logical_not_", "logical_or_",
      "logical_xor_", "logit_backward", "lower", "lstm_mps_backward", "lstrip", "lt_", "mH", "mT", "masked_fill_",
      "masked_scatter_", "masked_select_backward", "mathremainder", "matmul_backward", "matrix_H",
      "matrix_exp_backward", "max_pool2d_with_indices_backward", "max_pool3d_with_indices_backward",
      "miopen_batch_norm_backward", "miopen_rnn_backward", "mish_backward", "mkldnn_adaptive_avg_pool2d_backward",
      "mkldnn_linear_backward", "mkldnn_linear_backward_input", "mkldnn_max_pool2d_backward",
      "mkldnn_max_pool3d_backward", "modf", "mps_convolution_backward", "mps_convolution_transpose_backward",
      "mps_max_pool2d_backward", "mse_loss_backward", "mul_", "multi_margin_loss_backward",
      "multilabel_margin_loss_backward", "multilabel_margin_loss_forward", "multiply_", "mvlgamma_",
      "native_batch_norm_backward", "native_dropout_backward", "native_group_norm_backward",
      "native_layer_norm_backward", "ne_", "nested_to_padded_tensor", "new_empty", "new_empty_strided", "new_full",
      "new_ones", "new_zeros", "nextafter_", "nll_loss2d_backward", "nll_loss2d_forward", "nll_loss_backward",
      "nll_loss_forward", "nonzero_numpy", "normal_", "normal_functional", "not_equal_", "numpy_T", "oct", "ord",
      "output_nr", "owner", "owner_name", "partition", "percentFormat", "pin_memory", "polygamma_", "pop",
      "popitem", "pow_", "prelu_backward", "put_", "radians", "random_", "record_stream", "refine_names",
      "reflection_pad1d_backward", "reflection_pad2d_backward", "reflection_pad3d_backward", "remainder_", "remove",
      "rename", "rename_", "renorm_", "repeat", "replace", "replication_pad1d_backward",
      "replication_pad2d_backward", "replication_pad3d_backward", "requires_grad_", "reshape_as", "resize",
      "resize_", "resize_as", "resize_as_sparse", "retain_grad", "retains_grad", "reverse", "rfind", "rindex",
      "rjust", "row_indices", "rpartition", "rrelu_with_noise_backward", "rsplit", "rstrip", "scatter_",
      "scatter_add_", "scatter_reduce_", "select_backward", "set", "set_", "set_data", "setdefault", "sgn_",
      "sigmoid_backward", "sign_", "silu_backward", "size", "slice", "slice_backward", "slow_conv3d_forward",
      "smooth_l1_loss_backward", "soft_margin_loss_backward", "softplus_backward", "softshrink_backward", "sorted",
      "sparse_dim", "sparse_mask", "sparse_resize", "sparse_resize_", "sparse_resize_and_clear",
      "sparse_resize_and_clear_", "sparse_sampled_addmm", "splitlines", "squeeze_", "startswith", "storage_offset",
      "str", "stride", "strip", "sub_", "subtract_", "sum_to_size", "swapaxes_", "swapcase", "swapdims_",
      "sym_numel", "sym_size", "sym_storage_offset", "sym_stride", "t_", "tanh_backward", "threshold_backward",
      "title", "to", "to_dense", "to_dense_backward", "to_here", "to_mkldnn", "to_mkldnn_backward",
      "to_padded_tensor", "to_sparse", "to_sparse_bsc", "to_sparse_bsr", "to_sparse_csc", "to_sparse_csr",
      "trace_backward", "transpose_", "tril_", "triu_", "true_divide_", "type_as", "unfold", "unfold_backward",
      "uniform", "uniform_", "unique_dim", "unique_dim_consecutive", "unsqueeze_", "update", "upper",
      "upsample_bicubic2d_backward", "upsample_bilinear2d_backward", "upsample_linear1d_backward",
      "upsample_nearest1d_backward", "upsample_nearest2d_backward", "upsample_nearest3d_backward",
      "upsample_trilinear3d_backward", "value_selecting_reduction_backward", "values", "view", "view_as", "warn",
      "zero", "zfill"};
  if (kNames.count(name) != 0) return true;
  // torch._C._nn / _fft / _linalg / _special ops (none is on the torch module)
  if (name.empty() || name.front() == '_') return false;
  for (const char* module : {"_nn", "_fft", "_linalg", "_special"})
    if (torchCModuleHas(module, name)) return true;
  return false;
}

bool scriptableMathFunction(std::string_view name) {
  // python3-torch 1.13.1: the math functions among torch.jit._builtins._builtin_ops.
  static const std::set<std::string, std::less<>> kNames = {
      "acos", "acosh", "asin",  "asinh",    "atan",  "atan2", "atanh", "ceil",  "copysign", "cos",
      "cosh", "degrees", "erf", "erfc",     "exp",   "expm1", "fabs",  "factorial", "floor", "fmod",
      "frexp", "gamma", "gcd",  "isfinite", "isinf", "isnan", "ldexp", "lgamma", "log",   "log10",
      "log1p", "modf",  "pow",  "radians",  "remainder", "sin", "sinh", "sqrt",  "tan",   "tanh"};
  return kNames.count(name) != 0;
}

}  // namespace tsjit::frontend

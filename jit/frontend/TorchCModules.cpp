// TorchCModules.cpp — see TorchCModules.h.
#include "jit/frontend/TorchCModules.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace tsjit::frontend {

namespace {
// Sorted, as dir() lists them (binary search below).
constexpr std::array<std::string_view, 95> kNn = {
    "_conv_depthwise2d", "_pad_circular", "_pad_enum", "_parse_to", "_scaled_dot_product_attention",
    "_test_ambiguous_defaults", "_test_optional_filled_intlist", "_test_optional_floatlist",
    "_test_optional_intlist", "_test_string_default", "_test_warn_in_autograd", "_upsample_bicubic2d_aa",
    "_upsample_bilinear2d_aa", "_upsample_nearest_exact1d", "_upsample_nearest_exact2d",
    "_upsample_nearest_exact3d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool2d",
    "adaptive_max_pool3d", "avg_pool2d", "avg_pool3d", "binary_cross_entropy", "col2im", "conv_depthwise3d",
    "cross_entropy_loss", "elu", "elu_", "flatten_dense_tensors", "fractional_max_pool2d",
    "fractional_max_pool3d", "gelu", "gelu_", "glu", "hardsigmoid", "hardsigmoid_", "hardswish", "hardswish_",
    "hardtanh", "hardtanh_", "huber_loss", "im2col", "l1_loss", "leaky_relu", "leaky_relu_", "linear",
    "log_sigmoid", "max_pool2d_with_indices", "max_pool3d_with_indices", "max_unpool2d", "max_unpool3d",
    "mish", "mish_", "mkldnn_linear", "mkldnn_reorder_conv2d_weight", "mkldnn_reorder_conv3d_weight",
    "mse_loss", "multi_margin_loss", "multilabel_margin_loss", "nll_loss", "nll_loss2d", "nll_loss_nd",
    "one_hot", "pad", "pad_sequence", "reflection_pad1d", "reflection_pad2d", "reflection_pad3d", "relu6",
    "relu6_", "replication_pad1d", "replication_pad2d", "replication_pad3d", "rrelu_with_noise",
    "rrelu_with_noise_", "silu", "silu_", "slow_conv3d", "slow_conv_dilated2d", "slow_conv_dilated3d",
    "slow_conv_transpose2d", "slow_conv_transpose3d", "smooth_l1_loss", "soft_margin_loss", "softplus",
    "softshrink", "thnn_conv2d", "unflatten_dense_tensors", "upsample_bicubic2d", "upsample_bilinear2d",
    "upsample_linear1d", "upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d",
    "upsample_trilinear3d",
};
constexpr std::array<std::string_view, 22> kFft = {
    "fft_fft", "fft_fft2", "fft_fftfreq", "fft_fftn", "fft_fftshift", "fft_hfft", "fft_hfft2", "fft_hfftn",
    "fft_ifft", "fft_ifft2", "fft_ifftn", "fft_ifftshift", "fft_ihfft", "fft_ihfft2", "fft_ihfftn",
    "fft_irfft", "fft_irfft2", "fft_irfftn", "fft_rfft", "fft_rfft2", "fft_rfftfreq", "fft_rfftn",
};
constexpr std::array<std::string_view, 41> kLinalg = {
    "linalg_cholesky", "linalg_cholesky_ex", "linalg_cond", "linalg_cross", "linalg_det", "linalg_diagonal",
    "linalg_eig", "linalg_eigh", "linalg_eigvals", "linalg_eigvalsh", "linalg_householder_product",
    "linalg_inv", "linalg_inv_ex", "linalg_ldl_factor", "linalg_ldl_factor_ex", "linalg_ldl_solve",
    "linalg_lstsq", "linalg_lu", "linalg_lu_factor", "linalg_lu_factor_ex", "linalg_lu_solve",
    "linalg_matmul", "linalg_matrix_exp", "linalg_matrix_norm", "linalg_matrix_power", "linalg_matrix_rank",
    "linalg_multi_dot", "linalg_norm", "linalg_pinv", "linalg_qr", "linalg_slogdet", "linalg_solve",
    "linalg_solve_ex", "linalg_solve_triangular", "linalg_svd", "linalg_svdvals", "linalg_tensorinv",
    "linalg_tensorsolve", "linalg_vander", "linalg_vecdot", "linalg_vector_norm",
};
constexpr std::array<std::string_view, 56> kSpecial = {
    "special_airy_ai", "special_bessel_j0", "special_bessel_j1", "special_bessel_y0", "special_bessel_y1",
    "special_chebyshev_polynomial_t", "special_chebyshev_polynomial_u", "special_chebyshev_polynomial_v",
    "special_chebyshev_polynomial_w", "special_digamma", "special_entr", "special_erf", "special_erfc",
    "special_erfcx", "special_erfinv", "special_exp2", "special_expit", "special_expm1", "special_gammainc",
    "special_gammaincc", "special_gammaln", "special_hermite_polynomial_h", "special_hermite_polynomial_he",
    "special_i0", "special_i0e", "special_i1", "special_i1e", "special_laguerre_polynomial_l",
    "special_legendre_polynomial_p", "special_log1p", "special_log_ndtr", "special_log_softmax",
    "special_logit", "special_logsumexp", "special_modified_bessel_i0", "special_modified_bessel_i1",
    "special_modified_bessel_k0", "special_modified_bessel_k1", "special_multigammaln", "special_ndtr",
    "special_ndtri", "special_polygamma", "special_psi", "special_round", "special_scaled_modified_bessel_k0",
    "special_scaled_modified_bessel_k1", "special_shifted_chebyshev_polynomial_t",
    "special_shifted_chebyshev_polynomial_u", "special_shifted_chebyshev_polynomial_v",
    "special_shifted_chebyshev_polynomial_w", "special_sinc", "special_softmax",
    "special_spherical_bessel_j0", "special_xlog1py", "special_xlogy", "special_zeta",
};

template <size_t N>
bool has(const std::array<std::string_view, N>& names, std::string_view name) {
  return std::binary_search(names.begin(), names.end(), name);
}
}  // namespace

bool isTorchCOpModule(std::string_view module) {
  return module == "_nn" || module == "_fft" || module == "_linalg" || module == "_special";
}

bool torchCModuleHas(std::string_view module, std::string_view name) {
  if (module == "_nn") return has(kNn, name);
  if (module == "_fft") return has(kFft, name);
  if (module == "_linalg") return has(kLinalg, name);
  if (module == "_special") return has(kSpecial, name);
  return false;
}

}  // namespace tsjit::frontend

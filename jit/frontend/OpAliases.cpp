// OpAliases.cpp — the alias table of OpAliases.h (PyTorch 1.13's NormalizeOps alias list).
#include "jit/frontend/OpAliases.h"

#include <string>
#include <unordered_map>

namespace tsjit::frontend {

std::optional<Symbol> canonicalOpForAlias(std::string_view name) {
  // alias -> canonical aten op name.
  static const std::unordered_map<std::string_view, std::string_view> kAliases = {
      {"absolute", "abs"}, {"absolute_", "abs_"}, {"clip", "clamp"}, {"clip_", "clamp_"},
      {"det", "linalg_det"}, {"matrix_power", "linalg_matrix_power"}, {"matrix_exp", "linalg_matrix_exp"},
      {"ger", "outer"}, {"arccos", "acos"}, {"arccos_", "acos_"}, {"arcsin", "asin"}, {"arcsin_", "asin_"},
      {"arctan", "atan"}, {"arctan_", "atan_"}, {"arctan2", "atan2"}, {"arctan2_", "atan2_"},
      {"arccosh", "acosh"}, {"arccosh_", "acosh_"}, {"arcsinh", "asinh"}, {"arcsinh_", "asinh_"},
      {"arctanh", "atanh"}, {"arctanh_", "atanh_"}, {"fix", "trunc"}, {"fix_", "trunc_"},
      {"negative", "neg"}, {"negative_", "neg_"}, {"subtract", "sub"}, {"subtract_", "sub_"},
      {"greater_equal", "ge"}, {"greater_equal_", "ge_"}, {"greater", "gt"}, {"greater_", "gt_"},
      {"less_equal", "le"}, {"less_equal_", "le_"}, {"less", "lt"}, {"less_", "lt_"},
      {"not_equal", "ne"}, {"not_equal_", "ne_"}, {"divide", "div"}, {"divide_", "div_"},
      {"multiply", "mul"}, {"multiply_", "mul_"}, {"linalg_matmul", "matmul"}, {"inverse", "linalg_inv"},
      {"true_divide", "div"}, {"true_divide_", "div_"}, {"concat", "cat"}, {"row_stack", "vstack"},
      {"swapdims", "transpose"}, {"swapdims_", "transpose_"}, {"swapaxes", "transpose"},
      {"swapaxes_", "transpose_"}, {"moveaxis", "movedim"}, {"special_erf", "erf"}, {"special_erfc", "erfc"},
      {"special_erfinv", "erfinv"}, {"special_expit", "sigmoid"}, {"special_exp2", "exp2"},
      {"special_expm1", "expm1"}, {"special_logit", "logit"}, {"special_logsumexp", "logsumexp"},
      {"special_round", "round"}, {"special_log1p", "log1p"}, {"special_sinc", "sinc"},
      {"special_digamma", "digamma"}, {"special_psi", "digamma"}, {"special_i0", "i0"},
      {"special_xlogy", "xlogy"}, {"special_log_softmax", "log_softmax"},
      {"orgqr", "linalg_householder_product"}, {"adjoint", "mH"}, {"special_multigammaln", "mvlgamma"},
      {"special_polygamma", "polygamma"}, {"special_softmax", "softmax"}, {"special_gammainc", "igamma"},
      {"special_gammaincc", "igammac"}, {"special_gammaln", "lgamma"},
  };
  auto it = kAliases.find(name);
  if (it == kAliases.end()) return std::nullopt;
  return Symbol::aten(std::string(it->second));
}

}  // namespace tsjit::frontend

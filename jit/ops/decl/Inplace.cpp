// Inplace.cpp — op declarations. In-place variants (trailing underscore): they write their first
// argument (Tensor(a!) self) and return it. functionalVariant() links each to its functional op
// when that is declared.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareInplace(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::add_", Cat::Inplace, Tolerance::exact(), {
      "aten::add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)",
      "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
      "aten::add_.t(t[](a!) self, t[] b) -> t[]",
  });
  b.op("aten::sub_", Cat::Inplace, Tolerance::exact(), {
      "aten::sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)",
      "aten::sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
  });
  b.op("aten::mul_", Cat::Inplace, Tolerance::exact(), {
      "aten::mul_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::mul_.t(t[](a!) l, int n) -> t[](a!)",
  });
  b.op("aten::div_", Cat::Inplace, Tolerance::exact(), {
      "aten::div_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::div_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> Tensor(a!)",
      "aten::div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)",
  });
  b.op("aten::pow_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
      "aten::pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
  });
  b.op("aten::floor_divide_", Cat::Inplace, Tolerance::exact(), {
      "aten::floor_divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::floor_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::clamp_", Cat::Inplace, Tolerance::exact(), {
      "aten::clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)",
      "aten::clamp_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)",
  });
  b.op("aten::clamp_min_", Cat::Inplace, Tolerance::exact(), {
      "aten::clamp_min_(Tensor(a!) self, Scalar min) -> Tensor(a!)",
      "aten::clamp_min_.Tensor(Tensor(a!) self, Tensor min) -> Tensor(a!)",
  });
  b.op("aten::relu_", Cat::Inplace, Tolerance::exact(), {
      "aten::relu_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sigmoid_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::sigmoid_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::tanh_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::tanh_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::elu_", Cat::Inplace, Tolerance::operands(6), {
      "aten::elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor(a!)",
  });
  b.op("aten::hardtanh_", Cat::Inplace, Tolerance::exact(), {
      "aten::hardtanh_(Tensor(a!) self, Scalar min_val=-1, Scalar max_val=1) -> Tensor(a!)",
  });
  b.op("aten::leaky_relu_", Cat::Inplace, Tolerance::ulp(1), {
      "aten::leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)",
  });
  b.op("aten::silu_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::silu_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::dropout_", Cat::Inplace, Tolerance::exact(), {
      "aten::dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
  });
  b.op("aten::fill_", Cat::Inplace, Tolerance::exact(), {
      "aten::fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)",
      "aten::fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)",
  });
  b.op("aten::zero_", Cat::Inplace, Tolerance::exact(), {
      "aten::zero_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::copy_", Cat::Inplace, Tolerance::exact(), {
      "aten::copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)",
      "aten::copy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::copy_.float(Tensor(a!) self, float other) -> Tensor(a!)",
      "aten::copy_.int(Tensor(a!) self, int other) -> Tensor(a!)",
  });
  b.op("aten::masked_fill_", Cat::Inplace, Tolerance::exact(), {
      "aten::masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)",
      "aten::masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)",
  });
  b.op("aten::index_put_", Cat::Inplace, Tolerance::exact(), {
      "aten::index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)",
      "aten::index_put_.hacked_twin(Tensor(a!) self, Tensor[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)",
  });
  b.op("aten::index_add_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)",
  });
  b.op("aten::index_fill_", Cat::Inplace, Tolerance::exact(), {
      "aten::index_fill_.Dimname_Scalar(Tensor(a!) self, str dim, Tensor index, Scalar value) -> Tensor(a!)",
      "aten::index_fill_.Dimname_Tensor(Tensor(a!) self, str dim, Tensor index, Tensor value) -> Tensor(a!)",
      "aten::index_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
      "aten::index_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)",
  });
  b.op("aten::index_copy_", Cat::Inplace, Tolerance::exact(), {
      "aten::index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)",
      "aten::index_copy_.dimname(Tensor(a!) self, str dim, Tensor index, Tensor source) -> Tensor(a!)",
  });
  b.op("aten::masked_scatter_", Cat::Inplace, Tolerance::exact(), {
      "aten::masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)",
  });
  b.op("aten::scatter_reduce_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor(a!)",
  });
  b.op("aten::scatter_", Cat::Inplace, Tolerance::exact(), {
      "aten::scatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor(a!)",
      "aten::scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
      "aten::scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
      "aten::scatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor(a!)",
  });
  // In-place variants whose kernels both engines derive from the functional overload
  // (jit/kernels/InplaceVariants.cpp, reference/kernels/InplaceVariants.cpp); schemas from
  // python3-torch 1.13.1's torch._C._jit_get_all_schemas(), tolerance that of the functional op.
  b.op("aten::abs_", Cat::Inplace, Tolerance::exact(), {
      "aten::abs_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::addcdiv_", Cat::Inplace, Tolerance::operands(4), {
      "aten::addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)",
  });
  b.op("aten::addcmul_", Cat::Inplace, Tolerance::operands(4), {
      "aten::addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)",
  });
  b.op("aten::addmm_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::addmm_(Tensor(a!) self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
  });
  b.op("aten::addmv_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::addmv_(Tensor(a!) self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
  });
  b.op("aten::addr_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::addr_(Tensor(a!) self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
  });
  b.op("aten::asin_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::asin_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::atan2_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::atan2_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::atanh_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::atanh_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::baddbmm_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
  });
  // The operator dunders (x.__iand__(m); `t >>= 1` emits __irshift__), derived from __and__ etc.
  b.op("aten::__iand__", Cat::Inplace, Tolerance::exact(), {
      "aten::__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
  });
  b.op("aten::__ior__", Cat::Inplace, Tolerance::exact(), {
      "aten::__ior__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__ior__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
  });
  b.op("aten::__ixor__", Cat::Inplace, Tolerance::exact(), {
      "aten::__ixor__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__ixor__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
  });
  b.op("aten::__ilshift__", Cat::Inplace, Tolerance::exact(), {
      "aten::__ilshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
  });
  b.op("aten::__irshift__", Cat::Inplace, Tolerance::exact(), {
      "aten::__irshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__irshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
  });
  b.op("aten::bitwise_and_", Cat::Inplace, Tolerance::exact(), {
      "aten::bitwise_and_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::bitwise_not_", Cat::Inplace, Tolerance::exact(), {
      "aten::bitwise_not_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::bitwise_or_", Cat::Inplace, Tolerance::exact(), {
      "aten::bitwise_or_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::bitwise_xor_", Cat::Inplace, Tolerance::exact(), {
      "aten::bitwise_xor_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::ceil_", Cat::Inplace, Tolerance::exact(), {
      "aten::ceil_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::cos_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::cos_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::cumprod_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
      "aten::cumprod_.dimname(Tensor(a!) self, str dim, *, ScalarType? dtype=None) -> Tensor(a!)",
  });
  b.op("aten::cumsum_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
      "aten::cumsum_.dimname(Tensor(a!) self, str dim, *, ScalarType? dtype=None) -> Tensor(a!)",
  });
  b.op("aten::eq_", Cat::Inplace, Tolerance::exact(), {
      "aten::eq_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::eq_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::erf_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::erf_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::exp2_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::exp2_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::exp_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::exp_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::expm1_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::expm1_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::floor_", Cat::Inplace, Tolerance::exact(), {
      "aten::floor_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::fmod_", Cat::Inplace, Tolerance::exact(), {
      "aten::fmod_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::frac_", Cat::Inplace, Tolerance::exact(), {
      "aten::frac_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::gcd_", Cat::Inplace, Tolerance::exact(), {
      "aten::gcd_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::ge_", Cat::Inplace, Tolerance::exact(), {
      "aten::ge_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::ge_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::gelu_", Cat::Inplace, Tolerance::operands(3), {
      "aten::gelu_(Tensor(a!) self, *, str approximate=\"none\") -> Tensor(a!)",
  });
  b.op("aten::gt_", Cat::Inplace, Tolerance::exact(), {
      "aten::gt_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::gt_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::hardsigmoid_", Cat::Inplace, Tolerance::operands(2), {
      "aten::hardsigmoid_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::hardswish_", Cat::Inplace, Tolerance::operands(3), {
      "aten::hardswish_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::le_", Cat::Inplace, Tolerance::exact(), {
      "aten::le_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::le_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::lerp_", Cat::Inplace, Tolerance::operands(4), {
      "aten::lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)",
      "aten::lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)",
  });
  b.op("aten::log10_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::log10_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::log1p_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::log1p_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::log2_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::log2_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::log_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::log_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::logical_and_", Cat::Inplace, Tolerance::exact(), {
      "aten::logical_and_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::logical_not_", Cat::Inplace, Tolerance::exact(), {
      "aten::logical_not_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::logical_or_", Cat::Inplace, Tolerance::exact(), {
      "aten::logical_or_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::logical_xor_", Cat::Inplace, Tolerance::exact(), {
      "aten::logical_xor_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::logit_", Cat::Inplace, Tolerance::operands(4), {
      "aten::logit_(Tensor(a!) self, float? eps=None) -> Tensor(a!)",
  });
  b.op("aten::lt_", Cat::Inplace, Tolerance::exact(), {
      "aten::lt_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::lt_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::mish_", Cat::Inplace, Tolerance::operands(6), {
      "aten::mish_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::nan_to_num_", Cat::Inplace, Tolerance::exact(), {
      "aten::nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)",
  });
  b.op("aten::ne_", Cat::Inplace, Tolerance::exact(), {
      "aten::ne_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::ne_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::neg_", Cat::Inplace, Tolerance::exact(), {
      "aten::neg_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::reciprocal_", Cat::Inplace, Tolerance::exact(), {
      "aten::reciprocal_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::relu6_", Cat::Inplace, Tolerance::exact(), {
      "aten::relu6_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::remainder_", Cat::Inplace, Tolerance::exact(), {
      "aten::remainder_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::round_", Cat::Inplace, Tolerance::exact(), {
      "aten::round_(Tensor(a!) self) -> Tensor(a!)",
      "aten::round_.decimals(Tensor(a!) self, *, int decimals) -> Tensor(a!)",
  });
  b.op("aten::rsqrt_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::rsqrt_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::scatter_add_", Cat::Inplace, Tolerance::reduction(1), {
      "aten::scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
  });
  b.op("aten::selu_", Cat::Inplace, Tolerance::operands(6), {
      "aten::selu_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sign_", Cat::Inplace, Tolerance::exact(), {
      "aten::sign_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sin_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::sin_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sinh_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::sinh_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sqrt_", Cat::Inplace, Tolerance::exact(), {
      "aten::sqrt_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::square_", Cat::Inplace, Tolerance::exact(), {
      "aten::square_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::squeeze_", Cat::Inplace, Tolerance::exact(), {
      "aten::squeeze_(Tensor(a!) self) -> Tensor(a!)",
      "aten::squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)",
      "aten::squeeze_.dimname(Tensor(a!) self, str dim) -> Tensor(a!)",
  });
  b.op("aten::t_", Cat::Inplace, Tolerance::exact(), {
      "aten::t_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::tan_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::tan_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::transpose_", Cat::Inplace, Tolerance::exact(), {
      "aten::transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)",
  });
  b.op("aten::tril_", Cat::Inplace, Tolerance::exact(), {
      "aten::tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)",
  });
  b.op("aten::triu_", Cat::Inplace, Tolerance::exact(), {
      "aten::triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)",
  });
  b.op("aten::trunc_", Cat::Inplace, Tolerance::exact(), {
      "aten::trunc_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::unsqueeze_", Cat::Inplace, Tolerance::exact(), {
      "aten::unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)",
  });

  b.op("aten::atan_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::atan_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::acos_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::acos_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::cosh_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::cosh_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::asinh_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::asinh_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::acosh_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::acosh_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::erfc_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::erfc_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::lgamma_", Cat::Inplace, Tolerance::operands(4), {
      "aten::lgamma_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sinc_", Cat::Inplace, Tolerance::operands(4), {
      "aten::sinc_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::deg2rad_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::deg2rad_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::rad2deg_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::rad2deg_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::sgn_", Cat::Inplace, Tolerance::exact(), {
      "aten::sgn_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::hypot_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::hypot_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::xlogy_", Cat::Inplace, Tolerance::ulp(4), {
      "aten::xlogy_.Scalar_Other(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::xlogy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::copysign_", Cat::Inplace, Tolerance::exact(), {
      "aten::copysign_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::copysign_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::heaviside_", Cat::Inplace, Tolerance::exact(), {
      "aten::heaviside_(Tensor(a!) self, Tensor values) -> Tensor(a!)",
  });
  b.op("aten::clamp_max_", Cat::Inplace, Tolerance::exact(), {
      "aten::clamp_max_(Tensor(a!) self, Scalar max) -> Tensor(a!)",
      "aten::clamp_max_.Tensor(Tensor(a!) self, Tensor max) -> Tensor(a!)",
  });
  b.op("aten::celu_", Cat::Inplace, Tolerance::operands(6), {
      "aten::celu_(Tensor(a!) self, Scalar alpha=1.) -> Tensor(a!)",
  });
  b.op("aten::threshold_", Cat::Inplace, Tolerance::exact(), {
      "aten::threshold_(Tensor(a!) self, Scalar threshold, Scalar value) -> Tensor(a!)",
  });
  b.op("aten::digamma_", Cat::Inplace, Tolerance::operands(16), {
      "aten::digamma_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::polygamma_", Cat::Inplace, Tolerance::operands(16), {
      "aten::polygamma_(Tensor(a!) self, int n) -> Tensor(a!)",
  });
  b.op("aten::erfinv_", Cat::Inplace, Tolerance::operands(64), {
      "aten::erfinv_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::i0_", Cat::Inplace, Tolerance::ulp(8), {
      "aten::i0_(Tensor(a!) self) -> Tensor(a!)",
  });
  b.op("aten::ldexp_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::ldexp_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
  });
  b.op("aten::float_power_", Cat::Inplace, Tolerance::ulp(2), {
      "aten::float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
      "aten::float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops

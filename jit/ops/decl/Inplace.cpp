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
  b.op("aten::scatter_", Cat::Inplace, Tolerance::exact(), {
      "aten::scatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor(a!)",
      "aten::scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
      "aten::scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
      "aten::scatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops

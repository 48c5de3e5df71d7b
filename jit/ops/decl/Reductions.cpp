// Reductions.cpp — op declarations. Reductions, scans, sorts and normalizing ops over dimensions.
// Sums are compared with a bound that grows with the number of reduced terms
// (Tolerance::reduction).
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareReductions(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::sum", Cat::Reduction, Tolerance::reduction(1), {
      "aten::sum(Tensor self, *, ScalarType? dtype=None) -> Tensor",
      "aten::sum.DimnameList_out(Tensor self, str[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::sum.bool(bool[] self) -> int",
      "aten::sum.complex(complex[] self) -> complex",
      "aten::sum.dim_DimnameList(Tensor self, str[1] dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::sum.float(float[] self) -> float",
      "aten::sum.int(int[] self) -> int",
      "aten::sum.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  // Symbolic autodiff's broadcasting helpers (1.13 declares them in native_functions.yaml).
  b.op("aten::sum_to_size", Cat::Reduction, Tolerance::reduction(1), {
      "aten::sum_to_size(Tensor self, int[] size) -> Tensor",
  });
  b.op("aten::_grad_sum_to_size", Cat::Reduction, Tolerance::reduction(1), {
      "aten::_grad_sum_to_size(Tensor(a) self, int[]? size) -> Tensor(a)",
  });
  b.op("aten::_size_if_not_equal", Cat::Container, Tolerance::exact(), {
      "aten::_size_if_not_equal(int[] self_size, int[] other_size) -> int[]?",
  });
  b.op("aten::mean", Cat::Reduction, Tolerance::reduction(1), {
      "aten::mean(Tensor self, *, ScalarType? dtype=None) -> Tensor",
      "aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::mean.names_dim(Tensor self, str[1] dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::mean.names_out(Tensor self, str[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::prod", Cat::Reduction, Tolerance::reduction(1), {
      "aten::prod(Tensor self, *, ScalarType? dtype=None) -> Tensor",
      "aten::prod.Dimname_out(Tensor self, str dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::prod.dim_Dimname(Tensor self, str dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::prod.int_out(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::prod.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::std", Cat::Reduction, Tolerance::reduction(4), {
      "aten::std(Tensor self, bool unbiased=True) -> Tensor",
      "aten::std.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> Tensor",
      "aten::std.correction_names(Tensor self, str[1] dim, *, int? correction, bool keepdim=False) -> Tensor",
      "aten::std.correction_names_out(Tensor self, str[1] dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::std.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor",
      "aten::std.names_dim(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False) -> Tensor",
      "aten::std.names_out(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::std.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::var", Cat::Reduction, Tolerance::reduction(4), {
      "aten::var(Tensor self, bool unbiased=True) -> Tensor",
      "aten::var.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> Tensor",
      "aten::var.correction_names(Tensor self, str[1] dim, *, int? correction, bool keepdim=False) -> Tensor",
      "aten::var.correction_names_out(Tensor self, str[1] dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::var.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor",
      "aten::var.names_dim(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False) -> Tensor",
      "aten::var.names_out(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::norm", Cat::Reduction, Tolerance::reduction(1), {
      "aten::norm.Scalar(Tensor self, Scalar p=2) -> Tensor",
      "aten::norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor",
      "aten::norm.ScalarOpt_dim_dtype(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype) -> Tensor",
      "aten::norm.ScalarOpt_dtype(Tensor self, Scalar? p, *, ScalarType dtype) -> Tensor",
      "aten::norm.ScalarOpt_dtype_out(Tensor self, Scalar? p, *, ScalarType dtype, Tensor(a!) out) -> Tensor(a!)",
      "aten::norm.Scalar_out(Tensor self, Scalar p=2, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::norm.dtype_out(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype, Tensor(a!) out) -> Tensor(a!)",
      "aten::norm.names_ScalarOpt_dim(Tensor self, Scalar? p, str[1] dim, bool keepdim=False) -> Tensor",
      "aten::norm.names_ScalarOpt_dim_dtype(Tensor self, Scalar? p, str[1] dim, bool keepdim, *, ScalarType dtype) -> Tensor",
      "aten::norm.names_dtype_out(Tensor self, Scalar? p, str[1] dim, bool keepdim, *, ScalarType dtype, Tensor(a!) out) -> Tensor(a!)",
      "aten::norm.names_out(Tensor self, Scalar? p, str[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::norm.out(Tensor self, Scalar? p, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::frobenius_norm", Cat::Reduction, Tolerance::reduction(1), {
      "aten::frobenius_norm(Tensor self) -> Tensor",
      "aten::frobenius_norm.dim(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
      "aten::frobenius_norm.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::nuclear_norm", Cat::Reduction, Tolerance::reduction(16), {
      "aten::nuclear_norm(Tensor self, bool keepdim=False) -> Tensor",
      "aten::nuclear_norm.dim(Tensor self, int[2] dim, bool keepdim=False) -> Tensor",
      "aten::nuclear_norm.dim_out(Tensor self, int[2] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::nuclear_norm.out(Tensor self, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_vector_norm", Cat::Reduction, Tolerance::reduction(1), {
      "aten::linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_vector_norm.out(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::amax", Cat::Reduction, Tolerance::exact(), {
      "aten::amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor",
      "aten::amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::amin", Cat::Reduction, Tolerance::exact(), {
      "aten::amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor",
      "aten::amin.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::max", Cat::Reduction, Tolerance::exact(), {
      "aten::max(Tensor self) -> Tensor",
      "aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::max.names_dim(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::max.names_dim_max(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::max.other(Tensor self, Tensor other) -> Tensor",
      "aten::max.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::min", Cat::Reduction, Tolerance::exact(), {
      "aten::min(Tensor self) -> Tensor",
      "aten::min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::min.dim_min(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::min.names_dim(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::min.names_dim_min(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::min.other(Tensor self, Tensor other) -> Tensor",
      "aten::min.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::argmax", Cat::Reduction, Tolerance::exact(), {
      "aten::argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
      "aten::argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::argmin", Cat::Reduction, Tolerance::exact(), {
      "aten::argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
      "aten::argmin.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::any", Cat::Reduction, Tolerance::exact(), {
      "aten::any(Tensor self) -> Tensor",
      "aten::any.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::any.bool(bool[] self) -> bool",
      "aten::any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor",
      "aten::any.dimname(Tensor self, str dim, bool keepdim=False) -> Tensor",
      "aten::any.dimname_out(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::any.float(float[] self) -> bool",
      "aten::any.int(int[] self) -> bool",
      "aten::any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::any.str(str[] self) -> bool",
  });
  b.op("aten::all", Cat::Reduction, Tolerance::exact(), {
      "aten::all(Tensor self) -> Tensor",
      "aten::all.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::all.bool(bool[] self) -> bool",
      "aten::all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor",
      "aten::all.dimname(Tensor self, str dim, bool keepdim=False) -> Tensor",
      "aten::all.dimname_out(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::all.float(float[] self) -> bool",
      "aten::all.int(int[] self) -> bool",
      "aten::all.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::count_nonzero", Cat::Reduction, Tolerance::exact(), {
      "aten::count_nonzero(Tensor self, int? dim=None) -> Tensor",
      "aten::count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor",
      "aten::count_nonzero.dim_IntList_out(Tensor self, int[] dim, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::count_nonzero.out(Tensor self, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logsumexp", Cat::Reduction, Tolerance::reduction(2), {
      "aten::logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
      "aten::logsumexp.names(Tensor self, str[1] dim, bool keepdim=False) -> Tensor",
      "aten::logsumexp.names_out(Tensor self, str[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::logsumexp.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cumsum", Cat::Reduction, Tolerance::reduction(1), {
      "aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
      "aten::cumsum.dimname(Tensor self, str dim, *, ScalarType? dtype=None) -> Tensor",
      "aten::cumsum.dimname_out(Tensor self, str dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cumprod", Cat::Reduction, Tolerance::reduction(1), {
      "aten::cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
      "aten::cumprod.dimname(Tensor self, str dim, *, ScalarType? dtype=None) -> Tensor",
      "aten::cumprod.dimname_out(Tensor self, str dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::cumprod.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::softmax", Cat::Reduction, Tolerance::reduction(2), {
      "aten::softmax.Dimname(Tensor self, str dim, *, ScalarType? dtype=None) -> Tensor",
      "aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
      "aten::softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::log_softmax", Cat::Reduction, Tolerance::reduction(2), {
      "aten::log_softmax.Dimname(Tensor self, str dim, *, ScalarType? dtype=None) -> Tensor",
      "aten::log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
      "aten::log_softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sort", Cat::Reduction, Tolerance::exact(), {
      "aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)",
      "aten::sort.Tensor(Tensor[](a!) self, bool reverse=False) -> ()",
      "aten::sort.any(t[](a!) self, bool reverse=False) -> ()",
      "aten::sort.bool(bool[](a!) self, bool reverse=False) -> ()",
      "aten::sort.dimname(Tensor self, str dim, bool descending=False) -> (Tensor values, Tensor indices)",
      "aten::sort.dimname_stable(Tensor self, *, bool? stable, str dim, bool descending=False) -> (Tensor values, Tensor indices)",
      "aten::sort.dimname_values(Tensor self, str dim, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::sort.dimname_values_stable(Tensor self, *, bool? stable, str dim, bool descending=False, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::sort.float(float[](a!) self, bool reverse=False) -> ()",
      "aten::sort.int(int[](a!) self, bool reverse=False) -> ()",
      "aten::sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)",
      "aten::sort.str(str[](a!) self, bool reverse=False) -> ()",
      "aten::sort.values(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::sort.values_stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
  });
  // torch.unique's kernels (torch.functional's _unique_impl calls one or the other) and
  // torch.unique_consecutive's (also Tensor.unique_consecutive, which returns all three).
  b.op("aten::_unique2", Cat::Reduction, Tolerance::exact(), {
      "aten::_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)",
  });
  b.op("aten::unique_dim", Cat::Reduction, Tolerance::exact(), {
      "aten::unique_dim(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)",
  });
  b.op("aten::unique_consecutive", Cat::Reduction, Tolerance::exact(), {
      "aten::unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)",
  });
  b.op("aten::argsort", Cat::Reduction, Tolerance::exact(), {
      "aten::argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor",
      "aten::argsort.dimname(Tensor self, str dim, bool descending=False) -> Tensor",
      "aten::argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor",
      "aten::argsort.stable_out(Tensor self, *, bool stable, int dim=-1, bool descending=False, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::topk", Cat::Reduction, Tolerance::exact(), {
      "aten::topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)",
      "aten::topk.values(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
  });
  // Order statistics (tsjit ops-c): the (values, indices) pairs follow 1.13's CPU selection, so
  // the index among equal values is the one 1.13 returns.
  b.op("aten::median", Cat::Reduction, Tolerance::exact(), {
      "aten::median(Tensor self) -> Tensor",
      "aten::median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::median.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::median.names_dim(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::median.names_dim_values(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::median.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::nanmedian", Cat::Reduction, Tolerance::exact(), {
      "aten::nanmedian(Tensor self) -> Tensor",
      "aten::nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::nanmedian.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::nanmedian.names_dim(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::nanmedian.names_dim_values(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::nanmedian.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::mode", Cat::Reduction, Tolerance::exact(), {
      "aten::mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::mode.dimname(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::mode.dimname_out(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::mode.values(Tensor self, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
  });
  b.op("aten::kthvalue", Cat::Reduction, Tolerance::exact(), {
      "aten::kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::kthvalue.dimname(Tensor self, int k, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::kthvalue.dimname_out(Tensor self, int k, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::kthvalue.values(Tensor self, int k, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
  });
  b.op("aten::aminmax", Cat::Reduction, Tolerance::exact(), {
      "aten::aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)",
      "aten::aminmax.out(Tensor self, *, int? dim=None, bool keepdim=False, Tensor(a!) min, Tensor(b!) max) -> (Tensor(a!) min, Tensor(b!) max)",
  });
  // var_mean / std_mean: (var or std, mean) of the same reduction, std / var's bound.
  b.op("aten::var_mean", Cat::Reduction, Tolerance::reduction(4), {
      "aten::var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)",
      "aten::var_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::var_mean.correction_names(Tensor self, str[1] dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::var_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
      "aten::var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::var_mean.names_dim(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
  });
  b.op("aten::std_mean", Cat::Reduction, Tolerance::reduction(4), {
      "aten::std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)",
      "aten::std_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean.correction_names(Tensor self, str[1] dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
      "aten::std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean.names_dim(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
  });
  b.op("aten::nansum", Cat::Reduction, Tolerance::reduction(1), {
      "aten::nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::nansum.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::nanmean", Cat::Reduction, Tolerance::reduction(1), {
      "aten::nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::nanmean.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  // Scans that keep the shape: cummax / cummin (values, indices), logcumsumexp.
  b.op("aten::cummax", Cat::Reduction, Tolerance::exact(), {
      "aten::cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)",
      "aten::cummax.dimname(Tensor self, str dim) -> (Tensor values, Tensor indices)",
      "aten::cummax.dimname_out(Tensor self, str dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::cummax.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
  });
  b.op("aten::cummin", Cat::Reduction, Tolerance::exact(), {
      "aten::cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)",
      "aten::cummin.dimname(Tensor self, str dim) -> (Tensor values, Tensor indices)",
      "aten::cummin.dimname_out(Tensor self, str dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::cummin.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
  });
  b.op("aten::logcumsumexp", Cat::Reduction, Tolerance::reduction(2), {
      "aten::logcumsumexp(Tensor self, int dim) -> Tensor",
      "aten::logcumsumexp.dimname(Tensor self, str dim) -> Tensor",
      "aten::logcumsumexp.dimname_out(Tensor self, str dim, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::logcumsumexp.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // diff: n-th forward difference along dim (sub, or logical_xor for bool), after prepend / append.
  b.op("aten::diff", Cat::Reduction, Tolerance::exact(), {
      "aten::diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor",
      "aten::diff.out(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // Counting and bucketing: bincount (weights summed in float or double), histc (equal-width
  // bins), searchsorted / bucketize (binary search of sorted boundaries).
  b.op("aten::bincount", Cat::Reduction, Tolerance::reduction(1), {
      "aten::bincount(Tensor self, Tensor? weights=None, int minlength=0) -> Tensor",
      "aten::bincount.out(Tensor self, Tensor? weights=None, int minlength=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::histc", Cat::Reduction, Tolerance::exact(), {
      "aten::histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0) -> Tensor",
      "aten::histc.out(Tensor self, int bins=100, Scalar min=0, Scalar max=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::searchsorted", Cat::Reduction, Tolerance::exact(), {
      "aten::searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None) -> Tensor",
      "aten::searchsorted.Scalar_out(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None) -> Tensor",
      "aten::searchsorted.Tensor_out(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::bucketize", Cat::Reduction, Tolerance::exact(), {
      "aten::bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
      "aten::bucketize.Scalar_out(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
      "aten::bucketize.Tensor_out(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops

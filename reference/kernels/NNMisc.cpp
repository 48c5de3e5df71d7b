// NNMisc.cpp — reference kernels of distances (cdist, _cdist_forward, pdist, _pdist_forward, dist),
// the dropout variants (feature_dropout, alpha_dropout, feature_alpha_dropout, in-place forms too)
// and rrelu (NN family, part 5).
//
// Semantics (PyTorch 1.13, CPU): cdist needs floating operands of rank >= 2 with equal column
// counts; batch dims broadcast; result[..., i, j] is the p-norm of row i of x1 minus row j of x2
// (p = 0 counts the nonzero differences, p = inf takes the largest). 1.13 computes p = 2 through a
// matrix product for compute_mode 1 (or mode 0 / None with more than 25 rows): the same distance up
// to rounding, so the reference states the distance itself; only the dtype support differs there
// (no Half kernel for the product, BFloat16 allowed). pdist lists the distances of rows i < j of a
// 2-D input; dist is norm(self - other, p).
// Dropout variants are the identity unless training with 0 < p; p == 1 gives input * 0; 0 < p < 1
// in training is random (PyTorch's generator cannot be reproduced): NotSupported, after 1.13's
// checks. rrelu outside training is leaky_relu with slope (lower + upper) / 2; in training each
// non-positive element gets a random slope in [lower, upper] (deterministic when they are equal).
// Invariants: distances are computed in double and rounded once to the result dtype.
#include <cmath>
#include <limits>

#include "jit/tensor/Broadcast.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using namespace shape;

[[noreturn]] void notImplemented(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", dt, "'"));
}

// The p-norm of the differences of two equally long rows.
double rowDistance(const std::vector<double>& u, const std::vector<double>& v, double p) {
  double result = 0;
  for (size_t i = 0; i < u.size(); ++i) {
    const double d = std::fabs(u[i] - v[i]);
    if (p == 0) result += d != 0 ? 1 : 0;
    else if (p == std::numeric_limits<double>::infinity()) result = (std::isnan(d) || d > result) ? d : result;
    else result += std::pow(d, p);
  }
  if (p == 0 || std::isinf(p)) return result;
  return std::pow(result, 1 / p);
}

std::vector<double> row(const Tensor& t, int64_t batchIndex, int64_t r, int64_t cols) {
  // t: [batch..., rows, cols] already expanded; rows indexed in row-major order.
  std::vector<double> out(static_cast<size_t>(cols));
  const int64_t rows = t.size(-2);
  for (int64_t c = 0; c < cols; ++c) out[static_cast<size_t>(c)] = t.getDouble((batchIndex * rows + r) * cols + c);
  return out;
}

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> computeMode) {
  if (x1.dim() < 2) throw RuntimeError(str("cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D"));
  if (x2.dim() < 2) throw RuntimeError(str("cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D"));
  const int64_t cols = x1.size(-1);
  if (x2.size(-1) != cols)
    throw RuntimeError(str("X1 and X2 must have the same number of columns. X1: ", cols, " X2: ", x2.size(-1)));
  if (!isFloating(x1.dtype())) throw RuntimeError(str("cdist only supports floating-point dtypes, X1 got: ", x1.dtype()));
  if (!isFloating(x2.dtype())) throw RuntimeError(str("cdist only supports floating-point dtypes, X2 got: ", x2.dtype()));
  if (p < 0 || std::isnan(p)) throw RuntimeError("cdist only supports non-negative p values");
  const int64_t mode = computeMode ? *computeMode : 0;
  if (mode != 0 && mode != 1 && mode != 2) throw RuntimeError(str("possible modes: 0, 1, 2, but was: ", mode));
  const int64_t r1 = x1.size(-2), r2 = x2.size(-2);
  std::vector<int64_t> batch = inferBroadcastShape(std::vector<int64_t>(x1.sizes().begin(), x1.sizes().end() - 2),
                                                   std::vector<int64_t>(x2.sizes().begin(), x2.sizes().end() - 2));
  int64_t batches = 1;
  for (int64_t b : batch) batches *= b;
  std::vector<int64_t> outSizes = batch;
  outSizes.push_back(r1);
  outSizes.push_back(r2);
  const ScalarType dt = x1.dtype();
  if (batches == 0 || r1 == 0 || r2 == 0) return Tensor::empty(outSizes, dt);
  if (cols == 0) return Tensor::zeros(outSizes, dt);
  if (x2.dtype() != dt) throw RuntimeError(str("expected scalar type ", dt, " but found ", x2.dtype()));
  const bool matrixProduct = p == 2 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
  if (matrixProduct && dt == ScalarType::Half) notImplemented("addmm_impl_cpu_", dt);
  if (!matrixProduct && dt != ScalarType::Float && dt != ScalarType::Double) notImplemented("cdist", dt);
  std::vector<int64_t> s1 = batch, s2 = batch;
  s1.insert(s1.end(), {r1, cols});
  s2.insert(s2.end(), {r2, cols});
  const Tensor a = x1.expand(s1), b = x2.expand(s2);
  std::vector<double> out;
  for (int64_t n = 0; n < batches; ++n)
    for (int64_t i = 0; i < r1; ++i)
      for (int64_t j = 0; j < r2; ++j) out.push_back(rowDistance(row(a, n, i, cols), row(b, n, j, cols), p));
  return Tensor::fromDoubles(out, outSizes, dt);
}

Tensor pdistForward(const Tensor& self, double p) {
  if (!self.isContiguous()) throw RuntimeError("_pdist_forward requires contiguous input");
  const int64_t n = self.size(0), m = self.size(1);
  const int64_t pairs = n >= 2 ? n * (n - 1) / 2 : 0;
  if (pairs == 0) return Tensor::empty({0}, self.dtype());
  if (m == 0) return Tensor::zeros({pairs}, self.dtype());
  if (self.dtype() != ScalarType::Float && self.dtype() != ScalarType::Double) notImplemented("pdist", self.dtype());
  std::vector<double> out;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) out.push_back(rowDistance(row(self, 0, i, m), row(self, 0, j, m), p));
  return Tensor::fromDoubles(out, {pairs}, self.dtype());
}

// ---- dropout variants ------------------------------------------------------------------------------

std::vector<IValue> dropoutVariant(Args& a, const char* name, bool feature, bool alpha, bool inplace) {
  const Tensor input = tensorArg(a, 0);
  const double p = doubleArg(a, 1);
  const bool train = boolArg(a, 2);
  if (!(p >= 0 && p <= 1)) throw RuntimeError(str("dropout probability has to be between 0 and 1, but got ", p));
  if (!train || p == 0 || input.numel() == 0) return one(a[0]);
  if (p == 1) {  // input * 0 (keeps the dtype; NaN and inf give NaN)
    const Tensor zero = Tensor::zeros({}, input.dtype());
    if (inplace) {
      runKernel("aten::mul_.Tensor", {input, zero});
      return one(a[0]);
    }
    return one(runKernel("aten::mul.Tensor", {input, zero}));
  }
  if (feature && input.dim() < 2) throw RuntimeError("Feature dropout requires at least 2 dimensions in the input");
  if (input.dtype() == ScalarType::Half) notImplemented("bernoulli_scalar_cpu_", input.dtype());
  if (!isFloating(input.dtype())) {
    // The noise (input's dtype) is scaled by a float: alpha's noise - 1 of a Bool noise is Long.
    const ScalarType noise = alpha && input.dtype() == ScalarType::Bool ? ScalarType::Int64 : input.dtype();
    throw RuntimeError(str("result type Float can't be cast to the desired output type ", noise));
  }
  throw NotSupported(str(name, " in training mode with p=", p, " is random: the reference cannot reproduce PyTorch's random stream"),
                     str(name, " (train=True)"));
}

// ---- rrelu -----------------------------------------------------------------------------------------

std::vector<IValue> rrelu(Args& a, bool inplace) {
  const Tensor self = tensorArg(a, 0);
  const double lower = scalarDouble(a[1]), upper = scalarDouble(a[2]);
  if (!(lower <= upper)) throw RuntimeError("Lower bound should be less than or equal to the upper bound");
  if (!boolArg(a, 3)) {
    const double slope = (lower + upper) / 2;
    if (inplace) {
      runKernel("aten::leaky_relu_", {self, slope});
      return one(a[0]);
    }
    return one(runKernel("aten::leaky_relu", {self, slope}));
  }
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::BFloat16) notImplemented("rrelu_with_noise_out_cpu", dt);
  if (lower != upper)
    throw NotSupported(str(inplace ? "aten::rrelu_" : "aten::rrelu", " in training mode draws random slopes: the reference cannot reproduce PyTorch's random stream"),
                       inplace ? "aten::rrelu_ (training=True)" : "aten::rrelu (training=True)");
  Tensor out = Tensor::empty(self.sizes(), dt);
  for (int64_t i = 0; i < self.numel(); ++i) {
    const double v = self.getDouble(i);
    out.setDouble(i, v <= 0 ? v * lower : v);
  }
  if (inplace) {
    for (int64_t i = 0; i < self.numel(); ++i) self.setDouble(i, out.getDouble(i));
    self.bumpVersion();
    return one(a[0]);
  }
  return one(out);
}

}  // namespace

void registerNNMiscKernels() {
  def("aten::cdist", [](Args& a) { return one(cdist(tensorArg(a, 0), tensorArg(a, 1), doubleArg(a, 2), optIntArg(a, 3))); });
  def("aten::_cdist_forward",
      [](Args& a) { return one(cdist(tensorArg(a, 0), tensorArg(a, 1), doubleArg(a, 2), optIntArg(a, 3))); });
  def("aten::pdist", [](Args& a) {
    const Tensor self = tensorArg(a, 0);
    const double p = doubleArg(a, 1);
    if (self.dim() != 2) throw RuntimeError(str("pdist only supports 2D tensors, got: ", self.dim(), "D"));
    if (!isFloating(self.dtype())) throw RuntimeError("pdist only supports floating-point dtypes");
    if (p < 0 || std::isnan(p)) throw RuntimeError("pdist only supports non-negative p values");
    return one(pdistForward(self.contiguous(), p));
  });
  def("aten::_pdist_forward", [](Args& a) { return one(pdistForward(tensorArg(a, 0), doubleArg(a, 1))); });
  def("aten::dist", [](Args& a) {
    return one(runKernel("aten::norm.Scalar", {runKernel("aten::sub.Tensor", {a[0], a[1], int64_t{1}}), a[2]}));
  });
  def("aten::feature_dropout", [](Args& a) { return dropoutVariant(a, "aten::feature_dropout", true, false, false); });
  def("aten::alpha_dropout", [](Args& a) { return dropoutVariant(a, "aten::alpha_dropout", false, true, false); });
  def("aten::feature_alpha_dropout", [](Args& a) { return dropoutVariant(a, "aten::feature_alpha_dropout", true, true, false); });
  def("aten::feature_dropout_", [](Args& a) { return dropoutVariant(a, "aten::feature_dropout_", true, false, true); });
  def("aten::alpha_dropout_", [](Args& a) { return dropoutVariant(a, "aten::alpha_dropout_", false, true, true); });
  def("aten::feature_alpha_dropout_", [](Args& a) { return dropoutVariant(a, "aten::feature_alpha_dropout_", true, true, true); });
  def("aten::rrelu", [](Args& a) { return rrelu(a, false); });
  def("aten::rrelu_", [](Args& a) { return rrelu(a, true); });
}

}  // namespace tsjit::reference

// NNMisc.cpp — reference kernels of distances (cdist, _cdist_forward, pdist, _pdist_forward, dist),
// the dropout variants (feature_dropout, alpha_dropout, feature_alpha_dropout, in-place forms too),
// rrelu, bilinear and embedding_bag (NN family, part 5).
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
  if (self.numel() < n * m)  // 1.13 reads n x m leading elements of any rank; fewer would be past the data
    throw RuntimeError(str("_pdist_forward: a ", self.dim(), "-D input of ", self.numel(), " elements has no ", n, " x ", m, " rows"));
  std::vector<double> out;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) {
      std::vector<double> u, v;
      for (int64_t k = 0; k < m; ++k) u.push_back(self.getDouble(i * m + k)), v.push_back(self.getDouble(j * m + k));
      out.push_back(rowDistance(u, v, p));
    }
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

// ---- bilinear -----------------------------------------------------------------------------------------

// y[..., o] = sum over i, j of x1[..., i] * weight[o, i, j] * x2[..., j], plus bias[o].
std::vector<IValue> bilinear(Args& a) {
  const Tensor x1 = tensorArg(a, 0), x2 = tensorArg(a, 1), weight = tensorArg(a, 2);
  const std::optional<Tensor> bias = optTensorArg(a, 3);
  if (x1.dim() != x2.dim())
    throw RuntimeError(str("bilinear(): input dimensions do not match: got ", x1.dim(), " and ", x2.dim()));
  for (int64_t d = 0; d < x1.dim() - 1; ++d)
    if (x1.size(d) != x2.size(d))
      throw RuntimeError(str("bilinear(): input batch dimensions do not match at dim ", d, ": got ", x1.size(d), " and ", x2.size(d)));
  const int64_t in1 = x1.size(-1), in2 = x2.size(-1);
  if (in1 != weight.size(1))
    throw RuntimeError(str("bilinear(): input1 size does not match weight size: got ", in1, " but expected ", weight.size(1)));
  if (in2 != weight.size(2))
    throw RuntimeError(str("bilinear(): input2 size does not match weight size: got ", in2, " but expected ", weight.size(2)));
  const int64_t outs = weight.size(0);
  if (bias && bias->size(0) != outs)
    throw RuntimeError(str("bilinear(): bias size does not match weight size: got ", bias->size(0), " but expected ", outs));
  const ScalarType dt = x1.dtype();
  if (weight.dtype() != dt) throw RuntimeError(str("expected scalar type ", dt, " but found ", weight.dtype()));
  if (x2.dtype() != dt) throw RuntimeError(str("expected scalar type ", dt, " but found ", x2.dtype()));
  if (dt == ScalarType::Half) notImplemented("bmm", dt);
  std::vector<int64_t> sizes(x1.sizes().begin(), x1.sizes().end() - 1);
  sizes.push_back(outs);
  if (weight.dim() != 3) {  // 1.13's _trilinear accepts another rank only for an empty weight: zeros
    if (weight.numel() != 0) throw RuntimeError("number of dimensions must match");
    Tensor zero = Tensor::zeros(sizes, dt);
    return one(bias ? runKernel("aten::add.Tensor", {zero, *bias, int64_t{1}}).toTensor() : zero);
  }
  Tensor y = Tensor::empty(sizes, dt);
  int64_t rows = 1;  // the batch positions (an empty feature dim still gives bias-only rows)
  for (int64_t d = 0; d + 1 < x1.dim(); ++d) rows *= x1.size(d);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t o = 0; o < outs; ++o) {
      if (isFloating(dt)) {
        double total = 0;
        for (int64_t i = 0; i < in1; ++i)
          for (int64_t j = 0; j < in2; ++j)
            total += x1.getDouble(r * in1 + i) * weight.getDouble((o * in1 + i) * in2 + j) * x2.getDouble(r * in2 + j);
        y.setDouble(r * outs + o, total);
      } else {
        uint64_t total = 0;  // integer products wrap, as the integer bmm's do
        for (int64_t i = 0; i < in1; ++i)
          for (int64_t j = 0; j < in2; ++j)
            total += static_cast<uint64_t>(x1.getInt64(r * in1 + i)) * static_cast<uint64_t>(weight.getInt64((o * in1 + i) * in2 + j)) *
                     static_cast<uint64_t>(x2.getInt64(r * in2 + j));
        y.setInt64(r * outs + o, static_cast<int64_t>(total));
      }
    }
  if (bias) y = runKernel("aten::add.Tensor", {y, *bias, int64_t{1}}).toTensor();
  return one(y);
}

// ---- embedding_bag ------------------------------------------------------------------------------------

// Bag b holds positions [offsets[b], next) where next is offsets[b + 1] or the input's length;
// padding_idx positions contribute nothing (and do not count for the mean). 1.13 counts the last
// bag's size up to the input's length even when include_last_offset ends it earlier.
std::vector<IValue> embeddingBagImpl(const Tensor& weight, const Tensor& indices, const Tensor& offsets, int64_t mode,
                                     const std::optional<Tensor>& psw, bool includeLast, int64_t padding) {
  const std::string checking = " (while checking arguments for embedding_bag)";
  for (const auto& [t, name] : {std::pair<Tensor, const char*>{indices, "indices"}, {offsets, "offsets"}})
    if (t.dtype() != ScalarType::Int64 && t.dtype() != ScalarType::Int32)
      throw RuntimeError(str("Expected tensor for argument #1 '", name, "' to have one of the following scalar types: Long, Int; but got ",
                             legacyTypeName(t.dtype()), " instead", checking));
  const ScalarType indexType = indices.dtype() == ScalarType::Int64 || offsets.dtype() == ScalarType::Int64 ? ScalarType::Int64 : ScalarType::Int32;
  const ScalarType dt = weight.dtype();
  if (dt != ScalarType::Half && dt != ScalarType::Float && dt != ScalarType::Double) {
    const std::string got = dt == ScalarType::BFloat16 ? "CPUBFloat16Type" : legacyTypeName(dt);
    throw RuntimeError(str("Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, Double; but got ", got,
                           " instead", checking));
  }
  const int64_t length = indices.size(0), rows = weight.size(0), dim = weight.size(1);
  const int64_t numOffsets = offsets.size(0);
  // 1.13 reads size(0) entries of each index tensor's data, whatever its rank.
  for (const auto& [t, count] : {std::pair<Tensor, int64_t>{indices, length}, {offsets, numOffsets}})
    if (t.numel() < count)
      throw RuntimeError(str("embedding_bag: a ", t.dim(), "-D index tensor of ", t.numel(), " elements has no ", count, " entries"));
  if (weight.numel() < rows * dim)  // a weight of rank > 2: its first rows x dim elements
    throw RuntimeError(str("embedding_bag: a ", weight.dim(), "-D weight of ", weight.numel(), " elements has no ", rows, " x ", dim, " rows"));
  if (numOffsets > 0) {
    if (offsets.getInt64(0) != 0)
      throw RuntimeError(str("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. However, got ",
                             offsets.getInt64(0), "\n[ ", legacyTypeName(indexType), "{} ]"));  // offsets[0] printed as a 0-dim tensor
    if (offsets.getInt64(numOffsets - 1) > length)
      throw RuntimeError(str("offsets[-1] can not be greater than input's length ", length, " but got offsets[-1] of ",
                             offsets.getInt64(numOffsets - 1)));
  }
  if (psw) {
    if (mode != 0) throw RuntimeError("embedding_bag: per_sample_weights only supported with mode='sum'");
    if (psw->dtype() != dt)
      throw RuntimeError(str("Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 'per_sample_weights'; but type ",
                             legacyTypeName(dt), " does not equal ", legacyTypeName(psw->dtype()), checking));
    if (psw->dim() != 1 || psw->numel() != length)
      throw RuntimeError("Expected per_sample_weights.value().numel() == indices.numel() to be true, but got false.  "
                         "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
  }
  if (includeLast && numOffsets < 1) throw RuntimeError("include_last_offset: number of offset should be at least 1");
  for (int64_t k = 0; k < length; ++k) {
    const int64_t row = indices.getInt64(k);
    if (row >= 0 && row < rows) continue;
    if (mode != 2 && dt != ScalarType::Double)  // fbgemm's lookup reports it
      throw RuntimeError(str("[enforce fail at embedding_lookup_idx.cc:", dt == ScalarType::Half ? 216 : 214,
                             "] 0 <= idx && idx < data_size. Index ", k, " is out of bounds: ", row, ", range 0 to ", rows));
    throw RuntimeError(str("embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ", row));
  }
  const int64_t bags = std::max<int64_t>(includeLast ? numOffsets - 1 : numOffsets, 0);
  Tensor out = Tensor::zeros({bags, dim}, dt);
  std::vector<int64_t> bagOf(static_cast<size_t>(length), numOffsets == 0 ? -1 : 0), sizes(static_cast<size_t>(bags), 0);
  std::vector<int64_t> argmax(static_cast<size_t>(mode == 2 ? bags * dim : bags), 0);
  for (int64_t b = 0; b < bags; ++b) {
    const int64_t begin = offsets.getInt64(b);
    const int64_t end = b + 1 < numOffsets ? offsets.getInt64(b + 1) : length;
    const int64_t sizeEnd = b + 1 < bags ? offsets.getInt64(b + 1) : length;
    int64_t members = 0;
    for (int64_t k = begin; k < sizeEnd; ++k)
      if (indices.getInt64(k) != padding) ++members;
    for (int64_t d = 0; d < dim; ++d) {
      double acc = 0;
      bool seen = false;
      for (int64_t k = begin; k < end; ++k) {
        const int64_t row = indices.getInt64(k);
        if (row == padding) continue;
        const double v = weight.getDouble(row * dim + d);
        if (mode == 2) {
          if (!seen || v > acc) acc = v, argmax[static_cast<size_t>(b * dim + d)] = row;
        } else {
          acc += psw ? v * psw->getDouble(k) : v;
        }
        seen = true;
      }
      if (mode == 1 && members > 0) acc /= static_cast<double>(members);
      out.setDouble(b * dim + d, acc);
    }
    for (int64_t k = begin; k < end; ++k) bagOf[static_cast<size_t>(k)] = b;
    if (mode != 0) sizes[static_cast<size_t>(b)] = members;
    if (mode == 1) argmax[static_cast<size_t>(b)] = members;
  }
  if (mode == 0 && dt != ScalarType::Double && padding < 0) bagOf.clear();  // the fast sum path fills none
  std::vector<IValue> result;
  result.emplace_back(out);
  result.emplace_back(Tensor::fromInt64s(bagOf, {static_cast<int64_t>(bagOf.size())}, indexType));
  result.emplace_back(Tensor::fromInt64s(sizes, {bags}, indexType));
  result.emplace_back(Tensor::fromInt64s(argmax, mode == 2 ? std::vector<int64_t>{bags, dim} : std::vector<int64_t>{bags}, indexType));
  return result;
}

std::vector<IValue> embeddingBag(Args& a, bool publicOverload) {
  const Tensor weight = tensorArg(a, 0);
  int64_t padding = -1;
  if (publicOverload) {
    if (a.size() > 8 && !a[8].isNone()) {
      const int64_t rows = weight.size(0), p = a[8].toInt();
      if (p < -rows || p >= rows)
        throw RuntimeError(str("padding_idx must be within the number of embeddings, -", rows, " through ", rows - 1, ", but got ", p));
      padding = p < 0 ? p + rows : p;
    }
  } else {
    padding = intArg(a, 8);
  }
  return embeddingBagImpl(weight, tensorArg(a, 1), tensorArg(a, 2), intArg(a, 4), optTensorArg(a, 6), boolArg(a, 7), padding);
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
  def("aten::feature_dropout", [](Args& a) { return dropoutVariant(a, "aten::feature_dropout", true, false, false); });
  def("aten::alpha_dropout", [](Args& a) { return dropoutVariant(a, "aten::alpha_dropout", false, true, false); });
  def("aten::feature_alpha_dropout", [](Args& a) { return dropoutVariant(a, "aten::feature_alpha_dropout", true, true, false); });
  def("aten::feature_dropout_", [](Args& a) { return dropoutVariant(a, "aten::feature_dropout_", true, false, true); });
  def("aten::alpha_dropout_", [](Args& a) { return dropoutVariant(a, "aten::alpha_dropout_", false, true, true); });
  def("aten::feature_alpha_dropout_", [](Args& a) { return dropoutVariant(a, "aten::feature_alpha_dropout_", true, true, true); });
  def("aten::rrelu", [](Args& a) { return rrelu(a, false); });
  def("aten::rrelu_", [](Args& a) { return rrelu(a, true); });
  def("aten::bilinear", bilinear);
  def("aten::embedding_bag", [](Args& a) { return embeddingBag(a, true); });
  def("aten::embedding_bag.padding_idx", [](Args& a) { return embeddingBag(a, true); });
  def("aten::_embedding_bag", [](Args& a) { return embeddingBag(a, false); });
}

}  // namespace tsjit::reference

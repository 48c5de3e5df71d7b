// NNMisc.cpp — optimized kernels of the NN family, part 5: distances (cdist, _cdist_forward,
// pdist, _pdist_forward, dist), the dropout variants (feature_dropout, alpha_dropout,
// feature_alpha_dropout and their in-place forms), rrelu, bilinear and embedding_bag.
// Semantics (PyTorch 1.13 CPU): cdist takes floating >= 2-D operands with equal column counts and
// broadcast batch dims; p = 2 with compute_mode 1, or with mode 0 / None and more than 25 rows on
// a side, goes through a matrix product (|x|^2 + |y|^2 - 2 x.y, clamped at 0, then sqrt), every
// other case through the direct p-norm of the differences. pdist is the upper triangle (i < j,
// row-major) of the direct distances of a 2-D input's rows. dist is norm(self - other, p).
// Dropout variants return the input itself when not training, when p == 0 or when it is empty,
// input * 0 when p == 1, and otherwise a random mask (PyTorch's generator cannot be reproduced;
// only the distribution and the shapes match): per element, or per (N, C) feature map. rrelu
// outside training is leaky_relu with slope (lower + upper) / 2; in training a random slope per
// non-positive element.
// Invariants: distances accumulate in double (the matrix-product path in the operand dtype's
// float precision, as 1.13 does) and round once to the result dtype.
#include <cmath>
#include <limits>
#include <optional>
#include <random>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

[[noreturn]] void notImpl(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dt), "'"));
}

Tensor k(const char* overload, std::vector<IValue> args) { return runKernel(overload, std::move(args)).toTensor(); }

// p-norm of the n differences a[i] - b[i] (p = 0: count of nonzero differences; inf: largest).
double pDistance(const double* a, const double* b, int64_t n, double p) {
  if (p == 0) {
    double c = 0;
    for (int64_t i = 0; i < n; ++i) c += (a[i] - b[i]) != 0 ? 1 : 0;
    return c;
  }
  if (std::isinf(p)) {
    double m = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double d = std::fabs(a[i] - b[i]);
      m = std::isnan(d) || d > m ? d : m;
    }
    return m;
  }
  double s = 0;
  if (p == 1) {
    for (int64_t i = 0; i < n; ++i) s += std::fabs(a[i] - b[i]);
    return s;
  }
  if (p == 2) {
    for (int64_t i = 0; i < n; ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
    return std::sqrt(s);
  }
  for (int64_t i = 0; i < n; ++i) s += std::pow(std::fabs(a[i] - b[i]), p);
  return std::pow(s, 1 / p);
}

// The matrix-product distance of two rows in T's precision, in the order of 1.13's
// [-2x, |x|^2, 1] . [y, 1, |y|^2].
template <typename T>
double mmDistance(const double* a, const double* b, int64_t n) {
  T xn = 0, yn = 0, acc = 0;
  for (int64_t i = 0; i < n; ++i) xn += static_cast<T>(a[i]) * static_cast<T>(a[i]);
  for (int64_t i = 0; i < n; ++i) yn += static_cast<T>(b[i]) * static_cast<T>(b[i]);
  for (int64_t i = 0; i < n; ++i) acc += static_cast<T>(-2 * static_cast<T>(a[i])) * static_cast<T>(b[i]);
  acc += xn;
  acc += yn;
  return std::sqrt(static_cast<double>(std::max(acc, T(0))));
}

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> computeMode) {
  if (x1.dim() < 2) throw RuntimeError(str("cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D"));
  if (x2.dim() < 2) throw RuntimeError(str("cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D"));
  const int64_t c = x1.size(-1);
  if (c != x2.size(-1))
    throw RuntimeError(str("X1 and X2 must have the same number of columns. X1: ", c, " X2: ", x2.size(-1)));
  if (!isFloating(x1)) throw RuntimeError(str("cdist only supports floating-point dtypes, X1 got: ", irName(x1.dtype())));
  if (!isFloating(x2)) throw RuntimeError(str("cdist only supports floating-point dtypes, X2 got: ", irName(x2.dtype())));
  if (!(p >= 0)) throw RuntimeError("cdist only supports non-negative p values");
  const int64_t mode = computeMode.value_or(0);
  if (mode < 0 || mode > 2) throw RuntimeError(str("possible modes: 0, 1, 2, but was: ", mode));
  const int64_t r1 = x1.size(-2), r2 = x2.size(-2);
  const std::vector<int64_t> b1(x1.sizes().begin(), x1.sizes().end() - 2), b2(x2.sizes().begin(), x2.sizes().end() - 2);
  std::vector<int64_t> outShape = inferBroadcastShape(b1, b2);
  int64_t batch = 1;
  for (int64_t s : outShape) batch *= s;
  outShape.push_back(r1);
  outShape.push_back(r2);
  const ScalarType dt = x1.dtype();
  if (r1 == 0 || r2 == 0 || batch == 0) return Tensor::empty(outShape, dt);
  if (c == 0) return Tensor::zeros(outShape, dt);
  const bool viaMm = p == 2 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
  if (x2.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(x2.dtype())));
  if (viaMm && dt == ScalarType::Half) notImpl("addmm_impl_cpu_", dt);
  if (!viaMm && dt != ScalarType::Float && dt != ScalarType::Double) notImpl("cdist", dt);
  std::vector<int64_t> e1 = outShape, e2 = outShape;
  e1[e1.size() - 1] = c;
  e2[e2.size() - 2] = r2;
  e2[e2.size() - 1] = c;
  const std::vector<double> a = toVector<double>(x1.expand(e1)), b = toVector<double>(x2.expand(e2));
  std::vector<double> out(static_cast<size_t>(batch * r1 * r2));
  for (int64_t n = 0; n < batch; ++n)
    for (int64_t i = 0; i < r1; ++i)
      for (int64_t j = 0; j < r2; ++j) {
        const double* ra = a.data() + (n * r1 + i) * c;
        const double* rb = b.data() + (n * r2 + j) * c;
        out[(n * r1 + i) * r2 + j] = !viaMm ? pDistance(ra, rb, c, p)
                                     : dt == ScalarType::Double ? mmDistance<double>(ra, rb, c)
                                                                 : mmDistance<float>(ra, rb, c);
      }
  return Tensor::fromDoubles(out, outShape, dt);
}

Tensor pdistForward(const Tensor& self, double p) {
  if (!self.isContiguous()) throw RuntimeError("_pdist_forward requires contiguous input");
  const int64_t n = self.size(0), m = self.size(1);
  const ScalarType dt = self.dtype();
  const int64_t pairs = n > 1 ? n * (n - 1) / 2 : 0;
  if (n <= 1) return Tensor::empty({pairs}, dt);
  if (m == 0) return Tensor::zeros({pairs}, dt);
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImpl("pdist", dt);
  // 1.13 reads the first n * m elements whatever the rank; fewer than that would read past the data.
  if (self.numel() < n * m)
    throw RuntimeError(str("_pdist_forward: a ", self.dim(), "-D input of ", self.numel(), " elements has no ", n, " x ", m, " rows"));
  const std::vector<double> x = toVector<double>(self);
  std::vector<double> out;
  out.reserve(static_cast<size_t>(pairs));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) out.push_back(pDistance(x.data() + i * m, x.data() + j * m, m, p));
  return Tensor::fromDoubles(out, {pairs}, dt);
}

Tensor pdist(const Tensor& self, double p) {
  if (self.dim() != 2) throw RuntimeError(str("pdist only supports 2D tensors, got: ", self.dim(), "D"));
  if (!isFloating(self)) throw RuntimeError("pdist only supports floating-point dtypes");
  if (!(p >= 0)) throw RuntimeError("pdist only supports non-negative p values");
  return pdistForward(self.contiguous(), p);
}

// ---- dropout variants ------------------------------------------------------------------------------

std::mt19937_64& rng() {
  static thread_local std::mt19937_64 r(0x5eed);
  return r;
}

IValue dropoutVariant(const IValue& inputV, double p, bool train, bool feature, bool alpha, bool inplace) {
  if (!(p >= 0 && p <= 1)) throw RuntimeError(str("dropout probability has to be between 0 and 1, but got ", p));
  const Tensor input = inputV.toTensor();
  if (p == 0 || !train || input.numel() == 0) return inputV;
  const Tensor zero = Tensor::zeros({}, input.dtype());
  if (p == 1) {
    if (inplace) {
      runKernel("aten::mul_.Tensor", {input, zero});
      return inputV;
    }
    return runKernel("aten::mul.Tensor", {input, zero});
  }
  if (feature && input.dim() < 2) throw RuntimeError("Feature dropout requires at least 2 dimensions in the input");
  const ScalarType dt = input.dtype();
  if (dt == ScalarType::Half) notImpl("bernoulli_scalar_cpu_", dt);
  if (!isFloatingType(dt))  // the noise's scaling step casts a float result back to the noise dtype
    throw RuntimeError(str("result type Float can't be cast to the desired output type ",
                           irName(alpha && dt == ScalarType::Bool ? ScalarType::Int64 : dt)));
  std::vector<int64_t> noiseShape = input.sizes();
  if (feature)
    for (size_t d = 2; d < noiseShape.size(); ++d) noiseShape[d] = 1;
  int64_t noiseCount = 1;
  for (int64_t s : noiseShape) noiseCount *= s;
  std::bernoulli_distribution keep(1 - p);
  std::vector<double> scale(static_cast<size_t>(noiseCount)), shift(static_cast<size_t>(noiseCount), 0.0);
  constexpr double kAlpha = 1.7580993408473766;
  const double a = 1 / std::sqrt((kAlpha * kAlpha * p + 1) * (1 - p));
  for (size_t i = 0; i < scale.size(); ++i) {
    const double kept = keep(rng()) ? 1.0 : 0.0;
    if (alpha) {
      shift[i] = (kept - 1) * kAlpha * a + kAlpha * a * p;
      scale[i] = kept * a;
    } else {
      scale[i] = kept / (1 - p);
    }
  }
  const Tensor scaleT = Tensor::fromDoubles(scale, noiseShape, dt), shiftT = Tensor::fromDoubles(shift, noiseShape, dt);
  if (inplace) {
    runKernel("aten::mul_.Tensor", {input, scaleT});
    if (alpha) runKernel("aten::add_.Tensor", {input, shiftT, int64_t{1}});
    return inputV;
  }
  Tensor out = k("aten::mul.Tensor", {input, scaleT});
  if (alpha) runKernel("aten::add_.Tensor", {out, shiftT, int64_t{1}});
  return IValue(out);
}

// ---- rrelu -----------------------------------------------------------------------------------------

IValue rrelu(const IValue& selfV, double lower, double upper, bool training, bool inplace) {
  if (!(lower <= upper)) throw RuntimeError("Lower bound should be less than or equal to the upper bound");
  const Tensor self = selfV.toTensor();
  if (!training) {
    const double slope = (lower + upper) / 2;
    if (inplace) {
      runKernel("aten::leaky_relu_", {self, slope});
      return selfV;
    }
    return runKernel("aten::leaky_relu", {self, slope});
  }
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::BFloat16) notImpl("rrelu_with_noise_out_cpu", dt);
  std::uniform_real_distribution<double> slope(lower, upper);
  std::vector<double> x = toVector<double>(self);
  for (double& v : x)
    if (v <= 0) v *= lower == upper ? lower : slope(rng());
  const Tensor out = Tensor::fromDoubles(x, self.sizes(), dt);
  if (inplace) {
    self.copy_(out);
    return selfV;
  }
  return IValue(out);
}

// ---- bilinear ----------------------------------------------------------------------------------------

// out[..., o] = sum_ij x1[..., i] W[o, i, j] x2[..., j] (+ bias[o]); 1.13's checks in its order,
// operands of one dtype (its bmm: no Half), integers exact.
Tensor bilinear(const Tensor& x1, const Tensor& x2, const Tensor& w, const Tensor& bias) {
  if (x1.dim() != x2.dim())
    throw RuntimeError(str("bilinear(): input dimensions do not match: got ", x1.dim(), " and ", x2.dim()));
  for (int64_t d = 0; d + 1 < x1.dim(); ++d)
    if (x1.size(d) != x2.size(d))
      throw RuntimeError(str("bilinear(): input batch dimensions do not match at dim ", d, ": got ", x1.size(d), " and ", x2.size(d)));
  const int64_t I = x1.size(-1), J = x2.size(-1);
  if (I != w.size(1)) throw RuntimeError(str("bilinear(): input1 size does not match weight size: got ", I, " but expected ", w.size(1)));
  if (J != w.size(2)) throw RuntimeError(str("bilinear(): input2 size does not match weight size: got ", J, " but expected ", w.size(2)));
  const int64_t O = w.size(0);
  if (bias.defined() && bias.size(0) != O)
    throw RuntimeError(str("bilinear(): bias size does not match weight size: got ", bias.size(0), " but expected ", O));
  const ScalarType dt = x1.dtype();
  if (w.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(w.dtype())));
  if (x2.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(x2.dtype())));
  if (dt == ScalarType::Half) notImpl("bmm", dt);
  std::vector<int64_t> outShape(x1.sizes().begin(), x1.sizes().end() - 1);
  outShape.push_back(O);
  if (w.dim() != 3) {  // _trilinear: a weight of another rank only passes when empty (a zero result)
    if (w.numel() != 0) throw RuntimeError("number of dimensions must match");
    Tensor zero = Tensor::zeros(outShape, dt);
    return bias.defined() ? k("aten::add.Tensor", {zero, bias, int64_t{1}}) : zero;
  }
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < x1.dim(); ++d) rows *= x1.size(d);
  Tensor out;
  if (isFloatingType(dt)) {
    const std::vector<double> a = toVector<double>(x1), b = toVector<double>(x2), wv = toVector<double>(w);
    std::vector<double> r(static_cast<size_t>(rows * O), 0.0);
    for (int64_t n = 0; n < rows; ++n)
      for (int64_t o = 0; o < O; ++o) {
        double s = 0;
        for (int64_t i = 0; i < I; ++i) {
          const double ai = a[n * I + i];
          const double* wr = wv.data() + (o * I + i) * J;
          const double* bn = b.data() + n * J;
          double inner = 0;
          for (int64_t j = 0; j < J; ++j) inner += wr[j] * bn[j];
          s += ai * inner;
        }
        r[n * O + o] = s;
      }
    out = Tensor::fromDoubles(r, outShape, dt);
  } else {
    const std::vector<int64_t> a = toVector<int64_t>(x1), b = toVector<int64_t>(x2), wv = toVector<int64_t>(w);
    std::vector<int64_t> r(static_cast<size_t>(rows * O), 0);
    for (int64_t n = 0; n < rows; ++n)
      for (int64_t o = 0; o < O; ++o) {
        uint64_t s = 0;  // wrapping, as the integer bmm does
        for (int64_t i = 0; i < I; ++i)
          for (int64_t j = 0; j < J; ++j)
            s += static_cast<uint64_t>(a[n * I + i]) * static_cast<uint64_t>(wv[(o * I + i) * J + j]) * static_cast<uint64_t>(b[n * J + j]);
        r[n * O + o] = static_cast<int64_t>(s);
      }
    out = Tensor::fromInt64s(r, outShape, dt);
  }
  if (bias.defined()) out = k("aten::add.Tensor", {out, bias, int64_t{1}});
  return out;
}

// ---- embedding_bag -----------------------------------------------------------------------------------

// _embedding_bag (CPU): bags [offsets[b], offsets[b + 1]) of rows of weight (the last bag ends at
// the input's end, or at the last offset with include_last_offset), summed (times
// per_sample_weights), averaged or max-reduced; indices equal to padding_idx are skipped. Results:
// (output [B, D], offset2bag, bag_size, max_indices) as 1.13 fills them.
std::vector<Tensor> embeddingBag(const Tensor& weight, Tensor indices, Tensor offsets, int64_t mode,
                                 const Tensor& psw, bool includeLast, int64_t paddingIdx) {
  const char* kWhile = " (while checking arguments for embedding_bag)";
  auto indexType = [&](const Tensor& t, const char* name) {
    if (t.dtype() != ScalarType::Int64 && t.dtype() != ScalarType::Int32)
      throw RuntimeError(str("Expected tensor for argument #1 '", name,
                             "' to have one of the following scalar types: Long, Int; but got ", legacyTypeName(t.dtype()),
                             " instead", kWhile));
  };
  indexType(indices, "indices");
  indexType(offsets, "offsets");
  const ScalarType it = promoteTypes(indices.dtype(), offsets.dtype());
  const ScalarType dt = weight.dtype();
  if (dt != ScalarType::Half && dt != ScalarType::Float && dt != ScalarType::Double)
    throw RuntimeError(str("Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, Double; but got ",
                           dt == ScalarType::BFloat16 ? std::string("CPUBFloat16Type") : legacyTypeName(dt), " instead", kWhile));
  const int64_t n = indices.size(0), V = weight.size(0), D = weight.size(1);
  // 1.13 reads indices.size(0) indices and offsets.size(0) offsets from the (contiguous) data.
  auto leading = [](const Tensor& t, int64_t count) {
    if (t.numel() < count)
      throw RuntimeError(str("embedding_bag: a ", t.dim(), "-D index tensor of ", t.numel(), " elements has no ", count, " entries"));
    std::vector<int64_t> v = toVector<int64_t>(t);
    v.resize(static_cast<size_t>(count));
    return v;
  };
  const std::vector<int64_t> idx = leading(indices, n), off = leading(offsets, offsets.size(0));
  if (weight.numel() < V * D)  // a weight of rank > 2 is read as its first V x D elements
    throw RuntimeError(str("embedding_bag: a ", weight.dim(), "-D weight of ", weight.numel(), " elements has no ", V, " x ", D, " rows"));
  if (!off.empty()) {
    if (off[0] != 0)
      throw RuntimeError(str("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. However, got ", off[0],
                               "\n[ ", legacyTypeName(it), "{} ]"));  // 1.13 prints offsets[0] as a tensor
    if (off.back() > n)
      throw RuntimeError(str("offsets[-1] can not be greater than input's length ", n, " but got offsets[-1] of ", off.back()));
  }
  if (psw.defined()) {
    if (mode != 0) throw RuntimeError("embedding_bag: per_sample_weights only supported with mode='sum'");
    if (psw.dtype() != dt)
      throw RuntimeError(str("Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 'per_sample_weights'; but type ",
                             legacyTypeName(dt), " does not equal ", legacyTypeName(psw.dtype()), kWhile));
    if (psw.dim() != 1 || psw.numel() != n)
      throw RuntimeError("Expected per_sample_weights.value().numel() == indices.numel() to be true, but got false.  "
                         "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
  }
  if (includeLast && off.empty()) throw RuntimeError("include_last_offset: number of offset should be at least 1");
  const int64_t B = includeLast ? static_cast<int64_t>(off.size()) - 1 : static_cast<int64_t>(off.size());
  const bool fbgemmPath = mode != 2 && dt != ScalarType::Double;  // its range message differs
  for (int64_t i = 0; i < n; ++i)
    if (idx[i] < 0 || idx[i] >= V) {
      if (fbgemmPath)
        throw RuntimeError(str("[enforce fail at embedding_lookup_idx.cc:", dt == ScalarType::Half ? 216 : 214,
                               "] 0 <= idx && idx < data_size. Index ", i, " is out of bounds: ", idx[i], ", range 0 to ", V));
      throw RuntimeError(str("embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ", idx[i]));
    }
  // Rows are read in place (an embedding table can be large): one row at a time, as doubles.
  const Tensor wc = weight.contiguous();
  std::vector<double> rowBuf(static_cast<size_t>(D));
  auto readRow = [&](int64_t r) -> const double* {
    visitScalarType(dt, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* p = static_cast<const T*>(wc.data()) + r * D;
      for (int64_t d = 0; d < D; ++d) rowBuf[static_cast<size_t>(d)] = convertScalar<double>(p[d]);
    });
    return rowBuf.data();
  };
  const std::vector<double> pw = psw.defined() ? toVector<double>(psw) : std::vector<double>{};
  std::vector<double> out(static_cast<size_t>(std::max<int64_t>(B, 0) * D), 0.0);
  std::vector<int64_t> offset2bag(static_cast<size_t>(n), 0), bagSize(static_cast<size_t>(std::max<int64_t>(B, 0)), 0);
  std::vector<int64_t> maxIdx(static_cast<size_t>(mode == 2 ? std::max<int64_t>(B, 0) * D : std::max<int64_t>(B, 0)), 0);
  for (int64_t b = 0; b < B; ++b) {
    const int64_t start = off[b];
    const int64_t end = b + 1 < static_cast<int64_t>(off.size()) ? off[b + 1] : n;
    const int64_t countEnd = b + 1 < B ? off[b + 1] : n;  // 1.13 sizes the last bag to the input's end
    int64_t count = 0;
    for (int64_t i = start; i < countEnd; ++i) count += idx[i] != paddingIdx ? 1 : 0;
    bool first = true;
    for (int64_t i = start; i < end; ++i) {
      offset2bag[i] = b;
      if (idx[i] == paddingIdx) continue;
      const double* row = readRow(idx[i]);
      for (int64_t d = 0; d < D; ++d) {
        double& o = out[b * D + d];
        if (mode == 2) {
          if (first || row[d] > o) o = row[d], maxIdx[b * D + d] = idx[i];
        } else {
          o += row[d] * (pw.empty() ? 1.0 : pw[i]);
        }
      }
      first = false;
    }
    if (mode == 1 && count > 0)
      for (int64_t d = 0; d < D; ++d) out[b * D + d] /= static_cast<double>(count);
    if (mode != 0) bagSize[b] = count;
    if (mode == 1) maxIdx[b] = count;
  }
  // Past the last bag, 1.13 leaves offset2bag at the last bag index (-1 with no bags at all).
  if (B <= 0) std::fill(offset2bag.begin(), offset2bag.end(), off.empty() ? -1 : 0);
  const bool noOffset2bag = mode == 0 && dt != ScalarType::Double && paddingIdx < 0;
  std::vector<int64_t> o2b = noOffset2bag ? std::vector<int64_t>{} : offset2bag;
  const int64_t Bn = std::max<int64_t>(B, 0);
  return {Tensor::fromDoubles(out, {Bn, D}, dt), Tensor::fromInt64s(o2b, {static_cast<int64_t>(o2b.size())}, it),
          Tensor::fromInt64s(bagSize, {Bn}, it),
          Tensor::fromInt64s(maxIdx, mode == 2 ? std::vector<int64_t>{Bn, D} : std::vector<int64_t>{Bn}, it)};
}

// The public overloads: padding_idx (optional) within [-V, V), wrapped; then _embedding_bag.
int64_t embeddingBagPadding(const Tensor& weight, const IValue& paddingIdx) {
  if (paddingIdx.isNone()) return -1;
  const int64_t V = weight.size(0), p = paddingIdx.toInt();
  if (p < -V || p >= V)
    throw RuntimeError(str("padding_idx must be within the number of embeddings, -", V, " through ", V - 1, ", but got ", p));
  return p < 0 ? p + V : p;
}

Operation embeddingBagOp(bool publicOverload) {
  return [publicOverload](Stack& s, size_t nargs) {
    IValue* a = s.data() + (s.size() - nargs);
    const Tensor weight = a[0].toTensor();
    const int64_t pad = publicOverload ? (nargs > 8 ? embeddingBagPadding(weight, a[8]) : -1) : a[8].toInt();
    std::vector<Tensor> r = embeddingBag(weight, a[1].toTensor(), a[2].toTensor(), a[4].toInt(), optTensor(a[6]), a[7].toBool(), pad);
    drop(s, nargs);
    for (Tensor& t : r) s.push_back(IValue(std::move(t)));
  };
}

}  // namespace

void registerNNMiscKernels() {
  auto optInt = [](const IValue& v) { return v.isNone() ? std::optional<int64_t>() : std::optional<int64_t>(v.toInt()); };
  def("aten::cdist", op([optInt](IValue* a) {
        return IValue(cdist(a[0].toTensor(), a[1].toTensor(), a[2].toDouble(), optInt(a[3])));
      }));
  def("aten::_cdist_forward", op([optInt](IValue* a) {
        return IValue(cdist(a[0].toTensor(), a[1].toTensor(), a[2].toDouble(), optInt(a[3])));
      }));
  def("aten::pdist", op([](IValue* a) { return IValue(pdist(a[0].toTensor(), a[1].toDouble())); }));
  def("aten::_pdist_forward", op([](IValue* a) { return IValue(pdistForward(a[0].toTensor(), a[1].toDouble())); }));
  struct Variant {
    const char* name;
    bool feature, alpha, inplace;
  };
  for (const Variant v : {Variant{"aten::feature_dropout", true, false, false}, Variant{"aten::alpha_dropout", false, true, false},
                          Variant{"aten::feature_alpha_dropout", true, true, false},
                          Variant{"aten::feature_dropout_", true, false, true}, Variant{"aten::alpha_dropout_", false, true, true},
                          Variant{"aten::feature_alpha_dropout_", true, true, true}})
    def(v.name, op([v](IValue* a) { return dropoutVariant(a[0], a[1].toDouble(), a[2].toBool(), v.feature, v.alpha, v.inplace); }));
  def("aten::rrelu", op([](IValue* a) { return rrelu(a[0], scalarD(a[1]), scalarD(a[2]), a[3].toBool(), false); }));
  def("aten::rrelu_", op([](IValue* a) { return rrelu(a[0], scalarD(a[1]), scalarD(a[2]), a[3].toBool(), true); }));
  def("aten::bilinear", op([](IValue* a) {
        return IValue(bilinear(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), optTensor(a[3])));
      }));
  def("aten::embedding_bag", embeddingBagOp(true));
  def("aten::embedding_bag.padding_idx", embeddingBagOp(true));
  def("aten::_embedding_bag", embeddingBagOp(false));
}

}  // namespace tsjit::kernels

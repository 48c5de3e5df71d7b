// OpErrorBound.cpp — per-element error bounds of one op execution (OpErrorBound.h).
// Invariant: a bound vector always has one entry per logical element of the output it was built
// for; every model reads its operands in float64 and never throws past compareOptionsForOp (a
// model that cannot be built falls back to the scalar rule).
#include "conformance/lib/OpErrorBound.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string_view>

#include "jit/tensor/Half.h"
#include "reference/Kernel.h"

namespace tsjit::conformance {

namespace {

using Bounds = std::vector<double>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool isOneOf(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Sums of (products of) operand terms: every output element is Σ c * Π operands.
bool isSumOfTerms(std::string_view op) {
  return isOneOf(op, {"aten::sum", "aten::cumsum", "aten::mm", "aten::bmm", "aten::matmul", "aten::mv", "aten::dot",
                      "aten::addmm", "aten::addmv", "aten::addr", "aten::baddbmm", "aten::linear", "aten::einsum",
                      "aten::trace", "aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::conv_transpose1d",
                      "aten::conv_transpose2d", "aten::conv_transpose3d", "aten::_convolution", "aten::convolution",
                      "aten::scatter_add", "aten::index_add", "aten::inner", "aten::vdot", "aten::tensordot",
                      "aten::chain_matmul", "aten::linalg_multi_dot", "aten::addbmm", "aten::kron", "aten::linalg_vecdot"});
}
// Averages: the op on magnitudes gives Σ|terms| (the terms are x / n); n comes from the shapes.
bool isAverage(std::string_view op) {
  return isOneOf(op, {"aten::mean", "aten::avg_pool1d", "aten::avg_pool2d", "aten::avg_pool3d",
                      "aten::adaptive_avg_pool1d", "aten::adaptive_avg_pool2d", "aten::adaptive_avg_pool3d"});
}
bool isMatmulFamily(std::string_view op) {
  return isOneOf(op, {"aten::mm", "aten::bmm", "aten::matmul", "aten::mv", "aten::dot", "aten::addmm", "aten::addmv",
                      "aten::addr", "aten::baddbmm", "aten::linear", "aten::einsum", "aten::trace", "aten::inner",
                      "aten::vdot", "aten::tensordot", "aten::chain_matmul", "aten::linalg_multi_dot", "aten::addbmm",
                      "aten::kron"});
}

enum class Replace { Magnitude, One };

// Floating tensors (also in lists) become float64 |x| or ones; float scalars |c| or 1. Integral
// tensors and int scalars become |x| / ones only for the matmul family (there they are operands
// and multipliers, elsewhere indices and dims).
IValue replaced(const IValue& v, Replace how, bool integralOperands) {
  if (v.isTensor()) {
    const Tensor t = v.toTensor();
    if (!t.defined() || t.dtype() == ScalarType::Bool) return v;
    if (!isFloatingType(t.dtype())) {
      if (!integralOperands) return v;
      Tensor m = Tensor::empty(t.sizes(), t.dtype());
      for (int64_t i = 0; i < t.numel(); ++i) {
        const int64_t x = t.getInt64(i);
        m.setInt64(i, how == Replace::One ? 1 : (x < 0 && x != INT64_MIN ? -x : x));
      }
      return IValue(m);
    }
    Tensor m = Tensor::empty(t.sizes(), ScalarType::Double);
    for (int64_t i = 0; i < t.numel(); ++i) m.setDouble(i, how == Replace::One ? 1.0 : std::fabs(t.getDouble(i)));
    return IValue(m);
  }
  if (v.isDouble()) return IValue(how == Replace::One ? 1.0 : std::fabs(v.toDouble()));
  // An int beta / alpha of the matmul family (addmm(x, a, b, -2, ...)) is a multiplier too: a
  // negative one made the magnitude sum, and so the bound, negative (the ops fuzzer found it).
  if (v.isInt() && integralOperands) {
    const int64_t x = v.toInt();
    return IValue(how == Replace::One ? int64_t{1} : (x < 0 && x != INT64_MIN ? -x : x));
  }
  if (v.isList()) {
    const auto& items = v.toListRef().items;
    if (items.empty() || !std::all_of(items.begin(), items.end(), [](const IValue& x) { return x.isTensor(); })) return v;
    std::vector<IValue> out;
    for (const IValue& x : items) out.push_back(replaced(x, how, integralOperands));
    return makeList(TensorType::get(), std::move(out));
  }
  return v;
}

// Output `index` of the reference kernel run on the replaced arguments, as doubles in logical
// order; empty when the kernel is missing, raises or returns something else.
std::vector<double> runReplaced(const ops::OpOverload& ov, const std::vector<IValue>& inputs, Replace how, size_t index,
                                int64_t numel) {
  const reference::ReferenceKernel* k = reference::findKernel(ov);
  if (!k) return {};
  const bool integral = isMatmulFamily(ov.op().name());
  std::vector<IValue> args;
  for (const IValue& v : inputs) args.push_back(replaced(v, how, integral));
  try {
    std::vector<IValue> outs = k->run(args);
    if (index >= outs.size() || !outs[index].isTensor()) return {};
    const Tensor t = outs[index].toTensor();
    if (!t.defined() || t.numel() != numel) return {};
    std::vector<double> r(static_cast<size_t>(numel));
    for (int64_t i = 0; i < numel; ++i) r[static_cast<size_t>(i)] = t.getDouble(i);
    return r;
  } catch (...) {
    return {};
  }
}

int64_t largestNumel(const std::vector<IValue>& inputs) {
  int64_t n = 1;
  for (const IValue& v : inputs) {
    if (v.isTensor() && v.toTensor().defined()) n = std::max(n, v.toTensor().numel());
    if (v.isList())
      for (const IValue& x : v.toListRef().items)
        if (x.isTensor() && x.toTensor().defined()) n = std::max(n, x.toTensor().numel());
  }
  return n;
}

double maxFinite(ScalarType accumulation) {
  return accumulation == ScalarType::Double ? std::numeric_limits<double>::max() : std::numeric_limits<float>::max();
}

std::vector<int64_t> intList(const IValue& v) {
  if (v.isInt()) return {v.toInt()};
  std::vector<int64_t> r;
  if (v.isList())
    for (const IValue& x : v.toListRef().items)
      if (x.isInt()) r.push_back(x.toInt());
  return r;
}

// Terms per element of an average (mean: reduced numel; pools: the window).
int64_t averagedTerms(std::string_view op, const std::vector<IValue>& inputs, const Tensor& out) {
  const Tensor x = inputs[0].toTensor();
  if (op == "aten::mean") return out.numel() > 0 ? std::max<int64_t>(1, x.numel() / out.numel()) : 1;
  const bool adaptive = op.find("adaptive") != std::string_view::npos;
  const int64_t spatial = op.ends_with("1d") ? 1 : op.ends_with("3d") ? 3 : 2;
  std::vector<int64_t> k = inputs.size() > 1 ? intList(inputs[1]) : std::vector<int64_t>{};
  int64_t n = 1;
  for (int64_t d = 0; d < spatial; ++d) {
    const int64_t in = x.dim() > d ? x.size(x.dim() - spatial + d) : 1;
    if (adaptive) {
      const int64_t o = out.dim() > d ? std::max<int64_t>(1, out.size(out.dim() - spatial + d)) : 1;
      n *= (in + o - 1) / o + 1;
    } else {
      n *= k.empty() ? in : k[static_cast<size_t>(std::min<int64_t>(d, static_cast<int64_t>(k.size()) - 1))];
    }
  }
  return std::max<int64_t>(n, 1);
}

// bound_i = k * n_i * eps_acc * S_i for sums of terms and averages.
Bounds sumOfTermsBounds(const ops::OpOverload& ov, double k, const std::vector<IValue>& inputs, const Tensor& out,
                        size_t index, int64_t& terms) {
  const std::string_view op = ov.op().name();
  const int64_t numel = out.numel();
  std::vector<double> s = runReplaced(ov, inputs, Replace::Magnitude, index, numel);
  if (s.empty() && numel > 0) return {};
  std::vector<double> n;
  if (isAverage(op)) {
    if (inputs.empty() || !inputs[0].isTensor()) return {};
    n.assign(static_cast<size_t>(numel), static_cast<double>(averagedTerms(op, inputs, out)));
  } else {
    n = runReplaced(ov, inputs, Replace::One, index, numel);
  }
  if (n.size() != s.size()) return {};
  const ScalarType acc = out.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  const double eps = accumulationEpsilon(out.dtype());
  Bounds b(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (!std::isfinite(s[i])) b[i] = kNaN;  // a non-finite term reaches this element
    else if (s[i] > maxFinite(acc)) b[i] = kInf;  // its terms may overflow, depending on their order
    else b[i] = k * std::max(1.0, n[i]) * eps * s[i];
    if (std::isfinite(n[i])) terms = std::max(terms, static_cast<int64_t>(n[i]));
  }
  return b;
}

// prod: relative, n terms per element.
Bounds productBounds(const ops::OpOverload& ov, double k, const std::vector<IValue>& inputs, const Tensor& out,
                     size_t index, int64_t& terms) {
  std::vector<double> s = runReplaced(ov, inputs, Replace::Magnitude, index, out.numel());
  if (s.empty() && out.numel() > 0) return {};
  const double n = static_cast<double>(out.numel() > 0 ? std::max<int64_t>(1, inputs[0].toTensor().numel() / out.numel()) : 1);
  terms = static_cast<int64_t>(n);
  const double eps = accumulationEpsilon(out.dtype());
  Bounds b(s.size());
  // |s|: an integral self with dtype= is not replaced by its magnitudes, so its product may be
  // negative (prod(int64, dtype=float32) got a negative bound: the ops fuzzer, seed 7 case 486).
  for (size_t i = 0; i < s.size(); ++i) b[i] = std::isfinite(s[i]) ? k * n * eps * std::fabs(s[i]) : kNaN;
  return b;
}

// cross / linalg_cross: each element is a1 b2 - a2 b1, a difference the magnitudes run of the op
// would cancel: k * eps * (|a1 b2| + |a2 b1|) per element, from the broadcast operands.
Bounds crossBounds(std::string_view op, double k, const std::vector<IValue>& inputs, const Tensor& out) {
  if (inputs.size() < 3 || !inputs[0].isTensor() || !inputs[1].isTensor()) return {};
  const Tensor a = inputs[0].toTensor(), b = inputs[1].toTensor();
  if (a.dim() != out.dim() || b.dim() != out.dim() || a.dim() == 0) return {};
  int64_t dim = -1;
  if (inputs[2].isInt()) {
    dim = inputs[2].toInt();
    if (dim < 0) dim += out.dim();
  } else if (op == "aten::cross") {
    for (int64_t i = 0; i < a.dim() && dim < 0; ++i)
      if (a.size(i) == 3) dim = i;
  }
  if (dim < 0 || dim >= out.dim() || out.size(dim) != 3) return {};
  const std::vector<double> x = a.expand(out.sizes()).toDoubles(), y = b.expand(out.sizes()).toDoubles();
  int64_t step = 1;
  for (int64_t d = dim + 1; d < out.dim(); ++d) step *= out.size(d);
  const double eps = dtypeEpsilon(out.dtype());  // BFloat16 rounds each product
  Bounds r(static_cast<size_t>(out.numel()));
  for (int64_t i = 0; i < out.numel(); ++i) {
    const int64_t c = (i / step) % 3, base = i - c * step;
    const int64_t p = base + ((c + 1) % 3) * step, q = base + ((c + 2) % 3) * step;
    const double s = std::fabs(x[p] * y[q]) + std::fabs(x[q] * y[p]);
    r[i] = std::isfinite(s) ? k * 2 * eps * s : kNaN;
  }
  return r;
}

double roundTo(double v, ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float: return static_cast<float>(v);
    case ScalarType::Half: return static_cast<float>(Half(static_cast<float>(v)));
    case ScalarType::BFloat16: return static_cast<float>(BFloat16(static_cast<float>(v)));
    default: return v;
  }
}

int64_t wrapDim(int64_t d, int64_t rank) {
  const int64_t r = std::max<int64_t>(rank, 1);
  return d < 0 ? d + r : d;
}

// softmax: |y_i| * eps * ((d_i + 2) + n + Σ_j p_j (d_j + 2)), d_i = |x_i - max|: the rounded
// exponent's argument, the row sum's reassociation and its terms' errors. log_softmax: the same in
// absolute terms plus |y_i| (the final subtraction).
Bounds softmaxBounds(bool logarithmic, double k, const std::vector<IValue>& inputs, const Tensor& out,
                     int64_t& terms) {
  if (inputs.size() < 2 || !inputs[0].isTensor() || !inputs[1].isInt()) return {};
  const Tensor x = inputs[0].toTensor();
  if (x.numel() != out.numel()) return {};
  const int64_t dim = wrapDim(inputs[1].toInt(), x.dim());
  int64_t len = 1, inner = 1;
  if (x.dim() > 0) {
    if (dim < 0 || dim >= x.dim()) return {};
    len = x.size(dim);
    for (int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.size(d);
  }
  terms = std::max<int64_t>(len, 1);
  const double eps = accumulationEpsilon(out.dtype());
  Bounds b(static_cast<size_t>(out.numel()), 0.0);
  if (len == 0 || out.numel() == 0) return b;
  const int64_t outer = out.numel() / (len * inner);
  std::vector<double> row(static_cast<size_t>(len));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t in = 0; in < inner; ++in) {
      auto at = [&](int64_t j) { return (o * len + j) * inner + in; };
      double m = -kInf;
      bool bad = false;
      for (int64_t j = 0; j < len; ++j) {
        row[static_cast<size_t>(j)] = roundTo(x.getDouble(at(j)), out.dtype());
        const double v = row[static_cast<size_t>(j)];
        if (std::isnan(v) || v == kInf) bad = true;
        m = std::max(m, v);
      }
      if (bad || m == -kInf) {  // NaN / +inf in the row, or every entry -inf: non-finite results
        for (int64_t j = 0; j < len; ++j) b[static_cast<size_t>(at(j))] = kNaN;
        continue;
      }
      double sum = 0, weighted = 0;
      for (int64_t j = 0; j < len; ++j) {
        const double v = row[static_cast<size_t>(j)];
        if (v == -kInf) continue;
        const double e = std::exp(v - m);
        sum += e;
        weighted += e * (m - v + 2);
      }
      const double sumRelative = static_cast<double>(len) + weighted / sum;
      const double logSum = std::log(sum);
      for (int64_t j = 0; j < len; ++j) {
        const double v = row[static_cast<size_t>(j)];
        if (v == -kInf) continue;  // exactly 0 (softmax) or -inf (log_softmax) on both sides
        const double d = m - v;
        if (logarithmic) {
          const double y = d + logSum;
          b[static_cast<size_t>(at(j))] = k * eps * (d + 2 + sumRelative + y + std::fabs(m));
        } else {
          const double y = std::exp(-d) / sum;
          b[static_cast<size_t>(at(j))] = k * eps * y * (d + 2 + sumRelative);
        }
      }
    }
  return b;
}

// Normalization: element i belongs to statistics group g(i) and affine channel c(i).
struct NormModel {
  int64_t groups = 0;
  std::function<int64_t(int64_t)> group, channel;
  bool inputStats = true;        // statistics from the input (else running_mean / running_var)
  Tensor runningMean, runningVar;  // when !inputStats, indexed by channel
  Tensor weight, bias;           // optional, indexed by channel
  double eps = 1e-5;
};

// bound_i = k * eps_acc * ((n_g + 4) * (|x_i - mean_g| + mean|x|_g) * rstd_g * |w_c| + |b_c| + |y_i|):
// the mean's reassociation error (n_g eps mean|x|), the variance's (relative n_g eps), the scaling
// and the affine step's rounding.
Bounds normBounds(const NormModel& m, double k, const Tensor& x, const Tensor& out, int64_t& terms) {
  if (x.numel() != out.numel() || m.groups <= 0) return {};
  const int64_t numel = x.numel();
  std::vector<double> sum(m.groups, 0), sumAbs(m.groups, 0), count(m.groups, 0), sq(m.groups, 0);
  std::vector<char> bad(m.groups, 0);
  std::vector<double> xv(static_cast<size_t>(numel));
  for (int64_t i = 0; i < numel; ++i) {
    const double v = x.getDouble(i);
    xv[static_cast<size_t>(i)] = v;
    const int64_t g = m.group(i);
    if (g < 0 || g >= m.groups) return {};
    if (!std::isfinite(v)) bad[g] = 1;
    sum[g] += v;
    sumAbs[g] += std::fabs(v);
    count[g] += 1;
  }
  std::vector<double> mean(m.groups), rstd(m.groups), meanAbs(m.groups);
  for (int64_t g = 0; g < m.groups; ++g) mean[g] = count[g] > 0 ? sum[g] / count[g] : 0;
  for (int64_t i = 0; i < numel; ++i) {
    const int64_t g = m.group(i);
    sq[g] += (xv[static_cast<size_t>(i)] - mean[g]) * (xv[static_cast<size_t>(i)] - mean[g]);
  }
  for (int64_t g = 0; g < m.groups; ++g) {
    meanAbs[g] = count[g] > 0 ? sumAbs[g] / count[g] : 0;
    terms = std::max(terms, static_cast<int64_t>(count[g]));
    rstd[g] = 1 / std::sqrt((count[g] > 0 ? sq[g] / count[g] : 0) + m.eps);
  }
  const double eps = accumulationEpsilon(out.dtype());
  Bounds b(static_cast<size_t>(numel));
  for (int64_t i = 0; i < numel; ++i) {
    const int64_t g = m.group(i), c = m.channel(i);
    const double w = m.weight.defined() ? m.weight.getDouble(c) : 1.0;
    const double bias = m.bias.defined() ? m.bias.getDouble(c) : 0.0;
    double mu = mean[g], r = rstd[g], n = count[g], mabs = meanAbs[g];
    bool nonFinite = bad[g];
    if (!m.inputStats) {
      mu = m.runningMean.getDouble(c);
      r = 1 / std::sqrt(m.runningVar.getDouble(c) + m.eps);
      n = 1;
      mabs = std::fabs(mu);
      nonFinite = !std::isfinite(xv[static_cast<size_t>(i)]) || !std::isfinite(mu) || !std::isfinite(r);
    }
    if (nonFinite || !std::isfinite(w) || !std::isfinite(bias)) {
      b[static_cast<size_t>(i)] = kNaN;
      continue;
    }
    const double centered = std::fabs(xv[static_cast<size_t>(i)] - mu);
    const double y = (xv[static_cast<size_t>(i)] - mu) * r * w + bias;
    const double v = k * eps * ((n + 4) * (centered + mabs) * r * std::fabs(w) + std::fabs(bias) + std::fabs(y));
    b[static_cast<size_t>(i)] = std::isfinite(v) ? v : kInf;
  }
  return b;
}

Tensor optionalTensor(const std::vector<IValue>& inputs, size_t i) {
  return i < inputs.size() && inputs[i].isTensor() ? inputs[i].toTensor() : Tensor();
}

Bounds normalizationBounds(std::string_view op, double k, const std::vector<IValue>& in, const Tensor& out,
                           int64_t& terms) {
  if (in.empty() || !in[0].isTensor()) return {};
  const Tensor x = in[0].toTensor();
  NormModel m;
  if (op == "aten::layer_norm") {
    if (in.size() < 5 || !in[4].isDouble()) return {};
    int64_t d = 1;
    for (int64_t s : intList(in[1])) d *= s;
    if (d <= 0 || x.numel() % d != 0) return {};
    m.groups = std::max<int64_t>(1, x.numel() / d);
    m.group = [d](int64_t i) { return i / d; };
    m.channel = [d](int64_t i) { return i % d; };
    m.weight = optionalTensor(in, 2);
    m.bias = optionalTensor(in, 3);
    m.eps = in[4].toDouble();
    return normBounds(m, k, x, out, terms);
  }
  if (x.dim() < 2) return {};
  const int64_t N = x.size(0), C = x.size(1);
  const int64_t inner = C > 0 && N > 0 ? x.numel() / (N * C) : 1;
  if (C <= 0 || N <= 0) return Bounds(static_cast<size_t>(out.numel()), 0.0);
  m.channel = [C, inner](int64_t i) { return (i / inner) % C; };
  if (op == "aten::group_norm") {
    if (in.size() < 5 || !in[1].isInt() || !in[4].isDouble()) return {};
    const int64_t G = in[1].toInt();
    if (G <= 0 || C % G != 0) return {};
    m.groups = N * G;
    m.group = [C, G, inner](int64_t i) { return (i / (C * inner)) * G + ((i / inner) % C) / (C / G); };
    m.weight = optionalTensor(in, 2);
    m.bias = optionalTensor(in, 3);
    m.eps = in[4].toDouble();
    return normBounds(m, k, x, out, terms);
  }
  // batch_norm / instance_norm: (input, weight, bias, running_mean, running_var, training or
  // use_input_stats, momentum, eps, cudnn_enabled)
  if (in.size() < 8 || !in[5].isBool() || !in[7].isDouble()) return {};
  m.weight = optionalTensor(in, 1);
  m.bias = optionalTensor(in, 2);
  m.runningMean = optionalTensor(in, 3);
  m.runningVar = optionalTensor(in, 4);
  m.eps = in[7].toDouble();
  m.inputStats = in[5].toBool() || !m.runningMean.defined() || !m.runningVar.defined();
  if (op == "aten::instance_norm") {
    m.groups = N * C;
    m.group = [inner](int64_t i) { return i / inner; };
  } else {
    m.groups = C;
    m.group = m.channel;
  }
  return normBounds(m, k, x, out, terms);
}

// The largest Σ|terms| of an output element from the op run on magnitudes (nullopt if unknown).
std::optional<double> largestTermSum(const ops::OpOverload& ov, const std::vector<IValue>& inputs, const Tensor& out,
                                     size_t index) {
  std::vector<double> s = runReplaced(ov, inputs, Replace::Magnitude, index, out.numel());
  if (s.empty()) return std::nullopt;
  double m = 0;
  for (double v : s) m = std::isfinite(v) ? std::max(m, std::fabs(v)) : kInf;
  if (m == 0) return std::nullopt;
  return m;
}

// linalg_inv: |X| |A| |X| (Higham, Accuracy and Stability of Numerical Algorithms, 14.3): the
// inverse through LU is accurate relative to A's condition, not to the result.
std::optional<double> inverseErrorScale(const std::vector<IValue>& inputs, const std::vector<IValue>& outputs) {
  if (inputs.empty() || outputs.empty() || !inputs[0].isTensor() || !outputs[0].isTensor()) return std::nullopt;
  const Tensor A = inputs[0].toTensor(), X = outputs[0].toTensor();
  if (!A.defined() || !X.defined() || A.dim() < 2 || A.sizes() != X.sizes() || !isFloatingType(X.dtype()))
    return std::nullopt;
  const int64_t n = A.size(-1);
  if (n == 0 || A.size(-2) != n) return std::nullopt;
  const int64_t batch = A.numel() / (n * n);
  double s = 0;
  std::vector<double> xa(static_cast<size_t>(n * n));
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t o = b * n * n;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double t = 0;
        for (int64_t q = 0; q < n; ++q) t += std::fabs(X.getDouble(o + i * n + q)) * std::fabs(A.getDouble(o + q * n + j));
        xa[static_cast<size_t>(i * n + j)] = t;
      }
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double t = 0;
        for (int64_t q = 0; q < n; ++q) t += xa[static_cast<size_t>(i * n + q)] * std::fabs(X.getDouble(o + q * n + j));
        if (!std::isfinite(t)) return std::nullopt;
        s = std::max(s, t);
      }
  }
  if (s == 0) return std::nullopt;
  return s;
}

}  // namespace

std::vector<CompareOptions> compareOptionsForOp(const ops::OpOverload* overload, ops::Tolerance tolerance,
                                                const std::vector<IValue>& inputs, const std::vector<IValue>& outputs) {
  CompareOptions base;
  base.tolerance = tolerance;
  base.operandMagnitude = operandMagnitude(inputs);
  std::vector<CompareOptions> result(outputs.size(), base);
  if (tolerance.kind != ops::Tolerance::Kind::ReductionBound || !overload) return result;
  const std::string_view op = overload->op().name();
  const double k = tolerance.bound;
  for (size_t i = 0; i < outputs.size(); ++i) {
    CompareOptions& o = result[i];
    if (!outputs[i].isTensor() || !outputs[i].toTensor().defined() || !isFloatingType(outputs[i].toTensor().dtype())) {
      o.reductionTerms = largestNumel(inputs);
      continue;
    }
    const Tensor out = outputs[i].toTensor();
    Bounds b;
    try {
      int64_t& terms = o.reductionTerms;
      if (isSumOfTerms(op) || isAverage(op)) b = sumOfTermsBounds(*overload, k, inputs, out, i, terms);
      else if (op == "aten::prod") b = productBounds(*overload, k, inputs, out, i, terms);
      else if (op == "aten::cross" || op == "aten::linalg_cross") b = crossBounds(op, k, inputs, out);
      else if ((op == "aten::softmax" || op == "aten::_softmax") && i == 0) b = softmaxBounds(false, k, inputs, out, terms);
      else if ((op == "aten::log_softmax" || op == "aten::_log_softmax") && i == 0)
        b = softmaxBounds(true, k, inputs, out, terms);
      else if (isOneOf(op, {"aten::layer_norm", "aten::batch_norm", "aten::group_norm", "aten::instance_norm"}) && i == 0)
        b = normalizationBounds(op, k, inputs, out, terms);
    } catch (const std::exception&) {
      b.clear();
    }
    if (isAverage(op)) o.roundingUlps = 2;  // the sum is rounded to the dtype, then divided
    if (static_cast<int64_t>(b.size()) == out.numel()) {  // a model was built (or nothing to compare)
      o.elementBound = std::make_shared<const std::vector<double>>(std::move(b));
      continue;
    }
    // The scalar rule: n = terms per element, S = the largest Σ|terms| the op on magnitudes gives,
    // at least the operands' magnitude.
    int64_t inNumel = largestNumel(inputs);
    o.reductionTerms = op.starts_with("aten::linalg_") || out.numel() == 0 ? inNumel
                                                                          : std::max<int64_t>(1, inNumel / out.numel());
    std::optional<double> s = largestTermSum(*overload, inputs, out, i);
    if (op == "aten::linalg_inv") s = inverseErrorScale(inputs, outputs);
    o.sumAbs = std::max(s.value_or(0.0), base.operandMagnitude);
  }
  return result;
}

CompareOptions compareOptionsForUpdatedState(const std::vector<IValue>& inputs) {
  CompareOptions o;
  o.tolerance = ops::Tolerance::reduction(4);
  o.reductionTerms = largestNumel(inputs);
  const double m = operandMagnitude(inputs);
  o.operandMagnitude = m;
  o.sumAbs = m * m;  // running_var averages squares
  return o;
}

}  // namespace tsjit::conformance

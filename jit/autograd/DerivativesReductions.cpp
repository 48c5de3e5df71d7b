// DerivativesReductions.cpp — derivatives of reductions (sum, mean, prod, max/min, norms, var/std,
// logsumexp, cumsum, trace; median / mode / kthvalue / cummax by their indices, logcumsumexp,
// var_mean / std_mean, nansum / nanmean, diff). The gradient of a reduced element spreads back over
// the elements reduced into it; ties of max/min/median over a whole tensor or dims share it evenly
// (PyTorch 1.13); the (values, indices) reductions send it to the selected index.
#include <cmath>
#include <limits>

#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

// g, reduced over `dims` of an input of `sizes` (keepdim or not), broadcast back to `sizes`.
Tensor spread(const Tensor& g, const std::vector<int64_t>& dims, bool keepdim, const std::vector<int64_t>& sizes) {
  Tensor r = keepdim || g.dim() == static_cast<int64_t>(sizes.size()) ? g
                                                                       : unsqueezeDims(g, dims, static_cast<int64_t>(sizes.size()));
  return expandTo(r, sizes);
}

int64_t countOf(const std::vector<int64_t>& sizes, const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= sizes[static_cast<size_t>(d)];
  return n;
}

// Gradient of an even share among the elements equal to the (broadcast) result.
Tensor evenly(const Tensor& g, const Tensor& self, const Tensor& result) {
  Tensor eq = compareT("aten::eq.Tensor", self, result);
  Tensor m = toDtype(eq, g.dtype());
  return div(mul(g, m), sum(m, reductionDims(IValue(), self.dim()), true));
}

Tensor evenlyDims(const Tensor& g, const Tensor& self, const Tensor& result, const std::vector<int64_t>& dims, bool keepdim) {
  Tensor r = spread(result, dims, keepdim, self.sizes());
  Tensor gs = spread(g, dims, keepdim, self.sizes());
  Tensor m = toDtype(compareT("aten::eq.Tensor", self, r), g.dtype());
  return div(mul(gs, m), sum(m, dims, true));
}

// d prod / d x_i along the last dim of a contiguous [rows, n] view, zeros handled exactly.
Tensor prodBackwardLines(const Tensor& x, int64_t rows, int64_t n) {
  Tensor xc = x.contiguous();
  std::vector<double> v = xc.toDoubles(), out(v.size());
  for (int64_t r = 0; r < rows; ++r) {
    const double* row = v.data() + r * n;
    double* o = out.data() + r * n;
    double prefix = 1;
    for (int64_t i = 0; i < n; ++i) {
      o[i] = prefix;
      prefix *= row[i];
    }
    double suffix = 1;
    for (int64_t i = n - 1; i >= 0; --i) {
      o[i] *= suffix;
      suffix *= row[i];
    }
  }
  return Tensor::fromDoubles(out, x.sizes(), x.dtype());
}

Tensor prodAlong(const Tensor& x, int64_t dim) {
  // Moves dim last, computes per line, moves it back.
  int64_t rank = x.dim();
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim) perm.push_back(d);
  perm.push_back(dim);
  Tensor moved = x.permute(perm).contiguous();
  int64_t n = x.size(dim);
  Tensor partial = prodBackwardLines(moved, n ? moved.numel() / n : 0, n);
  std::vector<int64_t> inv(static_cast<size_t>(rank));
  for (int64_t i = 0; i < rank; ++i) inv[static_cast<size_t>(perm[static_cast<size_t>(i)])] = i;
  return partial.permute(inv);
}

Tensor normBackward(const Tensor& g, const Tensor& x, double p, const Tensor& norm, const std::vector<int64_t>& dims,
                    bool keepdim) {
  Tensor gs = spread(g, dims, keepdim, x.sizes());
  Tensor ns = spread(norm, dims, keepdim, x.sizes());
  if (p == 0) return zerosLike(x);
  if (p == 1) return mul(gs, unary("aten::sign", x));
  // +-inf: the gradient goes, shared evenly, to the entries of the largest (smallest) |x|, with x's sign.
  if (std::isinf(p)) return mul(evenlyDims(g, unary("aten::abs", x), norm, dims, keepdim), unary("aten::sign", x));
  Tensor r;
  if (p == 2) {
    r = div(mul(gs, x), ns);
  } else {
    Tensor ax = unary("aten::abs", x);
    r = div(mul(mul(gs, x), pow(ax, p - 2)), pow(ns, p - 1));
  }
  // A zero norm has gradient 0 (PyTorch masks the 0/0).
  return where(compare("aten::eq.Scalar", ns, 0), scalarLike(0, r), r);
}

double pOf(const IValue& v) { return v.isNone() ? 2.0 : v.toScalarAsDouble(); }

// g (reduced along dim, keepdim or not) placed at the selected indices of an input of `sizes`,
// zeros elsewhere (1.13's value_selecting_reduction_backward).
Tensor atIndices(const Tensor& g, const Tensor& indices, int64_t dim, bool keepdim, const std::vector<int64_t>& sizes) {
  const int64_t rank = static_cast<int64_t>(sizes.size());
  if (rank == 0) return g;
  Tensor gi = keepdim ? g : unsqueezeDims(g, {dim}, rank);
  Tensor idx = keepdim ? indices : unsqueezeDims(indices, {dim}, rank);
  return callT("aten::scatter.src", {zeros(sizes, g.dtype()), IValue(dim), idx, gi});
}

// The median of a whole tensor: the gradient shared evenly among the elements equal to the result
// (among the NaN elements when the result is NaN), 1.13's evenly_distribute_backward.
Tensor evenlyWithNan(const Tensor& g, const Tensor& self, const Tensor& result) {
  const bool nanResult = std::isnan(result.to(ScalarType::Double).itemDouble());
  Tensor hit = nanResult ? unary("aten::isnan", self) : compareT("aten::eq.Tensor", self, result);
  Tensor m = toDtype(hit, g.dtype());
  return div(mul(expandTo(g, self.sizes()), m), sumAll(m));
}

Tensor notNan(const Tensor& x, ScalarType dtype) { return toDtype(unary("aten::logical_not", unary("aten::isnan", x)), dtype); }
}  // namespace

void registerReductionDerivatives() {
  def("aten::sum", {}, [](const GradContext& c) -> Grads { return {expandTo(c.grad(), c.sizes(0))}; });
  def("aten::sum.dim_IntList", {}, [](const GradContext& c) -> Grads {
    auto dims = reductionDims(c.arg(1), static_cast<int64_t>(c.sizes(0).size()));
    return {spread(c.grad(), dims, c.arg(2).toBool(), c.sizes(0))};
  });
  def("aten::mean", {}, [](const GradContext& c) -> Grads {
    int64_t n = countOf(c.sizes(0), reductionDims(IValue(), static_cast<int64_t>(c.sizes(0).size())));
    return {expandTo(div(c.grad(), static_cast<double>(n)), c.sizes(0))};
  });
  def("aten::mean.dim", {}, [](const GradContext& c) -> Grads {
    auto dims = reductionDims(c.arg(1), static_cast<int64_t>(c.sizes(0).size()));
    return {spread(div(c.grad(), static_cast<double>(countOf(c.sizes(0), dims))), dims, c.arg(2).toBool(), c.sizes(0))};
  });
  def("aten::prod", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    Tensor flat = x.reshape({1, x.numel()});
    return {mul(expandTo(c.grad(), x.sizes()), prodBackwardLines(flat, 1, x.numel()).reshape(x.sizes()))};
  });
  def("aten::prod.dim_int", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    int64_t dim = wrap(c.arg(1).toInt(), x.dim());
    if (x.dim() == 0) return {c.grad()};
    return {mul(spread(c.grad(), {dim}, c.arg(2).toBool(), x.sizes()), prodAlong(x, dim))};
  });
  for (const char* name : {"aten::max", "aten::min"})
    def(name, {{0}, {0}}, [](const GradContext& c) -> Grads { return {evenly(c.grad(), c.tensor(0), c.output())}; });
  for (const char* name : {"aten::amax", "aten::amin"})
    def(name, {{0}, {0}}, [](const GradContext& c) -> Grads {
      auto dims = reductionDims(c.arg(1), c.tensor(0).dim());
      return {evenlyDims(c.grad(), c.tensor(0), c.output(), dims, c.arg(2).toBool())};
    });
  for (const char* name : {"aten::max.dim", "aten::min.dim"})
    def(name, {{}, {1}}, [](const GradContext& c) -> Grads {
      const auto& sizes = c.sizes(0);
      int64_t rank = static_cast<int64_t>(sizes.size());
      if (rank == 0) return {c.grad()};
      int64_t dim = wrap(c.arg(1).toInt(), rank);
      bool keepdim = c.arg(2).toBool();
      Tensor idx = c.output(1);
      Tensor g = c.grad();
      if (!keepdim) {
        idx = unsqueezeDims(idx, {dim}, rank);
        g = unsqueezeDims(g, {dim}, rank);
      }
      std::vector<int64_t> pos(static_cast<size_t>(sizes[static_cast<size_t>(dim)]));
      for (size_t i = 0; i < pos.size(); ++i) pos[i] = static_cast<int64_t>(i);
      std::vector<int64_t> shape(static_cast<size_t>(rank), 1);
      shape[static_cast<size_t>(dim)] = static_cast<int64_t>(pos.size());
      Tensor ar = Tensor::fromInt64s(pos, shape);
      Tensor hit = compareT("aten::eq.Tensor", ar, idx);
      return {where(hit, expandTo(g, sizes), scalarLike(0, g))};
    });
  def("aten::norm.Scalar", {{0}, {0}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    return {normBackward(c.grad(), x, pOf(c.arg(1)), c.output(), reductionDims(IValue(), x.dim()), false)};
  });
  def("aten::norm.ScalarOpt_dim", {{0}, {0}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    return {normBackward(c.grad(), x, pOf(c.arg(1)), c.output(), reductionDims(c.arg(2), x.dim()), c.arg(3).toBool())};
  });
  def("aten::linalg_vector_norm", {{0}, {0}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    return {normBackward(c.grad(), x, pOf(c.arg(1)), c.output(), reductionDims(c.arg(2), x.dim()), c.arg(3).toBool())};
  });
  def("aten::frobenius_norm", {{0}, {0}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    return {normBackward(c.grad(), x, 2, c.output(), reductionDims(IValue(), x.dim()), false)};
  });
  def("aten::logsumexp", {{0}, {0}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    auto dims = reductionDims(c.arg(1), x.dim());
    bool keepdim = c.arg(2).toBool();
    Tensor r = spread(c.output(), dims, keepdim, x.sizes());
    return {mul(spread(c.grad(), dims, keepdim, x.sizes()), unary("aten::exp", sub(x, r)))};
  });
  def("aten::cumsum", {}, [](const GradContext& c) -> Grads {
    int64_t dim = wrap(c.arg(1).toInt(), static_cast<int64_t>(c.sizes(0).size()));
    std::vector<IValue> d{IValue(dim)};
    IValue dims = makeList(IntType::get(), d);
    Tensor flipped = callT("aten::flip", {c.grad(), dims});
    Tensor cs = callT("aten::cumsum", {flipped, IValue(dim), IValue()});
    return {callT("aten::flip", {cs, dims})};
  });
  // var / std: recorded decomposition sum((x - mean)^2) / (n - correction).
  auto varOf = [](const Tensor& x, const IValue& dimsArg, double correction, bool keepdim) {
    auto dims = reductionDims(dimsArg, x.dim());
    double n = static_cast<double>(countOf(x.sizes(), dims));
    Tensor centered = sub(x, mean(x, dims, true));
    return div(sum(mul(centered, centered), dims, keepdim), std::max(0.0, n - correction));
  };
  defDecomposed("aten::var", {0}, [varOf](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {varOf(a[0].toTensor(), IValue(), a[1].toBool() ? 1 : 0, false)};
  });
  defDecomposed("aten::var.dim", {0}, [varOf](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {varOf(a[0].toTensor(), a[1], a[2].toBool() ? 1 : 0, a[3].toBool())};
  });
  defDecomposed("aten::var.correction", {0}, [varOf](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {varOf(a[0].toTensor(), a[1], a[2].isNone() ? 1.0 : static_cast<double>(a[2].toInt()), a[3].toBool())};
  });
  defDecomposed("aten::std", {0}, [varOf](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {unary("aten::sqrt", varOf(a[0].toTensor(), IValue(), a[1].toBool() ? 1 : 0, false))};
  });
  defDecomposed("aten::std.dim", {0}, [varOf](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {unary("aten::sqrt", varOf(a[0].toTensor(), a[1], a[2].toBool() ? 1 : 0, a[3].toBool()))};
  });
  defDecomposed("aten::std.correction", {0}, [varOf](const std::vector<IValue>& a) -> std::vector<Tensor> {
    double corr = a[2].isNone() ? 1.0 : static_cast<double>(a[2].toInt());
    return {unary("aten::sqrt", varOf(a[0].toTensor(), a[1], corr, a[3].toBool()))};
  });
  // ---- order statistics: the gradient goes to the selected element (ReductionsSelect.cpp) ----
  for (const char* name : {"aten::median", "aten::nanmedian"})
    def(name, {{0}, {0}}, [](const GradContext& c) -> Grads { return {evenlyWithNan(c.grad(), c.tensor(0), c.output())}; });
  // (self, dim, keepdim) and kthvalue's (self, k, dim, keepdim): values at output 0, indices at 1.
  for (const char* name : {"aten::median.dim", "aten::nanmedian.dim", "aten::mode", "aten::kthvalue"}) {
    const size_t dimArg = std::string_view(name) == "aten::kthvalue" ? 2 : 1;
    def(name, {{}, {1}}, [dimArg](const GradContext& c) -> Grads {
      const int64_t rank = static_cast<int64_t>(c.sizes(0).size());
      const int64_t dim = rank == 0 ? 0 : wrap(c.arg(dimArg).toInt(), rank);
      return {atIndices(c.grad(), c.output(1), dim, c.arg(dimArg + 1).toBool(), c.sizes(0))};
    });
  }
  // cummax / cummin: each output's gradient added at the index it came from.
  for (const char* name : {"aten::cummax", "aten::cummin"})
    def(name, {{}, {1}}, [](const GradContext& c) -> Grads {
      const int64_t rank = static_cast<int64_t>(c.sizes(0).size());
      if (rank == 0 || c.grad().numel() == 0) return {c.grad()};
      const int64_t dim = wrap(c.arg(1).toInt(), rank);
      return {callT("aten::scatter_add", {zeros(c.sizes(0), c.grad().dtype()), IValue(dim), c.output(1), c.grad()})};
    });
  // logcumsumexp: dx_j = sum_{i >= j} g_i exp(x_j - r_i), summed stably as 1.13 does: the positive
  // and negative parts of g each through a reversed logcumsumexp of log|g| - r.
  def("aten::logcumsumexp", {{0}, {0}}, [](const GradContext& c) -> Grads {
    const Tensor& g = c.grad();
    if (g.dim() == 0 || g.numel() == 0) return {g};
    const Tensor x = c.tensor(0), r = c.output();
    const int64_t dim = wrap(c.arg(1).toInt(), x.dim());
    IValue dims = intList({dim});
    auto reversed = [&](const Tensor& t) {
      Tensor f = callT("aten::flip", {t, dims});
      return callT("aten::flip", {callT("aten::logcumsumexp", {f, IValue(dim)}), dims});
    };
    const double lowest = g.dtype() == ScalarType::Double ? -std::numeric_limits<double>::max()
                                                          : -static_cast<double>(std::numeric_limits<float>::max());
    Tensor logAbs = unary("aten::log", unary("aten::abs", g));
    Tensor floor = scalarLike(lowest, g);
    Tensor pos = where(compare("aten::gt.Scalar", g, 0), logAbs, floor);
    Tensor negPart = where(compare("aten::lt.Scalar", g, 0), logAbs, floor);
    Tensor outPos = unary("aten::exp", add(reversed(sub(pos, r)), x));
    Tensor outNeg = unary("aten::exp", add(reversed(sub(negPart, r)), x));
    return {sub(outPos, outNeg)};
  });
  // var_mean / std_mean: the recorded decomposition (var or std, mean) of the same dims.
  for (bool isStd : {false, true}) {
    const std::string op = isStd ? "aten::std_mean" : "aten::var_mean";
    auto pair = [varOf, isStd](const Tensor& x, const IValue& dims, double correction, bool keepdim) {
      Tensor v = varOf(x, dims, correction, keepdim);
      return std::vector<Tensor>{isStd ? unary("aten::sqrt", v) : v, mean(x, reductionDims(dims, x.dim()), keepdim)};
    };
    defDecomposed(op, {0}, [pair](const std::vector<IValue>& a) {
      return pair(a[0].toTensor(), IValue(), a[1].toBool() ? 1 : 0, false);
    });
    defDecomposed(op + ".dim", {0}, [pair](const std::vector<IValue>& a) {
      return pair(a[0].toTensor(), a[1], a[2].toBool() ? 1 : 0, a[3].toBool());
    });
    defDecomposed(op + ".correction", {0}, [pair](const std::vector<IValue>& a) {
      return pair(a[0].toTensor(), a[1], a[2].isNone() ? 1.0 : static_cast<double>(a[2].toInt()), a[3].toBool());
    });
  }
  // nansum: the gradient reaches the non-NaN elements; nanmean divides it by their count.
  def("aten::nansum", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    auto dims = reductionDims(c.arg(1), x.dim());
    return {mul(spread(c.grad(), dims, c.arg(2).toBool(), x.sizes()), notNan(x, c.grad().dtype()))};
  });
  defDecomposed("aten::nanmean", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor();
    auto dims = reductionDims(a[1], x.dim());
    const bool keepdim = a[2].toBool();
    Tensor kept = notNan(x, x.dtype());
    Tensor clean = where(unary("aten::isnan", x), scalarLike(0, x), x);
    return {div(sum(clean, dims, keepdim), sum(kept, dims, keepdim))};
  });
  // diff: n rounds of narrow(1..) - narrow(0..) after cat(prepend, self, append), recorded.
  defDecomposed("aten::diff", {0, 3, 4}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x = a[0].toTensor();
    const int64_t n = a[1].toInt(), dim = wrap(a[2].toInt(), x.dim());
    if (n != 0 && (!a[3].isNone() || !a[4].isNone())) {
      std::vector<Tensor> parts;
      if (!a[3].isNone()) parts.push_back(a[3].toTensor());
      parts.push_back(x);
      if (!a[4].isNone()) parts.push_back(a[4].toTensor());
      x = cat(parts, dim);
    }
    if (n == 0) return {copyOf(x)};
    const int64_t steps = std::min(n, x.size(dim));
    int64_t len = x.size(dim) - 1;
    for (int64_t i = 0; i < steps; ++i, --len)
      x = sub(callT("aten::narrow", {x, IValue(dim), IValue(int64_t{1}), IValue(len)}),
              callT("aten::narrow", {x, IValue(dim), IValue(int64_t{0}), IValue(len)}));
    return {x};
  });
  // histc's counts do not require grad (1.13).
  defNotDifferentiable("aten::histc");

  def("aten::trace", {}, [](const GradContext& c) -> Grads {
    Tensor z = zeros(c.sizes(0), c.grad().dtype());
    z.diagonal().copy_(c.grad());
    return {z};
  });
}

}  // namespace tsjit::autograd

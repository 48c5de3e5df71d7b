// LinalgProducts.cpp — optimized kernels of the Linalg family, part 3: the products PyTorch 1.13
// states through other ops (kron, inner, vdot, tensordot, chain_matmul, linalg_multi_dot, addbmm,
// dist, linalg_vecdot), run here through this engine's own kernels (runKernel), plus cross / linalg_cross (a
// loop kernel).
// Facts (python3-torch 1.13.1): kron is view(mul(view(self), view(other))): the final view fails
// ("view size is not compatible ...") where mul's result is not contiguous, as 1.13's does;
// tensordot sums a contracted dim of size 1 against any size (sum promotes integers to Int64),
// then one mm; linalg_multi_dot checks ranks, dtypes ("all tensors must have be the same dtype
// but tensor 0 is float and tensor 1 long int") and shapes, then mm in the cheapest order (ties:
// the first split); cross computes fma(a1, b2, -(a2 * b1)) in float / double (1.13's AVX2 kernel
// is contracted), each step rounded for BFloat16, wrapping for integers; no Bool / Half.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

Tensor runT(std::string_view name, std::vector<IValue> args) { return runKernel(name, std::move(args)).toTensor(); }

Tensor kron(const Tensor& self, const Tensor& other) {
  const int64_t maxdim = std::max(self.dim(), other.dim());
  const int64_t padSelf = maxdim - self.dim(), padOther = maxdim - other.dim();
  std::vector<int64_t> aShape(2 * maxdim, 1), bShape(2 * maxdim, 1), rShape(maxdim);
  for (int64_t i = 0; i < maxdim; ++i) {
    aShape[2 * i] = i >= padSelf ? self.size(i - padSelf) : 1;
    bShape[2 * i + 1] = i >= padOther ? other.size(i - padOther) : 1;
    rShape[i] = aShape[2 * i] * bShape[2 * i + 1];
  }
  return runT("aten::mul.Tensor", {IValue(self.view(aShape)), IValue(other.view(bShape))}).view(rShape);
}

// PyTorch 1.13's tensordot: contracted dims of size 1 are summed away on the other side, the
// contracted dims moved last (self) / first (other), one mm, then the free dims' shape.
Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& dimsA, const std::vector<int64_t>& dimsB) {
  if (dimsA.size() != dimsB.size()) throw RuntimeError("both dimension lists should have same length");
  Tensor t1 = a, t2 = b;
  int64_t csize = 1;
  for (size_t i = 0; i < dimsA.size(); ++i) {
    const int64_t s1 = a.size(dimsA[i]), s2 = b.size(dimsB[i]);
    auto sumKeep = [](const Tensor& t, int64_t d) {
      return runT("aten::sum.dim_IntList", {IValue(t), intListValue({d}), IValue(true), IValue()});
    };
    if (s2 == 1) {
      t1 = sumKeep(t1, dimsA[i]);
    } else if (s1 == 1) {
      t2 = sumKeep(t2, dimsB[i]);
    } else {
      if (s1 != s2)
        throw RuntimeError(str("contracted dimensions need to match, but first has size ", s1, " in dim ", dimsA[i],
                               " and second has size ", s2, " in dim ", dimsB[i]));
      csize *= s1;
    }
  }
  auto bits = [](const std::vector<int64_t>& dims, int64_t ndim) {
    std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(ndim, 1)), false);
    for (int64_t d : dims) {
      const int64_t w = wrapDim(d, ndim);
      if (seen[w]) throw RuntimeError(str("dim ", w, " appears multiple times in the list of dims"));
      seen[w] = true;
    }
    return seen;
  };
  const std::vector<bool> c1 = bits(dimsA, a.dim()), c2 = bits(dimsB, b.dim());
  std::vector<int64_t> p1, p2, rsizes;
  int64_t size1 = 1, size2 = 1;
  for (int64_t i = 0; i < a.dim(); ++i)
    if (!c1[i]) {
      p1.push_back(i);
      size1 *= t1.size(i);
      rsizes.push_back(t1.size(i));
    }
  for (int64_t d : dimsA) p1.push_back(wrapDim(d, a.dim()));
  for (int64_t d : dimsB) p2.push_back(wrapDim(d, b.dim()));
  for (int64_t i = 0; i < b.dim(); ++i)
    if (!c2[i]) {
      p2.push_back(i);
      size2 *= t2.size(i);
      rsizes.push_back(t2.size(i));
    }
  t1 = t1.permute(p1).reshape({size1, csize});
  t2 = t2.permute(p2).reshape({csize, size2});
  return runT("aten::mm", {IValue(t1), IValue(t2)}).reshape(rsizes);
}

Tensor inner(const Tensor& self, const Tensor& other) {
  if (self.dim() == 0 || other.dim() == 0) return runT("aten::mul.Tensor", {IValue(self), IValue(other)});
  if (self.size(-1) != other.size(-1))
    throw RuntimeError(str("inner() the last dimension must match on both input tensors but got shapes ",
                           shapeStr(self.sizes()), " and ", shapeStr(other.sizes())));
  return tensordot(self, other, {-1}, {-1});
}

Tensor mm(const Tensor& a, const Tensor& b) { return runT("aten::mm", {IValue(a), IValue(b)}); }

Tensor multiDot(const std::vector<Tensor>& ts) {
  const size_t n = ts.size();
  if (n < 2) throw RuntimeError(str("multi_dot(): expected at least 2 tensors but got ", n));
  const int64_t firstDim = ts[0].dim(), lastDim = ts[n - 1].dim();
  if (firstDim != 1 && firstDim != 2)
    throw RuntimeError(str("multi_dot(): the first tensor must be 1D or 2D but got ", firstDim, "D"));
  if (lastDim != 1 && lastDim != 2)
    throw RuntimeError(str("multi_dot(): the last tensor must be 1D or 2D but got ", lastDim, "D"));
  for (size_t i = 1; i + 1 < n; ++i)
    if (ts[i].dim() != 2) throw RuntimeError(str("multi_dot(): tensor ", i, " must be 2D but got ", ts[i].dim(), "D"));
  for (size_t i = 1; i < n; ++i)
    if (ts[i].dtype() != ts[0].dtype())
      throw RuntimeError(str("multi_dot(): all tensors must have be the same dtype but tensor 0 is ",
                             typeMetaName(ts[0].dtype()), " and tensor ", i, " ", typeMetaName(ts[i].dtype())));
  std::vector<Tensor> m = ts;
  if (firstDim == 1) m[0] = ts[0].unsqueeze(0);
  if (lastDim == 1) m[n - 1] = ts[n - 1].unsqueeze(-1);
  for (size_t i = 0; i + 1 < n; ++i)
    if (m[i].size(-1) != m[i + 1].size(0))
      throw RuntimeError(str("multi_dot(): tensors ", i, " and ", i + 1, " with shapes ", shapeStr(ts[i].sizes()), " and ",
                             shapeStr(ts[i + 1].sizes()), " cannot be multiplied"));
  Tensor r;
  if (n == 2) {
    r = mm(m[0], m[1]);
  } else if (n == 3) {  // (AB)C unless A(BC) is strictly cheaper
    const int64_t a = m[0].size(0), b = m[1].size(0), c = m[2].size(0), d = m[2].size(1);
    const int64_t cost1 = (a * c) * (b + d), cost2 = (b * d) * (a + c);
    r = cost1 > cost2 ? mm(m[0], mm(m[1], m[2])) : mm(mm(m[0], m[1]), m[2]);
  } else {  // the matrix chain order (dynamic programming), the first cheapest split
    std::vector<int64_t> p(n + 1);
    for (size_t i = 0; i < n; ++i) p[i] = m[i].size(0);
    p[n] = m[n - 1].size(1);
    std::vector<std::vector<int64_t>> cost(n, std::vector<int64_t>(n, 0)), split(n, std::vector<int64_t>(n, 0));
    for (size_t l = 1; l < n; ++l)
      for (size_t i = 0; i + l < n; ++i) {
        const size_t j = i + l;
        cost[i][j] = std::numeric_limits<int64_t>::max();
        for (size_t k = i; k < j; ++k) {
          const int64_t q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
          if (q < cost[i][j]) {
            cost[i][j] = q;
            split[i][j] = static_cast<int64_t>(k);
          }
        }
      }
    std::function<Tensor(size_t, size_t)> chain = [&](size_t i, size_t j) -> Tensor {
      if (i == j) return m[i];
      const size_t k = static_cast<size_t>(split[i][j]);
      return mm(chain(i, k), chain(k + 1, j));
    };
    r = chain(0, n - 1);
  }
  if (firstDim == 1 && lastDim == 1) return r.view({});
  if (firstDim == 1) return r.squeeze(0);
  if (lastDim == 1) return r.squeeze(-1);
  return r;
}

Tensor chainMatmul(const std::vector<Tensor>& ms) {
  for (const Tensor& t : ms)
    if (t.dim() != 2) throw RuntimeError(str("Tensor dimension is ", t.dim(), ", expected 2 instead."));
  if (ms.empty()) throw RuntimeError("chain_matmul(): Expected one or more matrices");
  if (ms.size() == 1) return ms[0].clone();
  return multiDot(ms);
}

// PyTorch 1.13's addbmm: self expanded to [M, N], copied to the result when beta != 0, then one
// in-place addmm per batch (beta for the first, 1 after); no batch: result * beta (mul_'s type
// check) or zeros.
Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const IValue& beta, const IValue& alpha) {
  const Tensor se = self.expand({b1.size(1), b2.size(2)});
  if (b1.dim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
  if (b2.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
  if (b1.size(0) != b2.size(0))
    throw RuntimeError(str("batch1 and batch2 must have same number of batches, got ", b1.size(0), " and ", b2.size(0)));
  if (b1.size(2) != b2.size(1))
    throw RuntimeError(str("Incompatible matrix sizes for bmm (", b1.size(1), "x", b1.size(2), " and ", b2.size(1), "x",
                           b2.size(2), ")"));
  const bool betaZero = scalarD(beta) == 0.0;
  Tensor result = Tensor::empty(se.sizes(), self.dtype(), self.device());
  result.copy_(se);
  if (b1.size(0) == 0) {
    if (betaZero) return Tensor::zeros(se.sizes(), self.dtype());
    return runT("aten::mul_.Scalar", {IValue(result), beta});
  }
  IValue adjusted = beta;
  for (int64_t i = 0; i < b1.size(0); ++i) {
    result = runT("aten::addmm", {IValue(result), IValue(b1.select(0, i)), IValue(b2.select(0, i)), adjusted, alpha});
    adjusted = IValue(int64_t{1});
  }
  return result;
}

// ---- cross -------------------------------------------------------------------------------------

template <typename T>
T crossTerm(T a1, T b2, T a2, T b1) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return std::fma(a1, b2, -(a2 * b1));
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<std::conditional_t<(sizeof(T) < 4), int32_t, T>>;
    const U p = static_cast<U>(static_cast<U>(a1) * static_cast<U>(b2));
    const U q = static_cast<U>(static_cast<U>(a2) * static_cast<U>(b1));
    return static_cast<T>(p - q);
  } else {  // BFloat16: each operator rounds
    const T p = static_cast<T>(static_cast<float>(a1) * static_cast<float>(b2));
    const T q = static_cast<T>(static_cast<float>(a2) * static_cast<float>(b1));
    return static_cast<T>(static_cast<float>(p) - static_cast<float>(q));
  }
}

Tensor linalgCross(const Tensor& x, const Tensor& y, int64_t dim) {
  if (x.dim() != y.dim()) throw RuntimeError("linalg.cross: inputs must have the same number of dimensions.");
  const int64_t d = wrapDim(dim, x.dim());
  if (x.size(d) != 3 || y.size(d) != 3)
    throw RuntimeError(str("linalg.cross: inputs dimension ", dim, " must have length 3. Got ", x.size(d), " and ", y.size(d)));
  const std::vector<int64_t> shape = inferBroadcastShape(x.sizes(), y.sizes());
  const ScalarType dt = x.dtype();
  if (dt == ScalarType::Bool || dt == ScalarType::Half)
    throw RuntimeError(str("\"cross\" not implemented for '", irName(dt), "'"));
  if (y.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(y.dtype())));
  // The cross dim moved last, both operands broadcast and made contiguous.
  const Tensor xs = x.expand(shape).transpose(d, -1).contiguous(), ys = y.expand(shape).transpose(d, -1).contiguous();
  Tensor out = Tensor::empty(xs.sizes(), dt, x.device());
  const int64_t rows = out.numel() / 3;
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      const T* a = static_cast<const T*>(xs.data());
      const T* b = static_cast<const T*>(ys.data());
      T* o = static_cast<T*>(out.data());
      for (int64_t r = 0; r < rows; ++r, a += 3, b += 3, o += 3) {
        o[0] = crossTerm<T>(a[1], b[2], a[2], b[1]);
        o[1] = crossTerm<T>(a[2], b[0], a[0], b[2]);
        o[2] = crossTerm<T>(a[0], b[1], a[1], b[0]);
      }
    }
  });
  return out.transpose(d, -1).contiguous();
}

Tensor cross(const Tensor& x, const Tensor& y, const IValue& dimV) {
  int64_t dim = 0;
  if (!dimV.isNone()) {
    dim = dimV.toInt();
  } else {  // 1.13's default: the first dim of size 3 of self
    dim = -1;
    for (int64_t i = 0; i < x.dim() && dim < 0; ++i)
      if (x.size(i) == 3) dim = i;
    if (dim < 0) throw RuntimeError("no dimension of size 3 in input");
  }
  return linalgCross(x, y, dim);
}

}  // namespace

void registerLinalgProductKernels() {
  def("aten::kron", op([](IValue* a) { return IValue(kron(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::inner", op([](IValue* a) { return IValue(inner(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::vdot", op([](IValue* a) { return runKernel("aten::dot", {a[0], a[1]}); }));  // real dtypes: dot
  def("aten::tensordot", op([](IValue* a) {
        return IValue(tensordot(a[0].toTensor(), a[1].toTensor(), intList(a[2]), intList(a[3])));
      }));
  def("aten::chain_matmul", op([](IValue* a) { return IValue(chainMatmul(tensorList(a[0]))); }));
  def("aten::linalg_multi_dot", op([](IValue* a) { return IValue(multiDot(tensorList(a[0]))); }));
  def("aten::cross", op([](IValue* a) { return IValue(cross(a[0].toTensor(), a[1].toTensor(), a[2])); }));
  def("aten::linalg_cross", op([](IValue* a) { return IValue(linalgCross(a[0].toTensor(), a[1].toTensor(), a[2].toInt())); }));
  def("aten::addbmm", op([](IValue* a) {
        return IValue(addbmm(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), a[3], a[4]));
      }));
  def("aten::linalg_vecdot", op([](IValue* a) {  // 1.13: (x * y).sum(dim) after its dtype checks
        const Tensor x = a[0].toTensor(), y = a[1].toTensor();
        if (!isFloating(x))
          throw RuntimeError(str("linalg.vecdot: Expected a floating point or complex tensor as input. Got ", irName(x.dtype())));
        if (x.dtype() != y.dtype())
          throw RuntimeError(str("linalg.vecdot: Expected x and y to have the same dtype, but found x of type ", irName(x.dtype()),
                                 " and y of type ", irName(y.dtype()), " instead"));
        return runKernel("aten::sum.dim_IntList", {runKernel("aten::mul.Tensor", {a[0], a[1]}), intListValue({a[2].toInt()}),
                                                   IValue(false), IValue()});
      }));
  def("aten::dist", op([](IValue* a) {  // 1.13: norm(self - other, p)
        return runKernel("aten::norm.Scalar", {runKernel("aten::sub.Tensor", {a[0], a[1], IValue(int64_t{1})}), a[2]});
      }));
}

}  // namespace tsjit::kernels

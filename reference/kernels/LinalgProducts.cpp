// LinalgProducts.cpp — reference kernels of the Linalg family, part 3: the products PyTorch 1.13
// states through other ops (kron, inner, vdot, tensordot, chain_matmul, linalg_multi_dot, addbmm,
// dist, linalg_vecdot), stated here through the reference's own kernels (runKernel), and cross / linalg_cross
// (plain loops in double, one rounding).
// Invariants: shape, rank and dtype errors come first with 1.13's messages (python3-torch 1.13.1);
// linalg_multi_dot multiplies floating chains in double and rounds once, in the order 1.13 picks
// (which decides which products are empty and so whether a Half / Bool chain reaches a kernel).
#include <algorithm>
#include <functional>
#include <limits>

#include "jit/tensor/Broadcast.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using namespace shape;

Tensor call(std::string_view name, Args args) { return runKernel(name, std::move(args)).toTensor(); }

std::string sizesText(IntArrayRef s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "]";
}

// kron(a, b) = a viewed [a0, 1, a1, 1, ...] times b viewed [1, b0, 1, b1, ...], viewed
// [a0 * b0, a1 * b1, ...] (the shorter shape padded with leading 1s); the last view needs the
// product's layout to be contiguous, as in 1.13.
Tensor kron(const Tensor& a, const Tensor& b) {
  const int64_t n = std::max(a.dim(), b.dim());
  std::vector<int64_t> as, bs, rs;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t x = i < n - a.dim() ? 1 : a.size(i - (n - a.dim()));
    const int64_t y = i < n - b.dim() ? 1 : b.size(i - (n - b.dim()));
    as.insert(as.end(), {x, 1});
    bs.insert(bs.end(), {1, y});
    rs.push_back(x * y);
  }
  return call("aten::mul.Tensor", {IValue(a.view(as)), IValue(b.view(bs))}).view(rs);
}

Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& da, const std::vector<int64_t>& db) {
  if (da.size() != db.size()) throw RuntimeError("both dimension lists should have same length");
  Tensor x = a, y = b;
  int64_t contracted = 1;
  for (size_t i = 0; i < da.size(); ++i) {
    const int64_t sa = a.size(da[i]), sb = b.size(db[i]);
    if (sb == 1) {
      x = call("aten::sum.dim_IntList", {IValue(x), intList({da[i]}), IValue(true), IValue()});
    } else if (sa == 1) {
      y = call("aten::sum.dim_IntList", {IValue(y), intList({db[i]}), IValue(true), IValue()});
    } else if (sa != sb) {
      throw RuntimeError(str("contracted dimensions need to match, but first has size ", sa, " in dim ", da[i],
                             " and second has size ", sb, " in dim ", db[i]));
    } else {
      contracted *= sa;
    }
  }
  auto marks = [](const std::vector<int64_t>& dims, int64_t rank) {
    std::vector<int64_t> wrapped;
    for (int64_t d : dims) {
      const int64_t w = wrapDim(d, rank);
      if (std::find(wrapped.begin(), wrapped.end(), w) != wrapped.end())
        throw RuntimeError(str("dim ", w, " appears multiple times in the list of dims"));
      wrapped.push_back(w);
    }
    return wrapped;
  };
  const std::vector<int64_t> ca = marks(da, a.dim()), cb = marks(db, b.dim());
  std::vector<int64_t> pa, pb, out;
  int64_t freeA = 1, freeB = 1;
  for (int64_t i = 0; i < a.dim(); ++i)
    if (std::find(ca.begin(), ca.end(), i) == ca.end()) {
      pa.push_back(i);
      freeA *= x.size(i);
      out.push_back(x.size(i));
    }
  pa.insert(pa.end(), ca.begin(), ca.end());
  pb = cb;
  for (int64_t i = 0; i < b.dim(); ++i)
    if (std::find(cb.begin(), cb.end(), i) == cb.end()) {
      pb.push_back(i);
      freeB *= y.size(i);
      out.push_back(y.size(i));
    }
  const Tensor m1 = x.permute(pa).reshape({freeA, contracted}), m2 = y.permute(pb).reshape({contracted, freeB});
  return call("aten::mm", {IValue(m1), IValue(m2)}).reshape(out);
}

Tensor inner(const Tensor& a, const Tensor& b) {
  if (a.dim() == 0 || b.dim() == 0) return call("aten::mul.Tensor", {IValue(a), IValue(b)});
  if (a.size(-1) != b.size(-1))
    throw RuntimeError(str("inner() the last dimension must match on both input tensors but got shapes ",
                           sizesText(a.sizes()), " and ", sizesText(b.sizes())));
  return tensordot(a, b, {-1}, {-1});
}

Tensor multiDot(const std::vector<Tensor>& ts) {
  const size_t n = ts.size();
  if (n < 2) throw RuntimeError(str("multi_dot(): expected at least 2 tensors but got ", n));
  const int64_t r0 = ts.front().dim(), r1 = ts.back().dim();
  if (r0 < 1 || r0 > 2) throw RuntimeError(str("multi_dot(): the first tensor must be 1D or 2D but got ", r0, "D"));
  if (r1 < 1 || r1 > 2) throw RuntimeError(str("multi_dot(): the last tensor must be 1D or 2D but got ", r1, "D"));
  for (size_t i = 1; i + 1 < n; ++i)
    if (ts[i].dim() != 2) throw RuntimeError(str("multi_dot(): tensor ", i, " must be 2D but got ", ts[i].dim(), "D"));
  const ScalarType dt = ts[0].dtype();
  for (size_t i = 1; i < n; ++i)
    if (ts[i].dtype() != dt)
      throw RuntimeError(str("multi_dot(): all tensors must have be the same dtype but tensor 0 is ", typeMetaName(dt),
                             " and tensor ", i, " ", typeMetaName(ts[i].dtype())));
  std::vector<Tensor> m(ts);
  if (r0 == 1) m.front() = m.front().unsqueeze(0);
  if (r1 == 1) m.back() = m.back().unsqueeze(1);
  for (size_t i = 0; i + 1 < n; ++i)
    if (m[i].size(1) != m[i + 1].size(0))
      throw RuntimeError(str("multi_dot(): tensors ", i, " and ", i + 1, " with shapes ", sizesText(ts[i].sizes()), " and ",
                             sizesText(ts[i + 1].sizes()), " cannot be multiplied"));
  // The order 1.13 multiplies in: the cheapest parenthesization (first split on ties); three
  // matrices compare the two orders directly ((AB)C unless A(BC) is strictly cheaper).
  std::vector<int64_t> dims;
  for (const Tensor& t : m) dims.push_back(t.size(0));
  dims.push_back(m.back().size(1));
  std::vector<std::vector<int64_t>> best(n, std::vector<int64_t>(n, 0)), split(n, std::vector<int64_t>(n, 0));
  for (size_t len = 2; len <= n; ++len)
    for (size_t i = 0; i + len <= n; ++i) {
      const size_t j = i + len - 1;
      best[i][j] = std::numeric_limits<int64_t>::max();
      for (size_t k = i; k < j; ++k) {
        const int64_t c = best[i][k] + best[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1];
        if (c < best[i][j]) {
          best[i][j] = c;
          split[i][j] = static_cast<int64_t>(k);
        }
      }
    }
  if (n == 3) {
    const int64_t a = dims[0], b = dims[1], c = dims[2], d = dims[3];
    split[0][2] = (a * c) * (b + d) > (b * d) * (a + c) ? 0 : 1;
  }
  // Floating chains in double (one rounding at the end); Half / Bool stay in their dtype so the
  // product kernels raise 1.13's "not implemented" where a product is reached.
  const bool wide = isFloatingType(dt) && dt != ScalarType::Half;
  std::function<Tensor(size_t, size_t)> chain = [&](size_t i, size_t j) -> Tensor {
    if (i == j) return wide ? m[i].to(ScalarType::Double) : m[i];
    const size_t k = static_cast<size_t>(split[i][j]);
    return call("aten::mm", {IValue(chain(i, k)), IValue(chain(k + 1, j))});
  };
  Tensor r = chain(0, n - 1).to(dt);
  std::vector<int64_t> shape;
  if (r0 == 2) shape.push_back(r.size(0));
  if (r1 == 2) shape.push_back(r.size(1));
  return r.reshape(shape);
}

// cross along dim (already checked to have length 3): a[1] b[2] - a[2] b[1], ... in double,
// wrapping int64 for integral dtypes, rounded once to self's dtype.
Tensor linalgCross(const Tensor& a, const Tensor& b, int64_t dim) {
  if (a.dim() != b.dim()) throw RuntimeError("linalg.cross: inputs must have the same number of dimensions.");
  const int64_t d = wrapDim(dim, a.dim());
  if (a.size(d) != 3 || b.size(d) != 3)
    throw RuntimeError(str("linalg.cross: inputs dimension ", dim, " must have length 3. Got ", a.size(d), " and ", b.size(d)));
  const std::vector<int64_t> shape = inferBroadcastShape(a.sizes(), b.sizes());
  const ScalarType dt = a.dtype();
  if (dt == ScalarType::Bool || dt == ScalarType::Half) throw RuntimeError(str("\"cross\" not implemented for '", dt, "'"));
  if (b.dtype() != dt) throw RuntimeError(str("expected scalar type ", dt, " but found ", b.dtype()));
  const Tensor ae = a.expand(shape), be = b.expand(shape);
  Tensor out = Tensor::empty(shape, dt);
  std::vector<int64_t> strideOut(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strideOut[i] = strideOut[i + 1] * shape[i + 1];
  const int64_t step = strideOut[d];
  const bool floating = isFloatingType(dt);
  const std::vector<double> ad = floating ? ae.toDoubles() : std::vector<double>(), bd = floating ? be.toDoubles() : std::vector<double>();
  const std::vector<int64_t> ai = floating ? std::vector<int64_t>() : ae.toInt64s(), bi = floating ? std::vector<int64_t>() : be.toInt64s();
  std::vector<double> rd(floating ? static_cast<size_t>(out.numel()) : 0);
  std::vector<int64_t> ri(floating ? 0 : static_cast<size_t>(out.numel()));
  for (int64_t lin = 0; lin < out.numel(); ++lin) {
    if ((lin / step) % 3 != 0) continue;  // visit each triple from its first element
    const int64_t i0 = lin, i1 = lin + step, i2 = lin + 2 * step;
    if (floating) {
      rd[i0] = ad[i1] * bd[i2] - ad[i2] * bd[i1];
      rd[i1] = ad[i2] * bd[i0] - ad[i0] * bd[i2];
      rd[i2] = ad[i0] * bd[i1] - ad[i1] * bd[i0];
    } else {
      auto mul = [](int64_t x, int64_t y) { return static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y)); };
      auto sub = [](int64_t x, int64_t y) { return static_cast<int64_t>(static_cast<uint64_t>(x) - static_cast<uint64_t>(y)); };
      ri[i0] = sub(mul(ai[i1], bi[i2]), mul(ai[i2], bi[i1]));
      ri[i1] = sub(mul(ai[i2], bi[i0]), mul(ai[i0], bi[i2]));
      ri[i2] = sub(mul(ai[i0], bi[i1]), mul(ai[i1], bi[i0]));
    }
  }
  return floating ? Tensor::fromDoubles(rd, shape, dt) : Tensor::fromInt64s(ri, shape, dt);
}

// PyTorch 1.13's addbmm: self expanded to [M, N] first, the bmm checks, then one addmm per batch
// (beta for the first, 1 after) on the running result; no batch: self * beta (in place: its cast
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
  Tensor acc = Tensor::empty(se.sizes(), self.dtype());
  acc.copy_(se);
  if (b1.size(0) == 0) {
    if (beta.toScalarAsDouble() == 0.0) return Tensor::zeros(se.sizes(), self.dtype());
    return call("aten::mul_.Scalar", {IValue(acc), beta});
  }
  for (int64_t i = 0; i < b1.size(0); ++i)
    acc = call("aten::addmm", {IValue(acc), IValue(b1.select(0, i)), IValue(b2.select(0, i)),
                               i == 0 ? beta : IValue(int64_t{1}), alpha});
  return acc;
}

}  // namespace

void registerLinalgProductKernels() {
  def("aten::kron", [](Args& a) { return one(kron(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::inner", [](Args& a) { return one(inner(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::vdot", [](Args& a) { return one(runKernel("aten::dot", {a[0], a[1]})); });  // real dtypes: dot
  def("aten::tensordot", [](Args& a) {
    return one(tensordot(tensorArg(a, 0), tensorArg(a, 1), intListArg(a, 2), intListArg(a, 3)));
  });
  def("aten::linalg_multi_dot", [](Args& a) { return one(multiDot(tensorListArg(a, 0))); });
  def("aten::chain_matmul", [](Args& a) {
    const std::vector<Tensor> ms = tensorListArg(a, 0);
    for (const Tensor& t : ms)
      if (t.dim() != 2) throw RuntimeError(str("Tensor dimension is ", t.dim(), ", expected 2 instead."));
    if (ms.empty()) throw RuntimeError("chain_matmul(): Expected one or more matrices");
    if (ms.size() == 1) return one(ms[0].clone());
    return one(multiDot(ms));
  });
  def("aten::linalg_cross", [](Args& a) { return one(linalgCross(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2))); });
  def("aten::cross", [](Args& a) {
    const Tensor x = tensorArg(a, 0);
    std::optional<int64_t> dim = optIntArg(a, 2);
    if (!dim) {  // the first dim of self of size 3
      for (int64_t i = 0; i < x.dim() && !dim; ++i)
        if (x.size(i) == 3) dim = i;
      if (!dim) throw RuntimeError("no dimension of size 3 in input");
    }
    return one(linalgCross(x, tensorArg(a, 1), *dim));
  });
  def("aten::addbmm", [](Args& a) { return one(addbmm(tensorArg(a, 0), tensorArg(a, 1), tensorArg(a, 2), a[3], a[4])); });
  def("aten::linalg_vecdot", [](Args& a) {  // (x * y).sum(dim) after 1.13's dtype checks
    const Tensor x = tensorArg(a, 0), y = tensorArg(a, 1);
    if (!isFloatingType(x.dtype()))
      throw RuntimeError(str("linalg.vecdot: Expected a floating point or complex tensor as input. Got ", x.dtype()));
    if (x.dtype() != y.dtype())
      throw RuntimeError(str("linalg.vecdot: Expected x and y to have the same dtype, but found x of type ", x.dtype(),
                             " and y of type ", y.dtype(), " instead"));
    return one(runKernel("aten::sum.dim_IntList", {runKernel("aten::mul.Tensor", {a[0], a[1]}), intList({intArg(a, 2)}),
                                                   IValue(false), IValue()}));
  });
  def("aten::dist", [](Args& a) {  // norm(self - other, p)
    return one(runKernel("aten::norm.Scalar", {runKernel("aten::sub.Tensor", {a[0], a[1], IValue(int64_t{1})}), a[2]}));
  });
}

}  // namespace tsjit::reference

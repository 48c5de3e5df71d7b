// ReductionsMinMax.cpp — optimized extremum reductions: max / min over everything, max.dim /
// min.dim (values, indices), amax / amin over dim lists, argmax / argmin.
//
// Semantics (PyTorch 1.13): NaN wins (the first NaN's index for indices); among equal values the
// first index wins; values keep the input dtype, indices are int64; argmax / argmin reject bool;
// an empty reduction raises PyTorch's "Expected reduction dim ..." errors.
#include <cmath>

#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

// Per slot: the index (in [0, n)) of the extremum of b[0], b[stride], ... (first NaN wins).
template <bool IsMax, typename S>
int64_t extremumIndex(const S* b, int64_t stride, int64_t n) {
  using C = opmath_t<S>;
  int64_t best = 0;
  C bv = static_cast<C>(b[0]);
  if constexpr (std::is_floating_point_v<C>)
    if (bv != bv) return 0;
  for (int64_t r = 1; r < n; ++r) {
    const C v = static_cast<C>(b[r * stride]);
    if constexpr (std::is_floating_point_v<C>)
      if (v != v) return r;
    if (IsMax ? v > bv : v < bv) {
      bv = v;
      best = r;
    }
  }
  return best;
}

// Fills values (dtype of x, may be undefined to skip) and indices (int64, may be undefined).
template <bool IsMax>
void extremum(const ReducePlan& p, const Tensor& values, const Tensor& indices) {
  visitScalarType(p.src.dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* src = static_cast<const S*>(p.src.data());
    S* vo = values.defined() ? static_cast<S*>(values.data()) : nullptr;
    int64_t* io = indices.defined() ? static_cast<int64_t*>(indices.data()) : nullptr;
    for (int64_t o = 0; o < p.outer; ++o)
      for (int64_t i = 0; i < p.inner; ++i) {
        const S* b = src + o * p.red * p.inner + i;
        const int64_t k = extremumIndex<IsMax>(b, p.inner, p.red);
        const int64_t slot = o * p.inner + i;
        if (vo) vo[slot] = b[k * p.inner];
        if (io) io[slot] = k;
      }
  });
}

void checkReduceDim(const Tensor& self, int64_t dim, const std::string& fn) {
  if (self.dim() == 0) {
    if (dim != 0 && dim != -1)
      throw RuntimeError(str(fn, ": Expected reduction dim -1 or 0 for scalar but received ", dim), "IndexError");
    return;
  }
  if (self.size(dim) == 0)
    throw RuntimeError(str(fn, ": Expected reduction dim ", wrapDim(dim, self.dim()), " to have non-zero size."),
                       "IndexError");
}

template <bool IsMax>
Tensor all(const Tensor& self) {
  const std::string fn = IsMax ? "max()" : "min()";
  if (self.numel() == 0)
    throw RuntimeError(fn + ": Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
                            "dim with the 'dim' argument.");
  const ReducePlan p = planReduce(self, {}, false, self.dtype());
  Tensor v = Tensor::empty(p.outShape, self.dtype());
  extremum<IsMax>(p, v, Tensor());
  return v;
}

template <bool IsMax>
void dimValues(Stack& s, size_t n) {
  const Tensor self = arg(s, 0, n).toTensor();
  const int64_t rawDim = arg(s, 1, n).toInt();
  const bool keepdim = arg(s, 2, n).toBool();
  const int64_t dim = wrapDim(rawDim, self.dim());  // PyTorch wraps before its empty-dim check
  checkReduceDim(self, dim, IsMax ? "max()" : "min()");
  const ReducePlan p = planReduce(self, {dim}, keepdim, self.dtype());
  Tensor v = Tensor::empty(p.outShape, self.dtype()), idx = Tensor::empty(p.outShape, ScalarType::Int64);
  extremum<IsMax>(p, v, idx);
  drop(s, n);
  s.emplace_back(std::move(v));
  s.emplace_back(std::move(idx));
}

template <bool IsMax>
Tensor amaxAmin(const Tensor& self, const IValue& dimV, bool keepdim) {
  const char* fn = IsMax ? "amax()" : "amin()";
  // PyTorch 1.13 checks an empty input's dims as given (unwrapped) before resolving the dim list.
  if (self.numel() == 0) {
    const std::vector<int64_t> raw = dimV.isNone() ? std::vector<int64_t>{} : intListArg(dimV);
    if (raw.empty())
      throw RuntimeError(str(fn, ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
                                 "reduction dim with the 'dim' argument."));
    for (int64_t d : raw)
      if (self.size(d) == 0)
        throw RuntimeError(str(fn, ": Expected reduction dim ", d, " to have non-zero size."), "IndexError");
  }
  const std::vector<int64_t> dims = dimListArg(dimV, self.dim());
  const ReducePlan p = planReduce(self, dims, keepdim, self.dtype());
  Tensor v = Tensor::empty(p.outShape, self.dtype());
  extremum<IsMax>(p, v, Tensor());
  return v;
}

template <bool IsMax>
Tensor argExtremum(const Tensor& self, const IValue& dimV, bool keepdim) {
  const std::string fn = str(IsMax ? "argmax" : "argmin", "()");
  // PyTorch 1.13: the meta checks (dim, empty input) come before the kernel's dtype dispatch.
  const auto checkDtype = [&] {
    if (self.dtype() == ScalarType::Bool) throwNotImplemented(IsMax ? "argmax_cpu" : "argmin_cpu", self.dtype());
  };
  if (dimV.isNone()) {
    if (self.numel() == 0)
      throw RuntimeError(fn + ": Expected reduction dim to be specified for input.numel() == 0.", "IndexError");
    checkDtype();
    const Tensor flat = self.reshape({self.numel()});
    const ReducePlan p = planReduce(flat, {0}, keepdim, self.dtype());
    std::vector<int64_t> shape = keepdim ? std::vector<int64_t>(static_cast<size_t>(self.dim()), 1) : std::vector<int64_t>{};
    Tensor idx = Tensor::empty(shape, ScalarType::Int64);
    extremum<IsMax>(p, Tensor(), idx);
    return idx;
  }
  const int64_t dim = wrapDim(dimV.toInt(), self.dim());
  checkReduceDim(self, dim, fn);
  checkDtype();
  const ReducePlan p = planReduce(self, {dim}, keepdim, self.dtype());
  Tensor idx = Tensor::empty(p.outShape, ScalarType::Int64);
  extremum<IsMax>(p, Tensor(), idx);
  return idx;
}

void defT(const char* name, Tensor (*fn)(const IValue*)) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor r = fn(&s[s.size() - n]);
    ret1(s, n, IValue(std::move(r)));
  });
}

}  // namespace

void registerReductionsMinMaxKernels() {
  defT("aten::max", [](const IValue* a) { return all<true>(a[0].toTensor()); });
  defT("aten::min", [](const IValue* a) { return all<false>(a[0].toTensor()); });
  def("aten::max.dim", dimValues<true>);
  def("aten::min.dim", dimValues<false>);
  defT("aten::amax", [](const IValue* a) { return amaxAmin<true>(a[0].toTensor(), a[1], a[2].toBool()); });
  defT("aten::amin", [](const IValue* a) { return amaxAmin<false>(a[0].toTensor(), a[1], a[2].toBool()); });
  defT("aten::argmax", [](const IValue* a) { return argExtremum<true>(a[0].toTensor(), a[1], a[2].toBool()); });
  defT("aten::argmin", [](const IValue* a) { return argExtremum<false>(a[0].toTensor(), a[1], a[2].toBool()); });
}

}  // namespace tsjit::kernels

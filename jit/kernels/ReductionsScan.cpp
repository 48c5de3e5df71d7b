// ReductionsScan.cpp — optimized ops along one dim that keep the shape: cumsum, cumprod (scans)
// and softmax, log_softmax.
//
// Semantics (PyTorch 1.13): scans of integral or bool inputs give int64 (wrapping); a dtype
// argument converts the input first; floating scans accumulate in double (PyTorch's CPU scan
// accumulates in acc_type = double) and round each prefix once. softmax / log_softmax need a
// floating input (or dtype); they subtract the row max (NaN propagates), exponentiate in the
// compute dtype and sum in double. Work is laid out as [outer, n, inner] on a contiguous copy;
// rows are contiguous when inner == 1 and otherwise walked with stride inner.
#include <cmath>
#include <limits>

#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

struct AlongDim {
  Tensor src, out;
  int64_t outer = 1, n = 1, inner = 1;
};

AlongDim planAlong(const Tensor& self, int64_t rawDim, ScalarType dt) {
  AlongDim a;
  const int64_t nd = self.dim();
  const int64_t dim = wrapDim(rawDim, nd);
  a.src = (self.dtype() == dt ? self : self.to(dt)).contiguous();
  for (int64_t d = 0; d < nd; ++d) {
    const int64_t s = self.sizes()[static_cast<size_t>(d)];
    if (d < dim) a.outer *= s;
    else if (d == dim) a.n = s;
    else a.inner *= s;
  }
  a.out = Tensor::empty(self.sizes(), dt);
  return a;
}

Tensor scan(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, bool product) {
  const ScalarType dt = dtype ? *dtype : isIntegralType(self.dtype(), true) ? ScalarType::Int64 : self.dtype();
  if (dt == ScalarType::Half && self.numel() > 0) throwNotImplemented(product ? "cumprod_out_cpu" : "cumsum_out_cpu", dt);
  AlongDim a = planAlong(self, dim, dt);
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Acc = std::conditional_t<isFloatingCpp<T>, double, int64_t>;
    const T* src = static_cast<const T*>(a.src.data());
    T* out = static_cast<T*>(a.out.data());
    std::vector<Acc> acc(static_cast<size_t>(a.inner));
    for (int64_t o = 0; o < a.outer; ++o) {
      std::fill(acc.begin(), acc.end(), product ? Acc(1) : Acc(0));
      for (int64_t r = 0; r < a.n; ++r) {
        const int64_t base = (o * a.n + r) * a.inner;
        for (int64_t i = 0; i < a.inner; ++i) {
          const Acc x = static_cast<Acc>(static_cast<opmath_t<T>>(src[base + i]));
          acc[static_cast<size_t>(i)] = product ? wrapMul(acc[static_cast<size_t>(i)], x) : wrapAdd(acc[static_cast<size_t>(i)], x);
          out[base + i] = convertScalar<T>(acc[static_cast<size_t>(i)]);
        }
      }
    }
  });
  return a.out;
}

Tensor softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, bool log) {
  const ScalarType dt = dtype.value_or(self.dtype());
  // 1.13's CPU kernels: floating dtypes and BFloat16, no Half; along a dim other than the last,
  // log_softmax reports its kernel as "softmax_kernel_impl" too (recorded: pt113-corpus accept2_*).
  // An empty input never reaches the kernel (python3-torch 1.13.1: softmax of a [0, 3] Long is fine).
  if (self.numel() > 0 && (!isFloatingType(dt) || dt == ScalarType::Half)) {
    const bool lastDim = self.dim() == 0 || wrapDim(dim, self.dim()) == self.dim() - 1;
    throwNotImplemented(lastDim ? (log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl")
                                : "softmax_kernel_impl",
                        dt);
  }
  AlongDim a = planAlong(self, dim, dt);
  if (self.numel() == 0) return a.out;  // no kernel runs: any dtype gives an empty result
  visitFloating(dt, "softmax", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(a.src.data());
    T* out = static_cast<T*>(a.out.data());
    const int64_t st = a.inner;
    for (int64_t o = 0; o < a.outer; ++o)
      for (int64_t i = 0; i < a.inner; ++i) {
        const T* x = src + o * a.n * st + i;
        T* y = out + o * a.n * st + i;
        C m = -std::numeric_limits<C>::infinity();
        for (int64_t r = 0; r < a.n; ++r) {
          const C v = static_cast<C>(x[r * st]);
          m = (v != v || v > m) ? v : m;
        }
        double s = 0;
        for (int64_t r = 0; r < a.n; ++r) s += static_cast<double>(std::exp(static_cast<C>(x[r * st]) - m));
        if (log) {
          const C ls = static_cast<C>(std::log(s));
          for (int64_t r = 0; r < a.n; ++r) y[r * st] = convertScalar<T>(static_cast<C>(x[r * st]) - m - ls);
        } else {
          const C inv = static_cast<C>(1.0 / s);
          for (int64_t r = 0; r < a.n; ++r) y[r * st] = convertScalar<T>(std::exp(static_cast<C>(x[r * st]) - m) * inv);
        }
      }
  });
  return a.out;
}

void defT(const char* name, Tensor (*fn)(const IValue*)) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor r = fn(&s[s.size() - n]);
    ret1(s, n, IValue(std::move(r)));
  });
}

}  // namespace

void registerReductionsScanKernels() {
  defT("aten::cumsum", [](const IValue* a) { return scan(a[0].toTensor(), a[1].toInt(), optDtypeArg(a[2]), false); });
  defT("aten::cumprod", [](const IValue* a) { return scan(a[0].toTensor(), a[1].toInt(), optDtypeArg(a[2]), true); });
  defT("aten::softmax.int", [](const IValue* a) { return softmax(a[0].toTensor(), a[1].toInt(), optDtypeArg(a[2]), false); });
  defT("aten::log_softmax.int", [](const IValue* a) { return softmax(a[0].toTensor(), a[1].toInt(), optDtypeArg(a[2]), true); });
}

}  // namespace tsjit::kernels

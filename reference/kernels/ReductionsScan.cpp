// ReductionsScan.cpp — reference kernels of the ops that reduce along one dim but keep the input's
// shape: cumsum, cumprod (scans) and softmax, log_softmax; with their dtype and out= overloads.
//
// Semantics (PyTorch 1.13): scans of integral or bool inputs give int64; a dtype argument casts
// the input first. Scans accumulate in double (int64 for integers) and round each output once,
// which is what PyTorch's CPU scan does. softmax / log_softmax need a floating input (or dtype)
// and compute exp(x - max) / sum in double; a line of -inf gives NaN, as in PyTorch.
#include <cmath>
#include <limits>

#include "reference/kernels/ReductionsParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

// Applies fn(values, results) to every line of `self` along dim; values are cast to computeDt,
// results (one per value) are written to a new contiguous tensor of self's shape and outDt.
template <typename T, typename F>
Tensor alongDim(const Tensor& self, int64_t dimRaw, ScalarType computeDt, ScalarType outDt, F fn) {
  const std::vector<int64_t> dims = dimListArg(IValue(dimRaw), self.dim());
  const Grouping g = groupingOf(self.sizes(), dims, /*keepdim=*/true);
  const Tensor in = g.arrange(self);
  Tensor out = makeOutput(self.sizes(), outDt);
  const Tensor outView = g.arrange(out);
  std::vector<T> vals(static_cast<size_t>(g.groupSize)), res(vals.size());
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    const int64_t base = gi * g.groupSize;
    for (int64_t r = 0; r < g.groupSize; ++r) {
      if constexpr (std::is_same_v<T, double>)
        vals[static_cast<size_t>(r)] = readAs(in, base + r, computeDt);
      else
        vals[static_cast<size_t>(r)] = readIntAs(in, base + r, computeDt);
    }
    fn(vals, res);
    for (int64_t r = 0; r < g.groupSize; ++r) {
      if constexpr (std::is_same_v<T, double>)
        outView.setDouble(base + r, res[static_cast<size_t>(r)]);
      else
        outView.setInt64(base + r, res[static_cast<size_t>(r)]);
    }
  }
  return out;
}

Tensor scan(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, bool product) {
  const ScalarType dt = dtype ? *dtype : isIntegral(self.dtype()) ? ScalarType::Int64 : self.dtype();
  // No Half kernel; an empty input never reaches it (python3-torch 1.13.1).
  if (dt == ScalarType::Half && self.numel() > 0) throwNotImplemented(product ? "cumprod_out_cpu" : "cumsum_out_cpu", dt);
  if (isFloating(dt))
    return alongDim<double>(self, dim, dt, dt, [product](const std::vector<double>& v, std::vector<double>& r) {
      double acc = product ? 1.0 : 0.0;
      for (size_t i = 0; i < v.size(); ++i) r[i] = acc = product ? acc * v[i] : acc + v[i];
    });
  return alongDim<int64_t>(self, dim, dt, dt, [product](const std::vector<int64_t>& v, std::vector<int64_t>& r) {
    uint64_t acc = product ? 1 : 0;
    for (size_t i = 0; i < v.size(); ++i) {
      acc = product ? acc * static_cast<uint64_t>(v[i]) : acc + static_cast<uint64_t>(v[i]);
      r[i] = static_cast<int64_t>(acc);
    }
  });
}

Tensor softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, bool log) {
  const ScalarType dt = dtype.value_or(self.dtype());
  // 1.13's CPU kernels: floating dtypes and BFloat16, no Half; along a dim other than the last,
  // log_softmax reports its kernel as "softmax_kernel_impl" too (recorded: pt113-corpus accept2_*).
  // An empty input never reaches the kernel (python3-torch 1.13.1: softmax of a [0, 3] Long is fine).
  if (self.numel() > 0 && (!isFloating(dt) || dt == ScalarType::Half)) {
    const bool lastDim = self.dim() == 0 || wrapDim(dim, self.dim()) == self.dim() - 1;
    throwNotImplemented(lastDim ? (log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl")
                                : "softmax_kernel_impl",
                        dt);
  }
  return alongDim<double>(self, dim, dt, dt, [log](const std::vector<double>& v, std::vector<double>& r) {
    double m = -std::numeric_limits<double>::infinity();
    for (double x : v) m = std::isnan(x) || x > m ? x : m;
    double s = 0;
    for (double x : v) s += std::exp(x - m);
    for (size_t i = 0; i < v.size(); ++i) r[i] = log ? v[i] - m - std::log(s) : std::exp(v[i] - m) / s;
  });
}

}  // namespace

void registerReductionsScanKernels() {
  for (bool product : {false, true}) {
    const std::string op = product ? "aten::cumprod" : "aten::cumsum";
    TensorFn f = [product](Args& a) { return scan(tensorArg(a.at(0)), a.at(1).toInt(), optDtypeArg(a.at(2)), product); };
    def(op, functionalKernel(f));
    def(op + ".out", outKernel(f));
  }
  for (bool log : {false, true}) {
    const std::string op = log ? "aten::log_softmax" : "aten::softmax";
    TensorFn f = [log](Args& a) { return softmax(tensorArg(a.at(0)), a.at(1).toInt(), optDtypeArg(a.at(2)), log); };
    def(op + ".int", functionalKernel(f));
    def(op + ".int_out", outKernel(f));
  }
}

}  // namespace tsjit::reference

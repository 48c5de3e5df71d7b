// ReductionsMinMax.cpp — reference kernels of the extremum reductions: max / min (whole tensor →
// 0-dim; along a dim → (values, indices)), amax / amin (dim lists), argmax / argmin (None dim =
// over the flattened tensor); with their out= overloads.
//
// Semantics (PyTorch 1.13): NaN is the extremum (the first NaN wins); among equal extrema the
// first index wins; values keep the input dtype, indices are int64 (argmax / argmin reject bool
// inputs, as PyTorch's dispatch does). Reducing an empty tensor
// raises PyTorch's "Expected reduction dim ..." errors (IndexError for an empty reduced dim).
#include <cmath>

#include "reference/kernels/ReductionsParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

// Index of the extremum among the group's elements [base, base + n) of `a` (n > 0).
int64_t bestIndex(const Tensor& a, int64_t base, int64_t n, bool isMax) {
  int64_t best = 0;
  if (isFloating(a.dtype())) {
    double bv = a.getDouble(base);
    for (int64_t r = 1; r < n && !std::isnan(bv); ++r) {
      const double v = a.getDouble(base + r);
      if (std::isnan(v) || (isMax ? v > bv : v < bv)) {
        bv = v;
        best = r;
      }
    }
    return best;
  }
  int64_t bv = a.getInt64(base);
  for (int64_t r = 1; r < n; ++r) {
    const int64_t v = a.getInt64(base + r);
    if (isMax ? v > bv : v < bv) {
      bv = v;
      best = r;
    }
  }
  return best;
}

const char* opName(bool isMax) { return isMax ? "max" : "min"; }

void checkNotEmpty(const Tensor& self, const std::string& fn) {
  if (self.numel() == 0)
    throw RuntimeError(fn + ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
                            "reduction dim with the 'dim' argument.");
}

void checkDimNotEmpty(const Tensor& self, int64_t dim, const std::string& fn) {
  if (self.dim() == 0) {
    if (dim != 0 && dim != -1)
      throw RuntimeError(str(fn, ": Expected reduction dim -1 or 0 for scalar but received ", dim), "IndexError");
    return;
  }
  if (self.size(dim) == 0)
    throw RuntimeError(str(fn, ": Expected reduction dim ", dim, " to have non-zero size."), "IndexError");
}

// Values (and indices) of the extremum of each group of `dims`.
std::pair<Tensor, Tensor> extremum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, bool isMax) {
  const Grouping g = groupingOf(self.sizes(), dims, keepdim);
  const Tensor a = g.arrange(self);
  Tensor values = makeOutput(g.outSizes, self.dtype());
  Tensor indices = makeOutput(g.outSizes, ScalarType::Int64);
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    const int64_t r = bestIndex(a, gi * g.groupSize, g.groupSize, isMax);
    if (isFloating(self.dtype()))
      values.setDouble(gi, a.getDouble(gi * g.groupSize + r));
    else
      values.setInt64(gi, a.getInt64(gi * g.groupSize + r));
    indices.setInt64(gi, r);
  }
  return {values, indices};
}

Tensor fullExtremum(const Tensor& self, bool isMax) {
  checkNotEmpty(self, str(opName(isMax), "()"));
  return extremum(self, dimListArg(IValue(), self.dim()), false, isMax).first;
}

std::pair<Tensor, Tensor> dimExtremum(const Tensor& self, const IValue& dimV, bool keepdim, bool isMax) {
  const int64_t dim = wrapDim(dimV.toInt(), self.dim());
  if (self.numel() == 0) checkDimNotEmpty(self, dim, str(opName(isMax), "()"));
  return extremum(self, dimListArg(dimV, self.dim()), keepdim, isMax);
}

Tensor aExtremum(const Tensor& self, const IValue& dimV, bool keepdim, bool isMax) {
  const std::string fn = str(isMax ? "amax" : "amin", "()");
  if (self.numel() == 0) {
    const std::vector<int64_t> raw = intListArg(dimV);
    if (raw.empty()) checkNotEmpty(self, fn);
    for (int64_t d : raw) checkDimNotEmpty(self, d, fn);
  }
  return extremum(self, dimListArg(dimV, self.dim()), keepdim, isMax).first;
}

Tensor argExtremum(const Tensor& self, const IValue& dimV, bool keepdim, bool isMax) {
  const std::string fn = str(isMax ? "argmax" : "argmin", "()");
  // The meta checks (dim, empty input) precede the CPU kernel's dtype dispatch, as in PyTorch 1.13.
  auto checkDtype = [&] {
    if (self.dtype() == ScalarType::Bool) throwNotImplemented(isMax ? "argmax_cpu" : "argmin_cpu", self.dtype());
  };
  if (dimV.isNone()) {
    if (self.numel() == 0)
      throw RuntimeError(fn + ": Expected reduction dim to be specified for input.numel() == 0.", "IndexError");
    checkDtype();
    const Tensor flat = self.reshape({self.numel()});
    const Tensor idx = extremum(flat, {0}, false, isMax).second;
    if (!keepdim) return idx;
    return idx.reshape(std::vector<int64_t>(static_cast<size_t>(self.dim()), 1));
  }
  const int64_t dim = wrapDim(dimV.toInt(), self.dim());
  if (self.numel() == 0) checkDimNotEmpty(self, dim, fn);
  checkDtype();
  return extremum(self, dimListArg(dimV, self.dim()), keepdim, isMax).second;
}

}  // namespace

void registerReductionsMinMaxKernels() {
  for (bool isMax : {true, false}) {
    const std::string op = isMax ? "aten::max" : "aten::min";
    def(op, [isMax](Args& a) { return ret(fullExtremum(tensorArg(a.at(0)), isMax)); });
    def(op + ".dim", [isMax](Args& a) {
      auto [v, i] = dimExtremum(tensorArg(a.at(0)), a.at(1), a.at(2).toBool(), isMax);
      return std::vector<IValue>{v, i};
    });
    // (self, dim, keepdim, *, values_out, indices_out)
    def(op + (isMax ? ".dim_max" : ".dim_min"), [isMax](Args& a) {
      auto [v, i] = dimExtremum(tensorArg(a.at(0)), a.at(1), a.at(2).toBool(), isMax);
      Tensor vo = tensorArg(a.at(3)), io = tensorArg(a.at(4));
      writeOut(vo, v);
      writeOut(io, i);
      return std::vector<IValue>{vo, io};
    });
    const std::string aop = isMax ? "aten::amax" : "aten::amin";
    TensorFn af = [isMax](Args& a) { return aExtremum(tensorArg(a.at(0)), a.at(1), a.at(2).toBool(), isMax); };
    def(aop, functionalKernel(af));
    def(aop + ".out", outKernel(af));
    const std::string argop = isMax ? "aten::argmax" : "aten::argmin";
    TensorFn argf = [isMax](Args& a) { return argExtremum(tensorArg(a.at(0)), a.at(1), a.at(2).toBool(), isMax); };
    def(argop, functionalKernel(argf));
    def(argop + ".out", outKernel(argf));
  }
}

}  // namespace tsjit::reference

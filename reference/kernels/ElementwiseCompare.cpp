// ElementwiseCompare.cpp — reference kernels of tensor comparisons (eq, ne, lt, le, gt, ge → bool
// tensors), elementwise extrema (maximum / minimum and max.other / min.other, which propagate NaN;
// fmax / fmin, which ignore it), aten::equal (same shape and same values → bool) and == / != of
// tensor lists.
//
// Operands are cast to torch.result_type before comparing (an int tensor compared with 2.5
// compares as float32), as PyTorch's comparison TensorIterator does. NaN compares unequal to
// everything, itself included.
#include <cmath>

#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge };

template <typename T>
bool compare(Cmp op, T a, T b) {
  switch (op) {
    case Cmp::Eq: return a == b;
    case Cmp::Ne: return a != b;
    case Cmp::Lt: return a < b;
    case Cmp::Le: return a <= b;
    case Cmp::Gt: return a > b;
    case Cmp::Ge: return a >= b;
  }
  return false;
}

Tensor comparison(const Tensor& a, const Tensor& b, Cmp op) {
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt))
    return mapFloating({a, b}, dt, ScalarType::Bool, [op](const double* v) { return compare(op, v[0], v[1]) ? 1.0 : 0.0; });
  return mapIntegral({a, b}, dt, ScalarType::Bool, [op](const int64_t* v) { return compare(op, v[0], v[1]) ? 1 : 0; });
}

// maximum/minimum propagate NaN; fmax/fmin return the non-NaN operand.
Tensor extremum(const Tensor& a, const Tensor& b, bool isMax, bool ignoreNan) {
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt))
    return mapFloating({a, b}, dt, dt, [isMax, ignoreNan](const double* v) {
      const bool na = std::isnan(v[0]), nb = std::isnan(v[1]);
      if (na || nb) {
        if (!ignoreNan) return std::nan("");
        return na ? v[1] : v[0];
      }
      return isMax ? std::max(v[0], v[1]) : std::min(v[0], v[1]);
    });
  return mapIntegral({a, b}, dt, dt,
                     [isMax](const int64_t* v) { return isMax ? std::max(v[0], v[1]) : std::min(v[0], v[1]); });
}

bool equal(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype())
    throw RuntimeError(str("Expected object of scalar type ", a.dtype(), " but got scalar type ", b.dtype(),
                           " for argument 'other'"));
  if (a.sizes() != b.sizes()) return false;
  const bool fl = isFloating(a.dtype());
  for (int64_t i = 0; i < a.numel(); ++i) {
    if (fl ? a.getDouble(i) != b.getDouble(i) : a.getInt64(i) != b.getInt64(i)) return false;
  }
  return true;
}

// [a...] == [b...] for tensor lists: same length and bool(a[i] == b[i]) for every pair, where
// bool() of a comparison result needs exactly one element (Python's semantics for list ==).
bool tensorListEqual(const IValue& a, const IValue& b) {
  const auto& x = a.toListRef().items;
  const auto& y = b.toListRef().items;
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    const Tensor r = comparison(x[i].toTensor(), y[i].toTensor(), Cmp::Eq);
    if (r.numel() == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
    if (r.numel() > 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
    if (r.getInt64(0) == 0) return false;
  }
  return true;
}

}  // namespace

void registerElementwiseCompareKernels() {
  def("aten::eq.Tensor_list", [](Args& a) { return ret(IValue(tensorListEqual(a.at(0), a.at(1)))); });
  def("aten::ne.Tensor_list", [](Args& a) { return ret(IValue(!tensorListEqual(a.at(0), a.at(1)))); });
  const std::pair<const char*, Cmp> cmps[] = {{"aten::eq", Cmp::Eq}, {"aten::ne", Cmp::Ne},
                                              {"aten::lt", Cmp::Lt}, {"aten::le", Cmp::Le},
                                              {"aten::gt", Cmp::Gt}, {"aten::ge", Cmp::Ge}};
  for (auto [name, op] : cmps) {
    TensorFn f = [op](Args& a) { return comparison(operandArg(a.at(0)), operandArg(a.at(1)), op); };
    const std::string n = name;
    def(n + ".Tensor", functionalKernel(f));
    def(n + ".Scalar", functionalKernel(f));
    def(n + ".Tensor_out", outKernel(f));
    def(n + ".Scalar_out", outKernel(f));
  }
  auto ext = [](bool isMax, bool ignoreNan) -> TensorFn {
    return [isMax, ignoreNan](Args& a) { return extremum(tensorArg(a.at(0)), tensorArg(a.at(1)), isMax, ignoreNan); };
  };
  def("aten::maximum", functionalKernel(ext(true, false)));
  def("aten::maximum.out", outKernel(ext(true, false)));
  def("aten::max.other", functionalKernel(ext(true, false)));
  def("aten::max.out", outKernel(ext(true, false)));
  def("aten::minimum", functionalKernel(ext(false, false)));
  def("aten::minimum.out", outKernel(ext(false, false)));
  def("aten::min.other", functionalKernel(ext(false, false)));
  def("aten::min.out", outKernel(ext(false, false)));
  def("aten::fmax", functionalKernel(ext(true, true)));
  def("aten::fmax.out", outKernel(ext(true, true)));
  def("aten::fmin", functionalKernel(ext(false, true)));
  def("aten::fmin.out", outKernel(ext(false, true)));
  def("aten::equal", [](Args& a) { return ret(IValue(equal(tensorArg(a.at(0)), tensorArg(a.at(1))))); });
}

}  // namespace tsjit::reference

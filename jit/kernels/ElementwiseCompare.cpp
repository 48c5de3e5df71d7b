// ElementwiseCompare.cpp — optimized kernels of comparisons (eq/ne/lt/le/gt/ge with tensors and
// Python numbers → bool tensors), elementwise extrema (maximum / minimum and max.other /
// min.other propagate NaN; fmax / fmin ignore it), aten::equal, and == / != of tensor lists.
// Operands are cast to torch.result_type before comparing (int tensor < 2.5 compares in float32).
#include <cmath>

#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

template <int Op>
Tensor compare(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::All>("compare", a, b, dt, ScalarType::Bool, self, [](auto x, auto y) -> bool {
    if constexpr (Op == 0) return x == y;
    else if constexpr (Op == 1) return x != y;
    else if constexpr (Op == 2) return x < y;
    else if constexpr (Op == 3) return x <= y;
    else if constexpr (Op == 4) return x > y;
    else return x >= y;
  });
}

template <bool IsMax, bool IgnoreNan>
Tensor extremum(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::All>(IsMax ? "maximum_cpu" : "minimum_cpu", a, b, dt, dt, self, [](auto x, auto y) {
    using T = decltype(x);
    if constexpr (std::is_floating_point_v<T>) {
      if constexpr (IgnoreNan) {
        if (x != x) return y;
        if (y != y) return x;
        return IsMax ? (x > y ? x : y) : (x < y ? x : y);
      } else {
        if (x != x || y != y) return x + y;  // NaN
        return IsMax ? (x > y ? x : y) : (x < y ? x : y);
      }
    } else {
      return IsMax ? (x > y ? x : y) : (x < y ? x : y);
    }
  });
}

bool equal(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype())
    throw RuntimeError(str("Expected object of scalar type ", a.dtype(), " but got scalar type ", b.dtype(),
                           " for argument 'other'"));
  if (a.sizes() != b.sizes()) return false;
  Operand oa{a}, ob{b};
  Tensor ne = binaryOp<Types::All>("equal", oa, ob, a.dtype(), ScalarType::Bool, nullptr,
                                   [](auto x, auto y) -> bool { return x != y; });
  const bool* p = static_cast<const bool*>(ne.data());
  bool any = false;
  for (int64_t i = 0; i < ne.numel(); ++i) any |= p[i];
  return !any;
}

bool tensorListEqual(const IValue& a, const IValue& b) {
  const auto& x = a.toListRef().items;
  const auto& y = b.toListRef().items;
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    IValue args[2] = {x[i], y[i]};
    const Tensor r = compare<0>(args, nullptr);
    if (r.numel() == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
    if (r.numel() > 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
    if (!*static_cast<const bool*>(r.data())) return false;
  }
  return true;
}

}  // namespace

void registerElementwiseCompareKernels() {
  defElementwise(compare<0>, {"aten::eq.Tensor", "aten::eq.Scalar"}, {}, {"aten::eq.Tensor_out", "aten::eq.Scalar_out"});
  defElementwise(compare<1>, {"aten::ne.Tensor", "aten::ne.Scalar"}, {}, {"aten::ne.Tensor_out", "aten::ne.Scalar_out"});
  defElementwise(compare<2>, {"aten::lt.Tensor", "aten::lt.Scalar"}, {}, {"aten::lt.Tensor_out", "aten::lt.Scalar_out"});
  defElementwise(compare<3>, {"aten::le.Tensor", "aten::le.Scalar"}, {}, {"aten::le.Tensor_out", "aten::le.Scalar_out"});
  defElementwise(compare<4>, {"aten::gt.Tensor", "aten::gt.Scalar"}, {}, {"aten::gt.Tensor_out", "aten::gt.Scalar_out"});
  defElementwise(compare<5>, {"aten::ge.Tensor", "aten::ge.Scalar"}, {}, {"aten::ge.Tensor_out", "aten::ge.Scalar_out"});
  defElementwise(extremum<true, false>, {"aten::maximum", "aten::max.other"}, {}, {"aten::maximum.out", "aten::max.out"});
  defElementwise(extremum<false, false>, {"aten::minimum", "aten::min.other"}, {}, {"aten::minimum.out", "aten::min.out"});
  defElementwise(extremum<true, true>, {"aten::fmax"}, {}, {"aten::fmax.out"});
  defElementwise(extremum<false, true>, {"aten::fmin"}, {}, {"aten::fmin.out"});
  def("aten::equal", [](Stack& s, size_t n) {
    const bool r = equal(arg(s, 0, n).toTensor(), arg(s, 1, n).toTensor());
    ret1(s, n, IValue(r));
  });
  def("aten::eq.Tensor_list", [](Stack& s, size_t n) {
    const bool r = tensorListEqual(arg(s, 0, n), arg(s, 1, n));
    ret1(s, n, IValue(r));
  });
  def("aten::ne.Tensor_list", [](Stack& s, size_t n) {
    const bool r = !tensorListEqual(arg(s, 0, n), arg(s, 1, n));
    ret1(s, n, IValue(r));
  });
}

}  // namespace tsjit::kernels

// Comparison.cpp — op declarations. Comparisons and identity tests: tensor comparisons return bool
// tensors; the scalar, string and list overloads return bool.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareComparison(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::eq", Cat::Comparison, Tolerance::exact(), {
      "aten::eq(Scalar a, Scalar b) -> bool",
      "aten::eq.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::eq.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::eq.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::eq.Tensor_list(Tensor[] a, Tensor[] b) -> bool",
      "aten::eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::eq.bool(bool a, bool b) -> bool",
      "aten::eq.bool_list(bool[] a, bool[] b) -> bool",
      "aten::eq.complex(complex a, complex b) -> bool",
      "aten::eq.complex_float(complex a, float b) -> bool",
      "aten::eq.device(Device a, Device b) -> bool",
      "aten::eq.enum(AnyEnumType a, AnyEnumType b) -> bool",
      "aten::eq.float(float a, float b) -> bool",
      "aten::eq.float_complex(float a, complex b) -> bool",
      "aten::eq.float_int(float a, int b) -> bool",
      "aten::eq.float_list(float[] a, float[] b) -> bool",
      "aten::eq.int(int a, int b) -> bool",
      "aten::eq.int_float(int a, float b) -> bool",
      "aten::eq.int_list(int[] a, int[] b) -> bool",
      "aten::eq.str(str a, str b) -> bool",
      "aten::eq.str_list(str[] a, str[] b) -> bool",
  });
  b.op("aten::ne", Cat::Comparison, Tolerance::exact(), {
      "aten::ne(Scalar a, Scalar b) -> bool",
      "aten::ne.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::ne.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::ne.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::ne.Tensor_list(Tensor[] a, Tensor[] b) -> bool",
      "aten::ne.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::ne.bool(bool a, bool b) -> bool",
      "aten::ne.bool_list(bool[] a, bool[] b) -> bool",
      "aten::ne.complex(complex a, complex b) -> bool",
      "aten::ne.complex_float(complex a, float b) -> bool",
      "aten::ne.device(Device a, Device b) -> bool",
      "aten::ne.enum(AnyEnumType a, AnyEnumType b) -> bool",
      "aten::ne.float(float a, float b) -> bool",
      "aten::ne.float_complex(float a, complex b) -> bool",
      "aten::ne.float_int(float a, int b) -> bool",
      "aten::ne.float_list(float[] a, float[] b) -> bool",
      "aten::ne.int(int a, int b) -> bool",
      "aten::ne.int_float(int a, float b) -> bool",
      "aten::ne.int_list(int[] a, int[] b) -> bool",
      "aten::ne.str(str a, str b) -> bool",
      "aten::ne.str_list(str[] a, str[] b) -> bool",
  });
  b.op("aten::lt", Cat::Comparison, Tolerance::exact(), {
      "aten::lt(Scalar a, Scalar b) -> bool",
      "aten::lt.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::lt.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::lt.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::lt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::lt.float(float a, float b) -> bool",
      "aten::lt.float_int(float a, int b) -> bool",
      "aten::lt.int(int a, int b) -> bool",
      "aten::lt.int_float(int a, float b) -> bool",
      "aten::lt.str(str a, str b) -> bool",
  });
  b.op("aten::le", Cat::Comparison, Tolerance::exact(), {
      "aten::le(Scalar a, Scalar b) -> bool",
      "aten::le.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::le.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::le.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::le.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::le.float(float a, float b) -> bool",
      "aten::le.float_int(float a, int b) -> bool",
      "aten::le.int(int a, int b) -> bool",
      "aten::le.int_float(int a, float b) -> bool",
      "aten::le.str(str a, str b) -> bool",
  });
  b.op("aten::gt", Cat::Comparison, Tolerance::exact(), {
      "aten::gt(Scalar a, Scalar b) -> bool",
      "aten::gt.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::gt.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::gt.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::gt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::gt.float(float a, float b) -> bool",
      "aten::gt.float_int(float a, int b) -> bool",
      "aten::gt.int(int a, int b) -> bool",
      "aten::gt.int_float(int a, float b) -> bool",
      "aten::gt.str(str a, str b) -> bool",
  });
  b.op("aten::ge", Cat::Comparison, Tolerance::exact(), {
      "aten::ge(Scalar a, Scalar b) -> bool",
      "aten::ge.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::ge.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::ge.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::ge.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::ge.float(float a, float b) -> bool",
      "aten::ge.float_int(float a, int b) -> bool",
      "aten::ge.int(int a, int b) -> bool",
      "aten::ge.int_float(int a, float b) -> bool",
      "aten::ge.str(str a, str b) -> bool",
  });
  b.op("aten::equal", Cat::Comparison, Tolerance::exact(), {
      "aten::equal(Tensor self, Tensor other) -> bool",
  });
  b.op("aten::__is__", Cat::Comparison, Tolerance::exact(), {
      "aten::__is__(t1 self, t2 obj) -> bool",
  });
  b.op("aten::__isnot__", Cat::Comparison, Tolerance::exact(), {
      "aten::__isnot__(t1 self, t2 obj) -> bool",
  });
}

}  // namespace tsjit::ops

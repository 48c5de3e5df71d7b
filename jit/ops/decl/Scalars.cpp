// Scalars.cpp — op declarations. Scalar math and conversions on int/float/bool (TorchScript's math
// and builtins on Python numbers).
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareScalars(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::Int", Cat::Conversion, Tolerance::exact(), {
      "aten::Int.Scalar(Scalar a) -> int",
      "aten::Int.Tensor(Tensor a) -> int",
      "aten::Int.bool(bool a) -> int",
      "aten::Int.float(float a) -> int",
      "aten::Int.str(str a) -> int",
  });
  b.op("aten::Float", Cat::Conversion, Tolerance::exact(), {
      "aten::Float.Scalar(Scalar a) -> float",
      "aten::Float.Tensor(Tensor a) -> float",
      "aten::Float.bool(bool a) -> float",
      "aten::Float.int(int a) -> float",
      "aten::Float.str(str a) -> float",
  });
  b.op("aten::Complex", Cat::Conversion, Tolerance::exact(), {
      "aten::Complex.Scalar(Scalar a) -> complex",
      "aten::Complex.Tensor_Tensor(Tensor a, Tensor b) -> complex",
      "aten::Complex.int_bool(int x, bool y) -> complex",
      "aten::Complex.bool_int(bool x, int y) -> complex",
      "aten::Complex.float_bool(float x, bool y) -> complex",
      "aten::Complex.bool_float(bool x, float y) -> complex",
      "aten::Complex.float_int(float x, int y) -> complex",
      "aten::Complex.int_float(int x, float y) -> complex",
      "aten::Complex.int_int(int x, int y) -> complex",
      "aten::Complex.bool_bool(bool x, bool y) -> complex",
      "aten::Complex.float_float(float x, float y) -> complex",
      "aten::Complex.Tensor_float(Tensor x, float y) -> complex",
      "aten::Complex.float_Tensor(float x, Tensor y) -> complex",
      "aten::Complex.Tensor_int(Tensor x, int y) -> complex",
      "aten::Complex.int_Tensor(int x, Tensor y) -> complex",
      "aten::Complex.Tensor_bool(Tensor x, bool y) -> complex",
      "aten::Complex.bool_Tensor(bool x, Tensor y) -> complex",
  });
  b.op("aten::Bool", Cat::Conversion, Tolerance::exact(), {
      "aten::Bool.Tensor(Tensor a) -> bool",
      "aten::Bool.float(float a) -> bool",
      "aten::Bool.int(int a) -> bool",
  });
  b.op("aten::floordiv", Cat::ScalarMath, Tolerance::exact(), {
      "aten::floordiv(Scalar a, Scalar b) -> Scalar",
      "aten::floordiv.float(float a, float b) -> float",
      "aten::floordiv.float_int(float a, int b) -> float",
      "aten::floordiv.int(int a, int b) -> int",
      "aten::floordiv.int_float(int a, float b) -> float",
  });
  b.op("aten::__round_to_zero_floordiv", Cat::ScalarMath, Tolerance::exact(), {
      "aten::__round_to_zero_floordiv.int(int a, int b) -> int",
  });
  b.op("aten::divmod", Cat::ScalarMath, Tolerance::exact(), {
      "aten::divmod.float(float x, float y) -> (float, float)",
      "aten::divmod.float_int(float x, int y) -> (float, float)",
      "aten::divmod.int(int x, int y) -> (int, int)",
      "aten::divmod.int_float(int x, float y) -> (float, float)",
  });
  b.op("aten::factorial", Cat::ScalarMath, Tolerance::exact(), {
      "aten::factorial.int(int a) -> int",
  });
  b.op("aten::__not__", Cat::ScalarMath, Tolerance::exact(), {
      "aten::__not__(bool self) -> bool",
  });
  b.op("aten::__range_length", Cat::ScalarMath, Tolerance::exact(), {
      "aten::__range_length(int lo, int hi, int step) -> int",
  });
  b.op("aten::__derive_index", Cat::ScalarMath, Tolerance::exact(), {
      "aten::__derive_index(int index, int start, int step) -> int",
  });
  b.op("prim::min", Cat::ScalarMath, Tolerance::exact(), {
      "prim::min(Scalar a, Scalar b) -> Scalar",
      "prim::min.bool_list(bool[] l, bool[] r) -> bool[]",
      "prim::min.float(float a, float b) -> float",
      "prim::min.float_int(float a, int b) -> float",
      "prim::min.float_list(float[] l, float[] r) -> float[]",
      "prim::min.int(int a, int b) -> int",
      "prim::min.int_float(int a, float b) -> float",
      "prim::min.int_list(int[] l, int[] r) -> int[]",
      "prim::min.self_bool(bool[] self) -> bool",
      "prim::min.self_float(float[] self) -> float",
      "prim::min.self_int(int[] self) -> int",
  });
  b.op("prim::max", Cat::ScalarMath, Tolerance::exact(), {
      "prim::max(Scalar a, Scalar b) -> Scalar",
      "prim::max.bool_list(bool[] l, bool[] r) -> bool[]",
      "prim::max.float(float a, float b) -> float",
      "prim::max.float_int(float a, int b) -> float",
      "prim::max.float_list(float[] l, float[] r) -> float[]",
      "prim::max.int(int a, int b) -> int",
      "prim::max.int_float(int a, float b) -> float",
      "prim::max.int_list(int[] l, int[] r) -> int[]",
      "prim::max.self_bool(bool[] self) -> bool",
      "prim::max.self_float(float[] self) -> float",
      "prim::max.self_int(int[] self) -> int",
  });
  b.op("prim::abs", Cat::ScalarMath, Tolerance::exact(), {
      "prim::abs(Tensor x) -> Tensor",
      "prim::abs.Scalar(Scalar a) -> Scalar",
      "prim::abs.complex(complex a) -> float",
      "prim::abs.float(float a) -> float",
      "prim::abs.int(int a) -> int",
  });
  // math.degrees / math.radians / math.remainder (python3-torch 1.13.1 schemas).
  b.op("aten::degrees", Cat::ScalarMath, Tolerance::exact(), {
      "aten::degrees.Scalar(Scalar a) -> Scalar",
      "aten::degrees.float(float a) -> float",
      "aten::degrees.int(int a) -> float",
  });
  b.op("aten::radians", Cat::ScalarMath, Tolerance::exact(), {
      "aten::radians.Scalar(Scalar a) -> Scalar",
      "aten::radians.float(float a) -> float",
      "aten::radians.int(int a) -> float",
  });
  b.op("aten::mathremainder", Cat::ScalarMath, Tolerance::exact(), {
      "aten::mathremainder(Scalar a, Scalar b) -> float",
      "aten::mathremainder.float(float a, float b) -> float",
      "aten::mathremainder.float_int(float a, int b) -> float",
      "aten::mathremainder.int(int a, int b) -> float",
      "aten::mathremainder.int_float(int a, float b) -> float",
  });
}

}  // namespace tsjit::ops

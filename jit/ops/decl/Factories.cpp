// Factories.cpp — op declarations. Tensor factories and conversions: new tensors from sizes, values
// or other tensors; dtype/device conversions and copies.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareFactories(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::tensor", Cat::Factory, Tolerance::exact(), {
      "aten::tensor(t[] data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
      "aten::tensor.bool(bool t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
      "aten::tensor.complex(complex t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
      "aten::tensor.float(float t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
      "aten::tensor.int(int t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
  });
  b.op("aten::zeros", Cat::Factory, Tolerance::exact(), {
      "aten::zeros(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::zeros.names(int[] size, *, str[]? names, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::zeros.names_out(int[] size, *, str[]? names, Tensor(a!) out) -> Tensor(a!)",
      "aten::zeros.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::ones", Cat::Factory, Tolerance::exact(), {
      "aten::ones(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::ones.names(int[] size, *, str[]? names, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::ones.names_out(int[] size, *, str[]? names, Tensor(a!) out) -> Tensor(a!)",
      "aten::ones.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::full", Cat::Factory, Tolerance::exact(), {
      "aten::full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::full.names(int[] size, Scalar fill_value, *, str[]? names, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::full.names_out(int[] size, Scalar fill_value, *, str[]? names, Tensor(a!) out) -> Tensor(a!)",
      "aten::full.out(SymInt[] size, Scalar fill_value, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::eye", Cat::Factory, Tolerance::exact(), {
      "aten::eye(int n, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::eye.m(int n, int m, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::eye.m_out(int n, int m, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::eye.out(int n, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch computes start + step * i in double (float for Half / BFloat16) and rounds to the dtype;
  // its vectorized float path first rounds each vector's base start + step * i0 to float. Against
  // the exact start + step * i: ~eps (|start| + |step * i|) -> operands(2) (M >= |start|, |end|).
  b.op("aten::arange", Cat::Factory, Tolerance::operands(2), {
      "aten::arange(Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::arange.out(Scalar end, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::arange.start(Scalar start, Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::arange.start_out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::arange.start_step(Scalar start, Scalar end, Scalar step=1, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
  });
  b.op("aten::linspace", Cat::Factory, Tolerance::ulp(2), {
      "aten::linspace(Scalar start, Scalar end, int steps, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::linspace.out(Scalar start, Scalar end, int steps, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logspace", Cat::Factory, Tolerance::ulp(2), {
      "aten::logspace(Scalar start, Scalar end, int steps, float base=10.0, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::logspace.out(Scalar start, Scalar end, int steps, float base=10.0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::zeros_like", Cat::Factory, Tolerance::exact(), {
      "aten::zeros_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::zeros_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::ones_like", Cat::Factory, Tolerance::exact(), {
      "aten::ones_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::ones_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::to", Cat::Conversion, Tolerance::exact(), {
      "aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
      "aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
      "aten::to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
      "aten::to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
      "aten::to.prim_Device(Tensor(a) self, Device? device, int? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(b|a)",
      "aten::to.prim_dtype(Tensor(a) self, int? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(b|a)",
      "aten::to.prim_other(Tensor(a) self, bool non_blocking=False, bool copy=False) -> Tensor(b|a)",
  });
  b.op("aten::type_as", Cat::Conversion, Tolerance::exact(), {
      "aten::type_as(Tensor self, Tensor other) -> Tensor",
  });
  b.op("aten::contiguous", Cat::Conversion, Tolerance::exact(), {
      "aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=0) -> Tensor(a)",
  });
  b.op("aten::clone", Cat::Conversion, Tolerance::exact(), {
      "aten::clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor",
      "aten::clone.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::detach", Cat::Conversion, Tolerance::exact(), {
      "aten::detach(Tensor(a) self) -> Tensor(a)",
  });
  b.op("aten::item", Cat::Conversion, Tolerance::exact(), {
      "aten::item(Tensor self) -> Scalar",
  });
  b.op("prim::NumToTensor", Cat::Conversion, Tolerance::exact(), {
      "prim::NumToTensor.Scalar(Scalar a) -> Tensor",
      "prim::NumToTensor.bool(bool a) -> Tensor",
  });
  b.op("prim::tolist", Cat::Conversion, Tolerance::exact(), {
      "prim::tolist(...) -> ...",
  });
}

}  // namespace tsjit::ops

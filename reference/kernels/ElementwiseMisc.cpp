// ElementwiseMisc.cpp — reference kernels of the remaining elementwise ops: where (Tensor/Scalar
// branches; the one-argument form gives nonzero indices), lerp, addcmul, addcdiv, masked_fill /
// masked_fill_, fill_, zero_, and the conversions aten::to (every overload) and type_as.
//
// Semantics (PyTorch 1.13): where promotes self and other to their result type and needs a bool
// (or uint8) condition; lerp needs self, end (and a Tensor weight) of one floating dtype; the
// masked / fill ops cast the value to self's dtype and write through self (views see the write);
// aten::to and type_as return self itself when dtype, device and layout already match and no copy
// is asked for, else a converted copy that keeps a dense input's strides. lerp, addcmul and
// addcdiv round their intermediate steps to the compute dtype in PyTorch's order, with a final
// multiply-add fused as PyTorch's CPU build does (their formulas cancel, so computing all in
// double would differ from PyTorch's float32 results by several ulp).
#include <bit>
#include <cmath>

#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

void checkCondition(const Tensor& c) {
  if (c.dtype() != ScalarType::Bool && c.dtype() != ScalarType::UInt8)
    throw RuntimeError(str("where expected condition to be a boolean tensor, but got a tensor with dtype ", c.dtype()));
}

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  checkCondition(cond);
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt)) return mapFloating({cond, a, b}, dt, dt, [](const double* v) { return v[0] != 0 ? v[1] : v[2]; });
  return mapIntegral({cond, a, b}, dt, dt, [](const int64_t* v) { return v[0] != 0 ? v[1] : v[2]; });
}

// where(condition): one int64 tensor of indices per dim (torch.nonzero(as_tuple=True)).
IValue whereIndices(const Tensor& cond) {
  const int64_t nd = cond.dim();
  std::vector<std::vector<int64_t>> idx(static_cast<size_t>(std::max<int64_t>(nd, 1)));
  const std::vector<int64_t>& sizes = cond.sizes();
  for (int64_t i = 0; i < cond.numel(); ++i) {
    const bool nz = isFloating(cond.dtype()) ? cond.getDouble(i) != 0 : cond.getInt64(i) != 0;
    if (!nz) continue;
    int64_t rest = i;
    for (int64_t d = nd; d-- > 0;) {
      idx[static_cast<size_t>(d)].push_back(rest % sizes[static_cast<size_t>(d)]);
      rest /= sizes[static_cast<size_t>(d)];
    }
    if (nd == 0) idx[0].push_back(0);
  }
  std::vector<IValue> items;
  for (auto& v : idx) {
    const int64_t n = static_cast<int64_t>(v.size());
    items.emplace_back(Tensor::fromInt64s(v, {n}));
  }
  return makeList(TensorType::get(), std::move(items));
}

Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight, bool tensorWeight) {
  if (self.dtype() != end.dtype())
    throw RuntimeError(str("expected dtype ", typeMetaName(self.dtype()), " for `end` but got dtype ",
                           typeMetaName(end.dtype())));
  if (tensorWeight && self.dtype() != weight.dtype())
    throw RuntimeError(str("expected dtype ", typeMetaName(self.dtype()), " for `weight` but got dtype ",
                           typeMetaName(weight.dtype())));
  const ScalarType dt = self.dtype();
  // Its meta function builds the TensorIterator (shapes must broadcast) before the kernel's
  // dtype dispatch: PyTorch 1.13's CPU lerp dispatches float, double and BFloat16 (and complex).
  broadcastShapeOf({self, end, weight});
  if (!isFloating(dt) || dt == ScalarType::Half)
    throwNotImplemented(tensorWeight ? "lerp_kernel_tensor" : "lerp_kernel_scalar", dt);
  // PyTorch's steps, each rounded to dt; the final multiply-add is fused (one rounding), as
  // PyTorch's CPU build compiles it.
  return mapFloating({self, end, weight}, dt, dt, [dt](const double* v) {
    const double s = v[0], e = v[1], w = v[2];
    auto R = [dt](double x) { return castDouble(x, dt); };
    return std::fabs(w) < 0.5 ? s + w * R(e - s) : e - R(e - s) * R(1.0 - w);
  });
}

Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, const IValue& value) {
  const ScalarType dt = resultTypeOf({self, t1, t2});
  // PyTorch 1.13's CPU kernel dispatches all types and BFloat16: no Bool, no Half.
  if (dt == ScalarType::Bool || dt == ScalarType::Half) throwNotImplemented("addcmul_cpu_out", dt);
  // value converts to the computation type with the overflow check (BFloat16 computes in float).
  checkScalarConvertible(value, dt == ScalarType::BFloat16 ? ScalarType::Float : dt);
  if (isFloating(dt)) {
    const double val = castDouble(scalarDouble(value), dt);
    // self + (value * t1) * t2: value * t1 rounded to dt, then a fused multiply-add.
    return mapFloating({self, t1, t2}, dt, dt, [val, dt](const double* v) {
      return v[0] + castDouble(val * v[1], dt) * v[2];
    });
  }
  const int64_t val = castInt(scalarInt(value), dt);
  return mapIntegral({self, t1, t2}, dt, dt, [val](const int64_t* v) {
    const uint64_t prod = static_cast<uint64_t>(val) * static_cast<uint64_t>(v[1]) * static_cast<uint64_t>(v[2]);
    return static_cast<int64_t>(static_cast<uint64_t>(v[0]) + prod);
  });
}

Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, const IValue& value) {
  if (isIntegral(t1.dtype()) && isIntegral(t2.dtype()))
    throw RuntimeError(
        "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a "
        "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as "
        "(input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
        "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter "
        "implementation: (input + value * tensor1 / tensor2), for all dtypes.");
  const ScalarType dt = resultTypeOf({self, t1, t2});
  // PyTorch 1.13's CPU kernel dispatches all types and BFloat16: no Half.
  if (dt == ScalarType::Half) throwNotImplemented("addcdiv_cpu_out", dt);
  checkScalarConvertible(value, dt == ScalarType::BFloat16 ? ScalarType::Float : dt);
  const double val = castDouble(scalarDouble(value), dt);
  // self + (value * t1) / t2, each step rounded to dt as PyTorch evaluates it.
  return mapFloating({self, t1, t2}, dt, dt, [val, dt](const double* v) {
    return v[0] + castDouble(castDouble(val * v[1], dt) / v[2], dt);
  });
}

// ---- masked_fill / fill -------------------------------------------------------------------------

// Writes `value` (an int, float or bool IValue, or a 0-dim tensor) at every position of self where
// mask (already broadcast to self's shape) is true, or everywhere when mask is undefined.
void fillWhere(const Tensor& self, const Tensor& mask, const IValue& value) {
  checkScalarConvertible(value, self.dtype());  // even when nothing is written
  const bool integral = isIntegral(self.dtype());
  double d = 0;
  int64_t n = 0;
  if (value.isTensor()) {
    const Tensor v = value.toTensor();
    if (isIntegral(v.dtype())) {
      n = v.getInt64(0);
      d = static_cast<double>(n);
    } else {
      d = v.getDouble(0);
      n = scalarInt(IValue(d));
    }
  } else {
    d = scalarDouble(value);
    n = scalarInt(value);
  }
  for (int64_t i = 0; i < self.numel(); ++i) {
    if (mask.defined() && mask.getInt64(i) == 0) continue;
    if (integral && !(value.isDouble() || (value.isTensor() && !isIntegral(value.toTensor().dtype()))))
      self.setInt64(i, n);
    else
      self.setDouble(i, d);
  }
  self.bumpVersion();
}

// 1.13's CPU masked_fill takes the first byte in memory of each mask element (the lowest byte,
// little-endian) as a 0 / 1 flag, whatever the mask's dtype: other byte values raise. Computed here
// from each element's value: an integer's low 8 bits, a floating value's bit pattern in its dtype
// (python3-torch 1.13.1: a float mask of 1.0 fills nothing, a bfloat16 1.0 raises).
int64_t firstByte(const Tensor& mask, int64_t i) {
  switch (mask.dtype()) {
    case ScalarType::Float: return std::bit_cast<uint32_t>(static_cast<float>(mask.getDouble(i))) & 0xFF;
    case ScalarType::Double: return static_cast<int64_t>(std::bit_cast<uint64_t>(mask.getDouble(i)) & 0xFF);
    case ScalarType::Half: return Half(static_cast<float>(mask.getDouble(i))).bits & 0xFF;
    case ScalarType::BFloat16: return BFloat16(static_cast<float>(mask.getDouble(i))).bits & 0xFF;
    default: return mask.getInt64(i) & 0xFF;
  }
}

// The mask as Bool flags (a Bool mask as it is).
Tensor maskFlags(const Tensor& mask) {
  if (mask.dtype() == ScalarType::Bool) return mask;
  Tensor flags = Tensor::empty(mask.sizes(), ScalarType::Bool);
  for (int64_t i = 0; i < mask.numel(); ++i) {
    const int64_t b = firstByte(mask, i);
    if (b > 1) throw RuntimeError("Mask tensor can take 0 and 1 values only");
    flags.setInt64(i, b);
  }
  return flags;
}

void checkValueTensor(const IValue& value) {
  if (value.isTensor() && value.toTensor().dim() != 0)
    throw RuntimeError(str("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                           value.toTensor().dim(), " dimension(s)."));
}

const Tensor& maskedFillInplace(const Tensor& self, const Tensor& mask, const IValue& value) {
  checkValueTensor(value);
  // The broadcast of self and mask first (its message names both sizes), then it must be self's.
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), mask.sizes());
  if (shape != self.sizes())
    throw RuntimeError(str("output with shape ", shapeString(self.sizes()), " doesn't match the broadcast shape ",
                           shapeString(shape)));
  fillWhere(self, maskFlags(expandTo(mask, self.sizes())), value);
  return self;
}

Tensor maskedFill(const Tensor& self, const Tensor& mask, const IValue& value) {
  checkValueTensor(value);
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), mask.sizes());
  Tensor result = expandTo(self, shape).clone(MemoryFormat::Contiguous);
  fillWhere(result, maskFlags(expandTo(mask, shape)), value);
  return result;
}

// ---- conversions --------------------------------------------------------------------------------

constexpr int64_t kMemoryFormatContiguous = 0;  // c10::MemoryFormat::Contiguous

IValue convert(const Tensor& self, std::optional<Device> device, std::optional<ScalarType> dtype, bool copy,
               const IValue& memoryFormat) {
  if (device && !device->isCpu()) throw RuntimeError("Torch not compiled with CUDA enabled");
  const ScalarType dt = dtype.value_or(self.dtype());
  // PyTorch aliases whenever dtype and device match and no copy is asked for: its check compares
  // the requested format with suggest_memory_format(), which is "contiguous" for any strided
  // non-channels-last tensor, so to(memory_format=contiguous) of a transposed tensor is itself.
  const bool wantContiguous = memoryFormat.isInt() && memoryFormat.toInt() == kMemoryFormatContiguous;
  if (dt == self.dtype() && !copy) return self;
  // The reference's own conversion and copies (NaiveLayout.h), not jit/tensor's.
  Tensor r = naive::convert(self, dt);
  if (wantContiguous && !r.isContiguous()) r = naive::contiguousCopy(r);
  return r;
}

}  // namespace

void registerElementwiseMiscKernels() {
  TensorFn whereFn = [](Args& a) { return where(tensorArg(a.at(0)), operandArg(a.at(1)), operandArg(a.at(2))); };
  for (const char* o : {"aten::where.self", "aten::where.ScalarSelf", "aten::where.ScalarOther", "aten::where.Scalar"})
    def(o, functionalKernel(whereFn));
  def("aten::where.self_out", outKernel(whereFn));
  def("aten::where", [](Args& a) { return ret(whereIndices(tensorArg(a.at(0)))); });

  TensorFn lerpS = [](Args& a) { return lerp(tensorArg(a.at(0)), tensorArg(a.at(1)), wrapScalar(a.at(2)), false); };
  TensorFn lerpT = [](Args& a) { return lerp(tensorArg(a.at(0)), tensorArg(a.at(1)), tensorArg(a.at(2)), true); };
  def("aten::lerp.Scalar", functionalKernel(lerpS));
  def("aten::lerp.Scalar_out", outKernel(lerpS));
  def("aten::lerp.Tensor", functionalKernel(lerpT));
  def("aten::lerp.Tensor_out", outKernel(lerpT));
  TensorFn acm = [](Args& a) { return addcmul(tensorArg(a.at(0)), tensorArg(a.at(1)), tensorArg(a.at(2)), a.at(3)); };
  TensorFn acd = [](Args& a) { return addcdiv(tensorArg(a.at(0)), tensorArg(a.at(1)), tensorArg(a.at(2)), a.at(3)); };
  def("aten::addcmul", functionalKernel(acm));
  def("aten::addcmul.out", outKernel(acm));
  def("aten::addcdiv", functionalKernel(acd));
  def("aten::addcdiv.out", outKernel(acd));

  TensorFn mf = [](Args& a) { return maskedFill(tensorArg(a.at(0)), tensorArg(a.at(1)), a.at(2)); };
  for (const char* o : {"aten::masked_fill.Scalar", "aten::masked_fill.Tensor"}) def(o, functionalKernel(mf));
  for (const char* o : {"aten::masked_fill.Scalar_out", "aten::masked_fill.Tensor_out"}) def(o, outKernel(mf));
  for (const char* o : {"aten::masked_fill_.Scalar", "aten::masked_fill_.Tensor"})
    def(o, [](Args& a) { return ret(maskedFillInplace(tensorArg(a.at(0)), tensorArg(a.at(1)), a.at(2))); });

  def("aten::fill_.Scalar", [](Args& a) {
    Tensor self = tensorArg(a.at(0));
    fillWhere(self, Tensor(), a.at(1));
    return ret(self);
  });
  def("aten::fill_.Tensor", [](Args& a) {
    Tensor self = tensorArg(a.at(0));
    const Tensor v = tensorArg(a.at(1));
    if (v.dim() != 0)
      throw RuntimeError(str("fill_ only supports 0-dimension value tensor but got tensor with ", v.dim(), " dimensions."));
    fillWhere(self, Tensor(), a.at(1));
    return ret(self);
  });
  def("aten::zero_", [](Args& a) {
    Tensor self = tensorArg(a.at(0));
    fillWhere(self, Tensor(), IValue(int64_t{0}));
    return ret(self);
  });

  // aten::to: (self, dtype, non_blocking, copy, memory_format) and friends.
  def("aten::to.dtype", [](Args& a) {
    return ret(convert(tensorArg(a.at(0)), std::nullopt, dtypeArg(a.at(1)), a.at(3).toBool(), a.at(4)));
  });
  def("aten::to.device", [](Args& a) {
    return ret(convert(tensorArg(a.at(0)), a.at(1).toDevice(), dtypeArg(a.at(2)), a.at(4).toBool(), a.at(5)));
  });
  def("aten::to.other", [](Args& a) {
    const Tensor other = tensorArg(a.at(1));
    return ret(convert(tensorArg(a.at(0)), other.device(), other.dtype(), a.at(3).toBool(), a.at(4)));
  });
  def("aten::to.dtype_layout", [](Args& a) {
    return ret(convert(tensorArg(a.at(0)), optDeviceArg(a.at(3)), optDtypeArg(a.at(1)), a.at(6).toBool(), a.at(7)));
  });
  // 1.13's prim_ overloads turn "no device, no dtype, copy=True" into a uint8 conversion (its
  // dispatch reads the missing dtype as code 0); checked on python3-torch 1.13.1.
  def("aten::to.prim_Device", [](Args& a) {
    auto device = optDeviceArg(a.at(1));
    auto dtype = optDtypeArg(a.at(2));
    const bool copy = a.at(4).toBool();
    if (!device.has_value() && !dtype.has_value() && copy) dtype = ScalarType::UInt8;
    return ret(convert(tensorArg(a.at(0)), device, dtype, copy, IValue()));
  });
  def("aten::to.prim_dtype", [](Args& a) {
    auto dtype = optDtypeArg(a.at(1));
    const bool copy = a.at(3).toBool();
    if (!dtype.has_value() && copy) dtype = ScalarType::UInt8;
    return ret(convert(tensorArg(a.at(0)), std::nullopt, dtype, copy, IValue()));
  });
  def("aten::to.prim_other", [](Args& a) {
    const bool copy = a.at(2).toBool();
    std::optional<ScalarType> dtype;
    if (copy) dtype = ScalarType::UInt8;
    return ret(convert(tensorArg(a.at(0)), std::nullopt, dtype, copy, IValue()));
  });
  def("aten::type_as", [](Args& a) {
    const Tensor other = tensorArg(a.at(1));
    return ret(convert(tensorArg(a.at(0)), other.device(), other.dtype(), false, IValue()));
  });
}

}  // namespace tsjit::reference

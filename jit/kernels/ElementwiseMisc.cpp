// ElementwiseMisc.cpp — optimized kernels of the remaining elementwise ops: where (Tensor/Scalar
// branches; the one-argument form gives nonzero indices), lerp, addcmul, addcdiv, masked_fill /
// masked_fill_, fill_, zero_, and the conversions aten::to (every overload) and type_as.
//
// Semantics (PyTorch 1.13): where promotes self and other to their result type and needs a bool
// (or uint8) condition; lerp needs self, end (and a Tensor weight) of one floating dtype and
// computes PyTorch's two-sided formula with a fused final multiply-add; addcmul fuses its final
// multiply-add; fill / masked fill cast the value to self's dtype and write through self (views
// see it); aten::to / type_as return self itself when nothing changes and no copy is asked for.
#include <cmath>

#include "jit/ir/Type.h"
#include "jit/kernels/ScalarFits.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

// ---- where ------------------------------------------------------------------------------------------

Tensor where(const IValue* args, const Tensor* self) {
  const Operand c = Operand::of(args[0]), a = Operand::of(args[1]), b = Operand::of(args[2]);
  const ScalarType cd = c.dtype();
  if (cd != ScalarType::Bool && cd != ScalarType::UInt8)
    throw RuntimeError(str("where expected condition to be a boolean tensor, but got a tensor with dtype ", cd));
  const ScalarType dt = resultTypeOf({&a, &b});
  return runElementwise({&c, &a, &b}, dt, self, [&](const Tensor& out) {
    visitScalarType(dt, [&](auto tag) {
      using T = typename decltype(tag)::type;
      Tensor h0, h1, h2;
      auto pick = [](auto k, auto x, auto y) { return k ? x : y; };
      if (cd == ScalarType::Bool)
        elementwise<T, bool, T, T>(out, {loopArg<bool>(c, h0), loopArg<T>(a, h1), loopArg<T>(b, h2)}, pick);
      else
        elementwise<T, uint8_t, T, T>(out, {loopArg<uint8_t>(c, h0), loopArg<T>(a, h1), loopArg<T>(b, h2)}, pick);
    });
  });
}

// where(condition): one int64 tensor of indices per dim (nonzero(as_tuple=True)).
IValue whereIndices(const Tensor& cond) {
  const Tensor c = cond.contiguous();
  const int64_t nd = c.dim(), n = c.numel();
  std::vector<std::vector<int64_t>> idx(static_cast<size_t>(std::max<int64_t>(nd, 1)));
  std::vector<int64_t> index(static_cast<size_t>(nd), 0);
  visitScalarType(c.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(c.data());
    for (int64_t i = 0; i < n; ++i) {
      if (static_cast<float>(p[i]) != 0) {
        if (nd == 0) idx[0].push_back(0);
        for (int64_t d = 0; d < nd; ++d) idx[static_cast<size_t>(d)].push_back(index[static_cast<size_t>(d)]);
      }
      for (int64_t d = nd; d-- > 0;) {
        if (++index[static_cast<size_t>(d)] < c.sizes()[static_cast<size_t>(d)]) break;
        index[static_cast<size_t>(d)] = 0;
      }
    }
  });
  std::vector<IValue> items;
  for (auto& v : idx) {
    const int64_t k = static_cast<int64_t>(v.size());
    items.emplace_back(Tensor::fromInt64s(v, {k}));
  }
  return makeList(TensorType::get(), std::move(items));
}

// ---- lerp / addcmul / addcdiv -------------------------------------------------------------------------

template <typename C>
inline C lerpOf(C s, C e, C w) {
  const C d = e - s;
  return std::fabs(w) < C(0.5) ? std::fma(w, d, s) : std::fma(-d, C(1) - w, e);
}

Tensor lerp(const IValue* args, const Tensor* self, bool tensorWeight) {
  const Operand s = Operand::of(args[0]), e = Operand::of(args[1]), w = Operand::of(args[2]);
  if (s.dtype() != e.dtype())
    throw RuntimeError(str("expected dtype ", typeMetaName(s.dtype()), " for `end` but got dtype ",
                           typeMetaName(e.dtype())));
  if (tensorWeight && s.dtype() != w.dtype())
    throw RuntimeError(str("expected dtype ", typeMetaName(s.dtype()), " for `weight` but got dtype ",
                           typeMetaName(w.dtype())));
  const ScalarType dt = s.dtype();
  const char* name = tensorWeight ? "lerp_kernel_tensor" : "lerp_kernel_scalar";
  // PyTorch 1.13's CPU lerp dispatches float, double and BFloat16 (and complex): no Half.
  if (dt == ScalarType::Half) throwNotImplemented(name, dt);
  return runElementwise({&s, &e, &w}, dt, self, [&](const Tensor& out) {
    visitFloating(dt, name, [&](auto tag) {
      using T = typename decltype(tag)::type;
      Tensor h0, h1, h2;
      elementwise<T, T, T, T>(out, {loopArg<T>(s, h0), loopArg<T>(e, h1), loopArg<T>(w, h2)},
                              [](auto x, auto y, auto z) { return lerpOf(x, y, z); });
    });
  });
}
Tensor lerpS(const IValue* a, const Tensor* s) { return lerp(a, s, false); }
Tensor lerpT(const IValue* a, const Tensor* s) { return lerp(a, s, true); }

template <bool Div>
Tensor addcop(const IValue* args, const Tensor* self) {
  const Operand s = Operand::of(args[0]), t1 = Operand::of(args[1]), t2 = Operand::of(args[2]);
  const Operand value = Operand::of(args[3]);
  if constexpr (Div) {
    if (isIntegralType(t1.dtype(), true) && isIntegralType(t2.dtype(), true))
      throw RuntimeError(
          "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a "
          "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as "
          "(input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
          "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter "
          "implementation: (input + value * tensor1 / tensor2), for all dtypes.");
  }
  const ScalarType dt = resultTypeOf({&s, &t1, &t2});
  // PyTorch 1.13's CPU kernels dispatch all types and BFloat16: no Bool, no Half.
  if (dt == ScalarType::Bool || dt == ScalarType::Half) throwNotImplemented(Div ? "addcdiv_cpu_out" : "addcmul_cpu_out", dt);
  // value is read with c10's checked conversion to the computation type (float for BFloat16), an
  // empty input too: int32 with value=nan, int8 with 300, float32 with 1e39 raise.
  checkScalarFitsDtype(args[3], dt == ScalarType::BFloat16 ? ScalarType::Float : dt);
  return runElementwise({&s, &t1, &t2}, dt, self, [&](const Tensor& out) {
    visitScalarType(dt, [&](auto tag) {
      using T = typename decltype(tag)::type;
      using C = opmath_t<T>;
      const C v = static_cast<C>(value.valueAs<T>());
      Tensor h0, h1, h2;
      elementwise<T, T, T, T>(out, {loopArg<T>(s, h0), loopArg<T>(t1, h1), loopArg<T>(t2, h2)},
                              [v](C x, C y, C z) -> C {
                                if constexpr (Div) {
                                  if constexpr (std::is_integral_v<C>) return x;  // unreachable (checked)
                                  else return x + (v * y) / z;
                                } else if constexpr (std::is_floating_point_v<C>) {
                                  return std::fma(v * y, z, x);
                                } else {
                                  return wrapAdd(x, wrapMul(wrapMul(v, y), z));
                                }
                              });
    });
  });
}

// ---- fill / masked_fill -----------------------------------------------------------------------------------

// Writes value (a number or 0-dim tensor) into self where mask (broadcast to self) is true, or
// everywhere when mask is null. self is written in place (views see it); bumps the version.
void fillWhere(const Tensor& self, const Tensor* mask, const Operand& value) {
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = value.valueAs<T>();
    if (!mask) {
      elementwise<T>(self, {}, [v]() { return v; });
    } else {
      const Tensor& m = *mask;
      Tensor h;
      auto sel = [v](auto x, auto k) { return k ? static_cast<decltype(x)>(v) : x; };
      if (m.dtype() == ScalarType::Bool)
        elementwise<T, T, bool>(self, {LoopArg::of(self), loopArg<bool>(Operand{m}, h)}, sel);
      else
        elementwise<T, T, uint8_t>(self, {LoopArg::of(self), loopArg<uint8_t>(Operand{m}, h)}, sel);
    }
  });
  self.bumpVersion();
}

// PyTorch 1.13's CPU masked_fill reads the first byte of each mask element (little-endian: its
// lowest) as a uint8 flag, whatever the mask's dtype, and refuses a byte other than 0 or 1
// (python3-torch 1.13.1: an int32 mask of 0 / 1 fills, a float mask of 1.0 fills nothing — its low
// byte is 0 —, a bfloat16 1.0 (0x3F80) raises; conformance/pt113-corpus fuzz_ops-11-1150, -1372,
// -1824, -2443). A non-bool mask becomes the Bool mask of those bytes.
Tensor maskOfFirstBytes(const Tensor& mask) {
  if (mask.dtype() == ScalarType::Bool) return mask;
  const Tensor dense = mask.contiguous();
  Tensor out = Tensor::empty(mask.sizes(), ScalarType::Bool);
  const auto* bytes = static_cast<const uint8_t*>(dense.data());
  auto* flags = static_cast<bool*>(out.data());
  const size_t item = dense.itemSize();
  for (int64_t i = 0; i < dense.numel(); ++i) {
    const uint8_t b = bytes[static_cast<size_t>(i) * item];
    if (b > 1) throw RuntimeError("Mask tensor can take 0 and 1 values only");
    flags[i] = b != 0;
  }
  return out;
}

void checkMaskArgs(const Tensor& /*mask*/, const IValue& value) {
  if (value.isTensor() && value.toTensor().dim() != 0)
    throw RuntimeError(str("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                           value.toTensor().dim(), " dimension(s)."));
}

Tensor maskedFill(const IValue* args, const Tensor* out) {
  const Tensor self = args[0].toTensor(), mask = args[1].toTensor();
  checkMaskArgs(mask, args[2]);
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), mask.sizes());
  Tensor result = Tensor::empty(shape, self.dtype());
  result.copy_(self);
  const Tensor m = maskOfFirstBytes(expandTo(mask, shape));
  checkScalarFitsDtype(args[2], result.dtype());
  fillWhere(result, &m, Operand::of(args[2]));
  if (out) {
    out->copy_(result);
    return *out;
  }
  return result;
}

Tensor maskedFillInplace(const IValue* args, const Tensor* self) {
  const Tensor mask = args[1].toTensor();
  checkMaskArgs(mask, args[2]);
  if (!isExpandableTo(mask.sizes(), self->sizes())) {
    // The broadcast shape first (throws the size-mismatch message); a larger one is not self's.
    const auto shape = inferBroadcastShape(self->sizes(), mask.sizes());
    throw RuntimeError(str("output with shape ", shapeString(self->sizes()), " doesn't match the broadcast shape ",
                           shapeString(shape)));
  }
  const Tensor m = expandTo(mask, self->sizes());
  const Tensor flags = maskOfFirstBytes(m);
  checkScalarFitsDtype(args[2], self->dtype());
  fillWhere(*self, &flags, Operand::of(args[2]));
  return *self;
}

// ---- conversions -----------------------------------------------------------------------------------------

constexpr int64_t kMemoryFormatContiguous = 0;  // c10::MemoryFormat::Contiguous

Tensor convert(const Tensor& self, std::optional<Device> device, std::optional<ScalarType> dtype, bool copy,
               const IValue& memoryFormat) {
  if (device && !device->isCpu()) throw RuntimeError("Torch not compiled with CUDA enabled");
  const ScalarType dt = dtype.value_or(self.dtype());
  if (dt == self.dtype() && !copy) return self;
  Tensor r = dt == self.dtype() ? self.clone(MemoryFormat::Preserve) : self.to(dt);
  const bool wantContiguous = memoryFormat.isInt() && memoryFormat.toInt() == kMemoryFormatContiguous;
  if (wantContiguous && !r.isContiguous()) r = r.contiguous();
  return r;
}

std::optional<Device> optDevice(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toDevice();
}

void defTo(const char* name, Tensor (*fn)(const IValue* a)) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor r = fn(&s[s.size() - n]);
    ret1(s, n, IValue(std::move(r)));
  });
}

}  // namespace

// The dtype of 1.13's prim_ `to` overloads (see their registration below).
static std::optional<ScalarType> primToDtype(std::optional<Device> device, std::optional<ScalarType> dtype, bool copy) {
  return !device && !dtype && copy ? std::optional<ScalarType>(ScalarType::UInt8) : dtype;
}

void registerElementwiseMiscKernels() {
  defElementwise(where, {"aten::where.self", "aten::where.ScalarSelf", "aten::where.ScalarOther", "aten::where.Scalar"},
                 {}, {"aten::where.self_out"});
  def("aten::where", [](Stack& s, size_t n) {
    IValue r = whereIndices(arg(s, 0, n).toTensor());
    ret1(s, n, std::move(r));
  });
  defElementwise(lerpS, {"aten::lerp.Scalar"}, {}, {"aten::lerp.Scalar_out"});
  defElementwise(lerpT, {"aten::lerp.Tensor"}, {}, {"aten::lerp.Tensor_out"});
  defElementwise(addcop<false>, {"aten::addcmul"}, {}, {"aten::addcmul.out"});
  defElementwise(addcop<true>, {"aten::addcdiv"}, {}, {"aten::addcdiv.out"});
  defElementwise(maskedFill, {"aten::masked_fill.Scalar", "aten::masked_fill.Tensor"}, {},
                 {"aten::masked_fill.Scalar_out", "aten::masked_fill.Tensor_out"});
  defElementwise(maskedFillInplace, {}, {"aten::masked_fill_.Scalar", "aten::masked_fill_.Tensor"});
  defElementwise([](const IValue* a, const Tensor* self) -> Tensor {
    checkScalarFitsDtype(a[1], self->dtype());
    fillWhere(*self, nullptr, Operand::of(a[1]));
    return *self;
  }, {}, {"aten::fill_.Scalar"});
  defElementwise([](const IValue* a, const Tensor* self) -> Tensor {
    const Tensor v = a[1].toTensor();
    if (v.dim() != 0)
      throw RuntimeError(str("fill_ only supports 0-dimension value tensor but got tensor with ", v.dim(), " dimensions."));
    checkScalarFitsDtype(a[1], self->dtype());
    fillWhere(*self, nullptr, Operand{v});
    return *self;
  }, {}, {"aten::fill_.Tensor"});
  defElementwise([](const IValue*, const Tensor* self) -> Tensor {
    fillWhere(*self, nullptr, Operand::number(int64_t{0}));
    return *self;
  }, {}, {"aten::zero_"});

  // aten::to: (self, dtype, non_blocking, copy, memory_format) and friends.
  defTo("aten::to.dtype", [](const IValue* a) {
    return convert(a[0].toTensor(), std::nullopt, dtypeArg(a[1]), a[3].toBool(), a[4]);
  });
  defTo("aten::to.device", [](const IValue* a) {
    return convert(a[0].toTensor(), a[1].toDevice(), dtypeArg(a[2]), a[4].toBool(), a[5]);
  });
  defTo("aten::to.other", [](const IValue* a) {
    const Tensor other = a[1].toTensor();
    return convert(a[0].toTensor(), other.device(), other.dtype(), a[3].toBool(), a[4]);
  });
  defTo("aten::to.dtype_layout", [](const IValue* a) {
    return convert(a[0].toTensor(), optDevice(a[3]), optDtypeArg(a[1]), a[6].toBool(), a[7]);
  });
  // The prim_ overloads, as 1.13 runs them: with neither a device nor a dtype, copy=True converts
  // to uint8 (1.13 dereferences the absent dtype and gets code 0, Byte; python3-torch 1.13.1:
  // `aten::to(%x, False, True)` of a float tensor returns uint8).
  defTo("aten::to.prim_Device", [](const IValue* a) {
    const std::optional<Device> device = optDevice(a[1]);
    return convert(a[0].toTensor(), device, primToDtype(device, optDtypeArg(a[2]), a[4].toBool()), a[4].toBool(), IValue());
  });
  defTo("aten::to.prim_dtype", [](const IValue* a) {
    return convert(a[0].toTensor(), std::nullopt, primToDtype(std::nullopt, optDtypeArg(a[1]), a[3].toBool()), a[3].toBool(),
                   IValue());
  });
  defTo("aten::to.prim_other", [](const IValue* a) {
    return convert(a[0].toTensor(), std::nullopt, primToDtype(std::nullopt, std::nullopt, a[2].toBool()), a[2].toBool(), IValue());
  });
  defTo("aten::type_as", [](const IValue* a) {
    const Tensor other = a[1].toTensor();
    return convert(a[0].toTensor(), other.device(), other.dtype(), false, IValue());
  });
}

}  // namespace tsjit::kernels

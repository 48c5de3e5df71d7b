// TensorArgs.cpp — argument readers, dtype and element-cast helpers, the in-place write-back rule
// of the reference tensor kernels (see TensorArgs.h for the invariants).
#include "reference/kernels/TensorArgs.h"

#include <algorithm>
#include <cmath>

#include "jit/tensor/Dispatch.h"
#include "jit/tensor/IterationLayout.h"
#include "jit/tensor/Layout.h"
#include "jit/tensor/ScalarConvert.h"

namespace tsjit::reference {

// ---- arguments --------------------------------------------------------------------------------

Tensor tensorArg(const IValue& v) { return v.toTensor(); }

std::optional<Tensor> optTensorArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toTensor();
}

ScalarType scalarTypeOfNumber(const IValue& v) {
  if (v.isDouble()) return ScalarType::Double;
  if (v.isBool()) return ScalarType::Bool;
  TSJIT_CHECK(v.isInt(), "expected a Scalar argument, got ", v.tagName());
  return ScalarType::Int64;
}

Tensor wrapScalar(const IValue& v) {
  Tensor t;
  if (v.isDouble())
    t = Tensor::scalar(v.toDouble(), ScalarType::Double);
  else if (v.isBool())
    t = Tensor::scalarInt(v.toBool() ? 1 : 0, ScalarType::Bool);
  else
    t = Tensor::scalarInt(v.toInt(), ScalarType::Int64);
  t.setWrappedNumber(true);
  return t;
}

Tensor operandArg(const IValue& v) { return v.isTensor() ? v.toTensor() : wrapScalar(v); }

double scalarDouble(const IValue& v) { return v.toScalarAsDouble(); }

int64_t scalarInt(const IValue& v) {
  if (v.isInt()) return v.toInt();
  if (v.isBool()) return v.toBool() ? 1 : 0;
  return doubleToInt64(v.toDouble());
}

bool isFloatScalar(const IValue& v) { return v.isDouble(); }

std::optional<double> optScalarDouble(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toScalarAsDouble();
}

std::optional<int64_t> optInt(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toInt();
}

std::optional<bool> optBool(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toBool();
}

std::optional<std::string> optString(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toStringRef();
}

ScalarType dtypeArg(const IValue& v) {
  const int64_t code = v.toInt();
  std::optional<ScalarType> t = fromTorchCode(code);
  // PyTorch 1.13 casts any int to ScalarType unchecked (undefined behaviour for a bad code); both
  // engines raise this instead.
  if (!t) throw RuntimeError(str("Unsupported scalar type code ", code));
  return *t;
}

std::optional<ScalarType> optDtypeArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return dtypeArg(v);
}

std::optional<Device> optDeviceArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toDevice();
}

std::vector<int64_t> intListArg(const IValue& v) {
  if (v.isInt()) return {v.toInt()};
  std::vector<int64_t> out;
  for (const IValue& item : v.toListRef().items) out.push_back(item.toInt());
  return out;
}

std::vector<int64_t> dimListArg(const IValue& v, int64_t ndim) {
  std::vector<int64_t> dims;
  if (!v.isNone()) dims = intListArg(v);
  if (dims.empty()) {
    std::vector<int64_t> all(static_cast<size_t>(ndim));
    for (int64_t d = 0; d < ndim; ++d) all[static_cast<size_t>(d)] = d;
    return all;
  }
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(ndim, 1)), false);
  for (int64_t& d : dims) {
    d = wrapDim(d, ndim);
    if (seen[static_cast<size_t>(d)])
      throw RuntimeError(str("dim ", d, " appears multiple times in the list of dims"));
    seen[static_cast<size_t>(d)] = true;
  }
  if (ndim == 0) dims.clear();  // a 0-dim tensor reduces over "dim 0" = nothing
  return dims;
}

int64_t dimArg(const IValue& v, int64_t ndim) { return wrapDim(v.toInt(), ndim); }

// ---- dtypes -----------------------------------------------------------------------------------

ScalarType resultTypeOf(const std::vector<Tensor>& operands) {
  ResultTypeState state;
  for (const Tensor& t : operands) state.add(t);
  return state.result();
}

bool isFloating(ScalarType t) { return isFloatingType(t); }
bool isIntegral(ScalarType t) { return isIntegralType(t, /*includeBool=*/true); }

ScalarType toFloatingType(ScalarType t) { return isFloatingType(t) ? t : kDefaultFloatDtype; }

// ---- elements ---------------------------------------------------------------------------------

double castDouble(double v, ScalarType to) {
  return visitScalarType(to, [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    return convertScalar<double>(convertScalar<T>(v));
  });
}

int64_t castInt(int64_t v, ScalarType to) {
  return visitScalarType(to, [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    return convertScalar<int64_t>(convertScalar<T>(v));
  });
}

double readAs(const Tensor& t, int64_t i, ScalarType to) {
  if (isIntegral(t.dtype())) {
    // int64 -> float32 must round directly (not through double) as PyTorch's cast does.
    const int64_t x = t.getInt64(i);
    return visitScalarType(to, [&](auto tag) -> double {
      using T = typename decltype(tag)::type;
      return convertScalar<double>(convertScalar<T>(x));
    });
  }
  return castDouble(t.getDouble(i), to);
}

int64_t readIntAs(const Tensor& t, int64_t i, ScalarType to) {
  if (isIntegral(t.dtype())) return castInt(t.getInt64(i), to);
  const double x = t.getDouble(i);
  return visitScalarType(to, [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    return convertScalar<int64_t>(convertScalar<T>(x));
  });
}

// ---- outputs ----------------------------------------------------------------------------------

Tensor makeOutput(IntArrayRef sizes, ScalarType dtype) { return Tensor::empty(sizes, dtype); }

Tensor detail::makeElementwiseOutput(const std::vector<Tensor>& operands, IntArrayRef shape, ScalarType outDtype,
                                     ScalarType computeDtype) {
  std::vector<IterationInput> ins;
  ins.reserve(operands.size());
  for (const Tensor& t : operands) {
    IterationInput in;
    in.sizes = t.sizes();
    in.strides = t.strides();
    in.converted = t.dtype() != computeDtype;
    in.elementSize = static_cast<int64_t>(elementSize(in.converted ? computeDtype : t.dtype()));
    ins.push_back(in);
  }
  return Tensor::empty_strided(shape, elementwiseOutputStrides(shape, ins), outDtype);
}

std::vector<int64_t> broadcastShapeOf(const std::vector<Tensor>& operands) {
  std::vector<std::vector<int64_t>> shapes;
  shapes.reserve(operands.size());
  for (const Tensor& t : operands) shapes.push_back(t.sizes());
  if (shapes.empty()) return {};
  return inferBroadcastShape(shapes);
}

namespace detail {

std::vector<Tensor> expandAll(const std::vector<Tensor>& operands, IntArrayRef shape) {
  std::vector<Tensor> out;
  out.reserve(operands.size());
  for (const Tensor& t : operands) out.push_back(expandTo(t, shape));
  return out;
}

void writeDouble(const Tensor& out, int64_t i, double v) { out.setDouble(i, v); }
void writeInt(const Tensor& out, int64_t i, int64_t v) { out.setInt64(i, v); }

}  // namespace detail

// ---- in-place ---------------------------------------------------------------------------------

std::string shapeString(IntArrayRef sizes) { return str(sizes); }

const Tensor& writeInplace(const Tensor& self, const Tensor& result) {
  // PyTorch checks the shape before the dtype (TensorIterator computes shapes first).
  if (result.sizes() != self.sizes())
    throw RuntimeError(str("output with shape ", shapeString(self.sizes()),
                           " doesn't match the broadcast shape ", shapeString(result.sizes())));
  checkCanCast(result.dtype(), self.dtype());
  self.copy_(result);
  return self;
}

const Tensor& writeOut(const Tensor& out, const Tensor& result) {
  checkCanCast(result.dtype(), out.dtype());
  if (out.sizes() != result.sizes()) {
    // resize_: a fresh storage of the new shape, contiguous (the reference never reuses memory).
    Tensor fresh = Tensor::empty(result.sizes(), out.dtype(), out.device());
    TensorImpl* impl = out.unsafeImpl();
    impl->storage = fresh.storage();
    impl->sizes = fresh.sizes();
    impl->strides = fresh.strides();
    impl->storageOffset = 0;
    impl->numel = fresh.numel();
  }
  out.copy_(result);
  return out;
}

KernelFn functionalKernel(TensorFn f) {
  return [f = std::move(f)](Args& args) { return ret(f(args)); };
}

KernelFn inplaceKernel(TensorFn f) {
  return [f = std::move(f)](Args& args) {
    Tensor self = args.at(0).toTensor();
    writeInplace(self, f(args));
    return ret(self);
  };
}

KernelFn outKernel(TensorFn f) {
  return [f = std::move(f)](Args& args) {
    Tensor out = args.back().toTensor();
    writeOut(out, f(args));
    return ret(out);
  };
}

void throwNotImplemented(const char* kernelName, ScalarType dtype) {
  throw RuntimeError(str("\"", kernelName, "\" not implemented for '", irName(dtype), "'"));
}

namespace {

// c10's checked conversion of a Scalar to a dtype: the range of each dtype and the type name its
// error message uses.
struct ScalarLimits {
  ScalarType dtype;
  const char* name;
  double lowest, max;
};
constexpr ScalarLimits kLimits[] = {
    {ScalarType::UInt8, "uint8_t", 0, 255},
    {ScalarType::Int8, "int8_t", -128, 127},
    {ScalarType::Int16, "int16_t", -32768, 32767},
    {ScalarType::Int32, "int", -2147483648.0, 2147483647.0},
    {ScalarType::Int64, "int64_t", -9223372036854775808.0, 9223372036854775808.0},
    {ScalarType::Half, "at::Half", -65504.0, 65504.0},
    {ScalarType::BFloat16, "at::BFloat16", -3.3895313892515355e38, 3.3895313892515355e38},
    {ScalarType::Float, "float", -3.4028234663852886e38, 3.4028234663852886e38},
};

}  // namespace

void checkScalarConvertible(const IValue& value, ScalarType dt) {
  IValue v = value;
  if (v.isTensor()) {  // a 0-dim tensor value is read as its item
    const Tensor& t = v.toTensor();
    v = t.dtype() == ScalarType::Bool ? IValue(t.getInt64(0) != 0)
        : isIntegral(t.dtype())       ? IValue(t.getInt64(0))
                                      : IValue(t.getDouble(0));
  }
  if (v.isBool() || dt == ScalarType::Bool) return;  // conversions from / to bool never overflow
  for (const ScalarLimits& l : kLimits) {
    if (l.dtype != dt) continue;
    bool overflow;
    if (v.isDouble()) {
      const double x = v.toDouble();
      if (isFloating(dt))
        overflow = std::isfinite(x) && (x < l.lowest || x > l.max);
      else
        overflow = std::isnan(x) || x < l.lowest || x > l.max;  // NaN / inf have no integer value
    } else {
      const int64_t i = scalarInt(v);
      if (dt == ScalarType::UInt8)  // unsigned: negatives wrap, down to -255
        overflow = i > 255 || i < -255;
      else
        overflow = static_cast<double>(i) < l.lowest || static_cast<double>(i) > l.max;
    }
    if (overflow) throw RuntimeError(str("value cannot be converted to type ", l.name, " without overflow"));
  }
}


}  // namespace tsjit::reference

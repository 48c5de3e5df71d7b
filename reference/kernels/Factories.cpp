// Factories.cpp — reference kernels of the tensor factories: aten::tensor (nested lists and
// scalars), zeros, ones, full, eye, arange, linspace, logspace, zeros_like, ones_like; with their out=
// overloads.
//
// Semantics (PyTorch 1.13): factories default to float32 (torch.get_default_dtype()) except
// where the values decide: full infers bool / int64 / float32 from its fill value, arange gives
// int64 when start, end and step are all ints, aten::tensor infers from the list's static element
// type (int → int64, float → float32, bool → bool; floats are stored as float32 first, then cast
// to an explicit dtype, as TorchScript's aten::tensor does). Only CPU devices exist in the
// reference. The *_like factories keep the input's strides when it is dense.
#include <cmath>
#include <limits>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

void checkDevice(const IValue& device) {
  if (device.isDevice() && !device.toDevice().isCpu()) throw RuntimeError("Torch not compiled with CUDA enabled");
}

ScalarType dtypeOr(const IValue& dtype, ScalarType fallback) { return optDtypeArg(dtype).value_or(fallback); }

Tensor filled(const std::vector<int64_t>& sizes, ScalarType dt, const IValue& value) {
  checkSizesNonNegative(sizes);
  checkScalarConvertible(value, dt);  // empty + fill_: the fill value's conversion is checked
  Tensor t = Tensor::empty(sizes, dt);
  if (value.isDouble())
    t.fill_(value.toDouble());
  else
    t.fillInt_(scalarInt(value));
  return t;
}

// ---- aten::tensor -----------------------------------------------------------------------------

ScalarType initialTypeOf(const TypePtr& elem) {
  switch (elem->kind()) {
    case TypeKind::Int: return ScalarType::Int64;
    case TypeKind::Float: return kDefaultFloatDtype;
    case TypeKind::Bool: return ScalarType::Bool;
    default: throw RuntimeError(str("Input must be of ints, floats, or bools, got ", elem->str()));
  }
}

void collectSizes(const IValue& v, std::vector<int64_t>& sizes) {
  if (!v.isList()) return;
  const auto& items = v.toListRef().items;
  sizes.push_back(static_cast<int64_t>(items.size()));
  if (!items.empty()) collectSizes(items[0], sizes);
}

void storeValues(const IValue& v, const std::vector<int64_t>& sizes, size_t dim, std::vector<IValue>& flat) {
  if (dim == sizes.size()) {
    if (v.isList()) throw RuntimeError(str("Expected sequence of length 0 at dim ", dim, " (got a sequence)"));
    flat.push_back(v);
    return;
  }
  if (!v.isList()) throw RuntimeError(str("Expected sequence of length ", sizes[dim], " at dim ", dim, " (got a scalar)"));
  const auto& items = v.toListRef().items;
  if (static_cast<int64_t>(items.size()) != sizes[dim])
    throw RuntimeError(str("Expected sequence of length ", sizes[dim], " at dim ", dim, " (got ", items.size(), ")"));
  for (const IValue& item : items) storeValues(item, sizes, dim + 1, flat);
}

Tensor finishTensor(Tensor t, const IValue& dtype, const IValue& device, const IValue& requiresGrad) {
  checkDevice(device);
  if (std::optional<ScalarType> dt = optDtypeArg(dtype)) t = t.to(*dt);
  if (requiresGrad.isBool() && requiresGrad.toBool()) t.setRequiresGrad(true);
  return t;
}

Tensor tensorFromList(const IValue& data, const IValue& dtype, const IValue& device, const IValue& requiresGrad) {
  TypePtr elem = data.toListRef().elementType;
  while (const ListType* l = elem->cast<ListType>()) elem = l->elementType();
  const ScalarType initial = initialTypeOf(elem);
  std::vector<int64_t> sizes;
  collectSizes(data, sizes);
  std::vector<IValue> flat;
  storeValues(data, sizes, 0, flat);
  Tensor t = Tensor::empty(sizes, initial);
  for (size_t i = 0; i < flat.size(); ++i) {
    const IValue& v = flat[i];
    if (v.isDouble())
      t.setDouble(static_cast<int64_t>(i), v.toDouble());
    else
      t.setInt64(static_cast<int64_t>(i), scalarInt(v));
  }
  return finishTensor(t, dtype, device, requiresGrad);
}

Tensor tensorFromScalar(const IValue& v, const IValue& dtype, const IValue& device, const IValue& requiresGrad) {
  Tensor t = v.isDouble() ? Tensor::scalar(v.toDouble(), kDefaultFloatDtype)
                          : Tensor::scalarInt(scalarInt(v), v.isBool() ? ScalarType::Bool : ScalarType::Int64);
  return finishTensor(t, dtype, device, requiresGrad);
}

// ---- eye / arange / linspace ----------------------------------------------------------------------

Tensor eye(int64_t n, int64_t m, ScalarType dt) {
  if (n < 0) throw RuntimeError(str("n must be greater or equal to 0, got ", n));
  if (m < 0) throw RuntimeError(str("m must be greater or equal to 0, got ", m));
  // 1.13's CPU eye kernel has no BFloat16 case (python3-torch 1.13.1; every other dtype runs).
  if (dt == ScalarType::BFloat16) throw RuntimeError("\"eye\" not implemented for 'BFloat16'");
  Tensor t = Tensor::zeros({n, m}, dt);
  for (int64_t i = 0; i < std::min(n, m); ++i) t.setInt64(i * m + i, 1);
  return t;
}

// PyTorch 1.13 reads start / end / step with Scalar::to<accumulate type>(), a checked conversion:
// to int64_t (integral dtypes) a NaN or a float outside [-2^63, 2^63] overflows; to float
// (half / bfloat16) a finite value beyond FLT_MAX overflows; to double nothing does.
int64_t toInt64OrThrow(const IValue& v) {
  if (!v.isDouble()) return scalarInt(v);
  const double x = v.toDouble();
  const double limit = 9223372036854775808.0;  // 2^63: int64 max as a double
  if (!(x >= -limit && x <= limit)) throw RuntimeError("value cannot be converted to type int64_t without overflow");
  if (x == limit) return std::numeric_limits<int64_t>::min();  // the cast's result on x86
  return static_cast<int64_t>(x);
}

double toFloatOrThrow(const IValue& v) {
  const double x = scalarDouble(v);
  const double fmax = std::numeric_limits<float>::max();
  if (!std::isinf(x) && !std::isnan(x) && (x > fmax || x < -fmax))
    throw RuntimeError("value cannot be converted to type float without overflow");
  return castDouble(x, ScalarType::Float);
}

// Element count: "invalid size, possible overflow?" unless 0 <= size_d <= 2^63; 2^63 itself becomes
// INT64_MIN, which the output's resize rejects.
int64_t arangeSize(double sizeD) {
  const double limit = 9223372036854775808.0;
  if (!(sizeD >= 0 && sizeD <= limit)) throw RuntimeError("invalid size, possible overflow?");
  if (sizeD == limit)
    throw RuntimeError("Storage size calculation overflowed with sizes=[-9223372036854775808]");
  return static_cast<int64_t>(sizeD);
}

// The three checks, on the accumulate-type values, in PyTorch's order. floatAcc: start and end are
// printed as floats (half / bfloat16).
void checkArangeBounds(double start, double end, double step, bool floatAcc) {
  if (step == 0 || std::isnan(step)) throw RuntimeError("step must be nonzero");
  if (!std::isfinite(start) || !std::isfinite(end)) {
    if (floatAcc) throw RuntimeError(str("unsupported range: ", static_cast<float>(start), " -> ", static_cast<float>(end)));
    throw RuntimeError(str("unsupported range: ", start, " -> ", end));
  }
  const bool ok = step > 0 ? end >= start : end <= start;
  if (!ok) throw RuntimeError("upper bound and larger bound inconsistent with step sign");
}

Tensor arange(const IValue& startV, const IValue& endV, const IValue& stepV, std::optional<ScalarType> dtype) {
  const bool anyFloat = startV.isDouble() || endV.isDouble() || stepV.isDouble();
  const ScalarType dt = dtype.value_or(anyFloat ? kDefaultFloatDtype : ScalarType::Int64);
  if (dt == ScalarType::Bool) throwNotImplemented("arange_cpu", dt);  // not among arange's dtypes
  const double dStart = scalarDouble(startV), dEnd = scalarDouble(endV), dStep = scalarDouble(stepV);
  if (isFloating(dt)) {
    if (dt == ScalarType::Half || dt == ScalarType::BFloat16) {
      const double fStart = toFloatOrThrow(startV), fEnd = toFloatOrThrow(endV), fStep = toFloatOrThrow(stepV);
      checkArangeBounds(fStart, fEnd, fStep, true);
    } else {
      checkArangeBounds(dStart, dEnd, dStep, false);
    }
    const int64_t size = arangeSize(std::ceil((dEnd - dStart) / dStep));
    Tensor t = Tensor::empty({size}, dt);
    for (int64_t i = 0; i < size; ++i) t.setDouble(i, dStart + dStep * static_cast<double>(i));
    return t;
  }
  const int64_t start = toInt64OrThrow(startV), end = toInt64OrThrow(endV), step = toInt64OrThrow(stepV);
  if (step == 0) throw RuntimeError("step must be nonzero");
  if (!((step > 0 && end >= start) || (step < 0 && end <= start)))
    throw RuntimeError("upper bound and larger bound inconsistent with step sign");
  double sizeD = std::ceil((dEnd - dStart) / dStep);
  if (dt == ScalarType::Int64) {
    // int64_t difference (two's complement wrap), divided in double.
    const int64_t diff = static_cast<int64_t>(static_cast<uint64_t>(end) - static_cast<uint64_t>(start));
    sizeD = std::ceil(static_cast<double>(diff) / static_cast<double>(step));
  }
  const int64_t size = arangeSize(sizeD);
  Tensor t = Tensor::empty({size}, dt);
  for (int64_t i = 0; i < size; ++i)
    t.setInt64(i, static_cast<int64_t>(static_cast<uint64_t>(start) + static_cast<uint64_t>(step) * static_cast<uint64_t>(i)));
  return t;
}

Tensor linspace(const IValue& startV, const IValue& endV, int64_t steps, std::optional<ScalarType> dtype) {
  if (steps < 0) throw RuntimeError("number of steps must be non-negative");
  const ScalarType dt = dtype.value_or(kDefaultFloatDtype);
  // start and end are first converted to the result dtype.
  const double start = isFloating(dt) ? castDouble(scalarDouble(startV), dt)
                                      : static_cast<double>(readIntAs(wrapScalar(startV), 0, dt));
  const double end = isFloating(dt) ? castDouble(scalarDouble(endV), dt)
                                    : static_cast<double>(readIntAs(wrapScalar(endV), 0, dt));
  Tensor t = Tensor::empty({steps}, dt);  // resized before the values are read
  if (steps >= 1) checkScalarConvertible(startV, dt);
  if (steps >= 2) checkScalarConvertible(endV, dt);
  if (steps == 1) {
    t.setDouble(0, start);
    return t;
  }
  // PyTorch 1.13's scalar loop: the first half start + step * i, the second end - step * (steps -
  // i - 1). Integral dtypes take a double step (values truncated toward zero); floating dtypes
  // compute in the dtype itself: step = (end - start) / (steps - 1) and each operation (and the
  // index, converted to the dtype) rounded to it, so linspace(-2, 4, 16) holds an exact 0 in
  // float32. Its vectorized loop (j * step added to each vector's first value) is not modeled.
  const int64_t halfway = steps / 2;
  if (!isFloating(dt)) {
    const double step = (end - start) / static_cast<double>(steps - 1);
    for (int64_t i = 0; i < steps; ++i)
      t.setDouble(i, i < halfway ? start + step * static_cast<double>(i)
                                 : end - step * static_cast<double>(steps - i - 1));
    return t;
  }
  auto r = [dt](double v) { return castDouble(v, dt); };
  const double step = r(r(end - start) / r(static_cast<double>(steps - 1)));
  for (int64_t i = 0; i < steps; ++i) {
    const bool lo = i < halfway;
    const double prod = r(step * r(static_cast<double>(lo ? i : steps - i - 1)));
    t.setDouble(i, lo ? start + prod : end - prod);
  }
  return t;
}

// logspace, as PyTorch 1.13's CPU kernel computes it. One step is fill_(base ** start): start read
// as a double, the power checked against the dtype as fill_ checks its value. More steps read start
// and end as the dtype (checked conversions), take the difference in the dtype (int32 wraps, the
// narrower integers do not: C++ promotes them), a double step diff / (steps - 1), and store
// base ** (start + step * i) for the first half, base ** (end - step * (steps - i - 1)) for the
// second, the power in double converted to the dtype. Half and Bool have no kernel beyond one step.
Tensor logspace(const IValue& startV, const IValue& endV, int64_t steps, double base, std::optional<ScalarType> dtype) {
  if (steps < 0) throw RuntimeError("number of steps must be non-negative");
  const ScalarType dt = dtype.value_or(kDefaultFloatDtype);
  Tensor t = Tensor::empty({steps}, dt);
  if (steps == 0) return t;
  if (steps == 1) {
    const double value = std::pow(base, scalarDouble(startV));
    checkScalarConvertible(IValue(value), dt);
    t.setDouble(0, value);
    return t;
  }
  if (dt == ScalarType::Half || dt == ScalarType::Bool)
    throw RuntimeError(str("\"logspace_cpu\" not implemented for '", dt, "'"));
  checkScalarConvertible(startV, dt);
  checkScalarConvertible(endV, dt);
  double start, end, diff;
  if (isFloating(dt)) {
    start = castDouble(scalarDouble(startV), dt);
    end = castDouble(scalarDouble(endV), dt);
    diff = castDouble(end - start, dt);
  } else {
    const int64_t s = readIntAs(wrapScalar(startV), 0, dt), e = readIntAs(wrapScalar(endV), 0, dt);
    const int64_t d = static_cast<int64_t>(static_cast<uint64_t>(e) - static_cast<uint64_t>(s));
    start = static_cast<double>(s);
    end = static_cast<double>(e);
    diff = static_cast<double>(dt == ScalarType::Int32 ? static_cast<int64_t>(static_cast<int32_t>(d)) : d);
  }
  const double step = diff / static_cast<double>(steps - 1);
  const int64_t halfway = steps / 2;
  for (int64_t i = 0; i < steps; ++i) {
    const double exponent = i < halfway ? start + step * static_cast<double>(i)
                                        : end - step * static_cast<double>(steps - i - 1);
    t.setDouble(i, std::pow(base, exponent));
  }
  return t;
}

Tensor like(const Tensor& self, const IValue& dtype, const IValue& device, const IValue& memoryFormat, int64_t value) {
  checkDevice(device);
  const bool contiguous = memoryFormat.isInt() && memoryFormat.toInt() == 0;
  Tensor t = Tensor::emptyLike(self, optDtypeArg(dtype), contiguous ? MemoryFormat::Contiguous : MemoryFormat::Preserve);
  t.fillInt_(value);
  return t;
}

}  // namespace

void registerFactoriesKernels() {
  // aten::tensor(data, *, dtype, device, requires_grad)
  def("aten::tensor", [](Args& a) { return ret(tensorFromList(a.at(0), a.at(1), a.at(2), a.at(3))); });
  for (const char* o : {"aten::tensor.float", "aten::tensor.int", "aten::tensor.bool"})
    def(o, [](Args& a) { return ret(tensorFromScalar(a.at(0), a.at(1), a.at(2), a.at(3))); });

  // zeros / ones (size, dtype, layout, device, pin_memory); full (size, value, dtype, ...).
  for (int64_t v : {0, 1}) {
    const std::string op = v ? "aten::ones" : "aten::zeros";
    def(op, [v](Args& a) {
      checkDevice(a.at(3));
      return ret(filled(intListArg(a.at(0)), dtypeOr(a.at(1), kDefaultFloatDtype), IValue(v)));
    });
    def(op + ".out", outKernel([v](Args& a) {
      return filled(intListArg(a.at(0)), a.back().toTensor().dtype(), IValue(v));
    }));
  }
  def("aten::full", [](Args& a) {
    checkDevice(a.at(4));
    const IValue& value = a.at(1);
    const ScalarType inferred = value.isBool() ? ScalarType::Bool : value.isDouble() ? kDefaultFloatDtype : ScalarType::Int64;
    return ret(filled(intListArg(a.at(0)), dtypeOr(a.at(2), inferred), value));
  });
  def("aten::full.out", outKernel([](Args& a) { return filled(intListArg(a.at(0)), a.back().toTensor().dtype(), a.at(1)); }));

  // eye(n, dtype, ...) and eye.m(n, m, dtype, ...)
  def("aten::eye", [](Args& a) {
    checkDevice(a.at(3));
    return ret(eye(a.at(0).toInt(), a.at(0).toInt(), dtypeOr(a.at(1), kDefaultFloatDtype)));
  });
  def("aten::eye.m", [](Args& a) {
    checkDevice(a.at(4));
    return ret(eye(a.at(0).toInt(), a.at(1).toInt(), dtypeOr(a.at(2), kDefaultFloatDtype)));
  });
  def("aten::eye.out", outKernel([](Args& a) { return eye(a.at(0).toInt(), a.at(0).toInt(), a.back().toTensor().dtype()); }));
  def("aten::eye.m_out", outKernel([](Args& a) { return eye(a.at(0).toInt(), a.at(1).toInt(), a.back().toTensor().dtype()); }));

  // arange(end, dtype...), arange.start(start, end, dtype...), arange.start_step(start, end, step, dtype...)
  def("aten::arange", [](Args& a) {
    checkDevice(a.at(3));
    return ret(arange(IValue(int64_t{0}), a.at(0), IValue(int64_t{1}), optDtypeArg(a.at(1))));
  });
  def("aten::arange.start", [](Args& a) {
    checkDevice(a.at(4));
    return ret(arange(a.at(0), a.at(1), IValue(int64_t{1}), optDtypeArg(a.at(2))));
  });
  def("aten::arange.start_step", [](Args& a) {
    checkDevice(a.at(5));
    return ret(arange(a.at(0), a.at(1), a.at(2), optDtypeArg(a.at(3))));
  });
  def("aten::arange.out", outKernel([](Args& a) {
    return arange(IValue(int64_t{0}), a.at(0), IValue(int64_t{1}), a.back().toTensor().dtype());
  }));
  def("aten::arange.start_out", outKernel([](Args& a) {
    return arange(a.at(0), a.at(1), a.at(2), a.back().toTensor().dtype());
  }));

  // linspace(start, end, steps, dtype, ...)
  def("aten::linspace", [](Args& a) {
    checkDevice(a.at(5));
    return ret(linspace(a.at(0), a.at(1), a.at(2).toInt(), optDtypeArg(a.at(3))));
  });
  def("aten::linspace.out", outKernel([](Args& a) {
    return linspace(a.at(0), a.at(1), a.at(2).toInt(), a.back().toTensor().dtype());
  }));

  // logspace(start, end, steps, base, dtype, layout, device, pin_memory)
  def("aten::logspace", [](Args& a) {
    checkDevice(a.at(6));
    return ret(logspace(a.at(0), a.at(1), a.at(2).toInt(), a.at(3).toDouble(), optDtypeArg(a.at(4))));
  });
  def("aten::logspace.out", outKernel([](Args& a) {
    return logspace(a.at(0), a.at(1), a.at(2).toInt(), a.at(3).toDouble(), a.back().toTensor().dtype());
  }));

  // zeros_like / ones_like(self, dtype, layout, device, pin_memory, memory_format)
  for (int64_t v : {0, 1}) {
    const std::string op = v ? "aten::ones_like" : "aten::zeros_like";
    def(op, [v](Args& a) { return ret(like(tensorArg(a.at(0)), a.at(1), a.at(3), a.at(5), v)); });
    def(op + ".out", outKernel([v](Args& a) { return like(tensorArg(a.at(0)), IValue(), IValue(), a.at(1), v); }));
  }
}

}  // namespace tsjit::reference

// Factories.cpp — optimized kernels of the tensor factories: aten::tensor (nested lists and
// scalars), zeros / ones / full, zeros_like / ones_like, eye, arange, linspace, logspace, and their out=
// variants.
//
// Semantics (PyTorch 1.13): zeros / ones default to float32; full infers its dtype from the fill
// value (int -> int64, float -> float32, bool -> bool); aten::tensor infers int64 / float32 / bool
// from the innermost element type and raises "Expected sequence of length ..." for ragged lists;
// arange uses int64 unless an endpoint or the step is a float, computes start + i * step in double
// for floating dtypes; linspace fills the first half from start and the second half from end,
// computing in the dtype itself for floating dtypes.
// Device arguments other than cpu raise "Torch not compiled with CUDA enabled". Values are
// written by typed loops over the fresh contiguous storage.
#include <cmath>
#include <limits>
#include <type_traits>

#include "jit/ir/Type.h"
#include "jit/kernels/OutVariants.h"
#include "jit/kernels/ScalarFits.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

void checkDevice(const IValue& device) {
  if (device.isDevice() && !device.toDevice().isCpu()) throw RuntimeError("Torch not compiled with CUDA enabled");
}

// Writes value (a number) into every element of the contiguous tensor t.
void fillValue(const Tensor& t, const Operand& value) {
  visitScalarType(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = value.valueAs<T>();
    T* p = static_cast<T*>(t.data());
    const int64_t n = t.numel();
    for (int64_t i = 0; i < n; ++i) p[i] = v;
  });
}

Tensor filled(const std::vector<int64_t>& sizes, ScalarType dt, const Operand& value) {
  checkSizesNonNegative(sizes);
  Tensor t = Tensor::empty(sizes, dt);
  fillValue(t, value);
  return t;
}

ScalarType fullDtype(const IValue& value, const IValue& dtype) {
  if (auto d = optDtypeArg(dtype)) return *d;
  if (value.isDouble()) return kDefaultFloatDtype;
  if (value.isBool()) return ScalarType::Bool;
  return ScalarType::Int64;
}

// ---- aten::tensor -------------------------------------------------------------------------------

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

template <typename T>
void storeValues(const IValue& v, const std::vector<int64_t>& sizes, size_t dim, T*& out) {
  if (dim == sizes.size()) {
    if (v.isList()) throw RuntimeError(str("Expected sequence of length 0 at dim ", dim, " (got a sequence)"));
    *out++ = Operand::of(v).valueAs<T>();
    return;
  }
  if (!v.isList()) throw RuntimeError(str("Expected sequence of length ", sizes[dim], " at dim ", dim, " (got a scalar)"));
  const auto& items = v.toListRef().items;
  if (static_cast<int64_t>(items.size()) != sizes[dim])
    throw RuntimeError(str("Expected sequence of length ", sizes[dim], " at dim ", dim, " (got ", items.size(), ")"));
  for (const IValue& item : items) storeValues(item, sizes, dim + 1, out);
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
  Tensor t = Tensor::empty(sizes, initial);
  visitScalarType(initial, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(t.data());
    storeValues(data, sizes, 0, p);
  });
  return finishTensor(t, dtype, device, requiresGrad);
}

Tensor tensorFromScalar(const IValue& v, const IValue& dtype, const IValue& device, const IValue& requiresGrad) {
  Tensor t = v.isDouble() ? Tensor::scalar(v.toDouble(), kDefaultFloatDtype)
                          : Tensor::scalarInt(scalarArgInt(v), v.isBool() ? ScalarType::Bool : ScalarType::Int64);
  return finishTensor(t, dtype, device, requiresGrad);
}

// ---- eye / arange / linspace -------------------------------------------------------------------------

Tensor eye(int64_t n, int64_t m, ScalarType dt) {
  if (n < 0) throw RuntimeError(str("n must be greater or equal to 0, got ", n));
  if (m < 0) throw RuntimeError(str("m must be greater or equal to 0, got ", m));
  // 1.13's CPU eye kernel has no BFloat16 case (python3-torch 1.13.1; every other dtype runs).
  if (dt == ScalarType::BFloat16) throw RuntimeError("\"eye\" not implemented for 'BFloat16'");
  Tensor t = Tensor::zeros({n, m}, dt);
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(t.data());
    for (int64_t i = 0; i < std::min(n, m); ++i) p[i * m + i] = convertScalar<T>(int64_t{1});
  });
  return t;
}

// Scalar::to<acc_type>() in PyTorch 1.13 is a checked conversion: a float that is NaN or outside
// [-2^63, 2^63] does not become an int64_t, and a finite float beyond FLT_MAX does not become a
// float (inf and NaN do).

int64_t checkedInt64(const IValue& v) {
  if (!v.isDouble()) return scalarArgInt(v);
  const double d = v.toDouble();
  if (std::isnan(d) || d < -0x1p63 || d > 0x1p63) conversionOverflow("int64_t");
  return d == 0x1p63 ? std::numeric_limits<int64_t>::min() : static_cast<int64_t>(d);  // x86 cvttsd2si
}

float checkedFloat(const IValue& v) {
  const double d = scalarArgDouble(v);
  if (std::isfinite(d) && std::abs(d) > static_cast<double>(std::numeric_limits<float>::max()))
    conversionOverflow("float");
  return static_cast<float>(d);
}

// size_d checked as arange does; size_d == 2^63 passes that check and casts to INT64_MIN, which
// the resize then rejects.
int64_t arangeSize(double sizeD) {
  if (!(sizeD >= 0 && sizeD <= static_cast<double>(std::numeric_limits<int64_t>::max())))
    throw RuntimeError("invalid size, possible overflow?");
  if (sizeD >= 0x1p63)
    throw RuntimeError(str("Storage size calculation overflowed with sizes=[", std::numeric_limits<int64_t>::min(), "]"));
  return static_cast<int64_t>(sizeD);
}

// The bounds checks of arange_out on the accumulate-type values (A: double for float / double,
// float for half / bfloat16, int64_t for the integral dtypes), in PyTorch's order.
template <typename A>
void arangeChecks(A start, A end, A step) {
  if (!(step > 0 || step < 0)) throw RuntimeError("step must be nonzero");
  if (!std::isfinite(static_cast<double>(start)) || !std::isfinite(static_cast<double>(end)))
    throw RuntimeError(str("unsupported range: ", start, " -> ", end));
  if (!((step > 0 && end >= start) || (step < 0 && end <= start)))
    throw RuntimeError("upper bound and larger bound inconsistent with step sign");
}

Tensor arange(const IValue& startV, const IValue& endV, const IValue& stepV, std::optional<ScalarType> dtype) {
  const bool anyFloat = startV.isDouble() || endV.isDouble() || stepV.isDouble();
  const ScalarType dt = dtype.value_or(anyFloat ? kDefaultFloatDtype : ScalarType::Int64);
  if (dt == ScalarType::Bool) throwNotImplemented("arange_cpu", dt);  // AT_DISPATCH_ALL_TYPES_AND2(Half, BFloat16)
  // size_d is computed in double from the scalars, except for int64 (int64_t arithmetic).
  const auto doubleSize = [&] {
    return std::ceil((scalarArgDouble(endV) - scalarArgDouble(startV)) / scalarArgDouble(stepV));
  };
  if (isFloatingType(dt)) {
    if (dt == ScalarType::Half || dt == ScalarType::BFloat16) {
      const float fs = checkedFloat(startV), fe = checkedFloat(endV), fst = checkedFloat(stepV);
      arangeChecks<float>(fs, fe, fst);
    } else {
      arangeChecks<double>(scalarArgDouble(startV), scalarArgDouble(endV), scalarArgDouble(stepV));
    }
    const double start = scalarArgDouble(startV), step = scalarArgDouble(stepV);
    const int64_t size = arangeSize(doubleSize());
    Tensor t = Tensor::empty({size}, dt);
    visitFloating(dt, "arange", [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* p = static_cast<T*>(t.data());
      // start + step * i in double, rounded twice (product, sum) as PyTorch's accumulate type does:
      // a fused multiply-add would round once and give 2^-54 for arange(-1, 1, 0.1)[10], not 0.
      for (int64_t i = 0; i < size; ++i) {
        volatile double term = step * static_cast<double>(i);  // keeps the compiler from fusing
        p[i] = convertScalar<T>(start + term);
      }
    });
    return t;
  }
  const int64_t start = checkedInt64(startV), end = checkedInt64(endV), step = checkedInt64(stepV);
  arangeChecks<int64_t>(start, end, step);
  // int64: (end - start) wraps in int64_t as ATen's does, then divides in double.
  const double sizeD =
      dt == ScalarType::Int64
          ? std::ceil(static_cast<double>(static_cast<int64_t>(static_cast<uint64_t>(end) - static_cast<uint64_t>(start))) /
                      static_cast<double>(step))
          : doubleSize();
  const int64_t size = arangeSize(sizeD);
  Tensor t = Tensor::empty({size}, dt);
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(t.data());
    for (int64_t i = 0; i < size; ++i)
      p[i] = convertScalar<T>(static_cast<int64_t>(static_cast<uint64_t>(start) +
                                                   static_cast<uint64_t>(step) * static_cast<uint64_t>(i)));
  });
  return t;
}

// The values of PyTorch 1.13's linspace kernel (its scalar loop): the first half is
// start + step * i, the second half end - step * (steps - i - 1). For floating T, step and every
// operation are in T itself (not an accumulate type): float math for float32, and for Half /
// BFloat16 c10's operators, which round each result (and the int64 index) to T; integral T take a
// double step, truncated toward zero. No fused multiply-adds (-march=native would contract):
// PyTorch's plain expressions round the product. Its vectorized loop (contiguous runs of two
// Vectorized widths) instead adds j * step to the first value of each vector (position- and
// ISA-dependent; PyTorch 1.13 still had it, #89048 removed it for 2.0): neither engine models it.
template <typename T>
__attribute__((optimize("fp-contract=off"))) void linspaceFill(T* p, double startD, double endD, int64_t steps) {
  const int64_t halfway = steps / 2;
  if constexpr (std::is_floating_point_v<T> || isReducedFloat<T>) {
    using C = opmath_t<T>;
    const C start = static_cast<C>(startD), end = static_cast<C>(endD);
    const C step = static_cast<C>(static_cast<T>(static_cast<C>(static_cast<T>(end - start)) /
                                                 static_cast<C>(static_cast<T>(static_cast<C>(steps - 1)))));
    for (int64_t i = 0; i < steps; ++i) {
      const bool lo = i < halfway;
      const C k = static_cast<C>(static_cast<T>(static_cast<C>(lo ? i : steps - i - 1)));
      const C prod = static_cast<C>(static_cast<T>(step * k));
      p[i] = static_cast<T>(lo ? start + prod : end - prod);
    }
  } else {
    const double step = (endD - startD) / static_cast<double>(steps - 1);
    for (int64_t i = 0; i < steps; ++i)
      p[i] = convertScalar<T>(i < halfway ? startD + step * static_cast<double>(i)
                                          : endD - step * static_cast<double>(steps - i - 1));
  }
}

Tensor linspace(const IValue& startV, const IValue& endV, int64_t steps, std::optional<ScalarType> dtype) {
  if (steps < 0) throw RuntimeError("number of steps must be non-negative");
  const ScalarType dt = dtype.value_or(kDefaultFloatDtype);
  Tensor t = Tensor::empty({steps}, dt);
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (steps >= 1) checkScalarFits<T>(startV);  // one step: fill_(start); more: the kernel reads both
    if (steps >= 2) checkScalarFits<T>(endV);
    // start and end are first converted to the result dtype.
    const double start = static_cast<double>(widenScalar(Operand::of(startV).valueAs<T>()));
    const double end = static_cast<double>(widenScalar(Operand::of(endV).valueAs<T>()));
    T* p = static_cast<T*>(t.data());
    if (steps == 1) {
      p[0] = convertScalar<T>(start);
      return;
    }
    linspaceFill<T>(p, start, end, steps);
  });
  return t;
}

// PyTorch 1.13's logspace kernel: one step is fill_(pow(base, start as a double)) with fill_'s
// checked conversion; more steps convert start and end to T (checked), subtract in T (an int32
// difference wraps; int8 / int16 / uint8 promote to int and do not; BFloat16's operator rounds),
// take a double step and store pow(base, start + step * i) for the first half, pow(base, end -
// step * (steps - i - 1)) for the second. No contraction into fused multiply-adds. Half and Bool
// have no kernel beyond one step.
template <typename T>
__attribute__((optimize("fp-contract=off"))) void logspaceFill(T* p, T start, T end, int64_t steps, double base) {
  double diff;
  if constexpr (std::is_same_v<T, int32_t>)
    diff = static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(end) - static_cast<uint32_t>(start)));
  else if constexpr (std::is_same_v<T, int64_t>)
    diff = static_cast<double>(static_cast<int64_t>(static_cast<uint64_t>(end) - static_cast<uint64_t>(start)));
  else if constexpr (std::is_integral_v<T>)
    diff = static_cast<double>(static_cast<int>(end) - static_cast<int>(start));
  else if constexpr (isReducedFloat<T>)
    diff = static_cast<float>(T(static_cast<float>(end) - static_cast<float>(start)));
  else
    diff = static_cast<double>(end - start);  // float or double arithmetic
  const double step = diff / static_cast<double>(steps - 1);
  const double s = static_cast<double>(widenScalar(start)), e = static_cast<double>(widenScalar(end));
  const int64_t halfway = steps / 2;
  for (int64_t i = 0; i < steps; ++i) {
    const double x = i < halfway ? s + step * static_cast<double>(i) : e - step * static_cast<double>(steps - i - 1);
    p[i] = convertScalar<T>(std::pow(base, x));
  }
}

Tensor logspace(const IValue& startV, const IValue& endV, int64_t steps, double base, std::optional<ScalarType> dtype) {
  if (steps < 0) throw RuntimeError("number of steps must be non-negative");
  const ScalarType dt = dtype.value_or(kDefaultFloatDtype);
  Tensor t = Tensor::empty({steps}, dt);
  if (steps == 0) return t;
  if (steps > 1 && (dt == ScalarType::Half || dt == ScalarType::Bool))
    throw RuntimeError(str("\"logspace_cpu\" not implemented for '", dt, "'"));
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(t.data());
    if (steps == 1) {
      const IValue value(std::pow(base, static_cast<double>(Operand::of(startV).valueAs<double>())));
      checkScalarFits<T>(value);
      p[0] = convertScalar<T>(value.toDouble());
      return;
    }
    if constexpr (!std::is_same_v<T, bool> && !std::is_same_v<T, Half>) {
      checkScalarFits<T>(startV);
      checkScalarFits<T>(endV);
      logspaceFill<T>(p, Operand::of(startV).valueAs<T>(), Operand::of(endV).valueAs<T>(), steps, base);
    }
  });
  return t;
}

Tensor like(const Tensor& self, const IValue& dtype, const IValue& device, const IValue& memoryFormat, int64_t value) {
  checkDevice(device);
  const bool contiguous = memoryFormat.isInt() && memoryFormat.toInt() == 0;
  Tensor t = Tensor::emptyLike(self, optDtypeArg(dtype), contiguous ? MemoryFormat::Contiguous : MemoryFormat::Preserve);
  fillValue(t, Operand::number(value));  // emptyLike is dense: fill its storage span
  return t;
}

void defT(const char* name, Tensor (*fn)(const IValue*, size_t n)) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor r = fn(&s[s.size() - n], n);
    ret1(s, n, IValue(std::move(r)));
  });
}

// out= variants: the values are computed fresh and written into out (resized to their shape, as
// PyTorch's zeros_out / arange_out ... resize out), which is returned.
void defOut(const char* name, Tensor (*fn)(const IValue*, const Tensor& out)) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor out = s.back().toTensor();
    writeOut(out, fn(&s[s.size() - n], out));
    ret1(s, n, IValue(std::move(out)));
  });
}

// x.tolist(): a row-major walk over a contiguous copy, typed once per call; the nested lists are
// built bottom-up one level at a time (innermost rows first).
template <typename T, typename Out>
IValue tolistTyped(const Tensor& t, const TypePtr& leafType, Out toValue) {
  Tensor c = t.contiguous();
  const T* p = c.dataPtr<T>();
  std::vector<IValue> level;
  level.reserve(static_cast<size_t>(c.numel()));
  for (int64_t i = 0; i < c.numel(); ++i) level.push_back(toValue(p[i]));
  TypePtr elem = leafType;
  for (int64_t d = c.dim() - 1; d >= 0; --d) {
    size_t n = static_cast<size_t>(c.sizes()[static_cast<size_t>(d)]);
    std::vector<IValue> up;
    size_t groups = n == 0 ? 0 : level.size() / n;
    if (n == 0) {  // an empty dimension: every outer row holds an empty list
      int64_t outer = 1;
      for (int64_t k = 0; k < d; ++k) outer *= c.sizes()[static_cast<size_t>(k)];
      for (int64_t k = 0; k < outer; ++k) up.push_back(makeList(elem, {}));
    }
    for (size_t g = 0; g < groups; ++g)
      up.push_back(makeList(elem, std::vector<IValue>(std::make_move_iterator(level.begin() + g * n),
                                                      std::make_move_iterator(level.begin() + (g + 1) * n))));
    level = std::move(up);
    elem = ListType::create(elem);
  }
  return std::move(level.at(0));
}

void tolistKernel(Stack& s, size_t) {
  int64_t elemKind = pop(s).toInt();
  int64_t depth = pop(s).toInt();
  Tensor t = pop(s).toTensor();
  if (elemKind < 0 || elemKind > 2)
    throw RuntimeError("Unsupported element type for tolist; only int, float, complex and bool are supported");
  ScalarType st = t.dtype();
  bool ok = elemKind == 0 ? st == ScalarType::Int64 : elemKind == 2 ? st == ScalarType::Bool : isFloatingType(st);
  if (!ok) throw RuntimeError("Output annotation element type and runtime tensor element type must match for tolist()");
  if (depth != t.dim())
    throw RuntimeError("Output annotation list dimension and runtime tensor dimension must match for tolist()");
  if (elemKind == 0) {
    s.push_back(tolistTyped<int64_t>(t, IntType::get(), [](int64_t v) { return IValue(v); }));
  } else if (elemKind == 2) {
    s.push_back(tolistTyped<bool>(t, BoolType::get(), [](bool v) { return IValue(v); }));
  } else {
    visitScalarType(st, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T> || !std::is_arithmetic_v<T>)
        s.push_back(tolistTyped<T>(t, FloatType::get(), [](T v) { return IValue(static_cast<double>(v)); }));
    });
  }
}

}  // namespace

void registerFactoriesKernels() {
  def("prim::tolist", tolistKernel);
  // x.item(): a Python number of the tensor's kind (bool, int or float).
  def("aten::item", [](Stack& s, size_t) {
    Tensor t = pop(s).toTensor();
    if (t.numel() != 1) throw RuntimeError("a Tensor with " + std::to_string(t.numel()) + " elements cannot be converted to Scalar");
    if (t.dtype() == ScalarType::Bool) s.emplace_back(t.itemInt64() != 0);
    else if (isFloatingType(t.dtype())) s.emplace_back(t.itemDouble());
    else s.emplace_back(t.itemInt64());
  });
  defT("aten::tensor", [](const IValue* a, size_t) { return tensorFromList(a[0], a[1], a[2], a[3]); });
  for (const char* o : {"aten::tensor.int", "aten::tensor.float", "aten::tensor.bool"})
    defT(o, [](const IValue* a, size_t) { return tensorFromScalar(a[0], a[1], a[2], a[3]); });
  // zeros / ones: (size, dtype, layout, device, pin_memory).
  defT("aten::zeros", [](const IValue* a, size_t) {
    checkDevice(a[3]);
    const std::vector<int64_t> sizes = intListArg(a[0]);
    checkSizesNonNegative(sizes);
    return Tensor::zeros(sizes, optDtypeArg(a[1]).value_or(kDefaultFloatDtype));
  });
  defT("aten::ones", [](const IValue* a, size_t) {
    checkDevice(a[3]);
    return filled(intListArg(a[0]), optDtypeArg(a[1]).value_or(kDefaultFloatDtype), Operand::number(int64_t{1}));
  });
  defOut("aten::zeros.out", [](const IValue* a, const Tensor& out) {
    return filled(intListArg(a[0]), out.dtype(), Operand::number(int64_t{0}));
  });
  defOut("aten::ones.out", [](const IValue* a, const Tensor& out) {
    return filled(intListArg(a[0]), out.dtype(), Operand::number(int64_t{1}));
  });
  // full: (size, fill_value, dtype, layout, device, pin_memory).
  defT("aten::full", [](const IValue* a, size_t) {
    checkDevice(a[4]);
    const ScalarType dt = fullDtype(a[1], a[2]);
    checkSizesNonNegative(intListArg(a[0]));  // full is empty + fill_, whose Scalar conversion is checked
    checkScalarFitsDtype(a[1], dt);
    return filled(intListArg(a[0]), dt, Operand::of(a[1]));
  });
  defOut("aten::full.out", [](const IValue* a, const Tensor& out) {
    checkSizesNonNegative(intListArg(a[0]));
    checkScalarFitsDtype(a[1], out.dtype());
    return filled(intListArg(a[0]), out.dtype(), Operand::of(a[1]));
  });
  // eye: (n, dtype, ...) / (n, m, dtype, ...).
  defT("aten::eye", [](const IValue* a, size_t) {
    checkDevice(a[3]);
    return eye(a[0].toInt(), a[0].toInt(), optDtypeArg(a[1]).value_or(kDefaultFloatDtype));
  });
  defT("aten::eye.m", [](const IValue* a, size_t) {
    checkDevice(a[4]);
    return eye(a[0].toInt(), a[1].toInt(), optDtypeArg(a[2]).value_or(kDefaultFloatDtype));
  });
  defOut("aten::eye.out", [](const IValue* a, const Tensor& out) { return eye(a[0].toInt(), a[0].toInt(), out.dtype()); });
  defOut("aten::eye.m_out", [](const IValue* a, const Tensor& out) { return eye(a[0].toInt(), a[1].toInt(), out.dtype()); });
  // arange: (end, dtype, ...) / (start, end, dtype, ...) / (start, end, step, dtype, ...).
  defT("aten::arange", [](const IValue* a, size_t) {
    checkDevice(a[3]);
    return arange(IValue(int64_t{0}), a[0], IValue(int64_t{1}), optDtypeArg(a[1]));
  });
  defT("aten::arange.start", [](const IValue* a, size_t) {
    checkDevice(a[4]);
    return arange(a[0], a[1], IValue(int64_t{1}), optDtypeArg(a[2]));
  });
  defT("aten::arange.start_step", [](const IValue* a, size_t) {
    checkDevice(a[5]);
    return arange(a[0], a[1], a[2], optDtypeArg(a[3]));
  });
  defOut("aten::arange.out", [](const IValue* a, const Tensor& out) {
    return arange(IValue(int64_t{0}), a[0], IValue(int64_t{1}), out.dtype());
  });
  defOut("aten::arange.start_out", [](const IValue* a, const Tensor& out) { return arange(a[0], a[1], a[2], out.dtype()); });
  // linspace: (start, end, steps, dtype, ...).
  defT("aten::linspace", [](const IValue* a, size_t) {
    checkDevice(a[5]);
    return linspace(a[0], a[1], a[2].toInt(), optDtypeArg(a[3]));
  });
  defOut("aten::linspace.out", [](const IValue* a, const Tensor& out) {
    return linspace(a[0], a[1], a[2].toInt(), out.dtype());
  });
  // logspace: (start, end, steps, base, dtype, layout, device, pin_memory).
  defT("aten::logspace", [](const IValue* a, size_t) {
    checkDevice(a[6]);
    return logspace(a[0], a[1], a[2].toInt(), a[3].toDouble(), optDtypeArg(a[4]));
  });
  defOut("aten::logspace.out", [](const IValue* a, const Tensor& out) {
    return logspace(a[0], a[1], a[2].toInt(), a[3].toDouble(), out.dtype());
  });
  // zeros_like / ones_like: (self, dtype, layout, device, pin_memory, memory_format).
  defT("aten::zeros_like", [](const IValue* a, size_t) { return like(a[0].toTensor(), a[1], a[3], a[5], 0); });
  defT("aten::ones_like", [](const IValue* a, size_t) { return like(a[0].toTensor(), a[1], a[3], a[5], 1); });
  // (self, memory_format, out): self's shape in out's dtype.
  defOut("aten::zeros_like.out", [](const IValue* a, const Tensor&) { return like(a[0].toTensor(), IValue(), IValue(), a[1], 0); });
  defOut("aten::ones_like.out", [](const IValue* a, const Tensor&) { return like(a[0].toTensor(), IValue(), IValue(), a[1], 1); });
}

}  // namespace tsjit::kernels

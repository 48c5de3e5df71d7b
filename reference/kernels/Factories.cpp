// Factories.cpp — reference kernels of the tensor factories: aten::tensor (nested lists and
// scalars), zeros, ones, full, eye, arange, linspace, zeros_like, ones_like; with their out=
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
  Tensor t = Tensor::zeros({n, m}, dt);
  for (int64_t i = 0; i < std::min(n, m); ++i) t.setInt64(i * m + i, 1);
  return t;
}

int64_t arangeSize(double sizeD) {
  if (!(sizeD >= 0 && sizeD <= static_cast<double>(std::numeric_limits<int64_t>::max())))
    throw RuntimeError("invalid size, possible overflow?");
  return static_cast<int64_t>(sizeD);
}

Tensor arange(const IValue& startV, const IValue& endV, const IValue& stepV, std::optional<ScalarType> dtype) {
  const bool anyFloat = startV.isDouble() || endV.isDouble() || stepV.isDouble();
  const ScalarType dt = dtype.value_or(anyFloat ? kDefaultFloatDtype : ScalarType::Int64);
  if (isFloating(dt)) {
    const double start = scalarDouble(startV), end = scalarDouble(endV), step = scalarDouble(stepV);
    if (!(step > 0 || step < 0)) throw RuntimeError("step must be nonzero");
    if (!std::isfinite(start) || !std::isfinite(end))
      throw RuntimeError(str("unsupported range: ", start, " -> ", end));
    if (!((step > 0 && end >= start) || (step < 0 && end <= start)))
      throw RuntimeError("upper bound and larger bound inconsistent with step sign");
    const int64_t size = arangeSize(std::ceil((end - start) / step));
    Tensor t = Tensor::empty({size}, dt);
    for (int64_t i = 0; i < size; ++i) t.setDouble(i, start + step * static_cast<double>(i));
    return t;
  }
  const int64_t start = scalarInt(startV), end = scalarInt(endV), step = scalarInt(stepV);
  if (step == 0) throw RuntimeError("step must be nonzero");
  if (!((step > 0 && end >= start) || (step < 0 && end <= start)))
    throw RuntimeError("upper bound and larger bound inconsistent with step sign");
  const double sizeD = dt == ScalarType::Int64
                           ? std::ceil(static_cast<double>(end - start) / static_cast<double>(step))
                           : std::ceil((scalarDouble(endV) - scalarDouble(startV)) / scalarDouble(stepV));
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
  Tensor t = Tensor::empty({steps}, dt);
  if (steps == 1) {
    t.setDouble(0, start);
    return t;
  }
  const double step = (end - start) / static_cast<double>(steps - 1);
  const int64_t halfway = steps / 2;
  for (int64_t i = 0; i < steps; ++i)
    t.setDouble(i, i < halfway ? start + step * static_cast<double>(i)
                               : end - step * static_cast<double>(steps - i - 1));
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

  // zeros_like / ones_like(self, dtype, layout, device, pin_memory, memory_format)
  for (int64_t v : {0, 1}) {
    const std::string op = v ? "aten::ones_like" : "aten::zeros_like";
    def(op, [v](Args& a) { return ret(like(tensorArg(a.at(0)), a.at(1), a.at(3), a.at(5), v)); });
    def(op + ".out", outKernel([v](Args& a) { return like(tensorArg(a.at(0)), IValue(), IValue(), a.at(1), v); }));
  }
}

}  // namespace tsjit::reference

// ScalarFits.h — PyTorch 1.13's checked conversion of a Scalar to an element type (c10's
// checked_convert, used by Scalar::to<T>() wherever a kernel reads a Scalar argument as the
// tensor's dtype: fill_, masked_fill_, full, constant_pad_nd, linspace / logspace's ends).
// Bools never overflow; an int must lie in T's range (an unsigned T also takes negatives down to
// -max, which wrap); a float must lie in T's finite range, where a NaN only passes into floating
// T, and an infinity too. A value that does not fit raises "value cannot be converted to type
// <c10 type name> without overflow".
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "jit/ir/IValue.h"
#include "jit/kernels/TensorLoops.h"
#include "jit/support/Error.h"
#include "jit/tensor/Dispatch.h"

namespace tsjit::kernels {

[[noreturn]] inline void conversionOverflow(const char* type) {
  throw RuntimeError(str("value cannot be converted to type ", type, " without overflow"));
}

template <typename T>
inline const char* c10TypeName() {
  if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, int32_t>) return "int";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<T, Half>) return "at::Half";
  else if constexpr (std::is_same_v<T, BFloat16>) return "at::BFloat16";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else return "double";
}

template <typename T>
void checkScalarFits(const IValue& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return;
  } else {
    if (v.isBool()) return;
    constexpr bool integral = std::is_integral_v<T>;
    double hi;
    if constexpr (std::is_same_v<T, Half>) hi = 65504.0;
    else if constexpr (std::is_same_v<T, BFloat16>) hi = 0x1.fep127;
    else hi = static_cast<double>(std::numeric_limits<T>::max());
    const double lo = integral ? static_cast<double>(std::numeric_limits<T>::lowest()) : -hi;
    bool bad;
    if (!v.isDouble()) {
      const int64_t i = scalarArgInt(v);
      if constexpr (integral && std::is_unsigned_v<T>)
        bad = (i > 0 && static_cast<uint64_t>(i) > std::numeric_limits<T>::max()) ||
              (i < 0 && 0 - static_cast<uint64_t>(i) > std::numeric_limits<T>::max());
      else
        bad = static_cast<double>(i) < lo || static_cast<double>(i) > hi;
    } else {
      const double d = v.toDouble();
      if (integral) bad = !(d >= lo && d <= hi);
      else bad = !std::isnan(d) && !std::isinf(d) && (d < lo || d > hi);
    }
    if (bad) conversionOverflow(c10TypeName<T>());
  }
}


// The same check for a dtype known at run time; a 0-dim tensor value is checked as its item.
inline void checkScalarFitsDtype(const IValue& value, ScalarType dtype) {
  IValue v = value;
  if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    v = t.dtype() == ScalarType::Bool ? IValue(t.getInt64(0) != 0)
        : isIntegralType(t.dtype(), false) ? IValue(t.getInt64(0))
                                      : IValue(t.getDouble(0));
  }
  visitScalarType(dtype, [&](auto tag) { checkScalarFits<typename decltype(tag)::type>(v); });
}

}  // namespace tsjit::kernels

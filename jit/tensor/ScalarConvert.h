// ScalarConvert.h — convertScalar<To>(from): the element conversion of copy_ / to(dtype), with
// PyTorch's (C-cast) semantics made well defined:
//   * to bool: value != 0 (NaN is true);
//   * floating -> int64: truncation toward zero; NaN, infinities and values outside the int64
//     range give INT64_MIN (what x86's 64-bit cvttsd2si gives PyTorch);
//   * floating -> int32 and narrower: a 32-bit conversion (NaN, infinities and values outside the
//     int32 range give INT32_MIN, x86's 32-bit cvttsd2si), then wrap to the narrower type — PyTorch
//     1.13 on x86: float32 3e9 -> int32 is -2147483648, -> int16 / int8 / uint8 is 0; 40000.0 ->
//     int16 is -25536 (recorded in conformance/pt113-corpus, convert_* cases);
//   * integral -> narrower integral: two's-complement wrap-around;
//   * to Half / BFloat16: through float (so double -> half rounds twice, as in PyTorch).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "jit/tensor/Half.h"

namespace tsjit {

template <typename T>
inline constexpr bool isReducedFloat = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// The value of any element type widened to a type that holds it exactly (double or int64).
template <typename From>
inline auto widenScalar(From v) {
  if constexpr (isReducedFloat<From>)
    return static_cast<double>(static_cast<float>(v));
  else if constexpr (std::is_floating_point_v<From>)
    return static_cast<double>(v);
  else if constexpr (std::is_same_v<From, bool>)
    return static_cast<int64_t>(v ? 1 : 0);
  else if constexpr (std::is_same_v<From, uint64_t>)
    return static_cast<int64_t>(v);
  else
    return static_cast<int64_t>(v);
}

inline int32_t doubleToInt32(double d) {
  if (!(d >= -2147483648.0 && d < 2147483648.0)) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(d);
}

inline int64_t doubleToInt64(double d) {
  // 2^63 is exactly representable; anything at or beyond is out of range.
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

template <typename To, typename From>
inline To convertScalar(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else {
    auto w = widenScalar(v);  // double or int64_t
    using W = decltype(w);
    if constexpr (std::is_same_v<To, bool>) {
      return w != W(0);
    } else if constexpr (isReducedFloat<To>) {
      return To(static_cast<float>(w));
    } else if constexpr (std::is_floating_point_v<To>) {
      return static_cast<To>(w);
    } else if constexpr (std::is_same_v<W, double>) {
      if constexpr (sizeof(To) >= 8)
        return static_cast<To>(doubleToInt64(w));  // int64 <- floating
      else
        return static_cast<To>(doubleToInt32(w));  // int32 and narrower <- floating, then wrap
    } else {
      return static_cast<To>(w);  // integral <- integral (wraps)
    }
  }
}

}  // namespace tsjit

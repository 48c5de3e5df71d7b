// Half.h — the two 16-bit floating types of tsjit: Half (IEEE binary16) and BFloat16 (the upper
// half of a binary32).
// Invariants: both are trivially copyable 2-byte structs holding the raw bit pattern (`bits`), so a
// tensor of them is a plain uint16_t array. Conversion from float rounds to nearest, ties to even,
// and handles subnormals, infinities and NaN (NaN stays NaN, quiet). Conversion to float is exact.
// Arithmetic goes through float via the implicit conversions (as c10::Half does).
#pragma once

#include <cstdint>
#include <cstring>

namespace tsjit {

namespace detail {
inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
uint16_t floatToHalfBits(float f);
float halfBitsToFloat(uint16_t h);
uint16_t floatToBFloat16Bits(float f);
inline float bfloat16BitsToFloat(uint16_t b) { return bitsToFloat(static_cast<uint32_t>(b) << 16); }
}  // namespace detail

struct Half {
  uint16_t bits = 0;

  Half() = default;
  Half(float f) : bits(detail::floatToHalfBits(f)) {}  // NOLINT: implicit like c10::Half
  operator float() const { return detail::halfBitsToFloat(bits); }
  static Half fromBits(uint16_t b) {
    Half h;
    h.bits = b;
    return h;
  }
};

struct BFloat16 {
  uint16_t bits = 0;

  BFloat16() = default;
  BFloat16(float f) : bits(detail::floatToBFloat16Bits(f)) {}  // NOLINT: implicit like c10::BFloat16
  operator float() const { return detail::bfloat16BitsToFloat(bits); }
  static BFloat16 fromBits(uint16_t b) {
    BFloat16 h;
    h.bits = b;
    return h;
  }
};

static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2);

}  // namespace tsjit

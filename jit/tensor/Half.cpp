// Half.cpp — float <-> binary16 / bfloat16 conversions, round to nearest even, in integer
// arithmetic (no dependence on the FPU rounding mode or on F16C).
#include "jit/tensor/Half.h"

namespace tsjit::detail {

uint16_t floatToHalfBits(float f) {
  uint32_t x = floatBits(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  x &= 0x7FFFFFFFu;
  if (x >= 0x7F800000u) {  // inf or NaN
    if (x == 0x7F800000u) return sign | 0x7C00u;
    return sign | 0x7E00u | static_cast<uint16_t>((x >> 13) & 0x3FFu);  // quiet NaN, keep payload top
  }
  // 65520 = halfway between the largest half (65504) and 2^16; the tie goes to the even
  // neighbour, which is infinity.
  if (x >= 0x477FF000u) return sign | 0x7C00u;
  if (x >= 0x38800000u) {  // normal half: |f| >= 2^-14
    uint32_t h = ((((x >> 23) - 127u + 15u) << 10) | ((x & 0x7FFFFFu) >> 13));
    const uint32_t rem = x & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // a carry into the exponent is right
    return sign | static_cast<uint16_t>(h);
  }
  // Subnormal half (units of 2^-24). |f| <= 2^-25 rounds to zero (2^-25 itself is a tie -> even 0).
  if (x <= 0x33000000u) return sign;
  const uint32_t exp = x >> 23;                      // 102..112
  const uint32_t mant = (x & 0x7FFFFFu) | 0x800000u;  // 24 significant bits
  const uint32_t shift = 126u - exp;                 // 14..24
  uint32_t m = mant >> shift;
  const uint32_t rem = mant & ((1u << shift) - 1u);
  const uint32_t halfway = 1u << (shift - 1u);
  if (rem > halfway || (rem == halfway && (m & 1u))) ++m;  // may become 0x400: smallest normal
  return sign | static_cast<uint16_t>(m);
}

float halfBitsToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  const uint32_t mant = h & 0x3FFu;
  if (exp == 0) {
    // zero or subnormal: mant * 2^-24, exact in float
    float v = static_cast<float>(mant) * 5.9604644775390625e-8f;
    return sign ? -v : v;
  }
  if (exp == 31) return bitsToFloat(sign | 0x7F800000u | (mant << 13));
  return bitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
}

uint16_t floatToBFloat16Bits(float f) {
  uint32_t x = floatBits(f);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x0040u);  // quiet NaN
  const uint32_t lsb = (x >> 16) & 1u;
  x += 0x7FFFu + lsb;  // round to nearest, ties to even; overflow correctly carries to infinity
  return static_cast<uint16_t>(x >> 16);
}

}  // namespace tsjit::detail

// Crc32Fast.cpp — crc32Of (Zip.h): the zip CRC-32 (reflected polynomial 0xEDB88320), computed by
// carry-less multiplication folding where the CPU has PCLMULQDQ and SSE4.1 (the 100 MB archive
// spent most of its load and save time in zlib's byte-wise crc32), else by zlib.
//
// Folding (Intel, "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ"): four 128-bit
// accumulators advance over 64-byte blocks, each multiplied by x^(512±64) mod P and xor-ed with the
// next block; they are then folded into one (x^(128±64) mod P), 128 bits are reduced to 64 and a
// Barrett reduction gives the 32-bit remainder. The constants are those powers of x mod P (bit-
// reflected, shifted left by one) and P / floor(x^64 / P) for the Barrett step.
// Invariants: the result equals zlib's crc32 for every input (crc32_test checks random lengths,
// offsets and contents); inputs shorter than 64 bytes and the tail after the folded blocks go to zlib.
#include <zlib.h>

#include <algorithm>
#include <cstdint>

#include "jit/serialization/Zip.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tsjit::serialization {

namespace {

uint32_t zlibCrc(uint32_t crc, const unsigned char* p, size_t n) {
  uLong c = crc;
  while (n > 0) {
    const uInt chunk = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
    c = ::crc32(c, p, chunk);
    p += chunk;
    n -= chunk;
  }
  return static_cast<uint32_t>(c);
}

#if defined(__x86_64__)
#define TSJIT_CLMUL __attribute__((target("pclmul,sse4.1")))
TSJIT_CLMUL inline __m128i load16(const unsigned char* q) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(q)); }
// a's low half times k's low half, xor a's high half times k's high half, xor `next`.
TSJIT_CLMUL inline __m128i fold(__m128i a, __m128i k, __m128i next) {
  return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(a, k, 0x00), _mm_clmulepi64_si128(a, k, 0x11)), next);
}

// The CRC register (the complemented running CRC) after `n` bytes at p; n >= 64, n % 16 == 0.
TSJIT_CLMUL uint32_t foldBlocks(const unsigned char* p, size_t n, uint32_t reg) {
  alignas(16) static const uint64_t kFold4[2] = {0x0154442bd4ULL, 0x01c6e41596ULL};   // x^(4*128±32) mod P
  alignas(16) static const uint64_t kFold1[2] = {0x01751997d0ULL, 0x00ccaa009eULL};   // x^(128±32) mod P
  alignas(16) static const uint64_t kTo64[2] = {0x0163cd6124ULL, 0};                   // x^64 mod P
  alignas(16) static const uint64_t kBarrett[2] = {0x01db710641ULL, 0x01f7011641ULL};  // P, mu
  __m128i acc[4] = {_mm_xor_si128(load16(p), _mm_cvtsi32_si128(static_cast<int>(reg))), load16(p + 16), load16(p + 32),
                    load16(p + 48)};
  p += 64;
  n -= 64;
  const __m128i k4 = _mm_load_si128(reinterpret_cast<const __m128i*>(kFold4));
  for (; n >= 64; p += 64, n -= 64)
    for (int i = 0; i < 4; ++i) acc[i] = fold(acc[i], k4, load16(p + 16 * i));
  const __m128i k1 = _mm_load_si128(reinterpret_cast<const __m128i*>(kFold1));
  __m128i x = fold(acc[0], k1, acc[1]);
  x = fold(x, k1, acc[2]);
  x = fold(x, k1, acc[3]);
  for (; n >= 16; p += 16, n -= 16) x = fold(x, k1, load16(p));
  // 128 -> 64 bits: the low half times x^(64+32)... then the remaining 96 bits to 64.
  const __m128i low32 = _mm_setr_epi32(-1, 0, -1, 0);
  x = _mm_xor_si128(_mm_srli_si128(x, 8), _mm_clmulepi64_si128(x, k1, 0x10));
  const __m128i k5 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(kTo64));
  x = _mm_xor_si128(_mm_srli_si128(x, 4), _mm_clmulepi64_si128(_mm_and_si128(x, low32), k5, 0x00));
  // Barrett: q = floor(x * mu / x^64); remainder = x - q * P.
  const __m128i kb = _mm_load_si128(reinterpret_cast<const __m128i*>(kBarrett));
  __m128i q = _mm_and_si128(_mm_clmulepi64_si128(_mm_and_si128(x, low32), kb, 0x10), low32);
  x = _mm_xor_si128(x, _mm_clmulepi64_si128(q, kb, 0x00));
  return static_cast<uint32_t>(_mm_extract_epi32(x, 1));
}

bool cpuFolds() {
  static const bool ok = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
  return ok;
}
#endif

}  // namespace

uint32_t crc32Continue(uint32_t crc, std::string_view data) {
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  size_t n = data.size();
#if defined(__x86_64__)
  if (n >= 64 && cpuFolds()) {
    const size_t folded = n & ~static_cast<size_t>(15);
    crc = ~foldBlocks(p, folded, ~crc);
    p += folded;
    n -= folded;
  }
#endif
  return zlibCrc(crc, p, n);
}

uint32_t crc32Of(std::string_view data) { return crc32Continue(0, data); }

}  // namespace tsjit::serialization

// crc32_test.cpp — crc32Of / crc32Continue (Crc32Fast.cpp, folding with PCLMULQDQ where the CPU
// has it) against zlib's crc32: every length 0..600 at every offset 0..15 of a random buffer,
// longer random lengths, runs of equal bytes, and chained calls.
#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <string>

#include "jit/serialization/Zip.h"

using namespace tsjit::serialization;

namespace {

uint32_t zlibOf(uint32_t crc, std::string_view d) {
  return static_cast<uint32_t>(::crc32(crc, reinterpret_cast<const Bytef*>(d.data()), static_cast<uInt>(d.size())));
}

std::string randomBytes(size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(g() & 0xFF);
  return s;
}

}  // namespace

TEST(Crc32, EqualsZlibForEveryShortLengthAndOffset) {
  const std::string buf = randomBytes(640, 1);
  for (size_t off = 0; off < 16; ++off)
    for (size_t len = 0; off + len <= 616; ++len) {
      std::string_view d(buf.data() + off, len);
      ASSERT_EQ(crc32Of(d), zlibOf(0, d)) << "offset " << off << " length " << len;
    }
}

TEST(Crc32, EqualsZlibForLongAndPatternedInputs) {
  std::mt19937 g(7);
  for (int i = 0; i < 40; ++i) {
    const size_t len = 64 + g() % (1u << 20);
    const std::string buf = randomBytes(len, static_cast<unsigned>(i) + 100);
    EXPECT_EQ(crc32Of(buf), zlibOf(0, buf)) << len;
  }
  for (char c : {'\0', '\xff', 'a'}) {
    const std::string same(100003, c);
    EXPECT_EQ(crc32Of(same), zlibOf(0, same));
  }
}

TEST(Crc32, ContinuesAnEarlierCrc) {
  const std::string buf = randomBytes(5000, 3);
  for (size_t cut : {0u, 1u, 63u, 64u, 65u, 1000u, 4999u, 5000u}) {
    const uint32_t first = crc32Of(std::string_view(buf).substr(0, cut));
    EXPECT_EQ(crc32Continue(first, std::string_view(buf).substr(cut)), zlibOf(0, buf)) << cut;
  }
  EXPECT_EQ(crc32Of(""), 0u);
  EXPECT_EQ(crc32Of("123456789"), 0xCBF43926u);  // the CRC-32 check value
}

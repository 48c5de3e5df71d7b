// tensor_scalar_type_test.cpp — ScalarType names/codes, Half and BFloat16 conversions, Device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>
#include <cstring>
#include <sstream>

#include "jit/support/Error.h"
#include "jit/tensor/Device.h"
#include "jit/tensor/ScalarConvert.h"
#include "jit/tensor/ScalarType.h"

using namespace tsjit;

namespace {
const std::vector<ScalarType> kAll = {ScalarType::Bool,  ScalarType::UInt8,    ScalarType::Int8,
                                      ScalarType::Int16, ScalarType::Int32,    ScalarType::Int64,
                                      ScalarType::Half,  ScalarType::BFloat16, ScalarType::Float,
                                      ScalarType::Double};
}

TEST(ScalarType, ElementSizesMatchCppTypes) {
  EXPECT_EQ(elementSize(ScalarType::Bool), sizeof(bool));
  EXPECT_EQ(elementSize(ScalarType::UInt8), 1u);
  EXPECT_EQ(elementSize(ScalarType::Int16), 2u);
  EXPECT_EQ(elementSize(ScalarType::Int32), 4u);
  EXPECT_EQ(elementSize(ScalarType::Int64), 8u);
  EXPECT_EQ(elementSize(ScalarType::Half), 2u);
  EXPECT_EQ(elementSize(ScalarType::BFloat16), 2u);
  EXPECT_EQ(elementSize(ScalarType::Float), 4u);
  EXPECT_EQ(elementSize(ScalarType::Double), 8u);
  EXPECT_EQ(elementSize(ScalarType::Undefined), 0u);
  EXPECT_EQ(elementSize(scalarTypeOf<float>), sizeof(float));
}

TEST(ScalarType, Categories) {
  for (ScalarType t : kAll) {
    const bool f = isFloatingType(t), i = isIntegralType(t, false), ib = isIntegralType(t, true);
    // Exactly one category each; bool is integral only when asked.
    EXPECT_EQ(int(f) + int(ib), 1) << t;
    EXPECT_EQ(ib && !i, t == ScalarType::Bool) << t;
  }
  EXPECT_TRUE(isFloatingType(ScalarType::BFloat16));
  EXPECT_FALSE(isFloatingType(ScalarType::Int64));
}

TEST(ScalarType, DtypeNamesRoundTrip) {
  for (ScalarType t : kAll) {
    auto parsed = parseDtypeName(dtypeName(t));
    ASSERT_TRUE(parsed.has_value()) << dtypeName(t);
    EXPECT_EQ(*parsed, t);
    EXPECT_EQ(parseDtypeName(std::string("torch.") + dtypeName(t)), t);
  }
  EXPECT_STREQ(dtypeName(ScalarType::Float), "float32");
  EXPECT_STREQ(dtypeName(ScalarType::Half), "float16");
  EXPECT_STREQ(dtypeName(ScalarType::Int64), "int64");
  EXPECT_EQ(parseDtypeName("long"), ScalarType::Int64);
  EXPECT_EQ(parseDtypeName("double"), ScalarType::Double);
  EXPECT_FALSE(parseDtypeName("complex64").has_value());
  EXPECT_FALSE(parseDtypeName("").has_value());
}

TEST(ScalarType, IrNamesRoundTrip) {
  for (ScalarType t : kAll) EXPECT_EQ(parseIrName(irName(t)), t);
  EXPECT_STREQ(irName(ScalarType::Int64), "Long");
  EXPECT_STREQ(irName(ScalarType::Int8), "Char");
  EXPECT_STREQ(irName(ScalarType::UInt8), "Byte");
  EXPECT_FALSE(parseIrName("float").has_value());
  std::ostringstream os;
  os << ScalarType::Double;
  EXPECT_EQ(os.str(), "Double");
}

TEST(ScalarType, TorchCodesAreC10Numbering) {
  // c10::ScalarType: Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  // ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16.
  EXPECT_EQ(toTorchCode(ScalarType::UInt8), 0);
  EXPECT_EQ(toTorchCode(ScalarType::Int8), 1);
  EXPECT_EQ(toTorchCode(ScalarType::Int16), 2);
  EXPECT_EQ(toTorchCode(ScalarType::Int32), 3);
  EXPECT_EQ(toTorchCode(ScalarType::Int64), 4);
  EXPECT_EQ(toTorchCode(ScalarType::Half), 5);
  EXPECT_EQ(toTorchCode(ScalarType::Float), 6);
  EXPECT_EQ(toTorchCode(ScalarType::Double), 7);
  EXPECT_EQ(toTorchCode(ScalarType::Bool), 11);
  EXPECT_EQ(toTorchCode(ScalarType::BFloat16), 15);
  for (ScalarType t : kAll) EXPECT_EQ(fromTorchCode(toTorchCode(t)), t);
  for (int64_t complexOrQuantized : {8, 9, 10, 12, 13, 14, 16, -1, 100})
    EXPECT_FALSE(fromTorchCode(complexOrQuantized).has_value()) << complexOrQuantized;
}

TEST(ScalarType, LegacyTypeNames) {
  EXPECT_EQ(legacyTypeName(ScalarType::Float), "torch.FloatTensor");
  EXPECT_EQ(legacyTypeName(ScalarType::Int64, true), "torch.cuda.LongTensor");
  EXPECT_STREQ(typeMetaName(ScalarType::Float), "float");
  EXPECT_STREQ(typeMetaName(ScalarType::Int64), "long int");
  EXPECT_STREQ(typeMetaName(ScalarType::Half), "c10::Half");
}

// ---- Half -----------------------------------------------------------------------------------------

namespace {
// All finite non-negative halves in increasing order (their bit patterns are monotonic).
std::vector<double> positiveHalves() {
  std::vector<double> v;
  for (uint32_t b = 0; b < 0x7C00u; ++b) {
    const uint32_t e = b >> 10, m = b & 0x3FFu;
    v.push_back(e == 0 ? std::ldexp(double(m), -24) : std::ldexp(double(1024 + m), int(e) - 25));
  }
  return v;
}

// Independent reference for float -> half: nearest representable, ties to even, overflow past the
// halfway point above 65504 to infinity.
uint16_t referenceHalfBits(float f, const std::vector<double>& table) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double a = std::fabs(double(f));
  const double maxHalf = table.back();  // 65504
  if (a >= maxHalf + 16.0) return sign | 0x7C00;  // 65520 and beyond (tie goes to even = inf)
  auto it = std::lower_bound(table.begin(), table.end(), a);
  if (it == table.end()) return sign | 0x7BFF;
  size_t hi = size_t(it - table.begin());
  if (table[hi] == a || hi == 0) return sign | uint16_t(hi);
  size_t lo = hi - 1;
  const double dl = a - table[lo], dh = table[hi] - a;
  if (dl < dh) return sign | uint16_t(lo);
  if (dh < dl) return sign | uint16_t(hi);
  return sign | uint16_t((lo & 1) ? hi : lo);
}
}  // namespace

TEST(Half, EveryHalfRoundTripsThroughFloat) {
  // Given every 16-bit pattern, When converted to float and back, Then the bits are unchanged
  // (NaNs stay NaN).
  for (uint32_t b = 0; b <= 0xFFFFu; ++b) {
    Half h = Half::fromBits(uint16_t(b));
    float f = h;
    if ((b & 0x7C00u) == 0x7C00u && (b & 0x3FFu)) {
      EXPECT_TRUE(std::isnan(f)) << b;
      EXPECT_TRUE(std::isnan(float(Half(f))));
      continue;
    }
    ASSERT_EQ(Half(f).bits, b) << "bits " << b << " float " << f;
  }
}

TEST(Half, ValuesOfKnownPatterns) {
  EXPECT_EQ(float(Half::fromBits(0x3C00)), 1.0f);
  EXPECT_EQ(float(Half::fromBits(0xC000)), -2.0f);
  EXPECT_EQ(float(Half::fromBits(0x7BFF)), 65504.0f);
  EXPECT_EQ(float(Half::fromBits(0x0001)), std::ldexp(1.0f, -24));
  EXPECT_EQ(float(Half::fromBits(0x0400)), std::ldexp(1.0f, -14));
  EXPECT_TRUE(std::isinf(float(Half::fromBits(0x7C00))));
  EXPECT_TRUE(std::signbit(float(Half::fromBits(0x8000))));
}

TEST(Half, RoundsToNearestEvenAtTheEdges) {
  EXPECT_EQ(Half(1.0f + std::ldexp(1.0f, -11)).bits, 0x3C00);      // tie -> even (down)
  EXPECT_EQ(Half(1.0f + 3 * std::ldexp(1.0f, -11)).bits, 0x3C02);  // tie -> even (up)
  EXPECT_EQ(Half(65519.0f).bits, 0x7BFF);
  EXPECT_EQ(Half(65520.0f).bits, 0x7C00);  // halfway to 2^16 rounds to infinity
  EXPECT_EQ(Half(1e10f).bits, 0x7C00);
  EXPECT_EQ(Half(-1e10f).bits, 0xFC00);
  EXPECT_EQ(Half(std::ldexp(1.0f, -25)).bits, 0x0000);         // tie with 0 -> 0
  EXPECT_EQ(Half(std::ldexp(1.5f, -25)).bits, 0x0001);
  EXPECT_EQ(Half(std::ldexp(3.0f, -25)).bits, 0x0002);         // 1.5 units: tie -> even 2
  EXPECT_EQ(Half(std::ldexp(1023.5f, -24)).bits, 0x0400);      // rounds up into the normals
  EXPECT_EQ(Half(-0.0f).bits, 0x8000);
  EXPECT_EQ(Half(std::numeric_limits<float>::denorm_min()).bits, 0x0000);
}

TEST(Half, MatchesReferenceOnRandomFloats) {
  const auto table = positiveHalves();
  std::mt19937 rng(1234);
  std::uniform_int_distribution<uint32_t> bits(0, 0xFFFFFFFFu);
  std::uniform_real_distribution<float> ranged(-70000.0f, 70000.0f);
  for (int i = 0; i < 200000; ++i) {
    uint32_t u = bits(rng);
    float f;
    if (i % 2) {
      f = ranged(rng);
    } else {
      // Random sign/mantissa with an exponent in the interesting range [2^-26, 2^17).
      u = (u & 0x807FFFFFu) | ((101u + (u >> 23) % 43u) << 23);
      std::memcpy(&f, &u, 4);
    }
    ASSERT_EQ(Half(f).bits, referenceHalfBits(f, table)) << "f=" << f;
  }
}

#ifdef __FLT16_MAX__
TEST(Half, AgreesWithCompilerFloat16) {
  std::mt19937 rng(99);
  std::uniform_int_distribution<uint32_t> bits(0, 0xFFFFFFFFu);
  for (int i = 0; i < 200000; ++i) {
    uint32_t u = bits(rng);
    float f;
    std::memcpy(&f, &u, 4);
    if (std::isnan(f)) continue;
    _Float16 c = static_cast<_Float16>(f);
    uint16_t cb;
    std::memcpy(&cb, &c, 2);
    ASSERT_EQ(Half(f).bits, cb) << f;
  }
}
#endif

// ---- BFloat16 -------------------------------------------------------------------------------------

TEST(BFloat16, EveryPatternRoundTripsThroughFloat) {
  for (uint32_t b = 0; b <= 0xFFFFu; ++b) {
    BFloat16 h = BFloat16::fromBits(uint16_t(b));
    float f = h;
    if ((b & 0x7F80u) == 0x7F80u && (b & 0x7Fu)) {
      EXPECT_TRUE(std::isnan(f));
      EXPECT_TRUE(std::isnan(float(BFloat16(f))));
      continue;
    }
    ASSERT_EQ(BFloat16(f).bits, b) << b;
  }
}

TEST(BFloat16, RoundsToNearestEven) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint32_t> bits(0, 0xFFFFFFFFu);
  for (int i = 0; i < 200000; ++i) {
    uint32_t u = bits(rng);
    float f;
    std::memcpy(&f, &u, 4);
    if (std::isnan(f)) continue;
    // Candidates: truncation and the next pattern away from zero.
    const uint16_t lo = uint16_t(u >> 16), hi = uint16_t(lo + 1);
    const double dl = std::fabs(double(f) - double(float(BFloat16::fromBits(lo))));
    // Rounding past the largest finite value: infinity stands in for 2^128 (IEEE overflow rule).
    double hiValue = double(float(BFloat16::fromBits(hi)));
    if (std::isinf(hiValue)) hiValue = std::copysign(std::ldexp(1.0, 128), hiValue);
    const double dh = std::fabs(hiValue - double(f));
    uint16_t want = dl < dh ? lo : dh < dl ? hi : ((lo & 1) ? hi : lo);
    if ((u & 0xFFFFu) == 0) want = lo;  // exact
    ASSERT_EQ(BFloat16(f).bits, want) << f;
  }
  EXPECT_EQ(float(BFloat16(1.0f)), 1.0f);
  EXPECT_EQ(BFloat16(1.0f + std::ldexp(1.0f, -8)).bits, 0x3F80);  // tie -> even
  EXPECT_EQ(BFloat16(std::numeric_limits<float>::max()).bits, 0x7F80);  // rounds to inf
}

// ---- convertScalar --------------------------------------------------------------------------------

TEST(ScalarConvert, CastSemantics) {
  EXPECT_EQ(convertScalar<int64_t>(2.9), 2);
  EXPECT_EQ(convertScalar<int64_t>(-2.9), -2);
  EXPECT_EQ(convertScalar<uint8_t>(int64_t{-1}), 255);
  EXPECT_EQ(convertScalar<uint8_t>(-1.0), 255);
  EXPECT_EQ(convertScalar<int8_t>(int64_t{200}), -56);
  EXPECT_TRUE(convertScalar<bool>(std::nan("")));
  EXPECT_FALSE(convertScalar<bool>(-0.0));
  EXPECT_TRUE(convertScalar<bool>(int64_t{256}));  // not truncated to a byte first
  EXPECT_EQ(convertScalar<int64_t>(std::nan("")), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(convertScalar<int64_t>(1e300), std::numeric_limits<int64_t>::min());
  // int32 and narrower go through a 32-bit conversion (INT32_MIN when out of range), then wrap —
  // PyTorch 1.13's results (conformance/pt113-corpus convert_float32_*_outofrange / _nonfinite).
  EXPECT_EQ(convertScalar<int32_t>(3e9f), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(convertScalar<int32_t>(std::nan("")), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(convertScalar<int32_t>(-1e39), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(convertScalar<int8_t>(INFINITY), 0);
  EXPECT_EQ(convertScalar<int16_t>(3e9f), 0);
  EXPECT_EQ(convertScalar<uint8_t>(300.0f), 44);
  EXPECT_EQ(convertScalar<int8_t>(-129.0f), 127);
  EXPECT_EQ(convertScalar<int16_t>(40000.0f), -25536);
  EXPECT_EQ(convertScalar<int16_t>(70000.0f), 4464);
  EXPECT_EQ(convertScalar<uint8_t>(-40000.0f), 192);
  EXPECT_EQ(convertScalar<double>(true), 1.0);
  EXPECT_EQ(convertScalar<Half>(1.0).bits, 0x3C00);
  EXPECT_EQ(convertScalar<double>(Half::fromBits(0x3555)), double(float(Half::fromBits(0x3555))));
  EXPECT_EQ(convertScalar<int64_t>(BFloat16(-3.5f)), -3);
}

// ---- Device ---------------------------------------------------------------------------------------

TEST(Device, PrintsAndParsesLikePyTorch) {
  EXPECT_EQ(Device().str(), "cpu");
  EXPECT_EQ(Device(DeviceType::CUDA, 0).str(), "cuda:0");
  EXPECT_EQ(Device(DeviceType::CUDA).str(), "cuda");
  EXPECT_EQ(Device::parse("cuda:1"), Device(DeviceType::CUDA, 1));
  EXPECT_EQ(Device::parse("cpu"), kCPU);
  EXPECT_EQ(Device::parse("cuda"), Device(DeviceType::CUDA));
  for (const char* bad : {"gpu", "cuda:", "cuda:x", "cuda:-1", "cuda:01", "cpu:1", ""})
    EXPECT_THROW(Device::parse(bad), RuntimeError) << bad;
  try {
    Device::parse("tpu");
    FAIL();
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("device type at start of device string: tpu"), std::string::npos);
  }
}

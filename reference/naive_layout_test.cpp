// naive_layout_test.cpp — the reference's own view and conversion algorithms (NaiveLayout.h):
//   * they agree with jit/tensor's independent ones on every case of a sweep (view strides of
//     contiguous, permuted, sliced and expanded bases to every shape of the same numel; float ->
//     half / bfloat16 on a sweep of float bit patterns) — two algorithms, one answer;
//   * they give PyTorch 1.13's results where those were recorded (conformance/pt113-corpus,
//     convert_* cases: out-of-range and non-finite float -> integer, rounding ties);
//   * views share their base's storage (writes show through) and keep its logical values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "jit/tensor/Half.h"
#include "jit/tensor/Layout.h"
#include "reference/kernels/NaiveLayout.h"

using namespace tsjit;
namespace naive = tsjit::reference::naive;

namespace {

Tensor arange(int64_t n) {
  Tensor t = Tensor::empty({n}, ScalarType::Float);
  for (int64_t i = 0; i < n; ++i) t.setDouble(i, static_cast<double>(i));
  return t;
}

// Every shape (as a list of factors, in order) whose product is n, up to rank 4.
void shapesOf(int64_t n, std::vector<int64_t>& cur, std::vector<std::vector<int64_t>>& out) {
  if (n == 1) {
    out.push_back(cur);
    if (cur.size() < 4) {  // trailing / inner size-1 dims too
      cur.push_back(1);
      out.push_back(cur);
      cur.pop_back();
    }
    return;
  }
  if (cur.size() >= 4) return;
  for (int64_t f = 2; f <= n; ++f)
    if (n % f == 0) {
      cur.push_back(f);
      shapesOf(n / f, cur, out);
      cur.pop_back();
    }
}

float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

}  // namespace

TEST(NaiveLayout, ViewStridesAgreeWithJitTensorOnASweep) {
  const Tensor base = arange(48).view({2, 3, 8});
  std::vector<Tensor> bases = {base, base.permute({2, 0, 1}), base.slice(2, 0, std::nullopt, 2),
                               base.select(1, 1), arange(6).view({6, 1}).expand({6, 4}), base.transpose(0, 1)};
  int checked = 0, viewable = 0;
  for (const Tensor& b : bases) {
    std::vector<std::vector<int64_t>> shapes;
    std::vector<int64_t> cur;
    shapesOf(b.numel(), cur, shapes);
    for (const auto& shape : shapes) {
      auto mine = naive::viewStrides(b, shape);
      auto theirs = computeViewStrides(b.sizes(), b.strides(), shape);
      ASSERT_EQ(mine.has_value(), theirs.has_value()) << b.describe() << " -> " << formatInts(shape);
      ++checked;
      if (!mine) continue;
      ++viewable;
      EXPECT_EQ(*mine, *theirs) << b.describe() << " -> " << formatInts(shape);
      Tensor v = naive::view(b, shape);
      for (int64_t i = 0; i < b.numel(); ++i) ASSERT_EQ(v.getDouble(i), b.getDouble(i));
    }
  }
  EXPECT_GT(checked, 200);
  EXPECT_GT(viewable, 50);
}

TEST(NaiveLayout, ViewsShareTheBaseAndReshapeCopiesOnlyWhenItMust) {
  Tensor base = arange(12).view({3, 4});
  Tensor v = naive::view(base, {4, 3});
  v.setDouble(0, 100);
  EXPECT_EQ(base.getDouble(0), 100);
  Tensor t = naive::transpose(base, 0, 1);
  EXPECT_TRUE(naive::reshape(t, {2, 6}).sharesStorageWith(base) == false);  // not viewable: a copy
  EXPECT_TRUE(naive::reshape(t, {4, 3}).sharesStorageWith(base));
  EXPECT_THROW(naive::view(t, {12}), RuntimeError);
  EXPECT_THROW(naive::view(base, {5, -1}), RuntimeError);
  EXPECT_THROW(naive::view(base, {-1, -1}), RuntimeError);
  // select / slice / expand / permute: values by index.
  Tensor s = naive::slice(base, 1, 1, std::nullopt, 2);  // columns 1 and 3
  EXPECT_EQ(s.sizes(), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(s.getDouble(3), base.getDouble(7));  // row 1, column 3
  EXPECT_EQ(naive::select(base, 0, -1).getDouble(2), base.getDouble(10));
  Tensor e = naive::expand(naive::view(arange(3), {3, 1}), {2, 3, 4});
  EXPECT_EQ(e.strides(), (std::vector<int64_t>{0, 1, 0}));
  EXPECT_EQ(e.getDouble(23), 2.0);
  EXPECT_EQ(naive::permute(base, {1, 0}).getDouble(1), base.getDouble(4));
}

TEST(NaiveLayout, HalfAndBFloat16RoundingAgreeWithJitTensorOnASweep) {
  // Every 97th float bit pattern (both signs, all exponents) plus the neighbourhood of half's ties.
  for (uint64_t u = 0; u <= 0xffffffffull; u += 97) {
    const float f = fromBits(static_cast<uint32_t>(u));
    if (std::isnan(f)) continue;
    ASSERT_EQ(naive::floatToHalfBits(f), Half(f).bits) << std::hexfloat << f;
    ASSERT_EQ(naive::floatToBFloat16Bits(f), BFloat16(f).bits) << std::hexfloat << f;
  }
  for (uint32_t u = 0x3f800000u - 8192; u < 0x3f800000u + 8192; ++u) {
    ASSERT_EQ(naive::floatToHalfBits(fromBits(u)), Half(fromBits(u)).bits) << u;
    ASSERT_EQ(naive::floatToHalfBits(fromBits(u >> 14)), Half(fromBits(u >> 14)).bits) << (u >> 14);  // subnormals
  }
}

TEST(NaiveLayout, ConversionsGivePyTorchsRecordedResults) {
  // conformance/pt113-corpus: convert_float64_float16_ties, convert_float32_*_outofrange / _nonfinite.
  EXPECT_EQ(naive::floatToHalfBits(1.0f + std::ldexp(1.0f, -11)), 0x3C00);      // tie -> even
  EXPECT_EQ(naive::floatToHalfBits(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);  // tie -> even (up)
  EXPECT_EQ(naive::floatToHalfBits(65519.0f), 0x7BFF);
  EXPECT_EQ(naive::floatToHalfBits(65520.0f), 0x7C00);  // rounds to inf
  EXPECT_EQ(naive::floatToHalfBits(2049.0f), 0x6800);   // 2048
  EXPECT_EQ(naive::floatToHalfBits(std::ldexp(1.0f, -25)), 0);       // tie below the smallest subnormal
  EXPECT_EQ(naive::floatToHalfBits(1.5f * std::ldexp(1.0f, -25)), 1);
  const int64_t i32min = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(naive::floatingToIntegral(3e9, ScalarType::Int32), i32min);
  EXPECT_EQ(naive::floatingToIntegral(NAN, ScalarType::Int32), i32min);
  EXPECT_EQ(naive::floatingToIntegral(INFINITY, ScalarType::Int64), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(naive::floatingToIntegral(300.0, ScalarType::UInt8), 44);
  EXPECT_EQ(naive::floatingToIntegral(-129.0, ScalarType::Int8), 127);
  EXPECT_EQ(naive::floatingToIntegral(40000.0, ScalarType::Int16), -25536);
  EXPECT_EQ(naive::floatingToIntegral(-40000.0, ScalarType::UInt8), 192);
  EXPECT_EQ(naive::floatingToIntegral(3e9, ScalarType::Int8), 0);
  EXPECT_EQ(naive::floatingToIntegral(-2.9, ScalarType::Int32), -2);
  // A whole tensor: layout kept for a dense transposed input, values by logical index.
  Tensor x = Tensor::empty({2, 3}, ScalarType::Double);
  const double v[] = {0.5, 1.5, 2.5, -0.5, 3e9, NAN};
  for (int i = 0; i < 6; ++i) x.setDouble(i, v[i]);
  Tensor xt = x.transpose(0, 1);
  Tensor r = naive::convert(xt, ScalarType::Int32);
  EXPECT_EQ(r.strides(), xt.strides());
  // xt in logical order: 0.5, -0.5, 1.5, 3e9, 2.5, NaN.
  const int64_t want[] = {0, 0, 1, i32min, 2, i32min};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(r.getInt64(i), want[i]) << i;
  Tensor h = naive::convert(xt, ScalarType::Half);
  EXPECT_EQ(h.getDouble(3), INFINITY);  // 3e9 is past half's range
  EXPECT_TRUE(std::isnan(h.getDouble(5)));
}

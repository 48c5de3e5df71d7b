// kernels_reuse_opt_test.cpp — the optimized kernels' output reuse (TensorLoops.h: a functional
// elementwise op may write into an input that nothing else can observe) and the vectorized float
// sigmoid / tanh (VecMath.h) against independently computed values.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/VecMath.h"
#include "jit/tensor/Tensor.h"

namespace tsjit::kernels {
namespace {

Tensor run1(const char* overload, Stack s) {
  registerAllKernels();
  const OptimizedKernel* k = findKernel(ops::overload(overload));
  EXPECT_NE(k, nullptr) << overload;
  const size_t n = s.size();
  k->run(s, n);
  EXPECT_EQ(s.size(), 1u);
  return s.back().toTensor();
}

Tensor F(std::vector<double> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Float) {
  return Tensor::fromDoubles(v, sizes, dt);
}

// An IValue holding the only handle of a fresh tensor, and that tensor's impl (for identity checks).
IValue sole(std::vector<double> v, std::vector<int64_t> sizes, const TensorImpl** impl,
            ScalarType dt = ScalarType::Float) {
  Tensor t = F(std::move(v), std::move(sizes), dt);
  *impl = t.unsafeImpl();
  return IValue(std::move(t));
}

TEST(KernelsOutputReuse, DeadInputIsOverwrittenWithTheResult) {
  // Given a tensor only the stack holds (an intermediate moved in on its last use)
  const TensorImpl* impl = nullptr;
  Stack s{sole({1, 2, 3}, {3}, &impl), IValue(2.5)};
  // When it is multiplied by a number
  Tensor r = run1("aten::mul.Scalar", std::move(s));
  // Then the result is 2.5 * x, written into that same tensor
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{2.5, 5, 7.5}));
  EXPECT_EQ(r.unsafeImpl(), impl);
  EXPECT_EQ(r.useCount(), 1);
}

TEST(KernelsOutputReuse, TensorsHeldElsewhereAreNeverWritten) {
  // A handle held by the caller (a graph input, a parameter, a value used again later).
  Tensor x = F({1, 2, 3}, {3});
  Tensor r = run1("aten::add.Tensor", {IValue(x), IValue(F({10, 20, 30}, {3})), IValue(1)});
  EXPECT_EQ(x.toDoubles(), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{11, 22, 33}));
  EXPECT_FALSE(r.is(x));
  // A view whose base is alive: its storage is shared, so neither the view nor the base changes.
  Tensor base = F({1, 2, 3, 4}, {4});
  Tensor v = run1("aten::sigmoid", {IValue(base.slice(0, 0, 2))});
  EXPECT_EQ(base.toDoubles(), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_FLOAT_EQ(static_cast<float>(v.getDouble(0)), static_cast<float>(1 / (1 + std::exp(-1.0))));
  EXPECT_FALSE(v.sharesStorageWith(base));
}

TEST(KernelsOutputReuse, OnlyWhenDtypeShapeAndLayoutMatchTheFreshOutput) {
  const TensorImpl* impl = nullptr;
  // int64 * 2.5 is float32: a new tensor.
  Tensor r = run1("aten::mul.Scalar", {sole({1, 2}, {2}, &impl, ScalarType::Int64), IValue(2.5)});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_NE(r.unsafeImpl(), impl);
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{2.5, 5}));
  // [3] + [2, 3] broadcasts to [2, 3]: a new tensor.
  r = run1("aten::add.Tensor", {sole({1, 2, 3}, {3}, &impl), IValue(F({10, 20, 30, 40, 50, 60}, {2, 3})), IValue(1)});
  EXPECT_NE(r.unsafeImpl(), impl);
  EXPECT_EQ(r.sizes(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{11, 22, 33, 41, 52, 63}));
  // A transposed (column-major) input: the fresh output's layout would differ, so no reuse.
  Tensor t = F({1, 2, 3, 4, 5, 6}, {2, 3}).t();
  impl = t.unsafeImpl();
  r = run1("aten::neg", {IValue(std::move(t))});
  EXPECT_NE(r.unsafeImpl(), impl);
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{-1, -4, -2, -5, -3, -6}));
  // The same tensor twice (x * x): two handles on the stack, no reuse; the product is right.
  Tensor y = F({3, 4}, {2});
  impl = y.unsafeImpl();
  Stack s{IValue(y), IValue(y)};
  y = Tensor();
  r = run1("aten::mul.Tensor", std::move(s));
  EXPECT_NE(r.unsafeImpl(), impl);
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{9, 16}));
}

float roundedTanh(float x) { return static_cast<float>(std::tanh(static_cast<long double>(x))); }
float roundedSigmoid(float x) {
  return static_cast<float>(1.0L / (1.0L + std::exp(-static_cast<long double>(x))));
}
int64_t ulpsApart(float a, float b) {
  int32_t ia, ib;
  std::memcpy(&ia, &a, 4);
  std::memcpy(&ib, &b, 4);
  const int64_t oa = ia < 0 ? -static_cast<int64_t>(ia & 0x7fffffff) : ia;
  const int64_t ob = ib < 0 ? -static_cast<int64_t>(ib & 0x7fffffff) : ib;
  return oa > ob ? oa - ob : ob - oa;
}

TEST(VecMath, FloatSigmoidAndTanhWithinOneUlpOfTheRoundedExactValue) {
  // Every 65537th float (all magnitudes, both signs): vecmath vs long double libm rounded once.
  int64_t worst = 0, inexact = 0, n = 0;
  for (uint64_t u = 0; u < 0x100000000ull; u += 65537) {
    const uint32_t bits = static_cast<uint32_t>(u);
    float x;
    std::memcpy(&x, &bits, 4);
    if (std::isnan(x)) continue;
    ++n;
    for (auto [got, want] : {std::pair{vecmath::tanh(x), roundedTanh(x)}, std::pair{vecmath::sigmoid(x), roundedSigmoid(x)}}) {
      const int64_t d = ulpsApart(got, want);
      worst = std::max(worst, d);
      inexact += d != 0;
    }
  }
  EXPECT_GT(n, 60000);
  EXPECT_LE(worst, 1);
  EXPECT_LE(inexact, n / 1000) << "off-by-one results must be rare near-ties";
}

TEST(VecMath, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(vecmath::tanh(nan)));
  EXPECT_TRUE(std::isnan(vecmath::sigmoid(nan)));
  EXPECT_EQ(vecmath::tanh(inf), 1.0f);
  EXPECT_EQ(vecmath::tanh(-inf), -1.0f);
  EXPECT_EQ(vecmath::sigmoid(inf), 1.0f);
  EXPECT_EQ(vecmath::sigmoid(-inf), 0.0f);
  EXPECT_EQ(vecmath::sigmoid(0.0f), 0.5f);
  EXPECT_TRUE(std::signbit(vecmath::tanh(-0.0f)));
  EXPECT_EQ(vecmath::tanh(-0.0f), 0.0f);
  EXPECT_EQ(vecmath::tanh(1e-30f), 1e-30f);          // tanh(x) = x to float precision
  EXPECT_EQ(vecmath::sigmoid(-104.0f), 0.0f);        // 6.8e-46 rounds to 0
  EXPECT_EQ(vecmath::sigmoid(-100.0f), 3.783506e-44f);  // subnormal, 1/(1+e^100) rounded
}

}  // namespace
}  // namespace tsjit::kernels

// kernels_scalars_opt_test.cpp — the optimized kernels of TorchScript's scalar arithmetic and
// conversions against PyTorch 1.13's register_prim_ops semantics (which differ from Python's):
// float // and % by zero give inf/nan, float // is floor(a / b) (1.0 // 0.1 == 10.0 where Python
// says 9.0), % is fmod(b + fmod(a, b), b), int // 0 raises "division by 0", 0 ** -1 raises only
// in the checked overloads, int(float) is x86's truncating cast (INT64_MIN out of range), and
// floor/ceil range-check their argument. Expected values are worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "jit/ops/OpTable.h"
#include "jit/tensor/Tensor.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {
namespace {

IValue callK(const std::string& overload, std::vector<IValue> args) {
  registerAllKernels();
  const ops::OpOverload* ov = ops::findOverload(overload);
  if (!ov) throw std::logic_error("no overload " + overload);
  const OptimizedKernel* k = findKernel(*ov);
  if (!k) throw std::logic_error("no optimized kernel for " + overload);
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s.at(0);
}
std::string errorOf(const std::string& overload, std::vector<IValue> args) {
  try {
    callK(overload, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
IValue I(int64_t v) { return IValue(v); }
IValue F(double v) { return IValue(v); }
constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

// float(int) is a double conversion (python3-torch 1.13.1): 15! stays exact, 2**53 + 1 rounds to 2**53.
TEST(ScalarsOptimized, FloatOfIntIsADoubleConversion) {
  EXPECT_EQ(callK("aten::Float.int", {IValue(int64_t{1307674368000})}).toDouble(), 1307674368000.0);
  EXPECT_EQ(callK("aten::Float.int", {IValue((int64_t{1} << 53) + 1)}).toDouble(), 9007199254740992.0);
}

TEST(ScalarsOptimized, FloatFloorDivisionIsFloorOfTheQuotient) {
  // 1.0 / 0.1 rounds to exactly 10.0; TorchScript floors that (Python's divmod gives 9.0).
  EXPECT_EQ(callK("aten::floordiv.float", {F(1.0), F(0.1)}).toDouble(), 10.0);
  EXPECT_EQ(callK("aten::floordiv.int_float", {I(1), F(0.1)}).toDouble(), 10.0);
  EXPECT_EQ(callK("aten::floordiv", {F(-7.5), I(2)}).toDouble(), -4.0);
  // No ZeroDivisionError for floats: floor(x / 0).
  EXPECT_EQ(callK("aten::floordiv.float", {F(7.0), F(0.0)}).toDouble(), kInf);
  EXPECT_EQ(callK("aten::floordiv.float_int", {F(-7.0), I(0)}).toDouble(), -kInf);
  EXPECT_TRUE(std::isnan(callK("aten::floordiv.float", {F(0.0), F(0.0)}).toDouble()));
  // int // int floors; a zero divisor raises PyTorch's "division by 0".
  EXPECT_EQ(callK("aten::floordiv.int", {I(-7), I(2)}).toInt(), -4);
  EXPECT_EQ(errorOf("aten::floordiv.int", {I(1), I(0)}), "division by 0");
  EXPECT_EQ(errorOf("aten::floordiv", {I(1), I(0)}), "division by 0");
}

TEST(ScalarsOptimized, FloatRemainderIsFmodBased) {
  EXPECT_EQ(callK("aten::remainder.float", {F(-7.5), F(2.0)}).toDouble(), 0.5);
  EXPECT_EQ(callK("aten::remainder.float", {F(7.5), F(-2.0)}).toDouble(), -0.5);
  // fmod(1.0 + fmod(-1e-20, 1.0), 1.0) == fmod(1.0, 1.0) == 0.0 (Python says 1.0).
  EXPECT_EQ(callK("aten::remainder.float", {F(-1e-20), F(1.0)}).toDouble(), 0.0);
  EXPECT_TRUE(std::isnan(callK("aten::remainder.float", {F(5.5), F(0.0)}).toDouble()));
  EXPECT_TRUE(std::isnan(callK("aten::remainder.int_float", {I(5), F(0.0)}).toDouble()));
  EXPECT_TRUE(std::isnan(callK("aten::remainder", {F(5.5), I(0)}).toDouble()));
  EXPECT_EQ(callK("aten::remainder.int", {I(-7), I(3)}).toInt(), 2);
  EXPECT_EQ(errorOf("aten::remainder.int", {I(1), I(0)}), "ZeroDivisionError: integer division or modulo by zero");
}

TEST(ScalarsOptimized, FmodByZeroIsNaN) {
  EXPECT_EQ(callK("aten::fmod.float", {F(-7.5), F(2.0)}).toDouble(), -1.5);
  EXPECT_EQ(callK("aten::fmod.int", {I(7), I(-3)}).toDouble(), 1.0);
  EXPECT_TRUE(std::isnan(callK("aten::fmod.float", {F(5.0), F(0.0)}).toDouble()));
  EXPECT_TRUE(std::isnan(callK("aten::fmod.int", {I(7), I(0)}).toDouble()));
  EXPECT_TRUE(std::isnan(callK("aten::fmod", {I(7), F(0.0)}).toDouble()));
}

TEST(ScalarsOptimized, PowOfIntsIsAFloat) {
  EXPECT_EQ(callK("aten::pow.int", {I(2), I(-1)}).toDouble(), 0.5);
  EXPECT_EQ(callK("aten::pow.int", {I(-2), I(3)}).toDouble(), -8.0);
  EXPECT_EQ(errorOf("aten::pow.int", {I(0), I(-1)}), "0.0 cannot be raised to a negative power");
  EXPECT_EQ(errorOf("aten::pow.float_int", {F(0.0), I(-2)}), "0.0 cannot be raised to a negative power");
  // The Scalar_Scalar overload has no check.
  EXPECT_EQ(callK("aten::pow.Scalar_Scalar", {I(0), I(-1)}).toDouble(), kInf);
  // int_to_int: the double power truncated (2 ** -1 -> 0.5 -> 0).
  EXPECT_EQ(callK("aten::pow.int_to_int", {I(2), I(10)}).toInt(), 1024);
  EXPECT_EQ(callK("aten::pow.int_to_int", {I(2), I(-1)}).toInt(), 0);
  EXPECT_EQ(callK("aten::pow.int_to_int", {I(-1), I(-3)}).toInt(), -1);
}

TEST(ScalarsOptimized, FloatToIntConversions) {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  // aten::Int.float is a plain cast: truncation, INT64_MIN for NaN / inf / out of range.
  EXPECT_EQ(callK("aten::Int.float", {F(-2.7)}).toInt(), -2);
  EXPECT_EQ(callK("aten::Int.float", {F(kNaN)}).toInt(), kMin);
  EXPECT_EQ(callK("aten::Int.float", {F(kInf)}).toInt(), kMin);
  EXPECT_EQ(callK("aten::Int.float", {F(-kInf)}).toInt(), kMin);
  EXPECT_EQ(callK("aten::Int.float", {F(1e19)}).toInt(), kMin);
  // int(Scalar) is c10's checked conversion.
  EXPECT_EQ(callK("aten::Int.Scalar", {F(3.9)}).toInt(), 3);
  EXPECT_EQ(errorOf("aten::Int.Scalar", {F(kNaN)}), "value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(errorOf("aten::Int.Scalar", {F(kInf)}), "value cannot be converted to type int64_t without overflow");
  // floor/ceil check their argument first.
  EXPECT_EQ(callK("aten::ceil.float", {F(2.1)}).toInt(), 3);
  EXPECT_EQ(callK("aten::floor.float", {F(-2.1)}).toInt(), -3);
  EXPECT_EQ(errorOf("aten::ceil.float", {F(kNaN)}), "Cannot convert float nan to integer");
  EXPECT_EQ(errorOf("aten::ceil.float", {F(kInf)}), "Cannot convert float inf to integer");
  EXPECT_EQ(errorOf("aten::floor.float", {F(-1e20)}), "Cannot convert float -1e+20 to integer");
  EXPECT_EQ(errorOf("aten::ceil.Scalar", {F(-kInf)}), "Cannot convert float -inf to integer");
  // bool(tensor): at::is_nonzero's checks.
  EXPECT_EQ(errorOf("aten::Bool.Tensor", {IValue(Tensor::empty({0}, ScalarType::Float))}),
            "Boolean value of Tensor with no values is ambiguous");
  EXPECT_EQ(errorOf("aten::Bool.Tensor", {IValue(Tensor::empty({2}, ScalarType::Float))}),
            "Boolean value of Tensor with more than one value is ambiguous");
}

}  // namespace
}  // namespace tsjit::kernels

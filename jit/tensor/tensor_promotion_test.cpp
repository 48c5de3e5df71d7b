// tensor_promotion_test.cpp — torch.promote_types table and torch.result_type with dimensioned
// tensors, zero-dim tensors and wrapped Python numbers (PyTorch 1.13 semantics), canCast.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "jit/support/Error.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensor/TypePromotion.h"

using namespace tsjit;

namespace {
using ST = ScalarType;
const std::map<std::string, ST> kAbbrev = {
    {"b1", ST::Bool}, {"u1", ST::UInt8}, {"i1", ST::Int8},  {"i2", ST::Int16}, {"i4", ST::Int32},
    {"i8", ST::Int64}, {"f2", ST::Half}, {"bf", ST::BFloat16}, {"f4", ST::Float}, {"f8", ST::Double}};
const char* kOrder[] = {"b1", "u1", "i1", "i2", "i4", "i8", "f2", "bf", "f4", "f8"};

// PyTorch 1.13's promote_types table, row = a, column = b, in kOrder.
const char* kTable[10][10] = {
    /* b1 */ {"b1", "u1", "i1", "i2", "i4", "i8", "f2", "bf", "f4", "f8"},
    /* u1 */ {"u1", "u1", "i2", "i2", "i4", "i8", "f2", "bf", "f4", "f8"},
    /* i1 */ {"i1", "i2", "i1", "i2", "i4", "i8", "f2", "bf", "f4", "f8"},
    /* i2 */ {"i2", "i2", "i2", "i2", "i4", "i8", "f2", "bf", "f4", "f8"},
    /* i4 */ {"i4", "i4", "i4", "i4", "i4", "i8", "f2", "bf", "f4", "f8"},
    /* i8 */ {"i8", "i8", "i8", "i8", "i8", "i8", "f2", "bf", "f4", "f8"},
    /* f2 */ {"f2", "f2", "f2", "f2", "f2", "f2", "f2", "f4", "f4", "f8"},
    /* bf */ {"bf", "bf", "bf", "bf", "bf", "bf", "f4", "bf", "f4", "f8"},
    /* f4 */ {"f4", "f4", "f4", "f4", "f4", "f4", "f4", "f4", "f4", "f8"},
    /* f8 */ {"f8", "f8", "f8", "f8", "f8", "f8", "f8", "f8", "f8", "f8"},
};

PromotionOperand tensorOf(ST t) { return {t, OperandKind::Tensor}; }
PromotionOperand zeroDim(ST t) { return {t, OperandKind::ZeroDimTensor}; }
}  // namespace

TEST(PromoteTypes, MatchesPyTorchTable) {
  for (int a = 0; a < 10; ++a)
    for (int b = 0; b < 10; ++b)
      EXPECT_EQ(promoteTypes(kAbbrev.at(kOrder[a]), kAbbrev.at(kOrder[b])), kAbbrev.at(kTable[a][b]))
          << kOrder[a] << " + " << kOrder[b];
}

TEST(PromoteTypes, IsALatticeJoin) {
  std::vector<ST> all;
  for (const char* n : kOrder) all.push_back(kAbbrev.at(n));
  for (ST a : all) {
    EXPECT_EQ(promoteTypes(a, a), a);
    EXPECT_EQ(promoteTypes(ST::Bool, a), a);
    for (ST b : all) {
      EXPECT_EQ(promoteTypes(a, b), promoteTypes(b, a));
      for (ST c : all)
        EXPECT_EQ(promoteTypes(promoteTypes(a, b), c), promoteTypes(a, promoteTypes(b, c)))
            << a << " " << b << " " << c;
    }
  }
  EXPECT_EQ(promoteTypes(ST::Undefined, ST::Float), ST::Undefined);
}

TEST(ResultType, DimensionedTensorsPromoteFully) {
  EXPECT_EQ(resultType({tensorOf(ST::Int32), tensorOf(ST::Int64)}), ST::Int64);
  EXPECT_EQ(resultType({tensorOf(ST::UInt8), tensorOf(ST::Int8)}), ST::Int16);
  EXPECT_EQ(resultType({tensorOf(ST::Half), tensorOf(ST::BFloat16)}), ST::Float);
  EXPECT_EQ(resultType({tensorOf(ST::Int64), tensorOf(ST::Half)}), ST::Half);
  EXPECT_EQ(resultType({tensorOf(ST::Bool), tensorOf(ST::Bool)}), ST::Bool);
}

TEST(ResultType, WrappedNumbersOnlyChangeTheCategory) {
  // torch.tensor([1], dtype=int32) + 1 -> int32
  EXPECT_EQ(resultType({tensorOf(ST::Int32), PromotionOperand::intNumber()}), ST::Int32);
  EXPECT_EQ(resultType({tensorOf(ST::UInt8), PromotionOperand::intNumber()}), ST::UInt8);
  EXPECT_EQ(resultType({tensorOf(ST::Int8), PromotionOperand::intNumber()}), ST::Int8);
  // int tensor + 2.5 -> default dtype float32 (not float64)
  EXPECT_EQ(resultType({tensorOf(ST::Int32), PromotionOperand::floatNumber()}), ST::Float);
  EXPECT_EQ(resultType({tensorOf(ST::Int64), PromotionOperand::floatNumber()}), ST::Float);
  // bool tensor + 1 -> int64; bool tensor + True -> bool; bool tensor + 1.0 -> float32
  EXPECT_EQ(resultType({tensorOf(ST::Bool), PromotionOperand::intNumber()}), ST::Int64);
  EXPECT_EQ(resultType({tensorOf(ST::Bool), PromotionOperand::boolNumber()}), ST::Bool);
  EXPECT_EQ(resultType({tensorOf(ST::Bool), PromotionOperand::floatNumber()}), ST::Float);
  // floating tensors keep their dtype
  EXPECT_EQ(resultType({tensorOf(ST::Half), PromotionOperand::floatNumber()}), ST::Half);
  EXPECT_EQ(resultType({tensorOf(ST::BFloat16), PromotionOperand::intNumber()}), ST::BFloat16);
  EXPECT_EQ(resultType({tensorOf(ST::Double), PromotionOperand::floatNumber()}), ST::Double);
  EXPECT_EQ(resultType({tensorOf(ST::Float), PromotionOperand::boolNumber()}), ST::Float);
  // int tensor + True -> int tensor's dtype
  EXPECT_EQ(resultType({tensorOf(ST::Int16), PromotionOperand::boolNumber()}), ST::Int16);
}

TEST(ResultType, ZeroDimTensorsRankBetweenTensorsAndNumbers) {
  EXPECT_EQ(resultType({tensorOf(ST::Int32), zeroDim(ST::Int64)}), ST::Int32);
  EXPECT_EQ(resultType({tensorOf(ST::Int8), zeroDim(ST::UInt8)}), ST::Int8);
  EXPECT_EQ(resultType({tensorOf(ST::Bool), zeroDim(ST::UInt8)}), ST::UInt8);
  EXPECT_EQ(resultType({tensorOf(ST::UInt8), zeroDim(ST::Bool)}), ST::UInt8);
  // a zero-dim tensor of higher category promotes with its own dtype (not the default)
  EXPECT_EQ(resultType({tensorOf(ST::Int64), zeroDim(ST::Double)}), ST::Double);
  EXPECT_EQ(resultType({tensorOf(ST::Int8), zeroDim(ST::Half)}), ST::Half);
  EXPECT_EQ(resultType({tensorOf(ST::Half), zeroDim(ST::Double)}), ST::Half);
  EXPECT_EQ(resultType({tensorOf(ST::BFloat16), zeroDim(ST::Half)}), ST::BFloat16);
  // only zero-dim tensors: full promotion among them
  EXPECT_EQ(resultType({zeroDim(ST::Int64), zeroDim(ST::Half)}), ST::Half);
  EXPECT_EQ(resultType({zeroDim(ST::Int32), zeroDim(ST::Int64)}), ST::Int64);
  // zero-dim tensor vs numbers
  EXPECT_EQ(resultType({zeroDim(ST::Int32), PromotionOperand::intNumber()}), ST::Int32);
  EXPECT_EQ(resultType({zeroDim(ST::Bool), PromotionOperand::intNumber()}), ST::Int64);
  EXPECT_EQ(resultType({zeroDim(ST::Bool), PromotionOperand::floatNumber()}), ST::Float);
  EXPECT_EQ(resultType({zeroDim(ST::Double), PromotionOperand::intNumber()}), ST::Double);
  // three tiers at once: int8 tensor, double zero-dim, float number -> double (zero-dim wins
  // over the number's default dtype, and raises the tensor's category)
  EXPECT_EQ(resultType({tensorOf(ST::Int8), zeroDim(ST::Double), PromotionOperand::floatNumber()}), ST::Double);
  EXPECT_EQ(resultType({tensorOf(ST::Int8), zeroDim(ST::Int64), PromotionOperand::floatNumber()}), ST::Float);
}

TEST(ResultType, NumbersOnly) {
  EXPECT_EQ(resultType({PromotionOperand::intNumber()}), ST::Int64);
  EXPECT_EQ(resultType({PromotionOperand::intNumber(), PromotionOperand::floatNumber()}), ST::Float);
  EXPECT_EQ(resultType({PromotionOperand::boolNumber(), PromotionOperand::boolNumber()}), ST::Bool);
  EXPECT_EQ(resultType(std::vector<PromotionOperand>{}), ST::Undefined);
}

TEST(ResultType, FromTensors) {
  Tensor ints = Tensor::zeros({3}, ST::Int32);
  Tensor number = Tensor::scalar(2.5, ST::Double);
  EXPECT_EQ(resultType(ints, number), ST::Double);  // plain zero-dim double tensor
  number.setWrappedNumber(true);
  EXPECT_EQ(resultType(ints, number), ST::Float);  // the same value as a wrapped Python float
  EXPECT_EQ(PromotionOperand::of(ints).kind, OperandKind::Tensor);
  EXPECT_EQ(PromotionOperand::of(Tensor::zeros({})).kind, OperandKind::ZeroDimTensor);
  ResultTypeState s;
  s.add(Tensor::zeros({2}, ST::Bool));
  s.add(PromotionOperand::intNumber());
  EXPECT_EQ(s.result(), ST::Int64);
}

TEST(CanCast, RefusesNarrowingCategories) {
  EXPECT_FALSE(canCast(ST::Float, ST::Int64));
  EXPECT_FALSE(canCast(ST::Half, ST::UInt8));
  EXPECT_FALSE(canCast(ST::Int64, ST::Bool));
  EXPECT_TRUE(canCast(ST::Int64, ST::Float));
  EXPECT_TRUE(canCast(ST::Double, ST::Half));
  EXPECT_TRUE(canCast(ST::Bool, ST::Int8));
  EXPECT_TRUE(canCast(ST::Int64, ST::Int8));
  try {
    checkCanCast(ST::Float, ST::Int64);
    FAIL();
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "result type Float can't be cast to the desired output type Long");
  }
}

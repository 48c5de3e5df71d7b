// TypePromotion.h — PyTorch 1.13's dtype rules for ops with several operands.
//
// promoteTypes(a, b): the symmetric lattice join of two dtypes (torch.promote_types):
//   bool < every other type; integral types join to the narrowest signed type holding both
//   (uint8 + int8 -> int16); any integral + floating -> the floating type; half + bfloat16 ->
//   float32; otherwise the wider floating type. Undefined with anything gives Undefined.
//
// resultType(operands) (torch.result_type): operands fall in three tiers — dimensioned tensors,
// zero-dim tensors, wrapped numbers (Python int/float/bool passed as Scalar). Each tier is joined
// with promoteTypes; then a lower tier only matters when it is of a higher *category*
// (bool < integral < floating) than everything above it, in which case it is joined in.
// A wrapped float counts as the default dtype (float32), so int tensor + 2.5 -> float32, while
// bool tensor + 1 -> int64 and float16 tensor + float64 zero-dim tensor -> float16.
#pragma once

#include <initializer_list>
#include <vector>

#include "jit/tensor/ScalarType.h"

namespace tsjit {

class Tensor;

ScalarType promoteTypes(ScalarType a, ScalarType b);

// The dtype Python floats become when wrapped (torch.get_default_dtype()).
inline constexpr ScalarType kDefaultFloatDtype = ScalarType::Float;

enum class OperandKind { Tensor, ZeroDimTensor, WrappedNumber };

struct PromotionOperand {
  ScalarType dtype;
  OperandKind kind;

  // Classifies a tensor: wrapped numbers (Tensor::isWrappedNumber) are WrappedNumber, 0-dim
  // tensors ZeroDimTensor, all others Tensor.
  static PromotionOperand of(const Tensor& t);
  // A Python number: Int64 for int, Double for float, Bool for bool.
  static PromotionOperand number(ScalarType pythonNumberType) { return {pythonNumberType, OperandKind::WrappedNumber}; }
  static PromotionOperand intNumber() { return number(ScalarType::Int64); }
  static PromotionOperand floatNumber() { return number(ScalarType::Double); }
  static PromotionOperand boolNumber() { return number(ScalarType::Bool); }
};

// Incremental form of resultType (add operands one by one).
class ResultTypeState {
 public:
  void add(const PromotionOperand& operand);
  void add(const Tensor& t);
  ScalarType result() const;

 private:
  ScalarType dimResult_ = ScalarType::Undefined;
  ScalarType zeroDimResult_ = ScalarType::Undefined;
  ScalarType wrappedResult_ = ScalarType::Undefined;
};

ScalarType resultType(std::initializer_list<PromotionOperand> operands);
ScalarType resultType(const std::vector<PromotionOperand>& operands);
ScalarType resultType(const Tensor& a, const Tensor& b);

// Whether a value computed in `from` may be written into an output of dtype `to` (in-place ops,
// out=): floating -> integral and non-bool -> bool are refused, as in PyTorch.
bool canCast(ScalarType from, ScalarType to);
// Throws RuntimeError "result type Float can't be cast to the desired output type Long" when
// !canCast(from, to).
void checkCanCast(ScalarType from, ScalarType to);

}  // namespace tsjit

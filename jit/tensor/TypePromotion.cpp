// TypePromotion.cpp — promoteTypes lattice and the three-tier result_type rule.
#include "jit/tensor/TypePromotion.h"

#include "jit/support/Error.h"
#include "jit/tensor/Tensor.h"

namespace tsjit {

namespace {
// 0 bool, 1 integral, 2 floating.
int category(ScalarType t) {
  if (t == ScalarType::Bool) return 0;
  return isFloatingType(t) ? 2 : 1;
}

// Bits of the range an integral type must cover, and whether it is signed.
struct IntInfo {
  int bits;
  bool isSigned;
};
IntInfo intInfo(ScalarType t) {
  switch (t) {
    case ScalarType::UInt8: return {8, false};
    case ScalarType::Int8: return {8, true};
    case ScalarType::Int16: return {16, true};
    case ScalarType::Int32: return {32, true};
    default: return {64, true};
  }
}
ScalarType signedIntOfBits(int bits) {
  switch (bits) {
    case 8: return ScalarType::Int8;
    case 16: return ScalarType::Int16;
    case 32: return ScalarType::Int32;
    default: return ScalarType::Int64;
  }
}

ScalarType promoteSkipUndefined(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined) return b;
  if (b == ScalarType::Undefined) return a;
  return promoteTypes(a, b);
}
}  // namespace

ScalarType promoteTypes(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined || b == ScalarType::Undefined) return ScalarType::Undefined;
  if (a == b) return a;
  if (a == ScalarType::Bool) return b;
  if (b == ScalarType::Bool) return a;
  const bool fa = isFloatingType(a), fb = isFloatingType(b);
  if (fa && !fb) return a;
  if (fb && !fa) return b;
  if (fa && fb) {
    // Half and BFloat16 have incomparable ranges/precisions: their join is Float.
    if ((a == ScalarType::Half && b == ScalarType::BFloat16) ||
        (a == ScalarType::BFloat16 && b == ScalarType::Half))
      return ScalarType::Float;
    return elementSize(a) >= elementSize(b) ? a : b;
  }
  // Both integral and different.
  const IntInfo ia = intInfo(a), ib = intInfo(b);
  if (ia.isSigned == ib.isSigned) return ia.bits >= ib.bits ? a : b;
  // One unsigned (uint8) and one signed: a signed type strictly wider than uint8 is needed.
  const IntInfo& s = ia.isSigned ? ia : ib;
  const IntInfo& u = ia.isSigned ? ib : ia;
  return signedIntOfBits(s.bits > u.bits ? s.bits : 2 * u.bits);
}

PromotionOperand PromotionOperand::of(const Tensor& t) {
  if (t.isWrappedNumber()) return {t.dtype(), OperandKind::WrappedNumber};
  return {t.dtype(), t.dim() == 0 ? OperandKind::ZeroDimTensor : OperandKind::Tensor};
}

void ResultTypeState::add(const PromotionOperand& op) {
  switch (op.kind) {
    case OperandKind::Tensor:
      dimResult_ = promoteSkipUndefined(dimResult_, op.dtype);
      break;
    case OperandKind::ZeroDimTensor:
      zeroDimResult_ = promoteSkipUndefined(zeroDimResult_, op.dtype);
      break;
    case OperandKind::WrappedNumber: {
      const ScalarType t = isFloatingType(op.dtype) ? kDefaultFloatDtype : op.dtype;
      wrappedResult_ = promoteSkipUndefined(wrappedResult_, t);
      break;
    }
  }
}

void ResultTypeState::add(const Tensor& t) { add(PromotionOperand::of(t)); }

namespace {
// Joins a lower-priority tier in only when it brings a higher category.
ScalarType combineTiers(ScalarType higher, ScalarType lower) {
  if (higher == ScalarType::Undefined) return lower;
  if (lower == ScalarType::Undefined) return higher;
  return category(lower) > category(higher) ? promoteTypes(higher, lower) : higher;
}
}  // namespace

ScalarType ResultTypeState::result() const {
  return combineTiers(dimResult_, combineTiers(zeroDimResult_, wrappedResult_));
}

ScalarType resultType(std::initializer_list<PromotionOperand> operands) {
  ResultTypeState s;
  for (const auto& op : operands) s.add(op);
  return s.result();
}

ScalarType resultType(const std::vector<PromotionOperand>& operands) {
  ResultTypeState s;
  for (const auto& op : operands) s.add(op);
  return s.result();
}

ScalarType resultType(const Tensor& a, const Tensor& b) {
  ResultTypeState s;
  s.add(a);
  s.add(b);
  return s.result();
}

bool canCast(ScalarType from, ScalarType to) {
  if (isFloatingType(from) && isIntegralType(to, /*includeBool=*/false)) return false;
  if (from != ScalarType::Bool && to == ScalarType::Bool) return false;
  return true;
}

void checkCanCast(ScalarType from, ScalarType to) {
  if (!canCast(from, to))
    throw RuntimeError(str("result type ", from, " can't be cast to the desired output type ", to));
}

}  // namespace tsjit

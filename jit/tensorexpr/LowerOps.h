// LowerOps.h — the lowering of one fusible node to a scalar loop-IR expression (internal to
// jit/tensorexpr; Lower.cpp drives it).
//
// A node's operands arrive as Operands: the value's expression in its compute type
// (computeType(dtype)), its dtype and its type-promotion tier. lowerNode returns the node's result
// the same way, with PyTorch 1.13's result dtype, and the expression rounded to that dtype (so a
// fused chain gives each intermediate exactly the value the unfused kernels store: Half and
// BFloat16 round after every op, integer results wrap to their width).
// A node it cannot lower throws Unsupported with the reason (the caller returns nullptr).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/tensor/TypePromotion.h"
#include "jit/tensorexpr/LoopIR.h"

namespace tsjit::tensorexpr {

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Operand {
  enum class What { Value, None, DtypeConstant, IntList };
  What what = What::Value;
  ExprPtr expr;                         // in computeType(dtype)
  ScalarType dtype = ScalarType::Float;  // tensor dtype, or Int64 / Double / Bool for numbers
  OperandKind kind = OperandKind::Tensor;
  bool isTensor = true;
  std::optional<double> constant;  // numbers known at compile time
  std::optional<int64_t> intConstant;
  std::vector<int64_t> intList;  // What::IntList (constant int[] arguments: reduction dims)

  PromotionOperand promotion() const { return {dtype, kind}; }
};

// The value converted to dtype `to` (PyTorch's conversion), as an expression in computeType(to).
ExprPtr convertTo(ScalarType to, const ExprPtr& e, ScalarType from);

// Lowers a node whose inputs are `ins`. The result has isTensor = true and kind Tensor or
// ZeroDimTensor (zeroDim: every tensor operand is 0-dim).
Operand lowerNode(const Node* node, const std::vector<Operand>& ins, bool zeroDim);

// Whether the node kind has a lowering at all (the fusion pass may ask).
bool hasLowering(Symbol kind);

}  // namespace tsjit::tensorexpr

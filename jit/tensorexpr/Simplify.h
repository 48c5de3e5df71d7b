// Simplify.h — the loop-IR simplifier. Rewrites that keep the value bit for bit:
//   * an expression without loads and variables folds to an immediate (evaluated by Eval.h, the
//     semantics of every backend) when its dtype is a compute type;
//   * integer identities: x + 0, 0 + x, x - 0, x * 1, 1 * x -> x; x * 0, 0 * x -> 0;
//   * Cast(T, Cast(U, x)) with x of dtype T -> x when U holds every value of T exactly
//     (Float -> Double -> Float, Half -> Float -> Half, int32 -> int64 -> int32, ...);
//   * select with a constant condition picks its arm.
// Statements are simplified expression by expression; loops with no iterations disappear.
#pragma once

#include "jit/tensorexpr/LoopIR.h"

namespace tsjit::tensorexpr {

ExprPtr simplify(const ExprPtr& e);
StmtPtr simplify(const StmtPtr& s);

// Whether every value of dtype `narrow` is exactly representable in dtype `wide`.
bool holdsExactly(ScalarType wide, ScalarType narrow);

}  // namespace tsjit::tensorexpr

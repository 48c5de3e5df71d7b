// Eval.h — the interpreting backend of the loop IR: walks expressions and statements on scalars.
// It is the semantics every compiled backend must reproduce (the simplifier folds constants with
// it, and the tests compare the LLVM and CUDA backends against it).
//
// Scalar values: Bool and integer dtypes in `i` (wrapped to their width), floating dtypes in `d`
// (a Float / Half / BFloat16 value is held as the double of that value). Integer arithmetic wraps
// (two's complement); Div / Mod by zero of integers is an error (InternalError: the lowerings never
// build it, PyTorch raises before).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "jit/tensorexpr/LoopIR.h"

namespace tsjit::tensorexpr {

struct Scalar {
  int64_t i = 0;
  double d = 0;
};

// Buffer data pointers and scalar parameter values, by the kernel's parameter order.
struct EvalArgs {
  std::vector<void*> data;       // params that are buffers (nullptr for scalars)
  std::vector<Scalar> scalars;   // params that are scalars
};

class Evaluator {
 public:
  explicit Evaluator(const LoopKernel& kernel);
  // Runs nest `nest` of kernel.body with its outermost loop restricted to [begin, end).
  void runNest(const EvalArgs& args, size_t nest, int64_t begin, int64_t end);
  void run(const EvalArgs& args);

 private:
  const LoopKernel& kernel_;
};

// The value of an expression without loads (variables from `env`, by name).
Scalar evalExpr(const ExprPtr& e, const std::unordered_map<std::string, Scalar>& env = {});

// PyTorch's conversion of a value of dtype `from` to dtype `to` (ScalarConvert.h semantics).
Scalar convertScalarValue(Scalar v, ScalarType from, ScalarType to);

}  // namespace tsjit::tensorexpr

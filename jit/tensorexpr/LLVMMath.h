// LLVMMath.h — exp / log / sigmoid / tanh of float emitted as straight-line LLVM IR (no calls,
// no branches, so the loop vectorizer widens them), computed in double and rounded to float once.
//
// exp, sigmoid and tanh are the operation-for-operation translation of jit/kernels/VecMath.h (so
// the fused result equals the unfused kernel's bit for bit; that header states the accuracy: the
// correctly rounded float except within ~1e-11 relative of a rounding boundary, where it is one ulp
// off; the op table allows 2 ulp for exp and 4 for sigmoid / tanh).
// log: x = m 2^e with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s), s = (m - 1) / (m + 1),
// |s| <= 0.1716, by its series to s^17 (truncation < 1e-15 relative), plus e ln 2; the float
// result is within one ulp of log(x) (the op table allows 2). x < 0 and NaN give NaN, 0 gives
// -inf, +inf gives +inf. Only built with LLVM (TSJIT_LLVM).
#pragma once

#ifdef TSJIT_LLVM
#include <llvm/IR/IRBuilder.h>

namespace tsjit::tensorexpr::llvmmath {

// Each takes and returns a float value.
llvm::Value* expF(llvm::IRBuilder<>& b, llvm::Value* x);
llvm::Value* sigmoidF(llvm::IRBuilder<>& b, llvm::Value* x);
llvm::Value* tanhF(llvm::IRBuilder<>& b, llvm::Value* x);
llvm::Value* logF(llvm::IRBuilder<>& b, llvm::Value* x);

}  // namespace tsjit::tensorexpr::llvmmath
#endif

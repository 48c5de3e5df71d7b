// LLVMMath.h — exp / log / sigmoid / tanh of float emitted as straight-line LLVM IR (no calls,
// no branches, so the loop vectorizer widens them). exp and log compute in double and round to
// float once; sigmoid and tanh compute in float (so fused results need not equal the unfused
// kernels' bit for bit: perf/GraphCase.h's fused-kernel rule and the fuser's lockstep check).
//
// exp is the operation-for-operation translation of jit/kernels/VecMath.h (so it equals the
// unfused kernel's bit for bit; that header states the accuracy: the correctly rounded float except
// within ~1e-11 relative of a rounding boundary, where it is one ulp off; the op table allows 2).
// sigmoid and tanh are computed in float (16 lanes per AVX-512 vector instead of 8): a float e^y
// (Cody-Waite reduction, Cephes' degree-5 minimax, two-step scaling for subnormal results),
// sigmoid = 1 / (1 + e^-|x|) or e^-|x| / (1 + e^-|x|), tanh = Cephes' odd minimax below 0.625 and
// 1 - 2 / (e^2|x| + 1) above. Their measured worst error over 2M sampled floats is asserted by
// conformance/fuser/fuser_kernel_test (TranscendentalsStayWithinTheOpTableBounds) against the op
// table's bound (4 ulp for both).
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

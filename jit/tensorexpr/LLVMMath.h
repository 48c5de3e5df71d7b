// LLVMMath.h — exp / log / sigmoid / tanh of float emitted as straight-line LLVM IR (no calls,
// no branches, so the loop vectorizer widens them). exp, sigmoid and tanh compute in float (16
// lanes per AVX-512 vector instead of 8) with fused multiply-adds (llvm.fma: one instruction on the
// host CPUs with FMA), from one shared core: the Cody-Waite reduction y = n ln2 + f and
// e^f - 1 = f (1 + f P(f)) (Cephes' degree-5 minimax P), n read from the bits of the rounding
// shifter. exp = (1 + q) 2^n applied as two normal powers of two (one rounding for normal results);
// sigmoid = 1 / (1 + e) or e / (1 + e), e = e^-|x| (scaled in two exact steps so that subnormal
// results round once); tanh|x| = -m / (2 + m), m = e^-2|x| - 1 = fma(2^n, q, 2^n - 1) (no
// cancellation near 0, so no second polynomial), with the sign of x. NaN runs through the
// arithmetic to NaN (the limits' compares are false for it). So fused results need not equal the
// unfused kernels' (jit/kernels/VecMath.h computes exp in double) bit for bit: perf/GraphCase.h's
// fused-kernel rule and the fuser's lockstep check allow each op its bound. The measured worst
// error over 2M sampled floats is asserted by conformance/fuser/fuser_kernel_test
// (TranscendentalsStayWithinTheOpTableBounds) against the op table's bound (exp 2 ulp, sigmoid and
// tanh 4), and over every float on request.
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

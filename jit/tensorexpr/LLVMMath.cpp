// LLVMMath.cpp — see LLVMMath.h. Every double operation of exp below mirrors one line of
// jit/kernels/VecMath.h (no fused multiply-adds: LLVM contracts nothing without the `contract`
// flag, and GCC builds VecMath.h in ISO mode, which contracts nothing either); sigmoid and tanh
// are float algorithms of their own.
#ifdef TSJIT_LLVM
#include "jit/tensorexpr/LLVMMath.h"

#include <cmath>
#include <limits>

#include <llvm/IR/Intrinsics.h>

namespace tsjit::tensorexpr::llvmmath {

namespace {

llvm::Value* dconst(llvm::IRBuilder<>& b, double v) { return llvm::ConstantFP::get(b.getDoubleTy(), v); }

llvm::Value* fabs(llvm::IRBuilder<>& b, llvm::Value* x) {
  return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
}

// fabs(x) > m ? copysign(m, x) : x
llvm::Value* clampAbs(llvm::IRBuilder<>& b, llvm::Value* x, double m) {
  llvm::Value* cs = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, dconst(b, m), x);
  return b.CreateSelect(b.CreateFCmpOGT(fabs(b, x), dconst(b, m)), cs, x);
}

llvm::Value* expReduced(llvm::IRBuilder<>& b, llvm::Value* x) {
  const double kLog2e = 1.4426950408889634074;
  const double kLn2Hi = 0x1.62e42fee00000p-1;
  const double kLn2Lo = 0x1.a39ef35793c76p-33;
  const double kShifter = 0x1.8p52;
  llvm::Value* t = b.CreateFAdd(b.CreateFMul(x, dconst(b, kLog2e)), dconst(b, kShifter));
  llvm::Value* n = b.CreateFSub(t, dconst(b, kShifter));
  llvm::Value* r = b.CreateFSub(b.CreateFSub(x, b.CreateFMul(n, dconst(b, kLn2Hi))), b.CreateFMul(n, dconst(b, kLn2Lo)));
  const double coeffs[] = {1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120,
                           1.0 / 24,     1.0 / 6,     0.5,        1.0,        1.0};
  llvm::Value* p = dconst(b, 1.0 / 3628800);
  for (double c : coeffs) p = b.CreateFAdd(b.CreateFMul(p, r), dconst(b, c));
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Value* ni = b.CreateSub(b.CreateBitCast(t, i64), b.getInt64(static_cast<int64_t>(0x4338000000000000LL)));
  llvm::Value* scale = b.CreateBitCast(b.CreateShl(b.CreateAdd(ni, b.getInt64(1023)), 52), b.getDoubleTy());
  return b.CreateFMul(p, scale);
}

}  // namespace

llvm::Value* expF(llvm::IRBuilder<>& b, llvm::Value* xf) {
  llvm::Value* x = b.CreateFPExt(xf, b.getDoubleTy());
  return b.CreateFPTrunc(expReduced(b, clampAbs(b, x, 200.0)), b.getFloatTy());
}

namespace {

llvm::Value* fconst(llvm::IRBuilder<>& b, double v) { return llvm::ConstantFP::get(b.getFloatTy(), v); }

llvm::Value* fma(llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value* y, llvm::Value* z) {
  return b.CreateIntrinsic(llvm::Intrinsic::fma, {x->getType()}, {x, y, z});
}

// The shared core of the float e^y and e^y - 1, y in [-111, 0] (callers limit it; NaN runs
// through to a NaN): the Cody-Waite reduction y = n ln2 + f (ln2 split as 0.693359375 -
// 2.12194440e-4; with fused multiply-adds both steps are exact or rounded once), |f| <= ln2 / 2, and
// e^f - 1 = f (1 + f P(f)) with Cephes' degree-5 minimax P. n is read from the bits of
// t = 1.5 * 2^23 + n (n is an integer in [-161, 0] there, so t's low mantissa bits hold it).
struct ExpParts {
  llvm::Value* q;     // e^f - 1
  llvm::Value* bits;  // bits of t: n + 0x4B400000
};

ExpParts expParts(llvm::IRBuilder<>& b, llvm::Value* y) {
  const double kShifter = 12582912.0;  // 1.5 * 2^23
  llvm::Value* t = fma(b, y, fconst(b, 1.44269504088896341), fconst(b, kShifter));
  llvm::Value* n = b.CreateFSub(t, fconst(b, kShifter));
  llvm::Value* f = fma(b, n, fconst(b, -0.693359375), y);
  f = fma(b, n, fconst(b, 2.12194440e-4), f);
  const double c[] = {1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1};
  llvm::Value* p = fconst(b, 1.9875691500e-4);
  for (double k : c) p = fma(b, p, f, fconst(b, k));
  llvm::Value* q = b.CreateFMul(f, fma(b, f, p, fconst(b, 1.0)));
  return {q, b.CreateBitCast(t, b.getInt32Ty())};
}

// 2^(n + bias) from ExpParts::bits, n + bias + 127 in [1, 254].
llvm::Value* pow2(llvm::IRBuilder<>& b, llvm::Value* bits, int bias) {
  return b.CreateBitCast(b.CreateShl(b.CreateSub(bits, b.getInt32(0x4B400000 - 127 - bias)), 23), b.getFloatTy());
}

}  // namespace

llvm::Value* sigmoidF(llvm::IRBuilder<>& b, llvm::Value* x) {
  // e = e^-|x| in (0, 1]; sigmoid = 1 / (1 + e) for x >= 0, e / (1 + e) below: no overflow, and
  // the small results of negative x keep their relative accuracy. |x| is limited to 111 (e^-111
  // is below half the smallest subnormal). e = ((1 + q) 2^(n + 64)) 2^-64: the first product is
  // normal, the second rounds once into the subnormals. NaN runs through to NaN.
  llvm::Value* a = fabs(b, x);
  a = b.CreateSelect(b.CreateFCmpOGT(a, fconst(b, 111.0)), fconst(b, 111.0), a);
  ExpParts ep = expParts(b, b.CreateFNeg(a));
  llvm::Value* e = b.CreateFMul(fma(b, ep.q, pow2(b, ep.bits, 64), pow2(b, ep.bits, 64)), fconst(b, 0x1p-64));
  llvm::Value* den = b.CreateFAdd(fconst(b, 1.0), e);
  llvm::Value* num = b.CreateSelect(b.CreateFCmpOLT(x, fconst(b, 0.0)), e, fconst(b, 1.0));
  return b.CreateFDiv(num, den);
}

llvm::Value* tanhF(llvm::IRBuilder<>& b, llvm::Value* x) {
  // m = e^-2|x| - 1 in (-1, 0] (2|x| limited to 40: tanh(20) rounds to 1), computed as
  // 2^n (1 + q) - 1 = fma(2^n, q, 2^n - 1), which is q itself for |x| < ln2 / 4 (no cancellation
  // near 0); tanh|x| = -m / (2 + m), with the sign of x (tanh(-0) = -0). NaN runs through to NaN.
  llvm::Value* a = fabs(b, x);
  a = b.CreateSelect(b.CreateFCmpOGT(a, fconst(b, 20.0)), fconst(b, 20.0), a);
  ExpParts ep = expParts(b, b.CreateFMul(a, fconst(b, -2.0)));
  llvm::Value* s = pow2(b, ep.bits, 0);
  llvm::Value* m = fma(b, s, ep.q, b.CreateFSub(s, fconst(b, 1.0)));
  llvm::Value* r = b.CreateFDiv(b.CreateFNeg(m), b.CreateFAdd(m, fconst(b, 2.0)));
  return b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, r, x);
}

llvm::Value* logF(llvm::IRBuilder<>& b, llvm::Value* xf) {
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Value* x = b.CreateFPExt(xf, b.getDoubleTy());  // a float widened: finite nonzero values are normal doubles
  llvm::Value* bits = b.CreateBitCast(x, i64);
  llvm::Value* e = b.CreateSub(b.CreateAnd(b.CreateLShr(bits, 52), b.getInt64(0x7ff)), b.getInt64(1023));
  llvm::Value* mBits = b.CreateOr(b.CreateAnd(bits, b.getInt64(0x000FFFFFFFFFFFFFLL)), b.getInt64(0x3FF0000000000000LL));
  llvm::Value* m = b.CreateBitCast(mBits, b.getDoubleTy());  // [1, 2)
  llvm::Value* big = b.CreateFCmpOGT(m, dconst(b, 1.4142135623730951));
  m = b.CreateSelect(big, b.CreateFMul(m, dconst(b, 0.5)), m);
  e = b.CreateSelect(big, b.CreateAdd(e, b.getInt64(1)), e);
  llvm::Value* s = b.CreateFDiv(b.CreateFSub(m, dconst(b, 1.0)), b.CreateFAdd(m, dconst(b, 1.0)));
  llvm::Value* z = b.CreateFMul(s, s);
  llvm::Value* p = dconst(b, 1.0 / 17);
  for (int k = 7; k >= 0; --k) p = b.CreateFAdd(b.CreateFMul(p, z), dconst(b, 1.0 / (2 * k + 1)));
  llvm::Value* logm = b.CreateFMul(b.CreateFMul(dconst(b, 2.0), s), p);
  llvm::Value* r = b.CreateFAdd(b.CreateFMul(b.CreateSIToFP(e, b.getDoubleTy()), dconst(b, 0.69314718055994530942)), logm);
  const double inf = std::numeric_limits<double>::infinity();
  r = b.CreateSelect(b.CreateFCmpOEQ(x, dconst(b, inf)), dconst(b, inf), r);
  r = b.CreateSelect(b.CreateFCmpOEQ(x, dconst(b, 0.0)), dconst(b, -inf), r);
  r = b.CreateSelect(b.CreateFCmpULT(x, dconst(b, 0.0)), dconst(b, std::numeric_limits<double>::quiet_NaN()), r);  // x < 0 or NaN
  return b.CreateFPTrunc(r, b.getFloatTy());
}

}  // namespace tsjit::tensorexpr::llvmmath
#endif

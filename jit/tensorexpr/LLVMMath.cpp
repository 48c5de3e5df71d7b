// LLVMMath.cpp — see LLVMMath.h. exp, sigmoid and tanh are float algorithms of their own on one
// shared core; log computes in double.
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

llvm::Value* fconst(llvm::IRBuilder<>& b, double v) { return llvm::ConstantFP::get(b.getFloatTy(), v); }

llvm::Value* fma(llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value* y, llvm::Value* z) {
  return b.CreateIntrinsic(llvm::Intrinsic::fma, {x->getType()}, {x, y, z});
}

// The shared core of the float e^y and e^y - 1, y in [-111, 89] (callers limit it; NaN runs
// through to a NaN): the Cody-Waite reduction y = n ln2 + f (ln2 split as 0.693359375 -
// 2.12194440e-4; with fused multiply-adds both steps are exact or rounded once), |f| <= ln2 / 2, and
// e^f - 1 = f (1 + f P(f)) with Cephes' degree-5 minimax P. n is read from the bits of
// t = 1.5 * 2^23 + n (n is an integer in [-161, 129] there, so t's low mantissa bits hold it).
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

// 2^k for an i32 k with k + 127 in [1, 254] (a normal float built from its exponent bits).
llvm::Value* pow2i(llvm::IRBuilder<>& b, llvm::Value* k) {
  return b.CreateBitCast(b.CreateShl(b.CreateAdd(k, b.getInt32(127)), 23), b.getFloatTy());
}

// n from ExpParts::bits.
llvm::Value* exponentOf(llvm::IRBuilder<>& b, llvm::Value* bits) { return b.CreateSub(bits, b.getInt32(0x4B400000)); }

// 2^(n + bias) from ExpParts::bits, n + bias + 127 in [1, 254].
llvm::Value* pow2(llvm::IRBuilder<>& b, llvm::Value* bits, int bias) {
  return pow2i(b, b.CreateAdd(exponentOf(b, bits), b.getInt32(bias)));
}

}  // namespace

llvm::Value* expF(llvm::IRBuilder<>& b, llvm::Value* x) {
  // x limited to [-104, 89]: e^89 overflows to inf and e^-104 is below half the smallest
  // subnormal, so both limits give the float the exact value rounds to; NaN fails both compares and
  // runs through to NaN. e^x = (1 + q) 2^n with n in [-150, 129], applied as 2^n1 2^n2
  // (n1 = n >> 1, n2 = n - n1, both normal powers of two): (1 + q) 2^n1 is one fused multiply-add
  // rounded once to a normal float, and the exact product with 2^n2 rounds only when the result
  // overflows or is subnormal.
  llvm::Value* y = b.CreateSelect(b.CreateFCmpOGT(x, fconst(b, 89.0)), fconst(b, 89.0), x);
  y = b.CreateSelect(b.CreateFCmpOLT(y, fconst(b, -104.0)), fconst(b, -104.0), y);
  ExpParts ep = expParts(b, y);
  llvm::Value* n = exponentOf(b, ep.bits);
  llvm::Value* n1 = b.CreateAShr(n, 1);
  llvm::Value* s1 = pow2i(b, n1);
  return b.CreateFMul(fma(b, ep.q, s1, s1), pow2i(b, b.CreateSub(n, n1)));
}

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

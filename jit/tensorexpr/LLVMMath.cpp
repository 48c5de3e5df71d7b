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

// e^y in float arithmetic for y in [-110, 41] (callers limit it; NaN must not reach it): Cody-Waite
// reduction y = n ln2 + r (ln2 split as 0.693359375 - 2.12194440e-4, the first part exact in n *
// 0.693359375), e^r = 1 + r + r^2 P(r) with Cephes' minimax P of degree 5 (|r| <= ln2 / 2), and the
// scale 2^n applied as 2^(n/2) * 2^(n - n/2) so that results down to the subnormals round once.
llvm::Value* expF32(llvm::IRBuilder<>& b, llvm::Value* y) {
  llvm::Type* i32 = b.getInt32Ty();
  const double kShifter = 12582912.0;  // 1.5 * 2^23
  llvm::Value* t = b.CreateFAdd(b.CreateFMul(y, fconst(b, 1.44269504088896341)), fconst(b, kShifter));
  llvm::Value* n = b.CreateFSub(t, fconst(b, kShifter));
  llvm::Value* r = b.CreateFSub(b.CreateFSub(y, b.CreateFMul(n, fconst(b, 0.693359375))), b.CreateFMul(n, fconst(b, -2.12194440e-4)));
  const double c[] = {1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1};
  llvm::Value* p = fconst(b, 1.9875691500e-4);
  for (double k : c) p = b.CreateFAdd(b.CreateFMul(p, r), fconst(b, k));
  llvm::Value* er = b.CreateFAdd(b.CreateFAdd(b.CreateFMul(b.CreateFMul(p, r), r), r), fconst(b, 1.0));
  llvm::Value* ni = b.CreateFPToSI(n, i32);
  llvm::Value* n1 = b.CreateAShr(ni, 1);
  llvm::Value* n2 = b.CreateSub(ni, n1);
  auto pow2 = [&](llvm::Value* k) { return b.CreateBitCast(b.CreateShl(b.CreateAdd(k, b.getInt32(127)), 23), b.getFloatTy()); };
  return b.CreateFMul(b.CreateFMul(er, pow2(n1)), pow2(n2));
}

}  // namespace

llvm::Value* sigmoidF(llvm::IRBuilder<>& b, llvm::Value* x) {
  // e = e^-|x| in (0, 1]; sigmoid = 1 / (1 + e) for x >= 0, e / (1 + e) below: no overflow, and
  // the small results of negative x keep their relative accuracy. NaN -> NaN.
  llvm::Value* isNan = b.CreateFCmpUNO(x, x);
  llvm::Value* a = fabs(b, b.CreateSelect(isNan, fconst(b, 0.0), x));
  llvm::Value* y = b.CreateFNeg(b.CreateSelect(b.CreateFCmpOGT(a, fconst(b, 110.0)), fconst(b, 110.0), a));
  llvm::Value* e = expF32(b, y);
  llvm::Value* den = b.CreateFAdd(fconst(b, 1.0), e);
  llvm::Value* num = b.CreateSelect(b.CreateFCmpOLT(x, fconst(b, 0.0)), e, fconst(b, 1.0));
  return b.CreateSelect(isNan, x, b.CreateFDiv(num, den));
}

llvm::Value* tanhF(llvm::IRBuilder<>& b, llvm::Value* x) {
  // |x| < 0.625: x (1 + z P(z)), z = x^2 (Cephes' odd minimax; keeps tanh(-0) = -0); otherwise
  // 1 - 2 / (e^2|x| + 1) with 2|x| limited to 40 (tanh(20) rounds to 1), signed. NaN -> NaN.
  llvm::Value* isNan = b.CreateFCmpUNO(x, x);
  llvm::Value* a = fabs(b, b.CreateSelect(isNan, fconst(b, 0.0), x));
  llvm::Value* z = b.CreateFMul(x, x);
  llvm::Value* p = fconst(b, -5.70498872745e-3);
  p = b.CreateFAdd(b.CreateFMul(p, z), fconst(b, 2.06390887954e-2));
  p = b.CreateFAdd(b.CreateFMul(p, z), fconst(b, -5.37397155531e-2));
  p = b.CreateFAdd(b.CreateFMul(p, z), fconst(b, 1.33314422036e-1));
  p = b.CreateFAdd(b.CreateFMul(p, z), fconst(b, -3.33332819422e-1));
  // x * (1 + z P): keeps tanh(-0) = -0 (x + x z P would give +0 + -0 = +0).
  llvm::Value* small = b.CreateFMul(x, b.CreateFAdd(fconst(b, 1.0), b.CreateFMul(z, p)));
  llvm::Value* twoA = b.CreateFMul(fconst(b, 2.0), a);
  llvm::Value* e = expF32(b, b.CreateSelect(b.CreateFCmpOGT(twoA, fconst(b, 40.0)), fconst(b, 40.0), twoA));
  llvm::Value* big = b.CreateFSub(fconst(b, 1.0), b.CreateFDiv(fconst(b, 2.0), b.CreateFAdd(e, fconst(b, 1.0))));
  llvm::Value* signedBig = b.CreateSelect(b.CreateFCmpOLT(x, fconst(b, 0.0)), b.CreateFNeg(big), big);
  llvm::Value* r = b.CreateSelect(b.CreateFCmpOLT(a, fconst(b, 0.625)), small, signedBig);
  return b.CreateSelect(isNan, x, r);
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

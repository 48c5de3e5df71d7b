// LLVMMath.cpp — see LLVMMath.h. Every double operation below mirrors one line of
// jit/kernels/VecMath.h (no fused multiply-adds: LLVM contracts nothing without the `contract`
// flag, and GCC builds VecMath.h in ISO mode, which contracts nothing either).
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

llvm::Value* sigmoidF(llvm::IRBuilder<>& b, llvm::Value* xf) {
  llvm::Value* x = b.CreateFPExt(xf, b.getDoubleTy());
  llvm::Value* e = expReduced(b, clampAbs(b, x, 200.0));
  return b.CreateFPTrunc(b.CreateFDiv(e, b.CreateFAdd(dconst(b, 1.0), e)), b.getFloatTy());
}

llvm::Value* tanhF(llvm::IRBuilder<>& b, llvm::Value* xf) {
  llvm::Value* x = b.CreateFPExt(xf, b.getDoubleTy());
  llvm::Value* a = fabs(b, x);
  llvm::Value* x2 = b.CreateFMul(x, x);
  llvm::Value* q = dconst(b, -1382.0 / 155925);
  q = b.CreateFAdd(b.CreateFMul(q, x2), dconst(b, 62.0 / 2835));
  q = b.CreateFSub(b.CreateFMul(q, x2), dconst(b, 17.0 / 315));
  q = b.CreateFAdd(b.CreateFMul(q, x2), dconst(b, 2.0 / 15));
  q = b.CreateFSub(b.CreateFMul(q, x2), dconst(b, 1.0 / 3));
  llvm::Value* small = b.CreateFMul(x, b.CreateFAdd(dconst(b, 1.0), b.CreateFMul(x2, q)));
  llvm::Value* e = expReduced(b, clampAbs(b, b.CreateFMul(dconst(b, 2.0), a), 100.0));
  llvm::Value* big = b.CreateFSub(dconst(b, 1.0), b.CreateFDiv(dconst(b, 2.0), b.CreateFAdd(e, dconst(b, 1.0))));
  llvm::Value* signedBig = b.CreateSelect(b.CreateFCmpOLT(x, dconst(b, 0.0)), b.CreateFNeg(big), big);
  llvm::Value* r = b.CreateSelect(b.CreateFCmpOLT(a, dconst(b, 0.0625)), small, signedBig);
  return b.CreateFPTrunc(r, b.getFloatTy());
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

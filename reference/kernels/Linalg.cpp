// Linalg.cpp — reference kernels of the Linalg family, part 1: matrix products (mm, bmm, matmul
// with all rank combinations, mv, dot, outer, linear) and their fused "add" forms (addmm, addmv,
// addr, baddbmm), plus trace. einsum is in LinalgEinsum.cpp; det / inv / norms in LinalgDecomp.cpp.
//
// Dtypes follow PyTorch 1.13's CPU kernels (checked against python3-torch 1.13.1,
// conformance/pt113/product_dtypes.inc): no Half / Bool gemm, gemv, dot or small bmm loop, nothing at all for products with an empty result or K == 0 (checkGemmDtype).
// Invariants: plain loops (LinalgCommon.h), double accumulation for floating dtypes, wrapping
// int64 for integral ones, one rounding to the result dtype (addr, an elementwise kernel in ATen,
// rounds each step instead: see addr). Shape and dtype errors are raised
// before any arithmetic, with PyTorch 1.13's messages ("mat1 and mat2 shapes cannot be multiplied
// (2x3 and 4x5)"). Results are fresh contiguous tensors.
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"
#include "reference/kernels/LinalgCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace linalg {

using namespace shape;

namespace {

// ---- dtype support of PyTorch 1.13's CPU product kernels ----------------------------------------
// The gemm path ("addmm_impl_cpu_") and gemv path ("addmv_impl_cpu") dispatch all types but Half
// and Bool; dot ("dot") likewise; bmm runs a plain loop ("bmm": no Half, no Bool) when
// K * M * N < 400 and one gemm per batch otherwise. A product with an empty result or K == 0
// never reaches a kernel (it is zero-filled), so it works for every dtype.
[[noreturn]] void notImplemented(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", dt, "'"));
}

void checkGemmDtype(ScalarType dt, int64_t M, int64_t N, int64_t K, const char* kernel) {
  if (M * N == 0 || K == 0) return;
  if (dt == ScalarType::Half || dt == ScalarType::Bool) notImplemented(kernel, dt);
}

// A product kernel's data_ptr<scalar_t>() on an operand of another dtype.
[[noreturn]] void readAsOtherType(ScalarType expected, ScalarType found) {
  throw RuntimeError(str("expected scalar type ", expected, " but found ", found));
}

// PyTorch 1.13's bmm / baddbmm CPU kernel (bmm_out_or_baddbmm_), reached only for a non-empty
// result with K != 0 (checked against python3-torch 1.13.1): small products (K * M * N < 400)
// dispatch on batch1's dtype in a loop kernel named loopKernel (no Half, no Bool) whose accessors
// read the result (batch2's dtype) and batch2 as batch1's dtype ("expected scalar type Float but
// found Double"); bmm's others run addmm_impl_cpu_ per batch on the result: the dispatch on
// batch2's dtype (no Half / Bool), then batch1 read as it ("expected scalar type Double but found
// Float"). baddbmm's large ones call at::addmm first (see baddbmm).
void checkBmmKernel(const Tensor& b1, const Tensor& b2, const char* loopKernel) {
  const int64_t B = b1.size(0), M = b1.size(1), N = b2.size(2), K = b1.size(2);
  if (B * M * N == 0 || K == 0) return;
  const ScalarType dt = b1.dtype();
  if (K * M * N < 400) {
    if (dt == ScalarType::Bool || dt == ScalarType::Half) notImplemented(loopKernel, dt);
    if (b2.dtype() != dt) readAsOtherType(dt, b2.dtype());
  } else {
    checkGemmDtype(b2.dtype(), M, N, K, "addmm_impl_cpu_");
    if (b2.dtype() != dt) readAsOtherType(b2.dtype(), dt);
  }
}

void checkMultipliable(const Tensor& a, const Tensor& b) {
  if (a.size(1) != b.size(0))
    throw RuntimeError(str("mat1 and mat2 shapes cannot be multiplied (", a.size(0), "x", a.size(1), " and ",
                           b.size(0), "x", b.size(1), ")"));
}

Tensor dot(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1 || b.dim() != 1)
    throw RuntimeError(str("1D tensors expected, but got ", a.dim(), "D and ", b.dim(), "D tensors"));
  if (a.dtype() != b.dtype())
    throw RuntimeError(str("dot : expected both vectors to have same dtype, but found ", a.dtype(), " and ",
                           b.dtype()));
  if (a.numel() != b.numel())
    throw RuntimeError(str("inconsistent tensor size, expected tensor [", a.numel(), "] and src [", b.numel(),
                           "] to have the same number of elements, but got ", a.numel(), " and ", b.numel(),
                           " elements respectively"));
  if (a.dtype() == ScalarType::Half || a.dtype() == ScalarType::Bool) notImplemented("dot", a.dtype());
  return matProduct(a, b, 1, 1, a.numel(), 1, {}, a.dtype());
}

// x rounded to the floating dtype dt (one correctly rounded operation of that dtype when x is the
// exact double result of an operation on values of dt).
double roundTo(ScalarType dt, double x) { return Tensor::scalar(x, dt).getDouble(0); }

// PyTorch 1.13's addmv (structured: meta, then addmv_out_cpu); self == nullptr is mv, which is
// addmv_(at::empty({mat.size(0)}, vec's dtype), mat, vec, 0, 1).
//  meta: ranks, then sizes ("size mismatch, got S, MxK,V", S = self.size(0): IndexError for a
//        0-dim self); the result has vec's dtype;
//  empty mat: beta == 0 gives zeros; else mul_out(result, self, beta in self's dtype): self's dtype
//        must cast to vec's, and the result takes self's shape;
//  otherwise the gemv dispatch on mat's dtype ("addmv_impl_cpu": no Half, no Bool) reads vec and
//        the result as mat's dtype ("expected scalar type Float but found Double"); self, cast to
//        vec's dtype, is scaled by beta in the dtype (beta == 0 there ignores it), alpha likewise.
//        No integral-scalar check (a float beta / alpha truncates for integral dtypes).
Tensor addmvOf(const Tensor* self, const Tensor& mat, const Tensor& vec, const IValue& beta, const IValue& alpha) {
  if (!self) (void)mat.size(0);  // mv's at::empty({self.size(0)}): IndexError for a 0-dim mat
  const int64_t selfDim = self ? self->dim() : 1;
  if (mat.dim() != 2 || vec.dim() != 1 || selfDim > 1)
    throw RuntimeError(str("vector + matrix @ vector expected, got ", selfDim, ", ", mat.dim(), ", ", vec.dim()));
  const int64_t M = mat.size(0), K = mat.size(1);
  const int64_t selfNumel = self ? self->numel() : M;
  if (K != vec.size(0) || (selfNumel != M && selfNumel != 1))
    throw RuntimeError(str("size mismatch, got ", self ? self->size(0) : M, ", ", M, "x", K, ",", vec.size(0)));
  const ScalarType dt = vec.dtype();
  if (mat.numel() == 0) {
    if (beta.toScalarAsDouble() == 0) return Tensor::zeros({M}, dt);
    const ScalarType st = self->dtype();
    if (!canCast(st, dt)) throw RuntimeError(str("result type ", st, " can't be cast to the desired output type ", dt));
    Tensor scaled = Tensor::empty(self->sizes(), st);
    for (int64_t i = 0; i < scaled.numel(); ++i) {
      if (st == ScalarType::Bool)
        scaled.setInt64(i, self->getInt64(i) != 0 && beta.toScalarAsDouble() != 0);
      else if (isFloatingType(st))
        scaled.setDouble(i, self->getDouble(i) * roundTo(st, beta.toScalarAsDouble()));
      else
        scaled.setInt64(i, wrapMul(self->getInt64(i), scalarAsInt(beta)));
    }
    return scaled.to(dt);
  }
  if (mat.dtype() == ScalarType::Half || mat.dtype() == ScalarType::Bool) notImplemented("addmv_impl_cpu", mat.dtype());
  if (dt != mat.dtype()) throw RuntimeError(str("expected scalar type ", mat.dtype(), " but found ", dt));
  const bool floating = isFloatingType(dt);
  const std::vector<int64_t> outSizes{M};
  Tensor prod = matProduct(mat, vec, 1, M, K, 1, outSizes, floating ? ScalarType::Double : ScalarType::Int64);
  Tensor out = Tensor::empty(outSizes, dt);
  const Tensor s = self ? self->to(dt).expand(outSizes) : Tensor();
  if (floating) {
    const double b = self ? roundTo(dt, beta.toScalarAsDouble()) : 0.0, al = roundTo(dt, alpha.toScalarAsDouble());
    for (int64_t i = 0; i < M; ++i) out.setDouble(i, (b == 0 ? 0.0 : b * s.getDouble(i)) + al * prod.getDouble(i));
  } else {
    const int64_t b = self ? scalarAsInt(beta) : 0, al = scalarAsInt(alpha);
    for (int64_t i = 0; i < M; ++i)
      out.setInt64(i, wrapAdd(b == 0 ? 0 : wrapMul(b, s.getInt64(i)), wrapMul(al, prod.getInt64(i))));
  }
  return out;
}

Tensor mv(const Tensor& mat, const Tensor& vec) { return addmvOf(nullptr, mat, vec, IValue(int64_t{0}), IValue(int64_t{1})); }

// PyTorch 1.13's bmm: meta checks (ranks, sizes; the result takes batch2's dtype), the kernel's
// dtype rules (checkBmmKernel), then the product (zeros for K == 0).
Tensor bmm(const Tensor& a, const Tensor& b) {
  if (a.dim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
  if (b.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
  if (b.size(0) != a.size(0) || b.size(1) != a.size(2))
    throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", a.size(0), ", ",
                           a.size(2), "] but got: [", b.size(0), ", ", b.size(1), "]."));
  checkBmmKernel(a, b, "bmm");
  if (a.dtype() != b.dtype()) return Tensor::zeros({a.size(0), a.size(1), b.size(2)}, b.dtype());  // empty or K == 0
  return matProduct(a, b, a.size(0), a.size(1), a.size(2), b.size(2), {a.size(0), a.size(1), b.size(2)}, a.dtype());
}

}  // namespace

Tensor mm(const Tensor& a, const Tensor& b) {
  if (a.dim() != 2) throw RuntimeError("self must be a matrix");
  if (b.dim() != 2) throw RuntimeError("mat2 must be a matrix");
  checkMultipliable(a, b);
  // The result takes self's dtype; the gemm (reached for a non-empty result with K != 0) dispatches
  // on it, then reads mat2 as it (python3-torch 1.13.1).
  checkGemmDtype(a.dtype(), a.size(0), b.size(1), a.size(1), "addmm_impl_cpu_");
  if (a.size(0) * b.size(1) != 0 && a.size(1) != 0 && b.dtype() != a.dtype()) readAsOtherType(a.dtype(), b.dtype());
  return matProduct(a, b, 1, a.size(0), a.size(1), b.size(1), {a.size(0), b.size(1)}, a.dtype());
}

// PyTorch 1.13's matmul (_matmul_impl): dot / mv / mm by rank; a batched left operand times a
// 1-D / 2-D right one folds its batch into one mm; a 1-D / 2-D left operand times a batched right
// one is matmul(b^T, a^T) transposed back (so its errors are that mm's, operands swapped); two
// batched operands broadcast their batch dims and run one bmm (its checks and dtype rules).
Tensor matmul(const Tensor& a, const Tensor& b) {
  const int64_t d1 = a.dim(), d2 = b.dim();
  if (d1 == 0 || d2 == 0)
    throw RuntimeError(str("both arguments to matmul need to be at least 1D, but they are ", d1, "D and ", d2, "D"));
  if (d1 == 1 && d2 == 1) return dot(a, b);
  if (d1 == 2 && d2 == 1) return mv(a, b);
  if (d1 == 1 && d2 == 2) return mm(a.unsqueeze(0), b).squeeze(0);
  if (d1 == 2 && d2 == 2) return mm(a, b);
  if (d1 >= 3 && d2 <= 2) {
    // Fold a's batch dims into its rows: one mv / mm (so errors quote the folded sizes).
    std::vector<int64_t> outSizes(a.sizes().begin(), a.sizes().end() - 1);
    Tensor folded = a.reshape({tsjit::product(outSizes), a.size(-1)});
    Tensor r = d2 == 1 ? mv(folded, b) : mm(folded, b);
    if (d2 == 2) outSizes.push_back(b.size(-1));
    return r.view(outSizes);
  }
  if (d1 <= 2) {
    const int64_t n = d1 == 2 ? a.size(-2) : 1, m = a.size(-1), p = b.size(-1);
    const Tensor resT = matmul(b.transpose(-1, -2), d1 == 2 ? a.t() : a);  // 1-D a: an mv
    if (d1 == 2) return resT.transpose(-1, -2).contiguous();
    std::vector<int64_t> shape(b.sizes().begin(), b.sizes().end() - 2);
    shape.push_back(p);
    return resT.reshape(shape).contiguous();
  }
  // Both batched: broadcast the batch dims, then one bmm.
  const int64_t n = a.size(-2), m1 = a.size(-1), m2 = b.size(-2), p = b.size(-1);
  const std::vector<int64_t> batch1(a.sizes().begin(), a.sizes().end() - 2);
  const std::vector<int64_t> batch2(b.sizes().begin(), b.sizes().end() - 2);
  std::vector<int64_t> outSizes = inferBroadcastShape(batch1, batch2);
  const int64_t batch = tsjit::product(outSizes);
  std::vector<int64_t> aSizes = outSizes, bSizes = outSizes;
  aSizes.insert(aSizes.end(), {n, m1});
  bSizes.insert(bSizes.end(), {m2, p});
  Tensor r = bmm(a.expand(aSizes).reshape({batch, n, m1}), b.expand(bSizes).reshape({batch, m2, p}));
  outSizes.insert(outSizes.end(), {n, p});
  return r.view(outSizes);
}

namespace {

// The float type a product kernel computes scalars in (ATen's opmath: float for Half / BFloat16).
ScalarType opmathOf(ScalarType dt) { return dt == ScalarType::Double ? ScalarType::Double : ScalarType::Float; }

// beta * self + alpha * prod as PyTorch 1.13's CPU product kernels compute it: self is first cast
// to the result dtype (result.copy_(self)); beta and alpha are converted to the kernel's scalar
// type (opmath float for floating dtypes; integral dtypes truncate a float, no error) and beta == 0
// there ignores self (NaN included). blasAlpha: float / double go through BLAS gemm, which does not
// form the product when alpha == 0 (NaN / inf operands dropped); ATen's own loops (BFloat16,
// baddbmm's small-product loop) do.
Tensor addScaled(const Tensor& self, const Tensor& prod, const IValue& beta, const IValue& alpha, ScalarType dtype,
                 bool blasAlpha) {
  Tensor s = self.to(dtype).expand(prod.sizes());
  Tensor out = Tensor::empty(prod.sizes(), dtype);
  if (isFloatingType(dtype)) {
    const double b = roundTo(opmathOf(dtype), beta.toScalarAsDouble()), al = roundTo(opmathOf(dtype), alpha.toScalarAsDouble());
    const bool dropProd = al == 0 && blasAlpha && (dtype == ScalarType::Float || dtype == ScalarType::Double);
    for (int64_t i = 0; i < out.numel(); ++i)
      out.setDouble(i, (b == 0 ? 0.0 : b * s.getDouble(i)) + (dropProd ? 0.0 : al * prod.getDouble(i)));
  } else {
    const int64_t b = scalarAsInt(beta), al = scalarAsInt(alpha);
    for (int64_t i = 0; i < out.numel(); ++i)
      out.setInt64(i, wrapAdd(b == 0 ? 0 : wrapMul(b, s.getInt64(i)), wrapMul(al, prod.getInt64(i))));
  }
  return out;
}

// PyTorch 1.13's addmm with K == 0: beta == 0 gives zeros, else result = self cast to dt, then
// result.mul_(beta), whose in-place check rejects a float beta for an integral / Bool result and an
// int beta for a Bool one; the product of a floating result is formed in the result's opmath
// (float32 for Half / BFloat16 / Float) with beta as that type, rounded once.
Tensor addmmEmptyK(const Tensor& self, const IValue& beta, const std::vector<int64_t>& shape, ScalarType dt) {
  if (beta.toScalarAsDouble() == 0) return Tensor::zeros(shape, dt);
  const ScalarType betaType = beta.isDouble() ? ScalarType::Float : beta.isBool() ? ScalarType::Bool : ScalarType::Int64;
  const ScalarType common = promoteTypes(dt, betaType);
  if (!canCast(common, dt)) throw RuntimeError(str("result type ", common, " can't be cast to the desired output type ", dt));
  const Tensor s = self.to(dt).expand(shape);
  Tensor out = Tensor::empty(shape, dt);
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (dt == ScalarType::Bool) {
      out.setInt64(i, s.getInt64(i) != 0 && beta.toScalarAsDouble() != 0);
    } else if (isFloatingType(dt)) {
      const ScalarType op = opmathOf(dt);
      out.setDouble(i, roundTo(op, roundTo(op, beta.toScalarAsDouble()) * s.getDouble(i)));
    } else {
      out.setInt64(i, wrapMul(s.getInt64(i), scalarAsInt(beta)));
    }
  }
  return out;
}

// The exact (double / int64) product kept in a Double / Int64 tensor, so addScaled rounds once.
Tensor exactProduct(const Tensor& a, const Tensor& b, int64_t batch, int64_t n, int64_t m, int64_t p,
                    IntArrayRef outSizes) {
  const ScalarType wide = isFloating(a) ? ScalarType::Double : ScalarType::Int64;
  return matProduct(a, b, batch, n, m, p, outSizes, wide);
}

// PyTorch 1.13's addmm: meta (self / mat1 vs mat2 dtypes, ranks, sizes), expand of self, then an empty
// result returns, K == 0 takes addmmEmptyK, and only then the gemm dispatch checks the dtype.
Tensor addmmOf(const Tensor& self, const Tensor& m1, const Tensor& m2, const IValue& beta, const IValue& alpha) {
  // ADDMM_META's dtype checks come first (python3-torch 1.13.1).
  if (self.dtype() != m2.dtype()) throw RuntimeError("self and mat2 must have the same dtype");
  if (m1.dtype() != m2.dtype()) throw RuntimeError("mat1 and mat2 must have the same dtype");
  if (m1.dim() != 2) throw RuntimeError(str("mat1 must be a matrix, got ", m1.dim(), "-D tensor"));
  if (m2.dim() != 2) throw RuntimeError(str("mat2 must be a matrix, got ", m2.dim(), "-D tensor"));
  checkMultipliable(m1, m2);
  const int64_t M = m1.size(0), K = m1.size(1), N = m2.size(1);
  self.expand({M, N});  // PyTorch's expand error for a self that does not fit
  const ScalarType dt = m1.dtype();
  if (M * N == 0) return Tensor::empty({M, N}, dt);
  if (K == 0) return addmmEmptyK(self, beta, {M, N}, dt);
  checkGemmDtype(dt, M, N, K, "addmm_impl_cpu_");
  Tensor prod = exactProduct(m1, m2, 1, M, K, N, {M, N});
  return addScaled(self, prod, beta, alpha, dt, true);
}

std::vector<IValue> addmm(Args& a) {
  return one(addmmOf(tensorArg(a, 0), tensorArg(a, 1), tensorArg(a, 2), a.at(3), a.at(4)));
}

std::vector<IValue> addmv(Args& a) {
  const Tensor self = tensorArg(a, 0);
  return one(addmvOf(&self, tensorArg(a, 1), tensorArg(a, 2), a.at(3), a.at(4)));
}

std::vector<IValue> baddbmm(Args& a) {
  Tensor self = tensorArg(a, 0), b1 = tensorArg(a, 1), b2 = tensorArg(a, 2);
  // PyTorch 1.13's baddbmm meta: self expanded to [b1.size(0), b1.size(1), b2.size(2)] (size()
  // raising for too few dims), then bmm's rank and size checks; self's dtype is free (the result,
  // of batch2's dtype, is a copy of it).
  self.expand({b1.size(0), b1.size(1), b2.size(2)});
  if (b1.dim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
  if (b2.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
  if (b2.size(0) != b1.size(0) || b2.size(1) != b1.size(2))
    throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", b1.size(0), ", ",
                           b1.size(2), "] but got: [", b2.size(0), ", ", b2.size(1), "]."));
  // The CPU kernel (skipped for an empty result or K == 0) dispatches on batch1's dtype and reads
  // batch2 as that dtype: small products in baddbmm's loop, others through addmm_impl_cpu_.
  {  // large products call at::addmm per batch on the result (batch2's dtype): its meta's check
    const int64_t B = b1.size(0), M = b1.size(1), N = b2.size(2), K = b1.size(2);
    if (B * M * N != 0 && K != 0 && K * M * N >= 400) {
      if (b1.dtype() != b2.dtype()) throw RuntimeError("mat1 and mat2 must have the same dtype");
      checkGemmDtype(b1.dtype(), M, N, K, "addmm_impl_cpu_");
    }
  }
  checkBmmKernel(b1, b2, "baddbmm");
  // An empty result or K == 0 never reaches the kernel: the meta's result has batch2's dtype and
  // holds self when beta != 0; K == 0 then scales it in place (as addmm's K == 0 path).
  const int64_t B = b1.size(0), M = b1.size(1), N = b2.size(2), K = b1.size(2);
  if (B * M * N == 0) return one(Tensor::empty({B, M, N}, b2.dtype()));
  if (K == 0) return one(addmmEmptyK(self, a.at(3), {B, M, N}, b2.dtype()));
  Tensor prod = exactProduct(b1, b2, B, M, K, N, {B, M, N});
  // Small products run baddbmm's loop (alpha * acc formed even for alpha == 0), others BLAS.
  return one(addScaled(self, prod, a.at(3), a.at(4), b1.dtype(), K * M * N >= 400));
}

void check1d(const Tensor& t, const char* arg, const char* fn) {
  if (t.dim() != 1) throw RuntimeError(str(fn, ": Expected 1-D argument ", arg, ", but got ", t.dim(), "-D"));
}

// The outer product in a wide dtype (Double / Int64).
Tensor exactOuter(const Tensor& u, const Tensor& v, bool floating) {
  Tensor out = Tensor::empty({u.size(0), v.size(0)}, floating ? ScalarType::Double : ScalarType::Int64);
  for (int64_t i = 0; i < u.size(0); ++i)
    for (int64_t j = 0; j < v.size(0); ++j) {
      const int64_t o = i * v.size(0) + j;
      if (floating)
        out.setDouble(o, u.getDouble(i) * v.getDouble(j));
      else
        out.setInt64(o, wrapMul(u.getInt64(i), v.getInt64(j)));
    }
  return out;
}

std::vector<IValue> outer(Args& a) {
  Tensor u = tensorArg(a, 0), v = tensorArg(a, 1);
  check1d(u, "self", "outer");
  check1d(v, "vec2", "outer");
  const ScalarType dt = resultType(u, v);
  if (dt == ScalarType::Bool) {
    Tensor out = Tensor::empty({u.size(0), v.size(0)}, dt);
    for (int64_t i = 0; i < u.size(0); ++i)
      for (int64_t j = 0; j < v.size(0); ++j) out.setInt64(i * v.size(0) + j, u.getInt64(i) && v.getInt64(j));
    return one(out);
  }
  // PyTorch computes self.reshape({n, 1}) * vec2: both operands are cast to the result dtype first.
  return one(exactOuter(u.to(dt), v.to(dt), isFloatingType(dt)).to(dt));
}

// PyTorch 1.13's check_addr_scalar, run on beta then on alpha once the result dtype is known.
void checkAddrScalar(ScalarType dt, const IValue& v, const char* name) {
  if (v.isBool() && dt != ScalarType::Bool)
    throw RuntimeError(str("Boolean ", name, " only supported for Boolean results."));
  if (!isFloatingType(dt) && v.isDouble())
    throw RuntimeError(str("For integral input tensors, argument ", name, " must not be a floating point number."));
}

// PyTorch 1.13's addr: vec1 / vec2 must be 1-D, self is expanded to [n, m] (so it is 2-D when the
// dtypes meet: the result dtype is the plain promotion of the three, a 0-dim self included), then
// check_addr_scalar, then elementwise in the result dtype: (beta * self) + ((alpha * vec1) * vec2)
// with every operation rounded to the dtype (wrapping for integral ones); beta == 0 in the dtype
// ignores self; Bool: (beta && self) || (alpha && vec1 && vec2).
std::vector<IValue> addr(Args& a) {
  Tensor self = tensorArg(a, 0), u = tensorArg(a, 1), v = tensorArg(a, 2);
  check1d(u, "vec1", "addr");
  check1d(v, "vec2", "addr");
  const int64_t n = u.size(0), m = v.size(0);
  const Tensor s = self.expand({n, m});
  const ScalarType dt = promoteTypes(promoteTypes(self.dtype(), u.dtype()), v.dtype());
  const IValue &beta = a.at(3), &alpha = a.at(4);
  checkAddrScalar(dt, beta, "beta");
  checkAddrScalar(dt, alpha, "alpha");
  Tensor out = Tensor::empty({n, m}, dt);
  if (dt == ScalarType::Bool) {
    const bool b = beta.toScalarAsDouble() != 0, al = alpha.toScalarAsDouble() != 0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        const int64_t o = i * m + j;
        out.setInt64(o, (b && s.getInt64(o) != 0) || (al && u.getInt64(i) != 0 && v.getInt64(j) != 0));
      }
  } else if (isFloatingType(dt)) {
    auto r = [dt](double x) { return roundTo(dt, x); };
    const double b = r(beta.toScalarAsDouble()), al = r(alpha.toScalarAsDouble());
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        const int64_t o = i * m + j;
        const double p = r(r(al * r(u.getDouble(i))) * r(v.getDouble(j)));
        out.setDouble(o, b == 0 ? p : r(r(b * r(s.getDouble(o))) + p));
      }
  } else {
    const int64_t b = scalarAsInt(beta), al = scalarAsInt(alpha);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        const int64_t o = i * m + j;
        const int64_t p = wrapMul(wrapMul(al, u.getInt64(i)), v.getInt64(j));
        out.setInt64(o, b == 0 ? p : wrapAdd(wrapMul(b, s.getInt64(o)), p));
      }
  }
  return one(out);
}

// output.add_(bias), PyTorch's in-place add: bias broadcast to the output's shape (which must not
// grow), the sum in the promoted dtype (one rounding; Bool: or), cast back to the output's dtype,
// which the promoted dtype must be castable to.
Tensor addInPlace(const Tensor& r, const Tensor& bias) {
  const std::vector<int64_t> shape = inferBroadcastShape(r.sizes(), bias.sizes());
  if (shape != r.sizes())
    throw RuntimeError(str("output with shape ", formatInts(r.sizes()), " doesn't match the broadcast shape ",
                           formatInts(shape)));
  const ScalarType common = resultTypeOf({r, bias});
  if (!canCast(common, r.dtype()))
    throw RuntimeError(str("result type ", common, " can't be cast to the desired output type ", r.dtype()));
  const Tensor x = r.to(common), y = bias.to(common).expand(shape);
  Tensor out = Tensor::empty(shape, common);
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (common == ScalarType::Bool)
      out.setInt64(i, x.getInt64(i) != 0 || y.getInt64(i) != 0);
    else if (isFloatingType(common))
      out.setDouble(i, x.getDouble(i) + y.getDouble(i));
    else
      out.setInt64(i, wrapAdd(x.getInt64(i), y.getInt64(i)));
  }
  return out.to(r.dtype());
}

// PyTorch 1.13's linear: addmm(bias, input, weight.t()) for a 2-D input with a bias and for a
// contiguous 3-D one (folded to 2-D, viewed back); otherwise matmul(input, weight.t()).add_(bias).
std::vector<IValue> linear(Args& a) {
  Tensor input = tensorArg(a, 0), weight = tensorArg(a, 1);
  std::optional<Tensor> bias = optTensorArg(a, 2);
  const IValue one1(int64_t{1});
  if (input.dim() == 2 && bias) return one(addmmOf(*bias, input, weight.t(), one1, one1));
  if (input.dim() == 3 && bias && input.isContiguous()) {
    const int64_t d0 = input.size(0), d1 = input.size(1);
    Tensor r = addmmOf(*bias, input.reshape({d0 * d1, input.size(2)}), weight.t(), one1, one1);
    return one(r.reshape({d0, d1, r.size(1)}));
  }
  Tensor r = matmul(input, weight.t());
  if (!bias) return one(r);
  return one(addInPlace(r, *bias));
}

std::vector<IValue> trace(Args& a) {
  Tensor self = tensorArg(a, 0);
  if (self.dim() != 2) throw RuntimeError(str("trace: expected a matrix, but got tensor with dim ", self.dim()));
  const int64_t n = std::min(self.size(0), self.size(1));
  if (isFloating(self)) {
    double acc = 0;
    for (int64_t i = 0; i < n; ++i) acc += self.getDouble(i * self.size(1) + i);
    return one(Tensor::scalar(acc, self.dtype()));
  }
  int64_t acc = 0;
  for (int64_t i = 0; i < n; ++i) acc = wrapAdd(acc, self.getInt64(i * self.size(1) + i));
  return one(Tensor::scalarInt(acc, ScalarType::Int64));
}

}  // namespace
}  // namespace linalg

void registerLinalgKernels() {
  using namespace linalg;
  registerLinalgEinsumKernels();
  registerLinalgDecompKernels();
  registerLinalgProductKernels();
  registerLinalgSolveKernels();
  registerLinalgSpectralKernels();
  def("aten::mm", [](Args& a) { return one(mm(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::bmm", [](Args& a) { return one(bmm(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::matmul", [](Args& a) { return one(matmul(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::mv", [](Args& a) { return one(mv(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::dot", [](Args& a) { return one(dot(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::outer", outer);
  def("aten::addmm", addmm);
  def("aten::addmv", addmv);
  def("aten::addr", addr);
  def("aten::baddbmm", baddbmm);
  def("aten::linear", linear);
  def("aten::trace", trace);
}

}  // namespace tsjit::reference

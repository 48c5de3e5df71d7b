// Linalg.cpp — optimized kernels of the Linalg family, part 1: matrix products on OpenBLAS
// (mm, bmm, matmul in every rank combination, addmm, addmv, addr, baddbmm, dot, mv, outer, linear)
// and trace. Part 2 (LinalgDecomp.cpp): einsum, linalg_inv, linalg_det and the norms.
// Dtypes (PyTorch 1.13 CPU, checked against python3-torch 1.13.1: conformance/pt113/product_dtypes.inc):
// gemm / gemv / dot / bmm's small loop take every dtype but Half and Bool; the entry of each product
// applies that rule (see checkGemmDtype) before any work.
// Invariants: product operands must share one dtype (PyTorch's messages otherwise, "expected scalar
// type Float but found Double" from the kernels, addmm's meta first; addr promotes, addmv / mv take
// vec's dtype); results are fresh contiguous tensors computed in the operands'
// dtype (float32 for Half / BFloat16 / Bool); strided operands go to BLAS without a copy whenever
// one of their strides is 1; batch dims of matmul broadcast without materializing.
#include "jit/kernels/Families.h"
#include "jit/kernels/LinalgGemm.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"

#include <mutex>

namespace tsjit::kernels {
void registerLinalgDecompKernels();
void registerLinalgProductKernels();
void registerLinalgSolveKernels();
void registerLinalgSpectralKernels();

namespace gemm {
void initBlas() {
  static std::once_flag once;
  std::call_once(once, [] { openblas_set_num_threads(1); });
}
}  // namespace gemm

namespace {
using namespace sk;
using gemm::Mat;

void checkSameDtype(const Tensor& a, const Tensor& b, const char* na, const char* nb) {
  if (a.dtype() != b.dtype())
    throw RuntimeError(str("expected ", na, " and ", nb, " to have the same dtype, but got: ", typeMetaName(a.dtype()),
                           " != ", typeMetaName(b.dtype())));
}

// ---- dtype support of PyTorch 1.13's CPU product kernels -------------------------------------------
// gemm ("addmm_impl_cpu_") and gemv ("addmv_impl_cpu") dispatch every dtype but Half and Bool, dot
// ("dot") too; bmm runs a plain loop ("bmm", no Half / Bool) when K * M * N < 400, else a gemm per
// batch. An empty result or K == 0 never reaches a kernel (zero fill): every dtype works there.
// Half / BFloat16 products are computed in float32 and rounded once (ATen's opmath).
[[noreturn]] void productNotImplemented(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dt), "'"));
}
void checkGemmDtype(ScalarType dt, int64_t M, int64_t N, int64_t K, const char* kernel) {
  if (M * N == 0 || K == 0) return;
  if (dt == ScalarType::Half || dt == ScalarType::Bool) productNotImplemented(kernel, dt);
}
void checkBmmDtype(ScalarType dt, int64_t B, int64_t M, int64_t N, int64_t K, const char* loopKernel) {
  if (B * M * N == 0 || K == 0) return;
  if (K * M * N < 400) {
    if (dt == ScalarType::Bool || dt == ScalarType::Half) productNotImplemented(loopKernel, dt);
  } else {
    checkGemmDtype(dt, M, N, K, "addmm_impl_cpu_");
  }
}
// PyTorch 1.13's bmm / baddbmm CPU kernel (bmm_out_or_baddbmm_), reached only when the result is
// not empty and K != 0: small products (K * M * N < 400) dispatch on batch1's dtype in a loop kernel
// named loopKernel (no Half, no Bool) whose accessors read the result (batch2's dtype) and batch2 as
// batch1's dtype ("expected scalar type Float but found Double"); bmm's others run addmm_impl_cpu_
// per batch on the result (batch2's dtype): its dispatch (no Half / Bool), then batch1 read as
// batch2's dtype ("expected scalar type Double but found Float"). Checked against python3-torch
// 1.13.1 (conformance/pt113/product_dtypes.inc).
[[noreturn]] void scalarTypeMismatch(ScalarType expected, ScalarType found) {
  throw RuntimeError(str("expected scalar type ", irName(expected), " but found ", irName(found)));
}
void checkBmmKernel(ScalarType dt, ScalarType dt2, int64_t B, int64_t M, int64_t N, int64_t K, const char* loopKernel) {
  if (B * M * N == 0 || K == 0) return;
  if (K * M * N < 400) {
    if (dt == ScalarType::Bool || dt == ScalarType::Half) productNotImplemented(loopKernel, dt);
    if (dt2 != dt) scalarTypeMismatch(dt, dt2);
  } else {
    checkGemmDtype(dt2, M, N, K, "addmm_impl_cpu_");
    if (dt2 != dt) scalarTypeMismatch(dt2, dt);
  }
}
void checkBmmKernel(const Tensor& b1, const Tensor& b2, const char* loopKernel) {
  checkBmmKernel(b1.dtype(), b2.dtype(), b1.size(0), b1.size(1), b2.size(2), b1.size(2), loopKernel);
}
// Dtypes the BLAS / integer gemm cores do not take directly: computed in float32.
bool viaFloat(ScalarType dt) { return dt == ScalarType::Half || dt == ScalarType::BFloat16 || dt == ScalarType::Bool; }
Tensor asFloat(const Tensor& t) { return t.defined() ? t.to(ScalarType::Float) : t; }
// out + 0 * prod, elementwise (prod: the product summed in the kernel's opmath type): ATen's own
// loops form alpha * acc even for alpha == 0, so an inf / NaN sum gives NaN where BLAS would not.
Tensor withZeroAlphaProduct(const Tensor& out, const Tensor& prod) {
  const std::vector<double> p = toVector<double>(prod);
  std::vector<double> o = toVector<double>(out);
  for (size_t i = 0; i < o.size(); ++i) o[i] += 0.0 * p[i];
  return Tensor::fromDoubles(o, out.sizes(), out.dtype());
}

// One arithmetic step of ATen's addr / mul lambdas in the dtype T: floating steps round to T, integral
// steps wrap (computed unsigned: no signed-overflow UB). The volatile stores keep GCC from
// contracting a product and a sum into one fma, which ATen's source does not ask for.
template <typename T>
T addrMul(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<uint64_t>(static_cast<int64_t>(a)) * static_cast<uint64_t>(static_cast<int64_t>(b)));
  else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    volatile T r = a * b;  // rounded here: no fma contraction (-march=native)
    return r;
  } else {
    return static_cast<T>(a * b);  // Half / BFloat16: the conversion rounds
  }
}
template <typename T>
T addrAdd(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<uint64_t>(static_cast<int64_t>(a)) + static_cast<uint64_t>(static_cast<int64_t>(b)));
  else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    volatile T r = a + b;
    return r;
  } else {
    return static_cast<T>(a + b);
  }
}

[[noreturn]] void mmShapeError(int64_t r1, int64_t c1, int64_t r2, int64_t c2) {
  throw RuntimeError(str("mat1 and mat2 shapes cannot be multiplied (", r1, "x", c1, " and ", r2, "x", c2, ")"));
}

// PyTorch 1.13's addmm K == 0 path (beta != 0): result = self cast to dt, then result.mul_(beta),
// whose in-place type check rejects a float beta for an integral / Bool result and an int beta for
// a Bool one ("result type Float can't be cast to the desired output type Long").
Tensor scaledSelf(const Tensor& self, const IValue& betaV, ScalarType dt) {
  const ScalarType betaType = betaV.isDouble() ? ScalarType::Float : betaV.isBool() ? ScalarType::Bool : ScalarType::Int64;
  const ScalarType common = promoteTypes(dt, betaType);
  if (!canCast(common, dt))
    throw RuntimeError(str("result type ", irName(common), " can't be cast to the desired output type ", irName(dt)));
  const Tensor s = self.to(dt).contiguous();
  Tensor out = Tensor::empty(self.sizes(), dt, self.device());
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* x = static_cast<const T*>(s.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t i = 0; i < out.numel(); ++i) {
      if constexpr (std::is_same_v<T, bool>)
        o[i] = x[i] && betaV.toBool();
      else if constexpr (std::is_integral_v<T>)
        o[i] = addrMul(x[i], convertScalar<T>(sk::scalarI(betaV)));
      else if constexpr (std::is_same_v<T, double>)
        o[i] = x[i] * sk::scalarD(betaV);
      else  // float32 / Half / BFloat16: the product in float32 with beta as float32, rounded once
        o[i] = static_cast<T>(addrMul(static_cast<float>(x[i]), static_cast<float>(sk::scalarD(betaV))));
    }
  });
  return out;
}

// out[M x N] = alpha * a @ b + beta * bias (bias broadcast to [M, N]; undefined = none), PyTorch
// 1.13's addmm_impl_cpu_: the result has mat1's dtype (mm: mat2 of another dtype raises only when
// the gemm runs: "expected scalar type Float but found Double"); self of any dtype is cast to it
// (result.copy_(self)) and ignored when beta is 0 in the dtype (NaNs included: BLAS never
// reads C then); an empty result or K == 0 never reaches the gemm dispatch (see scaledSelf).
Tensor addmmImpl(const Tensor& bias, const Tensor& a, const Tensor& b, const IValue* betaV, const IValue* alphaV) {
  if (a.dim() != 2) throw RuntimeError("self must be a matrix");
  if (b.dim() != 2) throw RuntimeError("mat2 must be a matrix");
  if (a.size(1) != b.size(0)) mmShapeError(a.size(0), a.size(1), b.size(0), b.size(1));
  const int64_t M = a.size(0), N = b.size(1), K = a.size(1);
  const ScalarType dt = a.dtype();
  const bool useBias = bias.defined() && (!betaV || sk::scalarD(*betaV) != 0.0);
  if (useBias && !isExpandableTo(bias.sizes(), {M, N}))
    throw RuntimeError(str("The size of tensor a (", bias.dim() ? bias.size(-1) : 1, ") must match the size of tensor b (", N,
                           ") at non-singleton dimension 1"));
  if (M * N == 0) return Tensor::empty({M, N}, dt, a.device());
  if (K == 0) {
    if (!useBias) return Tensor::zeros({M, N}, dt);
    const Tensor e = bias.expand({M, N});
    return scaledSelf(e, betaV ? *betaV : IValue(int64_t{1}), dt);  // linear: addmm's beta is 1
  }
  checkGemmDtype(dt, M, N, K, "addmm_impl_cpu_");
  if (b.dtype() != dt) scalarTypeMismatch(dt, b.dtype());  // the gemm reads mat2 as the result's dtype
  const Tensor self = useBias && bias.dtype() != dt ? bias.to(dt) : bias;  // result.copy_(self) casts
  if (viaFloat(dt)) {  // BFloat16: ATen's gemm loops, acc in float32 (alpha * acc formed even for alpha == 0)
    Tensor out = addmmImpl(useBias ? asFloat(self) : Tensor(), asFloat(a), asFloat(b), betaV, alphaV);
    if (alphaV && sk::scalarD(*alphaV) == 0.0)
      out = withZeroAlphaProduct(out, addmmImpl(Tensor(), asFloat(a), asFloat(b), nullptr, nullptr));
    return out.to(dt);
  }
  Tensor out = Tensor::empty({M, N}, dt, a.device());
  gemm::initBlas();
  gemm::visitMatmulType(dt, "addmm_impl_cpu_", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T alpha = alphaV ? gemm::scalarAs<T>(*alphaV) : T(1);
    T beta = betaV ? gemm::scalarAs<T>(*betaV) : T(1);
    T* o = static_cast<T*>(out.data());
    if (useBias && beta != T(0)) {
      const Tensor e = self.expand({M, N});
      if (e.stride(0) == 0 && e.stride(1) == 1) {  // the common row bias: replicate rows
        const T* bp = static_cast<const T*>(e.data());
        for (int64_t i = 0; i < M; ++i) std::memcpy(o + i * N, bp, sizeof(T) * N);
      } else {
        out.copy_(e);
      }
    } else {
      beta = T(0);
    }
    gemm::gemm<T>(gemm::matOf<T>(a), gemm::matOf<T>(b), alpha, beta, o, N);
  });
  return out;
}

Tensor mm(const Tensor& a, const Tensor& b) { return addmmImpl(Tensor(), a, b, nullptr, nullptr); }

// out[B x M x N] = alpha * a @ b (+ beta * bias), a: [B, M, K], b: [B, K, N] (strided batches).
Tensor baddbmmImpl(const Tensor& bias, const Tensor& a, const Tensor& b, const IValue* betaV, const IValue* alphaV) {
  if (a.dim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
  if (b.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
  const int64_t B = a.size(0), M = a.size(1), K = a.size(2), N = b.size(2);
  if (b.size(0) != B || b.size(1) != K)
    throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", B, ", ", K, "] but got: [",
                           b.size(0), ", ", b.size(1), "]."));
  checkSameDtype(a, b, "scalar type of batch1", "batch2");
  if (viaFloat(a.dtype())) {
    checkBmmDtype(a.dtype(), B, M, N, K, bias.defined() ? "baddbmm" : "bmm");
    return baddbmmImpl(asFloat(bias), asFloat(a), asFloat(b), betaV, alphaV).to(a.dtype());
  }
  Tensor out = Tensor::empty({B, M, N}, a.dtype(), a.device());
  gemm::initBlas();
  gemm::visitMatmulType(a.dtype(), "bmm", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T alpha = alphaV ? gemm::scalarAs<T>(*alphaV) : T(1);
    T beta = betaV ? gemm::scalarAs<T>(*betaV) : T(1);
    if (bias.defined() && beta != T(0)) {
      if (bias.dtype() != a.dtype())
        throw RuntimeError(str("expected scalar type ", irName(a.dtype()), " but found ", irName(bias.dtype())));
      out.copy_(bias.expand({B, M, N}));
    } else {
      beta = T(0);
    }
    T* o = static_cast<T*>(out.data());
    for (int64_t i = 0; i < B; ++i)
      gemm::gemm<T>(gemm::matOf<T>(a, i * a.stride(0)), gemm::matOf<T>(b, i * b.stride(0)), alpha, beta, o + i * M * N, N);
  });
  return out;
}

// PyTorch 1.13's addmv (structured: meta, then addmv_out_cpu); mv is addmv_(empty [M] of vec's
// dtype, mat, vec, 0, 1), so self undefined = mv (its at::empty reads mat.size(0) first).
//  meta: ranks ("vector + matrix @ vector expected"), sizes ("size mismatch, got S, MxK,V" where
//        S = self.size(0) raises IndexError for a 0-dim self), result dtype = vec's;
//  empty mat: beta == 0 -> zeros; else mul_out(result, self, beta as self's dtype): self's dtype
//        must cast to vec's and the result takes self's shape (mul_out resizes it);
//  otherwise: self (when beta != 0) copied into the result (cast to vec's dtype), the gemv dispatch
//        on mat's dtype ("addmv_impl_cpu": no Half, no Bool), which reads vec and the result as
//        mat's dtype ("expected scalar type Float but found Double").
Tensor addmvImpl(const Tensor& self, const Tensor& mat, const Tensor& vec, const IValue* betaV, const IValue* alphaV) {
  const bool isMv = !self.defined();
  if (isMv) (void)mat.size(0);  // mv's at::empty({self.size(0)}): IndexError for a 0-dim mat
  const int64_t selfDim = isMv ? 1 : self.dim();
  if (mat.dim() != 2 || vec.dim() != 1 || selfDim > 1)
    throw RuntimeError(str("vector + matrix @ vector expected, got ", selfDim, ", ", mat.dim(), ", ", vec.dim()));
  const int64_t selfNumel = isMv ? mat.size(0) : self.numel();
  if (mat.size(1) != vec.size(0) || (selfNumel != mat.size(0) && selfNumel != 1))
    throw RuntimeError(str("size mismatch, got ", isMv ? mat.size(0) : self.size(0), ", ", mat.size(0), "x", mat.size(1), ",",
                           vec.size(0)));
  const ScalarType dt = vec.dtype();
  const double beta = betaV ? sk::scalarD(*betaV) : 0.0;
  if (mat.numel() == 0) {
    if (beta == 0.0) return Tensor::zeros({mat.size(0)}, dt);
    if (!canCast(self.dtype(), dt))
      throw RuntimeError(str("result type ", irName(self.dtype()), " can't be cast to the desired output type ", irName(dt)));
    Tensor prod = Tensor::empty(self.sizes(), self.dtype(), self.device());
    visitScalarType(self.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      const std::vector<T> x = toVector<T>(self);
      const T b = gemm::scalarAs<T>(*betaV);
      T* o = static_cast<T*>(prod.data());
      for (size_t i = 0; i < x.size(); ++i) {
        if constexpr (std::is_same_v<T, bool>)
          o[i] = x[i] && b;
        else
          o[i] = addrMul(x[i], b);
      }
    });
    return prod.to(dt);
  }
  if (mat.dtype() == ScalarType::Half || mat.dtype() == ScalarType::Bool) productNotImplemented("addmv_impl_cpu", mat.dtype());
  if (dt != mat.dtype())
    throw RuntimeError(str("expected scalar type ", irName(mat.dtype()), " but found ", irName(dt)));
  Tensor out = isMv ? addmmImpl(Tensor(), mat, vec.unsqueeze(1), nullptr, nullptr)
                    : addmmImpl(self.to(dt).reshape({-1, 1}), mat, vec.unsqueeze(1), betaV, alphaV);
  return out.view({mat.size(0)});
}

Tensor dot(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1 || b.dim() != 1)
    throw RuntimeError(str("1D tensors expected, but got ", a.dim(), "D and ", b.dim(), "D tensors"));
  if (a.dtype() != b.dtype())
    throw RuntimeError(str("dot : expected both vectors to have same dtype, but found ", irName(a.dtype()), " and ",
                           irName(b.dtype())));
  if (a.numel() != b.numel())
    throw RuntimeError(str("inconsistent tensor size, expected tensor [", a.numel(), "] and src [", b.numel(),
                           "] to have the same number of elements, but got ", a.numel(), " and ", b.numel(),
                           " elements respectively"));
  if (a.dtype() == ScalarType::Half || a.dtype() == ScalarType::Bool) productNotImplemented("dot", a.dtype());
  return addmmImpl(Tensor(), a.unsqueeze(0), b.unsqueeze(1), nullptr, nullptr).view({});
}

// matmul over every rank combination (PyTorch's rules; 1-D operands gain then lose a dim).
Tensor matmul(const Tensor& a, const Tensor& b) {
  const int64_t da = a.dim(), db = b.dim();
  if (da == 0 || db == 0)
    throw RuntimeError(str("both arguments to matmul need to be at least 1D, but they are ", da, "D and ", db, "D"));
  if (da == 1 && db == 1) return dot(a, b);
  if (da == 2 && db == 1) return addmvImpl(Tensor(), a, b, nullptr, nullptr);
  if (da == 1 && db == 2) return mm(a.unsqueeze(0), b).view({b.size(1)});
  if (da == 2 && db == 2) return mm(a, b);
  if (da >= 3 && db <= 2) {
    // Fold a's batch dims into rows: [..., n, k] -> [prod * n, k] (a copy only if not viewable).
    std::vector<int64_t> outSizes(a.sizes().begin(), a.sizes().end() - 1);
    int64_t rows = 1;  // not reshape(-1, k): -1 is ambiguous when k == 0 (ATen folds explicitly too)
    for (int64_t s : outSizes) rows *= s;
    const Tensor a2 = a.reshape({rows, a.size(-1)});
    Tensor r;
    if (db == 1) {
      r = addmvImpl(Tensor(), a2, b, nullptr, nullptr);  // ATen 1.13 folds into mv here
    } else {
      r = mm(a2, b);
      outSizes.push_back(b.size(1));
    }
    return r.view(outSizes);
  }
  // Batched: broadcast the batch dims, then one gemm per batch on strided slices. PyTorch 1.13's
  // checks: a 1-D / 2-D left operand runs matmul(b^T, a^T), i.e. one mm of b's batch folded into
  // rows [nb * p, k2] with a^T [k, n] (mm's shape / dtype errors, operands swapped); two batched
  // operands run one bmm of the broadcast batch (its size check and kernel dtype rules).
  const Tensor A = da == 1 ? a.unsqueeze(0) : a, &Bm = b;
  const int64_t n = A.size(-2), k = A.size(-1), k2 = Bm.size(-2), p = Bm.size(-1);
  std::vector<int64_t> ba(A.sizes().begin(), A.sizes().end() - 2), bb(Bm.sizes().begin(), Bm.sizes().end() - 2);
  const std::vector<int64_t> batch = inferBroadcastShape(ba, bb);
  int64_t nb = 1;
  for (int64_t s : batch) nb *= s;
  if (da <= 2) {
    // mm (2-D a) / mv (1-D a) of b's batch folded into rows, with a^T: the dispatch on b's dtype,
    // then a read as it; an empty result or K == 0 takes a's dtype for mv, b's for mm.
    if (k != k2) {
      if (da == 1) throw RuntimeError(str("size mismatch, got ", nb * p, ", ", nb * p, "x", k2, ",", k));
      mmShapeError(nb * p, k2, k, n);
    }
    if (nb * p * n != 0 && k != 0) {
      checkGemmDtype(b.dtype(), nb * p, n, k, da == 1 ? "addmv_impl_cpu" : "addmm_impl_cpu_");
      if (a.dtype() != b.dtype()) scalarTypeMismatch(b.dtype(), a.dtype());
    } else if (a.dtype() != b.dtype()) {
      std::vector<int64_t> outSizes = batch;
      outSizes.insert(outSizes.end(), {n, p});
      if (da == 1) outSizes.erase(outSizes.end() - 2);
      return Tensor::zeros(outSizes, da == 1 ? a.dtype() : b.dtype());
    }
  } else {
    if (k != k2)
      throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", nb, ", ", k, "] but got: [",
                             nb, ", ", k2, "]."));
    checkBmmKernel(a.dtype(), b.dtype(), nb, n, p, k, "bmm");
    if (a.dtype() != b.dtype()) {  // an empty result or K == 0: zeros of batch2's dtype
      std::vector<int64_t> outSizes = batch;
      outSizes.insert(outSizes.end(), {n, p});
      return Tensor::zeros(outSizes, b.dtype());
    }
  }
  if (viaFloat(a.dtype())) return matmul(asFloat(a), asFloat(b)).to(a.dtype());
  std::vector<int64_t> ea = batch, eb = batch;
  ea.insert(ea.end(), {n, k});
  eb.insert(eb.end(), {k, p});
  const Tensor Ae = A.expand(ea), Be = Bm.expand(eb);
  std::vector<int64_t> outSizes = batch;
  outSizes.insert(outSizes.end(), {n, p});
  Tensor out = Tensor::empty(outSizes, a.dtype(), a.device());
  gemm::initBlas();
  std::vector<int64_t> bsA(Ae.strides().begin(), Ae.strides().end() - 2), bsB(Be.strides().begin(), Be.strides().end() - 2);
  gemm::visitMatmulType(a.dtype(), "bmm", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* o = static_cast<T*>(out.data());
    int64_t i = 0;
    forEachOffset<2>(batch, {IntArrayRef(bsA), IntArrayRef(bsB)}, [&](const int64_t* off) {
      gemm::gemm<T>(gemm::matOf<T>(Ae, off[0]), gemm::matOf<T>(Be, off[1]), T(1), T(0), o + i * n * p, p);
      ++i;
    });
  });
  if (da == 1) outSizes.erase(outSizes.end() - 2);  // drop the dim the 1-D operand gained
  return out.view(outSizes);
}

// PyTorch 1.13's addmm op: its meta (self / mat1 / mat2 dtypes, ranks and sizes, with messages that
// differ from mm's), the
// impl's expand of self, then addmm_impl_cpu_ (addmmImpl).
Tensor addmmOp(const Tensor& self, const Tensor& m1, const Tensor& m2, const IValue* betaV, const IValue* alphaV) {
  // ADDMM_META's dtype checks come first (python3-torch 1.13.1).
  if (self.dtype() != m2.dtype()) throw RuntimeError("self and mat2 must have the same dtype");
  if (m1.dtype() != m2.dtype()) throw RuntimeError("mat1 and mat2 must have the same dtype");
  if (m1.dim() != 2) throw RuntimeError(str("mat1 must be a matrix, got ", m1.dim(), "-D tensor"));
  if (m2.dim() != 2) throw RuntimeError(str("mat2 must be a matrix, got ", m2.dim(), "-D tensor"));
  if (m1.size(1) != m2.size(0)) mmShapeError(m1.size(0), m1.size(1), m2.size(0), m2.size(1));
  self.expand({m1.size(0), m2.size(1)});
  return addmmImpl(self, m1, m2, betaV, alphaV);
}

// output.add_(bias) (PyTorch's in-place add): bias broadcast to the output's shape (which must not
// grow), the sum in the promoted dtype (Half / BFloat16 in float32, rounded once; Bool as or), cast
// back to the output's dtype, which the promoted dtype must cast to.
Tensor addInPlace(const Tensor& r, const Tensor& bias) {
  const std::vector<int64_t> shape = inferBroadcastShape(r.sizes(), bias.sizes());
  if (shape != r.sizes())
    throw RuntimeError(str("output with shape ", shapeStr(r.sizes()), " doesn't match the broadcast shape ", shapeStr(shape)));
  const ScalarType common = resultType(r, bias);
  if (!canCast(common, r.dtype()))
    throw RuntimeError(str("result type ", irName(common), " can't be cast to the desired output type ", irName(r.dtype())));
  Tensor out = Tensor::empty(shape, common, r.device());
  visitScalarType(common, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::vector<T> x = toVector<T>(r), y = toVector<T>(bias.expand(shape));
    T* o = static_cast<T*>(out.data());
    for (size_t i = 0; i < x.size(); ++i) {
      if constexpr (std::is_same_v<T, bool>)
        o[i] = x[i] || y[i];
      else
        o[i] = addrAdd(x[i], y[i]);
    }
  });
  return out.dtype() == r.dtype() ? out : out.to(r.dtype());
}

// PyTorch 1.13's linear: addmm(bias, input, weight.t()) for a 2-D input with a bias and for a
// contiguous 3-D one (folded to 2-D, viewed back); otherwise matmul(input, weight.t()).add_(bias).
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  const Tensor wt = weight.t();
  if (input.dim() == 2 && bias.defined()) return addmmOp(bias, input, wt, nullptr, nullptr);
  if (input.dim() == 3 && bias.defined() && input.isContiguous()) {
    const Tensor r = addmmOp(bias, input.view({input.size(0) * input.size(1), input.size(2)}), wt, nullptr, nullptr);
    return r.view({input.size(0), input.size(1), r.size(1)});
  }
  const Tensor r = matmul(input, wt);
  return bias.defined() ? addInPlace(r, bias) : r;
}

Tensor outer(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1) throw RuntimeError(str("outer: Expected 1-D argument self, but got ", a.dim(), "-D"));
  if (b.dim() != 1) throw RuntimeError(str("outer: Expected 1-D argument vec2, but got ", b.dim(), "-D"));
  const ScalarType dt = promoteTypes(a.dtype(), b.dtype());
  Tensor out = Tensor::empty({a.size(0), b.size(0)}, dt, a.device());
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::vector<T> x = toVector<T>(a), y = toVector<T>(b);
    T* o = static_cast<T*>(out.data());
    for (size_t i = 0; i < x.size(); ++i)
      for (size_t j = 0; j < y.size(); ++j) {
        if constexpr (std::is_same_v<T, bool>)
          o[i * y.size() + j] = x[i] && y[j];
        else
          o[i * y.size() + j] = static_cast<T>(x[i] * y[j]);
      }
  });
  return out;
}

// PyTorch 1.13's check_addr_scalar, run on beta then on alpha once the result dtype is known.
void checkAddrScalar(ScalarType dt, const IValue& v, const char* name) {
  if (v.isBool() && dt != ScalarType::Bool)
    throw RuntimeError(str("Boolean ", name, " only supported for Boolean results."));
  if (!isFloatingType(dt) && !sk::scalarIsIntegral(v))
    throw RuntimeError(str("For integral input tensors, argument ", name, " must not be a floating point number."));
}

// PyTorch 1.13's addr: vec1 / vec2 1-D, self expanded to [n, m], result dtype promote(self, vec1,
// vec2) (self is 2-D after the expand, so no 0-dim demotion), check_addr_scalar, then per element
// (beta * self) + ((alpha * vec1) * vec2) in the result dtype, every step rounded (the scalar
// lambda; c10::Half / BFloat16 round after each operator); beta == 0 (in the dtype) ignores self;
// Bool: (beta && self) || (alpha && vec1 && vec2).
Tensor addr(const Tensor& self, const Tensor& v1, const Tensor& v2, const IValue& betaV, const IValue& alphaV) {
  if (v1.dim() != 1) throw RuntimeError(str("addr: Expected 1-D argument vec1, but got ", v1.dim(), "-D"));
  if (v2.dim() != 1) throw RuntimeError(str("addr: Expected 1-D argument vec2, but got ", v2.dim(), "-D"));
  const std::vector<int64_t> shape{v1.size(0), v2.size(0)};
  const Tensor se = self.expand(shape);  // expand_size's own error message
  const ScalarType dt = promoteTypes(promoteTypes(self.dtype(), v1.dtype()), v2.dtype());
  checkAddrScalar(dt, betaV, "beta");
  checkAddrScalar(dt, alphaV, "alpha");
  Tensor out = Tensor::empty(shape, dt, self.device());
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::vector<T> x = toVector<T>(v1), y = toVector<T>(v2), s = toVector<T>(se);
    const T alpha = gemm::scalarAs<T>(alphaV), beta = gemm::scalarAs<T>(betaV);
    T* o = static_cast<T*>(out.data());
    for (size_t i = 0; i < x.size(); ++i)
      for (size_t j = 0; j < y.size(); ++j) {
        const size_t k = i * y.size() + j;
        if constexpr (std::is_same_v<T, bool>) {
          o[k] = (beta && s[k]) || (alpha && x[i] && y[j]);
        } else {
          const T prod = addrMul(addrMul(alpha, x[i]), y[j]);
          o[k] = static_cast<double>(beta) == 0.0 ? prod : addrAdd(addrMul(beta, s[k]), prod);
        }
      }
  });
  return out;
}

Tensor trace(const Tensor& self) {
  if (self.dim() != 2) throw RuntimeError(str("trace: expected a matrix, but got tensor with dim ", self.dim()));
  const bool integral = !isFloating(self);
  const ScalarType outDt = integral ? ScalarType::Int64 : self.dtype();
  const int64_t n = std::min(self.size(0), self.size(1)), step = self.stride(0) + self.stride(1);
  Tensor out = Tensor::empty({}, outDt, self.device());
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(self.data());
    if (integral) {
      uint64_t acc = 0;
      for (int64_t i = 0; i < n; ++i) acc += static_cast<uint64_t>(convertScalar<int64_t>(p[i * step]));
      *static_cast<int64_t*>(out.data()) = static_cast<int64_t>(acc);
    } else {
      double acc = 0;  // accumulate wider than the dtype, like PyTorch's sum
      for (int64_t i = 0; i < n; ++i) acc += static_cast<double>(p[i * step]);
      *static_cast<T*>(out.data()) = convertScalar<T>(acc);
    }
  });
  return out;
}

}  // namespace

void registerLinalgKernels() {
  def("aten::mm", op([](IValue* a) { return IValue(mm(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::bmm", op([](IValue* a) {
        // PyTorch 1.13's bmm: meta checks (ranks, sizes; the result takes batch2's dtype), then the
        // kernel's dtype rules (checkBmmKernel); an empty result or K == 0 is zero-filled.
        const Tensor b1 = a[0].toTensor(), b2 = a[1].toTensor();
        if (b1.dim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
        if (b2.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
        if (b2.size(0) != b1.size(0) || b2.size(1) != b1.size(2))
          throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", b1.size(0), ", ",
                                 b1.size(2), "] but got: [", b2.size(0), ", ", b2.size(1), "]."));
        checkBmmKernel(b1, b2, "bmm");
        if (b1.dtype() != b2.dtype()) return IValue(Tensor::zeros({b1.size(0), b1.size(1), b2.size(2)}, b2.dtype()));
        return IValue(baddbmmImpl(Tensor(), b1, b2, nullptr, nullptr));
      }));
  def("aten::matmul", op([](IValue* a) { return IValue(matmul(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::addmm", op([](IValue* a) {
        return IValue(addmmOp(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), &a[3], &a[4]));
      }));
  def("aten::addmv", op([](IValue* a) {
        return IValue(addmvImpl(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), &a[3], &a[4]));
      }));
  def("aten::addr", op([](IValue* a) {
        return IValue(addr(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), a[3], a[4]));
      }));
  def("aten::baddbmm", op([](IValue* a) {
        // PyTorch 1.13's baddbmm meta order: expand self to [B, M, N] (size() raising for too few
        // dims), self vs batch1 dtype, then the bmm checks; the CPU kernel reads batch2 as batch1's
        // dtype unless the result is empty or K == 0.
        const Tensor self = a[0].toTensor(), b1 = a[1].toTensor(), b2 = a[2].toTensor();
        self.expand({b1.size(0), b1.size(1), b2.size(2)});  // self's dtype is free: result.copy_(self)
        if (b1.dim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
        if (b2.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
        if (b2.size(0) != b1.size(0) || b2.size(1) != b1.size(2))
          throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", b1.size(0), ", ",
                                 b1.size(2), "] but got: [", b2.size(0), ", ", b2.size(1), "]."));
        {  // large products run at::addmm per batch on the result (batch2's dtype): its meta's check
          const int64_t B = b1.size(0), M = b1.size(1), N = b2.size(2), K = b1.size(2);
          if (B * M * N != 0 && K != 0 && K * M * N >= 400) {
            if (b1.dtype() != b2.dtype()) throw RuntimeError("mat1 and mat2 must have the same dtype");
            checkGemmDtype(b1.dtype(), M, N, K, "addmm_impl_cpu_");
          }
        }
        checkBmmKernel(b1, b2, "baddbmm");
        // An empty result or K == 0 never reaches the kernel: the meta's result (batch2's dtype)
        // holds self when beta != 0, and K == 0 scales it in place (mul_'s type check).
        const int64_t B = b1.size(0), M = b1.size(1), N = b2.size(2), K = b1.size(2);
        if (B * M * N == 0) return IValue(Tensor::empty({B, M, N}, b2.dtype(), b2.device()));
        if (K == 0)
          return IValue(sk::scalarD(a[3]) == 0.0 ? Tensor::zeros({B, M, N}, b2.dtype())
                                                 : scaledSelf(self.expand({B, M, N}), a[3], b2.dtype()));
        Tensor out = baddbmmImpl(self.dtype() == b1.dtype() ? self : self.to(b1.dtype()), b1, b2, &a[3], &a[4]);
        if (K * M * N < 400 && isFloatingType(b1.dtype()) && sk::scalarD(a[4]) == 0.0) {
          // The small loop forms alpha * acc even for alpha == 0 (0 * inf = NaN), where BLAS skips it;
          // acc is float32 for float32 / Half / BFloat16, double for double.
          const bool dbl = b1.dtype() == ScalarType::Double;
          out = withZeroAlphaProduct(out, baddbmmImpl(Tensor(), dbl ? b1 : asFloat(b1), dbl ? b2 : asFloat(b2), nullptr, nullptr));
        }
        return IValue(out);
      }));
  def("aten::dot", op([](IValue* a) { return IValue(dot(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::mv", op([](IValue* a) { return IValue(addmvImpl(Tensor(), a[0].toTensor(), a[1].toTensor(), nullptr, nullptr)); }));
  def("aten::outer", op([](IValue* a) { return IValue(outer(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::linear", op([](IValue* a) {
        return IValue(linear(a[0].toTensor(), a[1].toTensor(), optTensor(a[2])));
      }));
  def("aten::trace", op([](IValue* a) { return IValue(trace(a[0].toTensor())); }));
  registerLinalgDecompKernels();
  registerLinalgProductKernels();
  registerLinalgSolveKernels();
  registerLinalgSpectralKernels();
}

// Shared with the NN family (lstm_cell, conv): C = a @ b (+ bias rows), the addmm kernel.
Tensor linalgAddmm(const Tensor& bias, const Tensor& a, const Tensor& b) { return addmmImpl(bias, a, b, nullptr, nullptr); }
Tensor linalgMatmul(const Tensor& a, const Tensor& b) { return matmul(a, b); }
Tensor linalgLinear(const Tensor& input, const Tensor& weight, const Tensor& bias) { return linear(input, weight, bias); }

}  // namespace tsjit::kernels

// DerivativesLinalg.cpp — derivatives of matrix products, of inv / det, of the composite products
// (kron, inner, tensordot, multi_dot, dist: recorded decompositions), cross, addbmm, and of the
// solvers (slogdet / logdet through inv(A)^T, solve as inv(A) B, cholesky by Murray's formula).
// Products: d(A B) = dA B + A dB, so gA = G B^T and gB = A^T G, with batch dimensions summed back
// to each operand's shape (the engine's reduction) and 1-D operands treated as a row / a column.
#include <algorithm>
#include <cmath>

#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor mT(const Tensor& t) { return t.transpose(-2, -1); }
Tensor mv(const Tensor& m, const Tensor& v) { return callT("aten::mv", {m, v}); }
Tensor permute(const Tensor& t, const std::vector<int64_t>& p) { return callT("aten::permute", {t, intList(p)}); }

// tensordot as differentiable ops (the kernel's steps: size-1 contracted dims summed, permute,
// reshape, mm, reshape).
Tensor tensordotOps(Tensor a, Tensor b, const std::vector<int64_t>& da, const std::vector<int64_t>& db) {
  const int64_t ra = a.dim(), rb = b.dim();
  int64_t csize = 1;
  std::vector<int64_t> wa, wb;
  for (size_t i = 0; i < da.size(); ++i) {
    const int64_t x = da[i] < 0 ? da[i] + ra : da[i], y = db[i] < 0 ? db[i] + rb : db[i];
    wa.push_back(x);
    wb.push_back(y);
    const int64_t s1 = a.size(x), s2 = b.size(y);
    if (s2 == 1) a = sum(a, {x}, true);
    else if (s1 == 1) b = sum(b, {y}, true);
    else csize *= s1;
  }
  std::vector<int64_t> pa, pb, out;
  int64_t n1 = 1, n2 = 1;
  for (int64_t i = 0; i < ra; ++i)
    if (std::find(wa.begin(), wa.end(), i) == wa.end()) {
      pa.push_back(i);
      n1 *= a.size(i);
      out.push_back(a.size(i));
    }
  pa.insert(pa.end(), wa.begin(), wa.end());
  pb = wb;
  for (int64_t i = 0; i < rb; ++i)
    if (std::find(wb.begin(), wb.end(), i) == wb.end()) {
      pb.push_back(i);
      n2 *= b.size(i);
      out.push_back(b.size(i));
    }
  return reshape(mm(reshape(permute(a, pa), {n1, csize}), reshape(permute(b, pb), {csize, n2})), out);
}

// The dim cross / linalg_cross work on (cross's default: self's first dim of size 3), wrapped.
int64_t crossDim(const GradContext& c) {
  const std::vector<int64_t>& sa = c.sizes(0);
  const int64_t rank = static_cast<int64_t>(sa.size());
  const IValue& d = c.arg(2);
  if (d.isNone()) {
    for (int64_t i = 0; i < rank; ++i)
      if (sa[static_cast<size_t>(i)] == 3) return i;
    return 0;
  }
  const int64_t v = d.toInt();
  return v < 0 ? v + rank : v;
}
Tensor cross(const Tensor& a, const Tensor& b, int64_t dim) {
  return callT("aten::linalg_cross", {a, b, IValue(dim)});
}

// Recorded forms of view / cast steps (decompositions must record every step they differentiate).
Tensor unsqueezeOp(const Tensor& t, int64_t d) { return callT("aten::unsqueeze", {t, IValue(d)}); }
Tensor mTOp(const Tensor& t) { return callT("aten::transpose.int", {t, IValue(int64_t{-2}), IValue(int64_t{-1})}); }
Tensor castOp(const Tensor& t, ScalarType dt) {
  if (t.dtype() == dt) return t;
  return callT("aten::to.dtype", {t, IValue(toTorchCode(dt)), IValue(false), IValue(false), IValue()});
}
Tensor eyeLike(int64_t n, const Tensor& like) {
  return callT("aten::eye", {IValue(n), IValue(toTorchCode(like.dtype())), IValue(), IValue(), IValue()});
}
int64_t wrapped(int64_t d, int64_t rank) { return d < 0 ? d + rank : d; }

// linalg_matrix_norm as differentiable ops (the kernel's steps): fro = vector 2-norm over both dims;
// +-1 / +-inf = vector 1-norm over one dim, then amax / amin over the other; +-2 / nuc reduce the
// singular values.
Tensor matrixNormOps(const Tensor& A, const IValue& ord, std::vector<int64_t> dim, bool keepdim, const IValue& dtype) {
  const int64_t d0 = wrapped(dim[0], A.dim()), d1 = wrapped(dim[1], A.dim());
  if (ord.isString()) {
    if (ord.toStringRef() == "fro") return callT("aten::linalg_vector_norm", {A, IValue(2.0), intList(dim), IValue(keepdim), dtype});
  } else {
    const double o = ord.toScalarAsDouble();
    if (std::fabs(o) != 2.0) {
      int64_t a = d0, b = d1;
      if (std::isinf(o)) std::swap(a, b);
      if (!keepdim && a < b) --b;
      const Tensor v = callT("aten::linalg_vector_norm", {A, IValue(1.0), intList({a}), IValue(keepdim), dtype});
      return callT(o > 0 ? "aten::amax" : "aten::amin", {v, intList({b}), IValue(keepdim)});
    }
  }
  Tensor x = dtype.isNone() ? A : castOp(A, *fromTorchCode(dtype.toInt()));
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < A.dim(); ++d)
    if (d != d0 && d != d1) perm.push_back(d);
  perm.insert(perm.end(), {d0, d1});
  const Tensor sv = callT("aten::linalg_svdvals", {permute(x, perm), IValue()});
  Tensor r = ord.isString() ? sum(sv, {-1}, keepdim)
                            : callT(ord.toScalarAsDouble() > 0 ? "aten::amax" : "aten::amin", {sv, intList({-1}), IValue(keepdim)});
  if (keepdim) {
    std::vector<int64_t> inv(perm.size());
    for (size_t i = 0; i < perm.size(); ++i) inv[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    r = permute(unsqueezeOp(r, -1), inv);
  }
  return r;
}

// The triangle a triangular solve reads (unit: the strict triangle plus the identity).
Tensor triangleOf(const Tensor& A, bool upper, bool unit) {
  Tensor t = callT(upper ? "aten::triu" : "aten::tril", {A, IValue(int64_t{unit ? (upper ? 1 : -1) : 0})});
  return unit ? add(t, eyeLike(A.size(-1), A)) : t;
}

}  // namespace

void registerLinalgDerivatives() {
  def("aten::mm", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {c.needs(0) ? mm(c.grad(), c.tensor(1).t()) : Tensor(), c.needs(1) ? mm(c.tensor(0).t(), c.grad()) : Tensor()};
  });
  def("aten::bmm", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {c.needs(0) ? matmul(c.grad(), mT(c.tensor(1))) : Tensor(),
            c.needs(1) ? matmul(mT(c.tensor(0)), c.grad()) : Tensor()};
  });
  def("aten::matmul", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor a = c.tensor(0), b = c.tensor(1), g = c.grad();
    // Promote 1-D operands, differentiate the batched product, then drop the added dims.
    Tensor A = a.dim() == 1 ? a.unsqueeze(0) : a;
    Tensor B = b.dim() == 1 ? b.unsqueeze(-1) : b;
    std::vector<int64_t> outSizes;  // shape of matmul(A, B)
    {
      std::vector<int64_t> batchA(A.sizes().begin(), A.sizes().end() - 2), batchB(B.sizes().begin(), B.sizes().end() - 2);
      size_t rank = std::max(batchA.size(), batchB.size());
      for (size_t i = 0; i < rank; ++i) {
        int64_t x = i < rank - batchA.size() ? 1 : batchA[i - (rank - batchA.size())];
        int64_t y = i < rank - batchB.size() ? 1 : batchB[i - (rank - batchB.size())];
        outSizes.push_back(x == 1 ? y : x);
      }
      outSizes.push_back(A.size(-2));
      outSizes.push_back(B.size(-1));
    }
    Tensor G = reshape(g.contiguous(), outSizes);
    Tensor gA = c.needs(0) ? sumTo(matmul(G, mT(B)), A.sizes()) : Tensor();
    Tensor gB = c.needs(1) ? sumTo(matmul(mT(A), G), B.sizes()) : Tensor();
    if (gA.defined()) gA = reshape(gA, a.sizes());
    if (gB.defined()) gB = reshape(gB, b.sizes());
    return {gA, gB};
  });
  def("aten::dot", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {mul(c.tensor(1), c.grad()), mul(c.tensor(0), c.grad())};
  });
  def("aten::mv", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {c.needs(0) ? mul(c.grad().unsqueeze(1), c.tensor(1).unsqueeze(0)) : Tensor(),
            c.needs(1) ? mv(c.tensor(0).t(), c.grad()) : Tensor()};
  });
  def("aten::outer", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {c.needs(0) ? matmul(c.grad(), c.tensor(1)) : Tensor(), c.needs(1) ? matmul(c.tensor(0), c.grad()) : Tensor()};
  });
  def("aten::addmm", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    double beta = c.scalar(3), alpha = c.scalar(4);
    Tensor g = c.grad();
    return {mul(g, beta), c.needs(1) ? mul(mm(g, c.tensor(2).t()), alpha) : Tensor(),
            c.needs(2) ? mul(mm(c.tensor(1).t(), g), alpha) : Tensor()};
  });
  def("aten::baddbmm", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    double beta = c.scalar(3), alpha = c.scalar(4);
    Tensor g = c.grad();
    return {mul(g, beta), c.needs(1) ? mul(matmul(g, mT(c.tensor(2))), alpha) : Tensor(),
            c.needs(2) ? mul(matmul(mT(c.tensor(1)), g), alpha) : Tensor()};
  });
  def("aten::addmv", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    double beta = c.scalar(3), alpha = c.scalar(4);
    Tensor g = c.grad();
    return {mul(g, beta), c.needs(1) ? mul(mul(g.unsqueeze(1), c.tensor(2).unsqueeze(0)), alpha) : Tensor(),
            c.needs(2) ? mul(mv(c.tensor(1).t(), g), alpha) : Tensor()};
  });
  def("aten::addr", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    double beta = c.scalar(3), alpha = c.scalar(4);
    Tensor g = c.grad();
    return {mul(g, beta), c.needs(1) ? mul(matmul(g, c.tensor(2)), alpha) : Tensor(),
            c.needs(2) ? mul(matmul(c.tensor(1), g), alpha) : Tensor()};
  });
  defDecomposed("aten::linear", {0, 1, 2}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor y = matmul(a[0].toTensor(), callT("aten::t", {a[1]}));
    if (a[2].isTensor()) y = add(y, a[2].toTensor());
    return {y};
  });
  def("aten::linalg_inv", {{}, {0}}, [](const GradContext& c) -> Grads {
    Tensor invT = mT(c.output());
    return {neg(matmul(matmul(invT, c.grad()), invT))};
  });
  defDecomposed("aten::kron", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), y = a[1].toTensor();
    const int64_t n = std::max(x.dim(), y.dim());
    std::vector<int64_t> xs, ys, rs;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t p = i < n - x.dim() ? 1 : x.size(i - (n - x.dim())), q = i < n - y.dim() ? 1 : y.size(i - (n - y.dim()));
      xs.insert(xs.end(), {p, 1});
      ys.insert(ys.end(), {1, q});
      rs.push_back(p * q);
    }
    return {reshape(mul(reshape(x, xs), reshape(y, ys)), rs)};
  });
  defDecomposed("aten::tensordot", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {tensordotOps(a[0].toTensor(), a[1].toTensor(), ints(a[2]), ints(a[3]))};
  });
  defDecomposed("aten::inner", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), y = a[1].toTensor();
    if (x.dim() == 0 || y.dim() == 0) return {mul(x, y)};
    return {tensordotOps(x, y, {-1}, {-1})};
  });
  def("aten::vdot", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {mul(c.tensor(1), c.grad()), mul(c.tensor(0), c.grad())};
  });
  auto chain = [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const auto& items = a[0].toListRef().items;
    Tensor r = items[0].toTensor();
    if (items.size() == 1) return {callT("aten::clone", {r, IValue()})};
    for (size_t i = 1; i < items.size(); ++i) r = matmul(r, items[i].toTensor());
    return {r};
  };
  defDecomposed("aten::linalg_multi_dot", {0}, chain);
  defDecomposed("aten::chain_matmul", {0}, chain);
  defDecomposed("aten::dist", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::norm.Scalar", {IValue(sub(a[0].toTensor(), a[1].toTensor())), a[2]})};
  });
  // d(a x b) = da x b + a x db: ga = b x g, gb = g x a (broadcast operands: the engine sums back).
  for (const char* name : {"aten::cross", "aten::linalg_cross"}) {
    def(name, {{0, 1}, {}}, [](const GradContext& c) -> Grads {
      const int64_t d = crossDim(c);
      return {c.needs(0) ? cross(c.tensor(1), c.grad(), d) : Tensor(), c.needs(1) ? cross(c.grad(), c.tensor(0), d) : Tensor(),
              IValue()};
    });
  }
  def("aten::addbmm", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    const double beta = c.scalar(3), alpha = c.scalar(4);
    const Tensor g = c.grad(), G = g.unsqueeze(0);
    return {mul(g, beta), c.needs(1) ? mul(matmul(G, mT(c.tensor(2))), alpha) : Tensor(),
            c.needs(2) ? mul(matmul(mT(c.tensor(1)), G), alpha) : Tensor()};
  });
  // slogdet: only logabsdet is differentiable: g inv(A)^T (the sign is locally constant).
  for (const char* name : {"aten::linalg_slogdet", "aten::slogdet"}) {
    def(name, {{0}, {}}, [](const GradContext& c) -> Grads {
      if (!c.hasGrad(1)) return {zerosLike(c.tensor(0))};
      const Tensor inv = callT("aten::linalg_inv", {c.tensor(0)});
      return {mul(c.grad(1).unsqueeze(-1).unsqueeze(-1), mT(inv))};
    });
  }
  def("aten::logdet", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor inv = callT("aten::linalg_inv", {c.tensor(0)});
    return {mul(c.grad().unsqueeze(-1).unsqueeze(-1), mT(inv))};
  });
  // solve: X = inv(A) B (left) or B inv(A); a batch of vectors B is a column each.
  defDecomposed("aten::linalg_solve", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor A = a[0].toTensor(), B = a[1].toTensor();
    const Tensor inv = callT("aten::linalg_inv", {A});
    if (!a[2].toBool()) return {matmul(B, inv)};
    bool vector = B.dim() == 1;
    if (!vector && B.dim() == A.dim() - 1) {
      vector = true;
      for (int64_t i = 0; i < B.dim(); ++i) vector = vector && B.size(i) == A.size(i);
    }
    if (vector && B.dim() > 1) return {callT("aten::squeeze.dim", {IValue(matmul(inv, unsqueezeOp(B, -1))), IValue(int64_t{-1})})};
    return {matmul(inv, B)};
  });
  // cholesky (Murray 2016): A = L L^T, gA = sym(L^-T Phi(L^T gL) L^-1), Phi = lower triangle with
  // the diagonal halved; upper: U = L^T, gL = gU^T.
  for (const char* name : {"aten::linalg_cholesky", "aten::cholesky"}) {
    def(name, {{}, {0}}, [](const GradContext& c) -> Grads {
      const bool upper = c.arg(1).toBool();
      const Tensor L = upper ? mT(c.output()) : c.output();
      const Tensor gL = callT("aten::tril", {IValue(upper ? mT(c.grad()) : c.grad()), IValue(int64_t{0})});
      Tensor phi = callT("aten::tril", {IValue(matmul(mT(L), gL)), IValue(int64_t{0})});
      const Tensor eye = callT("aten::eye", {IValue(L.size(-1)), IValue(toTorchCode(L.dtype())), IValue(), IValue(), IValue()});
      const Tensor halfDiag = mul(mul(phi, eye), 0.5);
      phi = sub(phi, halfDiag);
      const Tensor Linv = callT("aten::linalg_inv", {L});
      const Tensor g = matmul(matmul(mT(Linv), phi), Linv);
      return {mul(add(g, mT(g)), 0.5), IValue()};
    });
  }
  defDecomposed("aten::linalg_matrix_power", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor A = a[0].toTensor();
    int64_t n = a[1].toInt();
    if (n == 0) return {add(mul(A, 0.0), eyeLike(A.size(-1), A))};
    const Tensor x = n < 0 ? callT("aten::linalg_inv", {A}) : A;
    n = n < 0 ? -n : n;
    Tensor r = x;
    for (int64_t i = 1; i < n; ++i) r = matmul(r, x);
    return {r};
  });
  defDecomposed("aten::linalg_matrix_norm", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {matrixNormOps(a[0].toTensor(), a[1], ints(a[2]), a[3].toBool(), a[4])};
  });
  defDecomposed("aten::linalg_matrix_norm.str_ord", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {matrixNormOps(a[0].toTensor(), a[1], ints(a[2]), a[3].toBool(), a[4])};
  });
  defDecomposed("aten::linalg_norm", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor X = a[0].toTensor();
    const bool matrix = !a[1].isNone() && (a[2].isNone() ? X.dim() == 2 : ints(a[2]).size() == 2);
    if (matrix) return {matrixNormOps(X, a[1], a[2].isNone() ? std::vector<int64_t>{0, 1} : ints(a[2]), a[3].toBool(), a[4])};
    return {callT("aten::linalg_vector_norm", {X, a[1].isNone() ? IValue(2.0) : a[1], a[2], a[3], a[4]})};
  });
  defDecomposed("aten::linalg_norm.ord_str", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {matrixNormOps(a[0].toTensor(), a[1], a[2].isNone() ? std::vector<int64_t>{0, 1} : ints(a[2]), a[3].toBool(), a[4])};
  });
  // Triangular solves: X = inv(T) B (or B inv(T)), T the triangle the solver reads.
  defDecomposed("aten::linalg_solve_triangular", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor A = a[0].toTensor(), B = castOp(a[1].toTensor(), a[0].toTensor().dtype());
    const Tensor inv = callT("aten::linalg_inv", {triangleOf(A, a[2].toBool(), a[4].toBool())});
    return {a[3].toBool() ? matmul(inv, B) : matmul(B, inv)};
  });
  defDecomposed("aten::triangular_solve", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor b = a[0].toTensor(), A = a[1].toTensor();
    const Tensor T = triangleOf(A, a[2].toBool(), a[4].toBool());
    const Tensor inv = callT("aten::linalg_inv", {a[3].toBool() ? mTOp(T) : T});
    // cloned_coefficient: A broadcast to the batch of the solution.
    const Tensor X = matmul(inv, b);
    std::vector<int64_t> shape(X.sizes().begin(), X.sizes().end());
    shape[shape.size() - 1] = A.size(-1);
    return {X, callT("aten::clone", {callT("aten::expand", {A, intList(shape), IValue(false)}), IValue()})};
  });
  // cholesky_solve / cholesky_inverse: A = T T^T from the triangle read (upper: A = T^T T).
  auto gram = [](const Tensor& L, bool upper) {
    const Tensor T = callT(upper ? "aten::triu" : "aten::tril", {L, IValue(int64_t{0})});
    return upper ? matmul(mTOp(T), T) : matmul(T, mTOp(T));
  };
  defDecomposed("aten::cholesky_solve", {0, 1}, [gram](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {matmul(callT("aten::linalg_inv", {gram(a[1].toTensor(), a[2].toBool())}), a[0].toTensor())};
  });
  defDecomposed("aten::cholesky_inverse", {0}, [gram](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::linalg_inv", {gram(a[0].toTensor(), a[1].toBool())})};
  });
  // matrix_exp: scaling and squaring of a degree-18 Taylor polynomial as recorded matmuls (the
  // kernel's own function to rounding).
  defDecomposed("aten::linalg_matrix_exp", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor A = a[0].toTensor();
    const int64_t n = A.size(-1);
    double norm = 0;
    const std::vector<double> v = A.toDoubles();
    for (size_t b = 0; n > 0 && b < v.size() / static_cast<size_t>(n * n); ++b)
      for (int64_t j = 0; j < n; ++j) {
        double col = 0;
        for (int64_t i = 0; i < n; ++i) col += std::fabs(v[b * n * n + i * n + j]);
        norm = std::max(norm, col);
      }
    const int s = norm > 0.5 && std::isfinite(norm) ? static_cast<int>(std::ceil(std::log2(norm / 0.5))) : 0;
    const Tensor x = mul(A, std::ldexp(1.0, -s)), eye = eyeLike(n, A);
    Tensor acc = add(mul(x, 0.0), eye);
    for (int k = 18; k >= 1; --k) acc = add(div(matmul(x, acc), static_cast<double>(k)), eye);
    for (int q = 0; q < s; ++q) acc = matmul(acc, acc);
    return {acc};
  });
  defDecomposed("aten::linalg_vecdot", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {sum(mul(a[0].toTensor(), a[1].toTensor()), {a[2].toInt()}, false)};
  });
  def("aten::linalg_det", {{0}, {0}}, [](const GradContext& c) -> Grads {
    // d det(A) = det(A) tr(A^-1 dA): gA = g det A^-T (A invertible).
    Tensor a = c.tensor(0);
    Tensor inv = callT("aten::linalg_inv", {a});
    Tensor scale = mul(c.grad(), c.output()).unsqueeze(-1).unsqueeze(-1);
    return {mul(scale, mT(inv))};
  });
}

}  // namespace tsjit::autograd

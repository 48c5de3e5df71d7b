// DerivativesLinalg.cpp — derivatives of matrix products and of inv / det.
// Products: d(A B) = dA B + A dB, so gA = G B^T and gB = A^T G, with batch dimensions summed back
// to each operand's shape (the engine's reduction) and 1-D operands treated as a row / a column.
#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor mT(const Tensor& t) { return t.transpose(-2, -1); }
Tensor mv(const Tensor& m, const Tensor& v) { return callT("aten::mv", {m, v}); }

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
  def("aten::linalg_det", {{0}, {0}}, [](const GradContext& c) -> Grads {
    // d det(A) = det(A) tr(A^-1 dA): gA = g det A^-T (A invertible).
    Tensor a = c.tensor(0);
    Tensor inv = callT("aten::linalg_inv", {a});
    Tensor scale = mul(c.grad(), c.output()).unsqueeze(-1).unsqueeze(-1);
    return {mul(scale, mT(inv))};
  });
}

}  // namespace tsjit::autograd

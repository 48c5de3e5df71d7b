// Linalg.cpp — op declarations. Matrix products and linear algebra. Products are compared with a
// bound that grows with the inner dimension.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareLinalg(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::matmul", Cat::Linalg, Tolerance::reduction(1), {
      "aten::matmul(Tensor self, Tensor other) -> Tensor",
      "aten::matmul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::mm", Cat::Linalg, Tolerance::reduction(1), {
      "aten::mm(Tensor self, Tensor mat2) -> Tensor",
      "aten::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::bmm", Cat::Linalg, Tolerance::reduction(1), {
      "aten::bmm(Tensor self, Tensor mat2) -> Tensor",
      "aten::bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::mv", Cat::Linalg, Tolerance::reduction(1), {
      "aten::mv(Tensor self, Tensor vec) -> Tensor",
      "aten::mv.out(Tensor self, Tensor vec, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::dot", Cat::Linalg, Tolerance::reduction(1), {
      "aten::dot(Tensor self, Tensor tensor) -> Tensor",
      "aten::dot.out(Tensor self, Tensor tensor, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::outer", Cat::Linalg, Tolerance::exact(), {
      "aten::outer(Tensor self, Tensor vec2) -> Tensor",
      "aten::outer.out(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::addmm", Cat::Linalg, Tolerance::reduction(1), {
      "aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      "aten::addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::addmv", Cat::Linalg, Tolerance::reduction(1), {
      "aten::addmv(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      "aten::addmv.out(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::addr", Cat::Linalg, Tolerance::reduction(1), {
      "aten::addr(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      "aten::addr.out(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::baddbmm", Cat::Linalg, Tolerance::reduction(1), {
      "aten::baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      "aten::baddbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linear", Cat::Linalg, Tolerance::reduction(1), {
      "aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor",
      "aten::linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::einsum", Cat::Linalg, Tolerance::reduction(1), {
      "aten::einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor",
      "aten::einsum.sublist(Tensor a, ...) -> Tensor",
  });
  b.op("aten::trace", Cat::Linalg, Tolerance::reduction(1), {
      "aten::trace(Tensor self) -> Tensor",
      "aten::trace.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_det", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_det(Tensor A) -> Tensor",
      "aten::linalg_det.out(Tensor A, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_inv", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_inv(Tensor A) -> Tensor",
      "aten::linalg_inv.out(Tensor A, *, Tensor(a!) out) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops

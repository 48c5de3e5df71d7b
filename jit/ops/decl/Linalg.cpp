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
  b.op("aten::kron", Cat::Linalg, Tolerance::exact(), {
      "aten::kron(Tensor self, Tensor other) -> Tensor",
      "aten::kron.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::inner", Cat::Linalg, Tolerance::reduction(1), {
      "aten::inner(Tensor self, Tensor other) -> Tensor",
      "aten::inner.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::vdot", Cat::Linalg, Tolerance::reduction(1), {
      "aten::vdot(Tensor self, Tensor other) -> Tensor",
      "aten::vdot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::tensordot", Cat::Linalg, Tolerance::reduction(1), {
      "aten::tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor",
      "aten::tensordot.out(Tensor self, Tensor other, int[] dims_self, int[] dims_other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::chain_matmul", Cat::Linalg, Tolerance::reduction(2), {
      "aten::chain_matmul(Tensor[] matrices) -> Tensor",
      "aten::chain_matmul.out(Tensor[] matrices, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_multi_dot", Cat::Linalg, Tolerance::reduction(2), {
      "aten::linalg_multi_dot(Tensor[] tensors) -> Tensor",
      "aten::linalg_multi_dot.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cross", Cat::Linalg, Tolerance::reduction(1), {
      "aten::cross(Tensor self, Tensor other, int? dim=None) -> Tensor",
      "aten::cross.out(Tensor self, Tensor other, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_cross", Cat::Linalg, Tolerance::reduction(1), {
      "aten::linalg_cross(Tensor self, Tensor other, *, int dim=-1) -> Tensor",
      "aten::linalg_cross.out(Tensor self, Tensor other, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::addbmm", Cat::Linalg, Tolerance::reduction(1), {
      "aten::addbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      "aten::addbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::dist", Cat::Linalg, Tolerance::reduction(1), {
      "aten::dist(Tensor self, Tensor other, Scalar p=2) -> Tensor",
      "aten::dist.out(Tensor self, Tensor other, Scalar p=2, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // LU / Cholesky solvers (LinalgSolve.cpp): bounds as linalg_inv's.
  b.op("aten::linalg_slogdet", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)",
      "aten::linalg_slogdet.out(Tensor A, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) logabsdet)",
  });
  b.op("aten::slogdet", Cat::Linalg, Tolerance::reduction(64), {
      "aten::slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)",
      "aten::slogdet.out(Tensor self, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) logabsdet)",
  });
  b.op("aten::logdet", Cat::Linalg, Tolerance::reduction(64), {
      "aten::logdet(Tensor self) -> Tensor",
  });
  b.op("aten::linalg_solve", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor",
      "aten::linalg_solve.out(Tensor A, Tensor B, *, bool left=True, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_solve_ex", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> (Tensor result, Tensor info)",
      "aten::linalg_solve_ex.out(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, Tensor(a!) result, Tensor(b!) info) -> (Tensor(a!) result, Tensor(b!) info)",
  });
  b.op("aten::linalg_inv_ex", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_inv_ex(Tensor A, *, bool check_errors=False) -> (Tensor inverse, Tensor info)",
      "aten::linalg_inv_ex.inverse(Tensor A, *, bool check_errors=False, Tensor(a!) inverse, Tensor(b!) info) -> (Tensor(a!) inverse, Tensor(b!) info)",
  });
  b.op("aten::linalg_cholesky", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor",
      "aten::linalg_cholesky.out(Tensor self, *, bool upper=False, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cholesky", Cat::Linalg, Tolerance::reduction(64), {
      "aten::cholesky(Tensor self, bool upper=False) -> Tensor",
      "aten::cholesky.out(Tensor self, bool upper=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_matrix_power", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_matrix_power(Tensor self, int n) -> Tensor",
      "aten::linalg_matrix_power.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_solve_triangular", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_solve_triangular(Tensor self, Tensor B, *, bool upper, bool left=True, bool unitriangular=False) -> Tensor",
      "aten::linalg_solve_triangular.out(Tensor self, Tensor B, *, bool upper, bool left=True, bool unitriangular=False, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::triangular_solve", Cat::Linalg, Tolerance::reduction(64), {
      "aten::triangular_solve(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False) -> (Tensor solution, Tensor cloned_coefficient)",
      "aten::triangular_solve.X(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False, *, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, Tensor(b!) cloned_coefficient)",
  });
  // Decompositions and the ops 1.13 states through them (LinalgSpectral.cpp).
  b.op("aten::linalg_svdvals", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor",
      "aten::linalg_svdvals.out(Tensor A, *, str? driver=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_eigvalsh", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_eigvalsh(Tensor self, str UPLO=\"L\") -> Tensor",
      "aten::linalg_eigvalsh.out(Tensor self, str UPLO=\"L\", *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_qr", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_qr(Tensor A, str mode=\"reduced\") -> (Tensor Q, Tensor R)",
      "aten::linalg_qr.out(Tensor A, str mode=\"reduced\", *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)",
  });
  b.op("aten::qr", Cat::Linalg, Tolerance::reduction(64), {
      "aten::qr(Tensor self, bool some=True) -> (Tensor Q, Tensor R)",
      "aten::qr.Q(Tensor self, bool some=True, *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)",
  });
  b.op("aten::linalg_matrix_norm", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_matrix_norm.str_ord(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_matrix_norm.out(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_norm.str_ord_out(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_norm", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_norm.out(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_norm.ord_str_out(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_matrix_rank", Cat::Linalg, Tolerance::exact(), {
      "aten::linalg_matrix_rank(Tensor self, float tol, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.tol_tensor(Tensor input, Tensor tol, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.atol_rtol_tensor(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.atol_rtol_tensor_out(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank.out(Tensor self, float tol, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank.out_tol_tensor(Tensor input, Tensor tol, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_pinv", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_pinv(Tensor self, float rcond, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.atol_rtol_tensor(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.atol_rtol_tensor_out(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv.out(Tensor self, float rcond, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv.rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.out_rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pinverse", Cat::Linalg, Tolerance::reduction(64), {
      "aten::pinverse(Tensor self, float rcond=1.0000000000000001e-15) -> Tensor",
  });
  b.op("aten::cholesky_solve", Cat::Linalg, Tolerance::reduction(64), {
      "aten::cholesky_solve(Tensor self, Tensor input2, bool upper=False) -> Tensor",
      "aten::cholesky_solve.out(Tensor self, Tensor input2, bool upper=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cholesky_inverse", Cat::Linalg, Tolerance::reduction(64), {
      "aten::cholesky_inverse(Tensor self, bool upper=False) -> Tensor",
      "aten::cholesky_inverse.out(Tensor self, bool upper=False, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_matrix_exp", Cat::Linalg, Tolerance::reduction(64), {
      "aten::linalg_matrix_exp(Tensor self) -> Tensor",
      "aten::linalg_matrix_exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::linalg_vecdot", Cat::Linalg, Tolerance::reduction(1), {
      "aten::linalg_vecdot(Tensor x, Tensor y, *, int dim=-1) -> Tensor",
      "aten::linalg_vecdot.out(Tensor x, Tensor y, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops

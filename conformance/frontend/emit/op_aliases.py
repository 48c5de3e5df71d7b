# Operator aliases become their canonical op, as PyTorch 1.13's NormalizeOps pass does right after
# emission: torch.inverse -> aten::linalg_inv, torch.det -> aten::linalg_det, torch.absolute ->
# aten::abs, Tensor.multiply -> aten::mul, torch.clip -> aten::clamp (corpus case la_inverse_det).
# RUN: tsjit run %s --dump-graph | FileCheck %s
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=NO
# CHECK: aten::linalg_inv(%m)
# CHECK: aten::linalg_det(%m)
# CHECK: aten::abs(%m)
# CHECK: aten::mul(%m, %m)
# CHECK: aten::clamp(%m, %{{.*}}, %{{.*}})
# NO-NOT: aten::inverse
# NO-NOT: aten::det(
# NO-NOT: aten::absolute
# NO-NOT: aten::multiply
# NO-NOT: aten::clip
# NO: return
def f(m: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    return torch.inverse(m), torch.det(m), torch.absolute(m), m.multiply(m), torch.clip(m, 0.0, 1.0)

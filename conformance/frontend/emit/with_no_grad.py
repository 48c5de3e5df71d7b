# Pins the IR of `with torch.no_grad():` against PyTorch 1.13's graph for this source
# (scripts/pt113_script_run.py --graph): an object of __torch__.torch.autograd.grad_mode.no_grad
# (CreateObject + __init__), prim::Enter typed NoneType, the body in place, prim::Exit typed Tensor;
# torch.is_grad_enabled() is aten::is_grad_enabled, t.requires_grad prim::requires_grad.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %y : Tensor = aten::mul(%x,
# CHECK-NEXT: %[[G:[0-9]+]] : __torch__.torch.autograd.grad_mode.no_grad = prim::CreateObject()
# CHECK-NEXT: NoneType = prim::CallMethod[name="__init__"](%[[G]])
# CHECK-NEXT: NoneType = prim::Enter(%[[G]])
# CHECK-NEXT: %z : Tensor = aten::mul(%x,
# CHECK-NEXT: %e : bool = aten::is_grad_enabled()
# CHECK-NEXT: Tensor = prim::Exit(%[[G]])
# CHECK-NEXT: bool = prim::requires_grad(%y)
# CHECK-NEXT: bool = prim::requires_grad(%z)
# CHECK-NEXT: bool = aten::is_grad_enabled()
# CHECK-NEXT: prim::TupleConstruct(
# CHECK-NEXT: return
def f(n: int) -> Tuple[bool, bool, bool, bool]:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    with torch.no_grad():
        z = x * 3
        e = torch.is_grad_enabled()
    return y.requires_grad, z.requires_grad, e, torch.is_grad_enabled()

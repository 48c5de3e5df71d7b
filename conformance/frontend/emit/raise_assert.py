# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant[value=2]()
# CHECK: prim::Constant[value="AssertionError: expected a 2-D input"]()
# CHECK: prim::Constant()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value="negative n: {}"]()
# CHECK: prim::Constant[value="builtins.ValueError"]()
# CHECK: aten::dim(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::eq(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: block1(
# CHECK: aten::lt(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: aten::format(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block1(
# CHECK: aten::mul(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(x: Tensor, n: int) -> Tensor:
    assert x.dim() == 2, "expected a 2-D input"
    if n < 0:
        raise ValueError(f"negative n: {n}")
    return x * n

# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=2]()
# CHECK: aten::gt(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: aten::mul(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block1(
# CHECK: aten::neg(%{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(x: Tensor, n: int) -> Tensor:
    if n > 0:
        r = x * 2
    else:
        r = -x
    return r

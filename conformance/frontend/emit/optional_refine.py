# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant()
# CHECK: prim::Constant[value=10]()
# CHECK: prim::Constant[value=0]()
# CHECK: aten::__is__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: block1(
# CHECK: prim::unchecked_cast(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::gt(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: block1(
# CHECK: aten::__is__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: block1(
# CHECK: prim::unchecked_cast(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(x: int, y: Optional[int] = None) -> int:
    if y is None:
        y = 10
    z: Optional[int] = None
    if x > 0:
        z = x
    r = 0 if z is None else z
    return x + y + r

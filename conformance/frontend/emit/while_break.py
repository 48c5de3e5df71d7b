# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=9223372036854775807]()
# CHECK: prim::Constant[value=1]()
# CHECK: prim::Constant[value=0.5]()
# CHECK: prim::Constant[value=1]()
# CHECK: prim::Constant[value=9.9999999999999995e-07]()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=50]()
# CHECK: aten::clone(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::Loop(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: aten::div(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::mul(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::sub(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::abs(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::max(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::lt(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::Bool(%{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: block1(
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::lt(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::TupleConstruct(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(a: Tensor) -> Tuple[Tensor, int]:
    x = a.clone()
    it = 0
    while it < 50:
        nx = 0.5 * (x + a / x)
        if bool((nx - x).abs().max() < 1e-6):
            x = nx
            break
        x = nx
        it += 1
    return x, it

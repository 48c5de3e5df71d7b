# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant[value="sum"]()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant()
# CHECK: prim::Constant[value="summed"]()
# CHECK: prim::Constant[value="neg"]()
# CHECK: prim::Constant[value="negated"]()
# CHECK: prim::Constant[value="identity"]()
# CHECK: aten::eq(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: prim::ListConstruct(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::sum(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::TupleConstruct(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block1(
# CHECK: aten::eq(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: aten::neg(%{{[A-Za-z0-9_.]+}})
# CHECK: prim::TupleConstruct(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block1(
# CHECK: prim::TupleConstruct(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(x: Tensor, mode: str) -> Tuple[Tensor, str]:
    if mode == "sum":
        return x.sum(0), "summed"
    if mode == "neg":
        return -x, "negated"
    return x, "identity"

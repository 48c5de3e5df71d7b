# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant[name="helper"]()
# CHECK: prim::Constant[value=2]()
# CHECK: prim::Constant[value=3]()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=1]()
# CHECK: prim::Constant()
# CHECK: prim::Constant[value=1]()
# CHECK: prim::CallFunction(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::CallFunction(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::ListConstruct(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::cat(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::ListConstruct(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::sum(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::sum(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def helper(x: Tensor, k: int = 2) -> Tensor:
    return x.view(-1) * k

def f(x: Tensor) -> Tensor:
    a, b = helper(x), helper(x, k=3)
    return torch.cat([a, b]) + x.sum(dim=0, keepdim=True).sum()

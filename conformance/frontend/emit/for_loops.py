# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it. The third loop
# (`continue`) is a while loop with its own counter, as 1.13 canonicalizes a loop whose condition
# is not constant when the exit transform is done.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant()
# CHECK: prim::Constant[value=1]()
# CHECK: prim::Constant[value=1]()
# CHECK: aten::__getitem__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::zeros_like(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::len(%{{[A-Za-z0-9_.]+}})
# CHECK: prim::Loop(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: aten::__getitem__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::__getitem__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::mul(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::len(%{{[A-Za-z0-9_.]+}})
# CHECK: prim::Loop(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: aten::__getitem__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: %[[N:[0-9]+]] : int = aten::len(%{{[A-Za-z0-9_.]+}})
# CHECK-NEXT: %[[GO:[0-9]+]] : bool = aten::gt(%[[N]], %{{[0-9]+}})
# CHECK-NEXT: %acc : Tensor, %{{[0-9]+}} : int = prim::Loop(%{{[0-9]+}}, %[[GO]], %{{[A-Za-z0-9_.]+}}, %{{[0-9]+}})
# CHECK-NEXT: block0(%{{[0-9]+}} : int, %{{[A-Za-z0-9_.]+}} : Tensor, %[[I:[0-9]+]] : int):
# CHECK-NEXT: aten::__getitem__(%{{[A-Za-z0-9_.]+}}, %[[I]])
# CHECK: aten::dim(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::eq(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::If(%{{[A-Za-z0-9_.]+}})
# CHECK: block0(
# CHECK: block1(
# CHECK: aten::sigmoid(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::mul(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: %[[NEXT:[0-9]+]] : int = aten::add(%[[I]], %{{[0-9]+}})
# CHECK-NEXT: aten::lt(%[[NEXT]], %[[N]])
# CHECK-NEXT: aten::__and__(
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(xs: List[Tensor], ws: List[float]) -> Tensor:
    acc = torch.zeros_like(xs[0])
    for i in range(len(xs)):
        acc = acc + xs[i] * ws[i]
    for w in ws:
        acc = acc + w
    for t in xs:
        if t.dim() == 0:
            continue
        acc = acc * torch.sigmoid(t)
    return acc

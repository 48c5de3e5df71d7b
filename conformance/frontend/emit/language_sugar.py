# Pins the IR for string formatting, tolist, named results, user classes and a library call: the
# same node kinds, operands and order as PyTorch 1.13's graph for this source (printed with
# scripts/pt113_script_run.py --graph): `%` builds a tuple and calls aten::percentFormat,
# x.tolist() is prim::tolist(x, depth, elem-kind), m.indices is the second aten::max output,
# Acc(n) is prim::CreateObject + prim::CallMethod[name="__init__"], F.normalize a prim::CallFunction
# with its defaults materialised.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[T:[0-9]+]] : (int, str) = prim::TupleConstruct(%n, %{{[0-9]+}})
# CHECK-NEXT: %s : str = aten::percentFormat(%{{[0-9]+}}, %[[T]])
# CHECK-NEXT: %v : float[] = prim::tolist(%x, %[[ONE:[0-9]+]], %[[ONE]])
# CHECK-NEXT: %{{[0-9]+}} : Tensor, %[[IDX:[0-9]+]] : Tensor = aten::max(%x, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: %a : __torch__.Acc = prim::CreateObject()
# CHECK-NEXT: NoneType = prim::CallMethod[name="__init__"](%a, %n)
# CHECK-NEXT: int = prim::CallMethod[name="add"](%a, %[[ONE]])
# CHECK-NEXT: Tensor = prim::CallFunction(%{{[0-9]+}}, %x, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: prim::TupleConstruct(%s, %v, %[[IDX]], %{{[0-9]+}}, %{{[0-9]+}})
class Acc:
    def __init__(self, k: int):
        self.k = k

    def add(self, x: int) -> int:
        return self.k + x

def f(x: Tensor, n: int) -> Tuple[str, List[float], Tensor, int, Tensor]:
    s = "%d of %s" % (n, "x")
    v: List[float] = x.tolist()
    m = torch.max(x, 0)
    a = Acc(n)
    return s, v, m.indices, a.add(1), F.normalize(x, dim=0)

# `break` on some paths of an `if` whose other branch falls through: the If yields the loop's
# continue-condition (prim::Uninitialized where the path did not exit), the carried values and the
# did-exit flag; the rest of the body (`n += 1`) runs in the false branch of prim::If(flag). The
# `for` is then a while loop with its own counter, as 1.13 canonicalizes a loop whose condition
# can turn false (checked against 1.13.1's graph for this source).
# Runtime outputs: conformance/frontend/run/break_continue.py.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %total : int, %count : int, %n : int, %{{[0-9]+}} : int = prim::Loop(
# CHECK-NEXT: block0(%{{[0-9]+}} : int, %total.1 : int, %count.1 : int, %n.1 : int, %[[I:[0-9]+]] : int):
# CHECK-NEXT: aten::__getitem__(%xs, %[[I]])
# CHECK-NEXT: aten::gt(
# CHECK-NEXT: %[[COND:[0-9]+]] : bool, %total.{{[0-9]+}} : int, %count.{{[0-9]+}} : int, %[[FLAG:[0-9]+]] : bool = prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: aten::gt(
# CHECK-NEXT: prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%{{[0-9]+}}, %total.1, %{{[0-9]+}})
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::add(%total.1,
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: -> (
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::add(%count.1,
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: %{{[0-9]+}} : int, %[[C2:[0-9]+]] : bool = prim::If(%[[FLAG]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%n.1, %[[COND]])
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::add(%n.1,
# CHECK-NEXT: -> (
# CHECK-NEXT: %[[NEXT:[0-9]+]] : int = aten::add(%[[I]],
# CHECK-NEXT: aten::lt(%[[NEXT]],
# CHECK-NEXT: %[[GO:[0-9]+]] : bool = aten::__and__(%{{[0-9]+}}, %[[C2]])
# CHECK-NEXT: -> (%[[GO]], %total.{{[0-9]+}}, %count.{{[0-9]+}}, %{{[0-9]+}}, %[[NEXT]])
def f(xs: List[int]) -> Tuple[int, int, int]:
    total = 0
    count = 0
    n = 0
    for x in xs:
        if x > 0:
            if x > 1000:
                break
            total += x
        else:
            count += 1
        n += 1
    return total, count, n

# `return` inside a loop: the loop carries the did-return flag (initially false) and the returned
# value (initially prim::Uninitialized), its continue-condition is false once it returned, and the
# statements after the loop are guarded by prim::If(flag) — PyTorch 1.13's exit transform for
# loops. The `for` is then a while loop with its own counter (1.13's canonicalization of a loop
# whose condition can turn false): it starts while len(xs) > 0 and goes on while counter + 1 <
# len(xs) and the body's condition holds (checked against 1.13.1's graph for this source). Runtime outputs: conformance/frontend/run/return_in_loop.py.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[N:[0-9]+]] : int = aten::len(%xs)
# CHECK-NEXT: %[[UNINIT:[0-9]+]] : int = prim::Uninitialized()
# CHECK-NEXT: %[[GO:[0-9]+]] : bool = aten::gt(%[[N]], %[[ZERO:[0-9]+]])
# CHECK-NEXT: %[[DID:[0-9]+]] : bool, %[[RET:[0-9]+]] : int, %{{[0-9]+}} : int = prim::Loop(%{{[0-9]+}}, %[[GO]], %{{[0-9]+}}, %[[UNINIT]], %[[ZERO]])
# CHECK-NEXT: block0(%{{[0-9]+}} : int, %{{[0-9]+}} : bool, %[[RETIN:[0-9]+]] : int, %[[I:[0-9]+]] : int):
# CHECK-NEXT: aten::__getitem__(%xs, %[[I]])
# CHECK-NEXT: aten::eq(
# CHECK-NEXT: %[[R2:[0-9]+]] : int, %[[D2:[0-9]+]] : bool, %[[C2:[0-9]+]] : bool = prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[I]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: block1():
# CHECK-NEXT: -> (%[[RETIN]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: %[[NEXT:[0-9]+]] : int = aten::add(%[[I]],
# CHECK-NEXT: %[[LT:[0-9]+]] : bool = aten::lt(%[[NEXT]], %[[N]])
# CHECK-NEXT: %[[GO2:[0-9]+]] : bool = aten::__and__(%[[LT]], %[[C2]])
# CHECK-NEXT: -> (%[[GO2]], %[[D2]], %[[R2]], %[[NEXT]])
# CHECK-NEXT: %[[OUT:[0-9]+]] : int = prim::If(%[[DID]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[RET]])
# CHECK-NEXT: block1():
# CHECK-NEXT: -> (
# CHECK-NEXT: return (%[[OUT]])
def find(xs: List[int], t: int) -> int:
    for i in range(len(xs)):
        if xs[i] == t:
            return i
    return -1

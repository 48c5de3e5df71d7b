# `return` inside a loop: the loop carries the did-return flag (initially false) and the returned
# value (initially prim::Uninitialized), its continue-condition is false once it returned, and the
# statements after the loop are guarded by prim::If(flag) — PyTorch 1.13's exit transform for
# loops. Runtime outputs: conformance/frontend/run/return_in_loop.py.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[UNINIT:[0-9]+]] : int = prim::Uninitialized()
# CHECK-NEXT: %[[DID:[0-9]+]] : bool, %[[RET:[0-9]+]] : int = prim::Loop(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[UNINIT]])
# CHECK-NEXT: block0(%[[I:i(\.[0-9]+)?]] : int, %{{[0-9]+}} : bool, %[[RETIN:[0-9]+]] : int):
# CHECK-NEXT: aten::__getitem__(%xs, %[[I]])
# CHECK-NEXT: aten::eq(
# CHECK-NEXT: %[[R2:[0-9]+]] : int, %[[D2:[0-9]+]] : bool, %[[C2:[0-9]+]] : bool = prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[I]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: block1():
# CHECK-NEXT: -> (%[[RETIN]], %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: -> (%[[C2]], %[[D2]], %[[R2]])
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

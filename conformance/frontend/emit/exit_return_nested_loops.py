# `return` in a `for` nested in a `while`: the inner loop's did-return flag and value flow into the
# outer loop's carried values; the rest of the outer body (`i += 1` and the next condition) runs in
# the false branch of prim::If(flag), whose true branch stops the outer loop (condition false).
# The inner `for` becomes a while loop with its own counter (1.13's canonicalization of a loop
# whose condition can turn false; checked against 1.13.1's graph for this source).
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[F:[0-9]+]] : bool = prim::Constant[value=0]()
# CHECK: %i : int, %[[DID:[0-9]+]] : bool, %[[RET:[0-9]+]] : int = prim::Loop(
# CHECK-NEXT: block0(%{{[0-9]+}} : int, %i.1 : int, %[[DIDIN:[0-9]+]] : bool, %[[RETIN:[0-9]+]] : int):
# CHECK-NEXT: %[[GO:[0-9]+]] : bool = aten::gt(%i.1, %{{[0-9]+}})
# CHECK-NEXT: %[[IDID:[0-9]+]] : bool, %[[IRET:[0-9]+]] : int, %{{[0-9]+}} : int = prim::Loop(%{{[0-9]+}}, %[[GO]], %[[DIDIN]], %[[RETIN]], %{{[0-9]+}})
# CHECK-NEXT: block0(%{{[0-9]+}} : int, %{{[0-9]+}} : bool, %{{[0-9]+}} : int, %[[J:[0-9]+]] : int):
# CHECK: aten::mul(%i.1, %[[J]])
# CHECK: prim::If(
# CHECK: %{{[0-9]+}} : int, %[[OC:[0-9]+]] : bool, %[[OD:[0-9]+]] : bool = prim::If(%[[IDID]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%i.1, %[[F]], %[[IDID]])
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::add(%i.1,
# CHECK-NEXT: aten::lt(
# CHECK-NEXT: -> (
# CHECK-NEXT: -> (%[[OC]], %{{[0-9]+}}, %[[OD]], %[[IRET]])
# CHECK-NEXT: %[[OUT:[0-9]+]] : int = prim::If(%[[DID]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[RET]])
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::neg(%i)
# CHECK-NEXT: -> (
# CHECK-NEXT: return (%[[OUT]])
def search(n: int) -> int:
    i = 0
    while i < n:
        for j in range(i):
            if i * j == 12:
                return i * 100 + j
        i += 1
    return -i

# inline is idempotent: a second run prints the same graph.
# RUN: tsjit opt %s --entry f --passes=inline --no-source-locations > %t.once
# RUN: tsjit opt %s --entry f --passes=inline,inline --no-source-locations > %t.twice
# RUN: diff %t.once %t.twice
# RUN: FileCheck %s < %t.twice
# CHECK-NOT: prim::CallFunction
# CHECK: aten::sub
def helper(a: int) -> int:
    return a - 2


def f(x: int) -> int:
    return helper(helper(x))

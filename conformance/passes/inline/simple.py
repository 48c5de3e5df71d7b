# inline: a call of a script function is replaced by the callee's body.
# RUN: tsjit opt %s --entry f --passes=inline --no-source-locations | FileCheck %s
# CHECK-LABEL: graph(%x
# CHECK-NOT: prim::CallFunction
# CHECK: aten::mul
# CHECK: aten::add
# CHECK: return
def helper(a: int, b: int) -> int:
    return a * b + 1


def f(x: int) -> int:
    return helper(x, 3)

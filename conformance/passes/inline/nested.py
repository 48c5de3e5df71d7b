# inline: calls inside inlined bodies are inlined too (f -> g -> h), and calls in loop and If
# bodies are replaced where they are.
# RUN: tsjit opt %s --entry f --passes=inline --no-source-locations | FileCheck %s
# CHECK-NOT: prim::CallFunction
# CHECK: prim::Loop
# CHECK: prim::If
# CHECK: aten::neg
# CHECK: aten::mul
def h(a: int) -> int:
    return -a


def g(a: int) -> int:
    return h(a) * 2


def f(x: int, n: int) -> int:
    s = 0
    for i in range(n):
        if i > 1:
            s += g(i)
    return s

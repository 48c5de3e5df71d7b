# inline keeps the values: the inlined graph computes what the calls computed, on both engines
# (f(4) = g(4) + g(5) + len(xs) = 15 + 24 + 2 = 41: the list the callee appends to is the caller's).
# RUN: tsjit opt %s --entry f --passes=inline --no-source-locations > %t.ir
# RUN: FileCheck %s --check-prefix=IR < %t.ir
# RUN: echo '[{"type":"int","value":4}]' > %t.json
# RUN: for e in jit reference; do tsjit run %t.ir --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# IR-NOT: prim::CallFunction
# IR: aten::append
# CHECK: [{"type":"int","value":41}]
# CHECK-NEXT: [{"type":"int","value":41}]
def g(a: int, xs: List[int]) -> int:
    xs.append(a)
    return a * a - 1


def f(x: int) -> int:
    xs: List[int] = []
    r = g(x, xs) + g(x + 1, xs)
    return r + len(xs)

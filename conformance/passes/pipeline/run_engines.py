# The GraphExecutor runs the default pipeline on the first execution: a function with calls, a
# tuple and a constant loop gives the same value on both engines with and without passes
# (f(2) = pair(2) = (2, 3); p = 2 + 3 * 3 = 11).
# RUN: echo '[{"type":"int","value":2}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"type":"int","value":11}]
# CHECK-NEXT: [{"type":"int","value":11}]
def pair(a: int) -> Tuple[int, int]:
    return a, a + 1


def f(x: int) -> int:
    p, q = pair(x)
    for i in range(3):
        p = p + q
    return p

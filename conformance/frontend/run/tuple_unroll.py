# `for v in (x, s, 2.5)`: PyTorch unrolls iteration over a tuple (its elements differ in type), so
# the body is emitted once per element and no prim::Loop is built. x = 3, s = "ab" -> "3,ab,2.5,".
# RUN: echo '[{"type":"int","value":3},{"type":"str","value":"ab"}]' > %t.a.json
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=IR
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# IR-NOT: prim::Loop
# IR-COUNT-3: aten::str(
# CHECK: [{"type":"str","value":"3,ab,2.5,"}]
# CHECK-NEXT: [{"type":"str","value":"3,ab,2.5,"}]
def f(x: int, s: str) -> str:
    out = ""
    for v in (x, s, 2.5):
        out = out + str(v) + ","
    return out

# `return` on some paths of a nested `if`: the did-return flag guards the statements after the outer
# `if`; variables the returning path never set are prim::Uninitialized there. Hand-computed outputs.
# RUN: echo '[{"type":"int","value":1},{"type":"int","value":2}]' > %t.a.json
# RUN: echo '[{"type":"int","value":1},{"type":"int","value":-1}]' > %t.b.json
# RUN: echo '[{"type":"int","value":-3},{"type":"int","value":5}]' > %t.c.json
# RUN: echo '[{"type":"int","value":0},{"type":"int","value":0}]' > %t.d.json
# RUN: for e in jit reference; do for i in a b c d; do tsjit run %s --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"type":"int","value":3}]
# CHECK-NEXT: [{"type":"int","value":3}]
# CHECK-NEXT: [{"type":"int","value":4}]
# CHECK-NEXT: [{"type":"int","value":1}]
# CHECK-NEXT: [{"type":"int","value":3}]
# CHECK-NEXT: [{"type":"int","value":3}]
# CHECK-NEXT: [{"type":"int","value":4}]
# CHECK-NEXT: [{"type":"int","value":1}]
def f(x: int, y: int) -> int:
    r = 0
    if x > 0:
        if y > 0:
            return x + y
        r = x * 2
    else:
        r = -x
    return r + 1

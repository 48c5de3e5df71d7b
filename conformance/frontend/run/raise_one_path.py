# `raise` on one path, an early `return` on another, the rest after: the raising branch contributes
# no exit flag (prim::RaiseException, then nothing), the other the did-return flag.
# RUN: echo '[{"type":"int","value":-1}]' > %t.a.json
# RUN: echo '[{"type":"int","value":0}]' > %t.b.json
# RUN: echo '[{"type":"int","value":21}]' > %t.c.json
# RUN: for e in jit reference; do for i in a b c; do not tsjit run %s --inputs %t.$i.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: error:Error:builtins.ValueError:negativeinput
# CHECK-NEXT: [{"type":"int","value":0}]
# CHECK-NEXT: [{"type":"int","value":42}]
# CHECK-NEXT: error:Error:builtins.ValueError:negativeinput
# CHECK-NEXT: [{"type":"int","value":0}]
# CHECK-NEXT: [{"type":"int","value":42}]
def f(x: int) -> int:
    if x < 0:
        raise ValueError("negative input")
    elif x == 0:
        return 0
    y = x * 2
    return y

# `del name` at the function's top level removes the binding (a later assignment binds the name
# afresh, a different value as in 1.13's graph: %a.1 then %a.5); `del ys[0], b` mixes both forms.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":4},{"type":"List","elem":"int","items":[{"type":"int","value":7},{"type":"int","value":9}]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":67},{"elem":"int","items":[{"type":"int","value":9},{"type":"int","value":7}],"type":"List"},{"type":"int","value":2}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":67},{"elem":"int","items":[{"type":"int","value":9},{"type":"int","value":7}],"type":"List"},{"type":"int","value":2}],"type":"Tuple"}]
def f(n: int, xs: List[int]) -> Tuple[int, List[int], int]:
    a = n + 1
    b = a * 2
    del a
    a = b - 3
    total = 0
    for k in range(n):
        total += k * b
    ys = xs + [a]
    del ys[0], b
    b = len(ys)
    return a + total, ys, b

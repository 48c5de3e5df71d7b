# Lists built by a comprehension or by appends are values, not literals: a builtin's overloads must
# not rebuild them for another element type (sum(c) once matched aten::sum.bool with an empty bool
# list rebuilt from the comprehension's still-empty ListConstruct, and returned 0; found by the
# source fuzzer's list comprehensions). Expected values recorded from PyTorch 1.13
# (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":4}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":4},{"type":"int","value":10}],"type":"List"},{"type":"int","value":16},{"type":"int","value":32},{"type":"int","value":7},{"type":"float","value":"0x1.0000000000000p-1"},{"type":"int","value":3}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":4},{"type":"int","value":10}],"type":"List"},{"type":"int","value":16},{"type":"int","value":32},{"type":"int","value":7},{"type":"float","value":"0x1.0000000000000p-1"},{"type":"int","value":3}],"type":"Tuple"}]
def f(x: int) -> Tuple[List[int], int, int, int, float, int]:
    l0 = [1, 2, 5]
    c = [w * 2 for w in l0]
    d: List[int] = []
    d.append(x)
    d.append(3)
    e: List[float] = []
    e.append(0.5)
    return c, sum(c), sum([w * x for w in l0]), sum(d), sum(e), len([w for w in l0])

# `return` inside `for` and inside a `for` nested in a `while`: the loops carry the did-return flag
# and the returned value, stop once it is set, and the statements after them are guarded.
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":4},{"type":"int","value":7},{"type":"int","value":9}]},{"type":"int","value":7}]' > %t.a.json
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":4},{"type":"int","value":7},{"type":"int","value":9}]},{"type":"int","value":5}]' > %t.b.json
# RUN: echo '[{"type":"int","value":10}]' > %t.c.json
# RUN: echo '[{"type":"int","value":4}]' > %t.d.json
# RUN: for e in jit reference; do tsjit run %s --entry find --inputs %t.a.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry find --inputs %t.b.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry search --inputs %t.c.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry search --inputs %t.d.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"type":"int","value":1}]
# CHECK-NEXT: [{"type":"int","value":-1}]
# CHECK-NEXT: [{"type":"int","value":403}]
# CHECK-NEXT: [{"type":"int","value":-4}]
# CHECK-NEXT: [{"type":"int","value":1}]
# CHECK-NEXT: [{"type":"int","value":-1}]
# CHECK-NEXT: [{"type":"int","value":403}]
# CHECK-NEXT: [{"type":"int","value":-4}]
def find(xs: List[int], t: int) -> int:
    for i in range(len(xs)):
        if xs[i] == t:
            return i
    return -1

def search(n: int) -> int:
    i = 0
    while i < n:
        for j in range(i):
            if i * j == 12:
                return i * 100 + j
        i += 1
    return -i

# break / continue at several nesting depths, including a `break` on some paths of an `if` whose
# other branch falls through (the rest of the body is guarded by the flag).
# xs = [3, -1, 5, 2000, 7]: 3 -> total 3; -1 -> count 1; 5 -> total 8; 2000 -> break.  n = 3.
# while: i = 1, 3, 5, 7 are summed (16); even i continue; i = 9 breaks.
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":3},{"type":"int","value":-1},{"type":"int","value":5},{"type":"int","value":2000},{"type":"int","value":7}]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":8},{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":16},{"type":"int","value":9}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":8},{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":16},{"type":"int","value":9}],"type":"Tuple"}]
def f(xs: List[int]) -> Tuple[int, int, int, int, int]:
    total = 0
    count = 0
    n = 0
    for x in xs:
        if x > 0:
            if x > 1000:
                break
            total += x
        else:
            count += 1
        n += 1
    s = 0
    i = 0
    while i < 10:
        i += 1
        if i % 2 == 0:
            continue
        if i > 7:
            break
        s += i
    return total, count, n, s, i

# loop_unrolling keeps a loop-carried dependence and the order of mutations: each iteration reads
# what the previous one wrote (x = x * 2 + i, appended to a list), for constant (5, fully unrolled)
# and unknown (n = 11: one unrolled iteration block of 8 and an epilogue of 3) trip counts.
# Expected values (Python): x0 = 1, n = 5 -> 58 and 5 appends; n = 11 -> 4084 and 11 appends.
# RUN: tsjit opt %s --entry f --passes=loop_unrolling --no-source-locations > %t.ir
# RUN: FileCheck %s --check-prefix=IR < %t.ir
# IR: aten::__round_to_zero_floordiv
# RUN: echo '[{"type":"int","value":11}]' > %t.json
# RUN: for e in jit reference; do tsjit run %t.ir --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":58},{"type":"int","value":5},{"type":"int","value":4084},{"type":"int","value":11}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":58},{"type":"int","value":5},{"type":"int","value":4084},{"type":"int","value":11}],"type":"Tuple"}]
def f(n: int) -> Tuple[int, int, int, int]:
    xs: List[int] = []
    x = 1
    for i in range(5):
        x = x * 2 + i
        xs.append(x)
    ys: List[int] = []
    y = 1
    for j in range(n):
        y = y * 2 + j
        ys.append(y)
    return x, len(xs), y, len(ys)

# zip / enumerate nested in a for loop or a comprehension (for i, (x, y) in enumerate(zip(a, b)),
# zip(a, zip(b, c)), enumerate(enumerate(c)), a tuple bound whole): one loop over the shortest
# sequence, as 1.13 emits it; enumerate(xs, start) counts as range(start, maxint) does (so a
# negative start overflows to no iterations, as in 1.13). Values recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}]},{"type":"List","elem":"float","items":[{"type":"float","value":0.5},{"type":"float","value":1.5}]},{"type":"List","elem":"str","items":[{"type":"str","value":"p"},{"type":"str","value":"q"},{"type":"str","value":"r"},{"type":"str","value":"s"}]}]' > %t.json
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}]},{"type":"List","elem":"float","items":[{"type":"float","value":0.5},{"type":"float","value":1.5}]}]' > %t.g.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --entry f --engine $e | tr -d ' \n'; echo; tsjit run %s --inputs %t.g.json --entry g --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"elem":"str","items":[{"type":"str","value":"0:1,0.5"},{"type":"str","value":"1:2,1.5"},{"type":"str","value":"10.5p"},{"type":"str","value":"21.5q"},{"type":"str","value":"0p"},{"type":"str","value":"2q"},{"type":"str","value":"4r"},{"type":"str","value":"6s"},{"type":"str","value":"0p"},{"type":"str","value":"1q"},{"type":"str","value":"2r"},{"type":"str","value":"1"},{"type":"str","value":"2"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"float","items":[{"type":"float","value":"0x1.0000000000000p-1"},{"type":"float","value":"0x1.8000000000000p+1"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"str","items":[{"type":"str","value":"0:1,0.5"},{"type":"str","value":"1:2,1.5"},{"type":"str","value":"10.5p"},{"type":"str","value":"21.5q"},{"type":"str","value":"0p"},{"type":"str","value":"2q"},{"type":"str","value":"4r"},{"type":"str","value":"6s"},{"type":"str","value":"0p"},{"type":"str","value":"1q"},{"type":"str","value":"2r"},{"type":"str","value":"1"},{"type":"str","value":"2"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"float","items":[{"type":"float","value":"0x1.0000000000000p-1"},{"type":"float","value":"0x1.8000000000000p+1"}],"type":"List"}]
# RUN: echo '[{"type":"List","elem":"str","items":[{"type":"str","value":"a"},{"type":"str","value":"b"}]},{"type":"int","value":-4}]' > %t.e1.json
# RUN: echo '[{"type":"List","elem":"str","items":[{"type":"str","value":"a"},{"type":"str","value":"b"}]},{"type":"int","value":7}]' > %t.e2.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.e1.json --entry enum_start --engine $e | tr -d ' \n'; echo; tsjit run %s --inputs %t.e2.json --entry enum_start --engine $e | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=START
# START: [{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":11},{"type":"int","value":3},{"type":"int","value":4}],"type":"List"}]
# START-NEXT: [{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":11},{"type":"int","value":7},{"type":"int","value":8},{"type":"int","value":3},{"type":"int","value":4}],"type":"List"}]
# START-NEXT: [{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":11},{"type":"int","value":3},{"type":"int","value":4}],"type":"List"}]
# START-NEXT: [{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":11},{"type":"int","value":7},{"type":"int","value":8},{"type":"int","value":3},{"type":"int","value":4}],"type":"List"}]
from typing import List, Tuple


def f(a: List[int], b: List[float], c: List[str]) -> List[str]:
    out: List[str] = []
    for i, (x, y) in enumerate(zip(a, b)):
        out.append(str(i) + ":" + str(x) + "," + str(y))
    for (x, (y, z)) in zip(a, zip(b, c)):
        out.append(str(x) + str(y) + z)
    for j, (k, s) in enumerate(enumerate(c)):
        out.append(str(j + k) + s)
    for i, p in enumerate(zip(a, c)):
        out.append(str(i) + p[1])
    for q in zip(a, b):
        out.append(str(q[0]))
    return out


def g(a: List[int], b: List[float]) -> List[float]:
    return [x * y for i, (x, y) in enumerate(zip(a, b))]


def enum_start(names: List[str], s: int) -> List[int]:
    idx: List[int] = []
    for j, n in enumerate(names, 10):
        idx.append(j)
    for j, n in enumerate(names, s):
        idx.append(j)
    for j, n in enumerate(names, start=3):
        idx.append(j)
    return idx

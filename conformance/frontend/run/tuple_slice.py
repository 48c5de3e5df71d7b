# Tuple slicing with constant bounds (Python's slice semantics: steps, negative and out-of-range
# bounds, an empty result) as 1.13 emits it: a TupleIndex per element and a TupleConstruct;
# non-constant bounds are 1.13's compile error. Values recorded on python3-torch 1.13.1.
# RUN: echo '[{"type":"Tuple","items":[{"type":"int","value":1},{"type":"str","value":"a"},{"type":"float","value":2.5},{"type":"int","value":3}]}]' > %t.json
# RUN: echo '[{"type":"Tuple","items":[{"type":"int","value":1},{"type":"str","value":"a"}]},{"type":"int","value":1}]' > %t.g.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --entry f --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"items":[{"type":"str","value":"a"},{"type":"float","value":"0x1.4000000000000p+1"}],"type":"Tuple"},{"items":[{"type":"int","value":1},{"type":"str","value":"a"},{"type":"float","value":"0x1.4000000000000p+1"},{"type":"int","value":3}],"type":"Tuple"},{"items":[{"type":"int","value":1},{"type":"float","value":"0x1.4000000000000p+1"}],"type":"Tuple"},{"items":[{"type":"int","value":3},{"type":"float","value":"0x1.4000000000000p+1"},{"type":"str","value":"a"},{"type":"int","value":1}],"type":"Tuple"},{"items":[],"type":"Tuple"},{"items":[{"type":"int","value":1},{"type":"str","value":"a"}],"type":"Tuple"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"items":[{"type":"str","value":"a"},{"type":"float","value":"0x1.4000000000000p+1"}],"type":"Tuple"},{"items":[{"type":"int","value":1},{"type":"str","value":"a"},{"type":"float","value":"0x1.4000000000000p+1"},{"type":"int","value":3}],"type":"Tuple"},{"items":[{"type":"int","value":1},{"type":"float","value":"0x1.4000000000000p+1"}],"type":"Tuple"},{"items":[{"type":"int","value":3},{"type":"float","value":"0x1.4000000000000p+1"},{"type":"str","value":"a"},{"type":"int","value":1}],"type":"Tuple"},{"items":[],"type":"Tuple"},{"items":[{"type":"int","value":1},{"type":"str","value":"a"}],"type":"Tuple"}],"type":"Tuple"}]
# RUN: not tsjit run %s --inputs %t.g.json --entry g 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: tuple slice indices must be integer constants
from typing import Tuple


def f(t: Tuple[int, str, float, int]) -> Tuple[Tuple[str, float], Tuple[int, str, float, int], Tuple[int, float], Tuple[int, float, str, int], Tuple[()], Tuple[int, str]]:
    return t[1:3], t[:], t[::2], t[::-1], t[5:], t[-4:-2]


def g(t: Tuple[int, str], i: int) -> Tuple[int, str]:
    return t[i:]

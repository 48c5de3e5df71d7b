# isinstance refines a Union in both branches, as PyTorch 1.13 does: the true branch gets the
# accepted members, the false branch the rest (Optional[U] when they are U and None); a tuple of
# types accepts any of them. u = 2.5 takes the else branch where u is float: int(2.5) = 2;
# w = None takes the else branch of isinstance(w, (int, float)), where w is None.
# v = 7 (Union[int, float, str] -> int, then float or str left: Union[float, str]).
# RUN: echo '[{"type":"float","value":2.5},{"type":"int","value":7},{"type":"None"}]' > %t.a.json
# RUN: echo '[{"type":"int","value":4},{"type":"str","value":"ab"},{"type":"float","value":0.5}]' > %t.b.json
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=IR
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=A
# RUN: for e in jit reference; do tsjit run %s --inputs %t.b.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=B
# IR: prim::isinstance[types=[int]]
# IR: prim::unchecked_cast(%u.1)
# IR: prim::unchecked_cast(%u.1)
# A: [{"type":"str","value":"2|int7|none"}]
# A-NEXT: [{"type":"str","value":"2|int7|none"}]
# B: [{"type":"str","value":"5|strab|0.5"}]
# B-NEXT: [{"type":"str","value":"5|strab|0.5"}]
from typing import Optional, Union


def f(u: Union[int, float], v: Union[int, float, str], w: Optional[float]) -> str:
    if isinstance(u, int):
        a = u + 1
    else:
        a = int(u)
    if isinstance(v, int):
        b = "int" + str(v)
    elif isinstance(v, float):
        b = "float" + str(v + 1.0)
    else:
        b = "str" + v
    if isinstance(w, (int, float)):
        c = str(w)
    else:
        c = "none"
    return str(a) + "|" + b + "|" + c

# str in str (and not in) compiles as 1.13's builtin __contains__ for str, inlined: find(key, 0, len(self)) != -1
# ("" in "" is True). Values recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"str","value":"hello"},{"type":"str","value":"ell"}]' > %t.1.json
# RUN: echo '[{"type":"str","value":""},{"type":"str","value":""}]' > %t.2.json
# RUN: echo '[{"type":"str","value":"abc"},{"type":"str","value":"abcd"}]' > %t.3.json
# RUN: echo '[{"type":"str","value":"a"},{"type":"str","value":""}]' > %t.4.json
# RUN: for e in jit reference; do for i in 1 2 3 4; do tsjit run %s --inputs %t.$i.json --entry f --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
from typing import List


def f(s: str, k: str) -> List[bool]:
    return [k in s, k not in s, "" in s, s in "", "ell" in s, s in s + "x", "x" not in k]

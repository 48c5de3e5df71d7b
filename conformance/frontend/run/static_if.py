# Static ifs, as 1.13's CondValue::staticIf: `a is None` / `a is not None` with one side always None
# (NoneType) and the other always or never None is a constant, and so are `not`, `and` / `or` of
# static conditions (`_ and False`, `True or _`), a constant condition (`if True:`) and a
# ternary's: only the branch taken is compiled, so the dead ones may hold code that does not
# type-check (`x.not_a_method()`, `y.bogus` on None, `n = "never"`). `y is None and n > 0` stays
# an If. The graph has the same single prim::If as 1.13's.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0000000000000p+0","-0x1.8000000000000p+0"]},{"type":"int","value":3}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=GRAPH
# CHECK: [{"items":[{"data":["0x1.0000000000000p+1","-0x1.0000000000000p-1"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"int","value":42}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.0000000000000p+1","-0x1.0000000000000p-1"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"int","value":42}],"type":"Tuple"}]
# GRAPH: aten::gt(
# GRAPH-NEXT: prim::If(
# GRAPH-NOT: prim::If(
def f(x: Tensor, n: int) -> Tuple[Tensor, int]:
    y = None
    if x is None:
        x = x.not_a_method()
    if not (y is not None):
        n = n + 1
    if y is None and n > 0:
        n = n * 10
    if y is not None or x is None:
        n = y.bogus
    k = 2 if y is None else y.bogus
    if True:
        n = n + k
    else:
        n = "never"
    z: Optional[int] = None
    if z is not None:
        n = n + z
    return x + 1, n

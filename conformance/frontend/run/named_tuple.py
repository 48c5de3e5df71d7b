# NamedTuple classes: positional, keyword and default fields, a NamedTuple returned from a
# function and read by field name, and unpacked as a tuple.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":3},{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p+1"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":7},{"data":["0x1.8000000000000p+1","0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"float","value":"0x1.4000000000000p+1"},{"type":"int","value":4},{"type":"float","value":"0x1.0000000000000p+1"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":7},{"data":["0x1.8000000000000p+1","0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"float","value":"0x1.4000000000000p+1"},{"type":"int","value":4},{"type":"float","value":"0x1.0000000000000p+1"}],"type":"Tuple"}]
class Point(NamedTuple):
    x: int
    y: Tensor
    z: float = 0.5

def make(a: int, t: Tensor) -> Point:
    return Point(a, t * 2)

def f(a: int, t: Tensor) -> Tuple[int, Tensor, float, int, float]:
    p = make(a, t)
    q = Point(y=t, x=a + 1, z=2.0)
    u, v, w = q
    return p.x + q.x, p.y + q.y, p.z + q.z, u, w

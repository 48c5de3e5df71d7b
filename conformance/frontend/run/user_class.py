# A user class: __init__ declares the attributes (types of the first assignments, or the annotation),
# methods read and update them (augmented assignment, list append), an instance passed to a function.
# The call is prim::CreateObject + prim::CallMethod[name="__init__"], as in PyTorch 1.13.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":10},{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p-1"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":16},{"data":["0x1.0000000000000p+4","0x1.0000000000000p+3"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":11},{"type":"int","value":13},{"type":"int","value":16}],"type":"List"},{"type":"int","value":40}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":16},{"data":["0x1.0000000000000p+4","0x1.0000000000000p+3"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":11},{"type":"int","value":13},{"type":"int","value":16}],"type":"List"},{"type":"int","value":40}],"type":"Tuple"}]
@torch.jit.script
class Counter:
    def __init__(self, start: int, scale: Tensor):
        self.count = start
        self.scale = scale
        self.history: List[int] = []

    def bump(self, by: int) -> int:
        self.count += by
        self.history.append(self.count)
        return self.count

    def scaled(self) -> Tensor:
        return self.scale * self.count

def total(c: Counter) -> int:
    return sum(c.history)

def f(n: int, t: Tensor) -> Tuple[int, Tensor, List[int], int]:
    c = Counter(n, t)
    for i in range(3):
        c.bump(i + 1)
    return c.count, c.scaled(), c.history, total(c)

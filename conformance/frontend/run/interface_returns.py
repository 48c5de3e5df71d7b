# Interface values returned and stored: a function declared `-> Shape` returning objects of two
# classes (the declared interface joins them), an `Optional[Shape]` result, a `Dict[str, Shape]`
# iterated with calls dispatched per object. Both engines; expected outputs recorded from PyTorch
# 1.13.1 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":1}]' > %t.a.json
# RUN: echo '[{"type":"int","value":5}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do tsjit run %s --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"type":"float","value":"0x1.5000000000000p+4"},{"type":"bool","value":false}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"float","value":"0x1.6800000000000p+5"},{"type":"bool","value":true}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"float","value":"0x1.5000000000000p+4"},{"type":"bool","value":false}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"float","value":"0x1.6800000000000p+5"},{"type":"bool","value":true}],"type":"Tuple"}]
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

class Square:
    def __init__(self, s: float):
        self.s = s

    def area(self, k: int) -> float:
        return self.s * self.s * k

class Rect:
    def __init__(self, w: float, h: float):
        self.w = w
        self.h = h

    def area(self, k: int) -> float:
        return self.w * self.h * k

def make(n: int) -> Shape:
    if n > 2:
        return Rect(2.0, 3.0)
    return Square(3.0)

def pick(n: int) -> Optional[Shape]:
    if n > 3:
        return None
    return make(n)

def f(n: int) -> Tuple[float, bool]:
    s = make(n)
    d: Dict[str, Shape] = {"a": Square(1.0), "b": Rect(1.0, 2.0)}
    o = pick(n)
    t = 0.0
    for k, v in d.items():
        t += v.area(n)
    if o is not None:
        t += o.area(1)
    return s.area(n) + t, o is None

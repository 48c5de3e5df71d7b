# `@torch.jit.interface` classes: a value of interface type (a local declared `a: Shape`, a list
# `List[Shape]`, a function argument, a user-class attribute) holds objects of any class that has
# the interface's methods with compatible signatures, and a call on it is prim::CallMethod
# dispatched on the object's own class at run time (n > 2 swaps a Square for a Rect). Both engines;
# expected outputs recorded from PyTorch 1.13.1 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":1}]' > %t.a.json
# RUN: echo '[{"type":"int","value":5}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do tsjit run %s --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"type":"float","value":"0x1.0000000000000p+2"},{"type":"float","value":"0x1.c000000000000p+2"},{"type":"str","value":"square"},{"type":"str","value":"square"},{"type":"float","value":"0x1.8000000000000p+1"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"float","value":"0x1.9000000000000p+5"},{"type":"float","value":"0x1.1800000000000p+5"},{"type":"str","value":"rect"},{"type":"str","value":"square"},{"type":"float","value":"0x1.e000000000000p+3"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"float","value":"0x1.0000000000000p+2"},{"type":"float","value":"0x1.c000000000000p+2"},{"type":"str","value":"square"},{"type":"str","value":"square"},{"type":"float","value":"0x1.8000000000000p+1"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"float","value":"0x1.9000000000000p+5"},{"type":"float","value":"0x1.1800000000000p+5"},{"type":"str","value":"rect"},{"type":"str","value":"square"},{"type":"float","value":"0x1.e000000000000p+3"}],"type":"Tuple"}]
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

    def name(self) -> str:
        pass

class Square:
    def __init__(self, s: float):
        self.s = s

    def area(self, k: int) -> float:
        return self.s * self.s * k

    def name(self) -> str:
        return "square"

class Rect:
    def __init__(self, w: float, h: float):
        self.w = w
        self.h = h

    def area(self, k: int) -> float:
        return self.w * self.h * k

    def name(self) -> str:
        return "rect"

    def extra(self) -> int:
        return 1

class Holder:
    def __init__(self, s: Shape):
        self.shape = s

    def get(self, k: int) -> float:
        return self.shape.area(k)

def total(shapes: List[Shape], k: int) -> float:
    t = 0.0
    for s in shapes:
        t += s.area(k)
    return t

def describe(s: Shape) -> str:
    return s.name()

def f(n: int) -> Tuple[float, float, str, str, float]:
    a: Shape = Square(2.0)
    shapes: List[Shape] = [a, Rect(1.0, 3.0)]
    if n > 2:
        a = Rect(2.0, 5.0)
    h = Holder(Rect(1.5, 2.0))
    return a.area(n), total(shapes, n), describe(a), describe(Square(1.0)), h.get(n)

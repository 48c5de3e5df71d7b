# One interface converts to another when it has the other's methods (1.13's structural subtyping of
# interfaces): a Shape (area, name) passed where a HasArea (area) is expected, the call dispatched
# on the object's class. Both engines; expected outputs recorded from PyTorch 1.13.1
# (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":5}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"type":"float","value":"0x1.6800000000000p+6"}]
# CHECK-NEXT: [{"type":"float","value":"0x1.6800000000000p+6"}]
@torch.jit.interface
class HasArea:
    def area(self, k: int) -> float:
        pass

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

def twice(a: HasArea, k: int) -> float:
    return 2.0 * a.area(k)

def via(s: Shape, k: int) -> float:
    return twice(s, k)

def f(n: int) -> float:
    return via(Square(3.0), n)

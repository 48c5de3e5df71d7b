# A narrower interface passed where a wider one is expected: 1.13's message (checked on
# python3-torch 1.13.1, which spells the names with their Python module), at the argument.
# RUN: not tsjit run %s --entry f --dump-graph 2>&1 | FileCheck %s
# CHECK: Expected a value of type '__torch__.Shape' for argument 's' but instead found type '__torch__.HasArea'.
# CHECK-NEXT: Interface '__torch__.HasArea' does not have method 'name' but interface '__torch__.Shape' does.
# CHECK: return full(s)
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

def full(s: Shape) -> float:
    return s.area(1)

def via(s: HasArea, k: int) -> float:
    return full(s)

def f(n: int) -> float:
    return via(Square(3.0), n)

# A class whose method has the interface's name but another signature: 1.13's message with both
# signatures (checked on python3-torch 1.13.1, which spells the class with its Python module).
# RUN: not tsjit run %s --entry f --dump-graph 2>&1 | FileCheck %s
# CHECK: Expected a value of type '__torch__.Shape' for argument 's' but instead found type '__torch__.WrongArea'.
# CHECK-NEXT: Method on class '__torch__.WrongArea' (1) is not compatible with interface '__torch__.Shape' (2)
# CHECK-NEXT: (1) area(__torch__.WrongArea self, str k) -> float
# CHECK-NEXT: (2) area(InterfaceType<Shape> self, int k) -> float
# CHECK: return describe(WrongArea())
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

class WrongArea:
    def __init__(self):
        self.s = 1.0

    def area(self, k: str) -> float:
        return self.s

def describe(s: Shape) -> float:
    return s.area(1)

def f(n: int) -> float:
    return describe(WrongArea())

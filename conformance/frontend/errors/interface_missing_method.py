# A class without one of the interface's methods passed where the interface is expected: 1.13's
# message (it spells the classes __torch__.<module>.NoArea (of Python compilation unit at: ...),
# checked on python3-torch 1.13.1), at the argument.
# RUN: not tsjit run %s --entry f --dump-graph 2>&1 | FileCheck %s
# CHECK: Expected a value of type '__torch__.Shape' for argument 's' but instead found type '__torch__.NoArea'.
# CHECK-NEXT: Class '__torch__.NoArea' does not have method 'area' but '__torch__.Shape' does.
# CHECK: return describe(NoArea())
# CHECK-NEXT: {{^ *}}^^^^^^^^{{$}}
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

class NoArea:
    def __init__(self):
        self.s = 1.0

    def name(self) -> str:
        return "x"

def describe(s: Shape) -> float:
    return s.area(1)

def f(n: int) -> float:
    return describe(NoArea())

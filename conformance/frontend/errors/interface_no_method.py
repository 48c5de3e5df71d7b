# Calling a method the interface does not declare: 1.13's message (checked on python3-torch 1.13.1),
# at the attribute.
# RUN: not tsjit run %s --entry describe --dump-graph 2>&1 | FileCheck %s
# CHECK: '__torch__.Shape' object has no attribute or method 'perimeter'.
# CHECK: return s.perimeter(1)
# CHECK-NEXT: {{^ *}}^^^^^^^^^^^{{$}}
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

def describe(s: Shape) -> float:
    return s.perimeter(1)

# An interface method whose body is not `pass` (here `...`): 1.13's message at the statement,
# raised where the interface is declared even if nothing uses it (checked on python3-torch 1.13.1).
# RUN: not tsjit run %s --entry f --dump-graph 2>&1 | FileCheck %s
# CHECK: interfaces declarations should contain 'pass' statement.
# CHECK: {{^ *}}...{{$}}
# CHECK-NEXT: {{^ *}}^^^{{$}}
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        ...

def f(n: int) -> float:
    return 1.0

# isinstance(obj, Interface) is decided at compile time, as 1.13 does (its graph returns constants):
# True for a class with the interface's methods, False for one without. Both engines; expected
# output recorded from PyTorch 1.13.1 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":1}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=GRAPH
# GRAPH-NOT: prim::isinstance
# CHECK: [{"items":[{"type":"bool","value":true},{"type":"bool","value":false}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":true},{"type":"bool","value":false}],"type":"Tuple"}]
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

class Square:
    def __init__(self, s: float):
        self.s = s

    def area(self, k: int) -> float:
        return self.s

class Other:
    def __init__(self):
        self.s = 1

def f(n: int) -> Tuple[bool, bool]:
    return isinstance(Square(1.0), Shape), isinstance(Other(), Shape)

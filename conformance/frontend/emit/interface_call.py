# Pins the IR of calls on interface-typed values against PyTorch 1.13's graphs for this source
# (scripts/pt113_script_run.py --entry total / describe --graph): the type prints InterfaceType<Shape>,
# a list of it InterfaceType<Shape>[], and a call is prim::CallMethod on the interface value.
# RUN: tsjit run %s --entry total --dump-graph | FileCheck %s --check-prefix=TOTAL
# RUN: tsjit run %s --entry describe --dump-graph | FileCheck %s --check-prefix=DESCRIBE
# TOTAL-LABEL: graph(%shapes : InterfaceType<Shape>[],
# TOTAL: aten::len(%shapes)
# TOTAL: prim::Loop(
# TOTAL: %s : InterfaceType<Shape> = aten::__getitem__(%shapes,
# TOTAL-NEXT: float = prim::CallMethod[name="area"](%s, %k)
# TOTAL-NEXT: aten::add(
# DESCRIBE-LABEL: graph(%s : InterfaceType<Shape>):
# DESCRIBE-NEXT: %1 : str = prim::CallMethod[name="name"](%s)
# DESCRIBE-NEXT: return (%1)
@torch.jit.interface
class Shape:
    def area(self, k: int) -> float:
        pass

    def name(self) -> str:
        pass

def total(shapes: List[Shape], k: int) -> float:
    t = 0.0
    for s in shapes:
        t += s.area(k)
    return t

def describe(s: Shape) -> str:
    return s.name()

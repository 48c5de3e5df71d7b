# Pins the IR of Enum uses against PyTorch 1.13's graph for this source (scripts/pt113_script_run.py
# --graph): an argument of type Enum<__torch__.Color>, iterating the class is a constant member list
# (prim::Constant of type Enum<__torch__.Color>[]) indexed by aten::__getitem__, == is aten::eq,
# .value is prim::EnumValue, a member is a prim::Constant printed __torch__.Color.BLUE, != is aten::ne,
# .name is prim::EnumName (1.13 prints the class as __torch__.pt113_script_run_case.Color there: the
# recording script's module name).
# RUN: tsjit run %s --entry f --dump-graph | FileCheck %s
# CHECK-LABEL: graph(%c : Enum<__torch__.Color>,
# CHECK-DAG: Enum<__torch__.Color> = prim::Constant[value=__torch__.Color.BLUE]()
# CHECK-DAG: %[[ALL:[0-9]+]] : Enum<__torch__.Color>[] = prim::Constant[value=[__torch__.Color.RED, __torch__.Color.GREEN, __torch__.Color.BLUE]]()
# CHECK: aten::len(%[[ALL]])
# CHECK: prim::Loop(
# CHECK: %[[X:[a-z0-9.]+]] : Enum<__torch__.Color> = aten::__getitem__(%[[ALL]],
# CHECK-NEXT: bool = aten::eq(%[[X]], %c)
# CHECK: int = prim::EnumValue(%[[X]])
# CHECK: bool = aten::ne(%c,
# CHECK: str = prim::EnumName(%c)
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3

def f(c: Color, k: int) -> Tuple[int, str]:
    total = 0
    for x in Color:
        if x == c:
            total += x.value * 10
    if c != Color.BLUE:
        total += 1000
    return total + k, c.name

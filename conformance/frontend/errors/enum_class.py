# Enum classes (1.13 scripts them as prim::EnumValue / EnumName) are not supported yet: using one is
# a compile error that says so and points at the use.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Enum classes are not supported by tsjit yet (class 'Color' derives from Enum)
# CHECK: return Color.RED.value + x
class Color(Enum):
    RED = 1
    GREEN = 2

def f(x: int) -> int:
    return Color.RED.value + x

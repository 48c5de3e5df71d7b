# An attribute of an enum value other than .name / .value: 1.13's message and place.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'Enum<__torch__.Color>' object has no attribute or method 'foo'.
# CHECK: return c.foo
class Color(Enum):
    RED = 1

def f(c: Color) -> int:
    return c.foo

# A member the enum class does not define: 1.13's message (its stray quote included, checked on
# python3-torch 1.13.1) at the attribute access.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Enum<__torch__.Color>' has no attribute 'PURPLE'
# CHECK: return Color.PURPLE.value + x
# CHECK-NEXT: {{^ *}}^^^^^^^^^^^^
class Color(Enum):
    RED = 1
    GREEN = 2

def f(x: int) -> int:
    return Color.PURPLE.value + x

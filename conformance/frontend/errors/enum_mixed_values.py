# Members of one enum class must share a value type: 1.13's message (it reports no place; tsjit
# points at the first member of another type).
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Could not unify type list since element 1 of type str did not match the types before it (int)
# CHECK: B = "x"
class Mixed(Enum):
    A = 1
    B = "x"

def f(x: int) -> int:
    return Mixed.A.value + x

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: undefined value y
# CHECK: return y + x
# CHECK: ^
def f(x: int) -> int:
    return y + x

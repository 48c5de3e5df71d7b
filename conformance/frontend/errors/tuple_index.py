# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Tuple index out of range
def f(x: int) -> int:
    t = (1, 2)
    return t[5]

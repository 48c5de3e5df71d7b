# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: y is not defined in the false branch
def f(x: int) -> int:
    if x > 0:
        y = 1
    return y

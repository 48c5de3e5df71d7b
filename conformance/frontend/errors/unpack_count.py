# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: too many values to unpack
def f(x: int) -> int:
    a, b = (1, 2, 3)
    return a

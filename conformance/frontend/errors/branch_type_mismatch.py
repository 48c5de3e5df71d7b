# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Type mismatch: y is set to type int in the true branch and type str in the false branch
def f(x: int):
    if x > 0:
        y = 1
    else:
        y = "a"
    return y

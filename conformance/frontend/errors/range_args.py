# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: range: expected int arguments, got float
def f(x: float) -> int:
    for i in range(x):
        pass
    return 1

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: expected at most 1 argument(s) but received 2
def g(a: int) -> int:
    return a

def f(x: int) -> int:
    return g(x, x)

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: lambda expressions are not supported
def f(x: int) -> int:
    g = lambda y: y
    return 1

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: missing value for argument 'b'
def g(a: int, b: int) -> int:
    return a + b

def f(x: int) -> int:
    return g(x)

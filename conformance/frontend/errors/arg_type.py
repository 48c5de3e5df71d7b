# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Expected a value of type 'int' for argument 'a' but instead found type 'str'
def g(a: int) -> int:
    return a

def f(x: str) -> int:
    return g(x)

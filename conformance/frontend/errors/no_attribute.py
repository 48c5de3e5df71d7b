# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'int' object has no attribute or method 'foo'
def f(x: int) -> int:
    return x.foo

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'int' object is not iterable
def f(x: int) -> int:
    for i in x:
        pass
    return 1

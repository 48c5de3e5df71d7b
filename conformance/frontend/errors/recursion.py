# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: recursive function calls are not supported
def f(x: int) -> int:
    return f(x)

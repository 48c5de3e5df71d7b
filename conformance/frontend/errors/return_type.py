# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Return value was annotated as having type str but is actually of type int
def f(x: int) -> str:
    return x

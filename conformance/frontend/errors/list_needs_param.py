# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: requires type parameters
def f(x: List) -> int:
    return 1

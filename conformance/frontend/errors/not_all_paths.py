# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: does not return along all paths
def f(x: int) -> int:
    if x > 0:
        return 1
    else:
        x = 2

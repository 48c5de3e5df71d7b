# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'with' statements are not supported
def f(x: int) -> int:
    with x:
        pass
    return 1

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: nested function definitions are not supported
def f(x: int) -> int:
    def g():
        return 1
    return 1

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: variadic arguments (*args, **kwargs) are not supported
def f(*xs: int) -> int:
    return 1

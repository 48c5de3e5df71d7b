# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: exceptions must derive from BaseException
def f(x: int) -> int:
    raise x

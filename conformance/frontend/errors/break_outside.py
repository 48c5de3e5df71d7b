# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'break' outside loop
def f(x: int) -> int:
    break

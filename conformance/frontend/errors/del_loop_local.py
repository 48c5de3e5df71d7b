# 1.13 accepts `del name` only for a name the function's outermost block binds: deleting a name
# bound in a loop body is "undefined value t" at the del target (checked on python3-torch 1.13.1).
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: undefined value t
# CHECK: del t
# CHECK-NEXT: {{^ *\^$}}
def f(n: int) -> int:
    total = 0
    for k in range(n):
        t = k * 2
        total += t
        del t
    return total

# `break` in a loop over a tuple (unrolled at compile time) is a compile error, as in PyTorch 1.13.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Because we emit iteration over modulelists or tuples as unrolled loops, we do not support break or continue inside the body of these loops
def f(x: int, y: int) -> int:
    for v in (x, y):
        if v > 3:
            break
    return x

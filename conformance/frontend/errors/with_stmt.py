# A `with` item that is not an object: 1.13's message and place (checked on python3-torch 1.13.1).
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: With item expression must return an object
# CHECK: with x:
def f(x: int) -> int:
    with x:
        pass
    return 1

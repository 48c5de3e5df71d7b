# A `with` item whose class lacks __enter__ / __exit__: 1.13's message, at the callee.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Object returned by with item expression does not define __enter__ and __exit__ methods
# CHECK: with NoEnter():
# CHECK-NEXT: {{^ *}}^^^^^^^{{$}}
class NoEnter:
    def __init__(self):
        self.k = 1

def f(x: int) -> int:
    with NoEnter():
        x += 1
    return x

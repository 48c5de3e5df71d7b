# A NamedTuple constructor call without a field that has no default: 1.13's "Argument b not provided."
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Argument b not provided.
# CHECK: p = P(x)
class P(NamedTuple):
    a: int
    b: int

def f(x: int) -> int:
    p = P(x)
    return p.a

# Reading an attribute a user class does not have: 1.13's wording (its class name also carries the
# Python compilation unit's address, which tsjit has not).
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: '__torch__.A' object has no attribute or method 'missing'. Did you forget to initialize an attribute in __init__()?
# CHECK: return a.missing
class A:
    def __init__(self, n: int):
        self.n = n

def f(x: int) -> int:
    a = A(x)
    return a.missing

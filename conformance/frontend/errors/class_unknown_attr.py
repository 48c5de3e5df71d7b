# Assigning an attribute a user class's __init__ did not declare.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Tried to set nonexistent attribute: b. Did you forget to initialize it in __init__()?
# CHECK: self.b = x
class Box:
    def __init__(self, a: int):
        self.a = a

    def set(self, x: int):
        self.b = x

def f(x: int) -> int:
    b = Box(x)
    b.set(2)
    return b.a

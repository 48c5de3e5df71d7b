# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Variable 'y' is annotated with type str but is being assigned to a value of type int
def f(x: int) -> int:
    y: str = x
    return 1

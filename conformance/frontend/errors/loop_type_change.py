# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Variable 'y' previously had type int but is now being assigned to a value of type float
def f(x: int) -> int:
    y = 1
    for i in range(x):
        y = 2.5
    return 1

# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Could not cast value of type Tuple[int, int] to bool
def f(x: Tuple[int, int]) -> int:
    if x:
        return 1
    return 2

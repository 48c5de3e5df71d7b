# Two `for` clauses: PyTorch 1.13's parser reads a clause's iterable with the lowest precedence, so
# `[x + y for x in xs for y in xs]` is `[x + y for x in [xs for y in xs]]` and `y` is not defined
# where `x + y` is evaluated. The nested reading itself runs: run/list_comprehension.py.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: undefined value y
def f(xs: List[int]) -> List[int]:
    return [x + y for x in xs for y in xs]

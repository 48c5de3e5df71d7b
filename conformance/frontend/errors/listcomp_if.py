# A list comprehension with an `if` filter: PyTorch 1.13's parser reads `xs if x > 0` as a
# conditional expression and wants its `else`.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'if' clauses in list comprehensions are not supported in TorchScript
# CHECK: [x for x in xs if x > 0]
def f(xs: List[int]) -> List[int]:
    return [x for x in xs if x > 0]

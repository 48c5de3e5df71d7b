# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: keyword argument 'dimension' unknown
def f(x: Tensor) -> Tensor:
    return x.sum(dimension=1)

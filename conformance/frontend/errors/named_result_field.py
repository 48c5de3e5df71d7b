# The named results of torch.max(x, 1) are `values` and `indices`; any other name is an error with
# 1.13's wording.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'Tuple[Tensor, Tensor]' object has no attribute or method 'value'
# CHECK: return m.value
def f(x: Tensor) -> Tensor:
    m = torch.max(x, 1)
    return m.value

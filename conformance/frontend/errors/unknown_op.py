# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: unknown builtin op: aten::frobnicate
def f(x: Tensor) -> Tensor:
    return torch.frobnicate(x)

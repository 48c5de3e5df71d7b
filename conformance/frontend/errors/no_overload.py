# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Arguments for call are not valid
# CHECK: aten::add.Tensor
# CHECK: for argument 'other'
def f(x: Tensor) -> Tensor:
    return torch.add(x, "a")

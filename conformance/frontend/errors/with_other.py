# `with` works on torch.no_grad() and user classes; 1.13 also accepts torch.autocast, which tsjit
# does not compile yet: the item is an unknown builtin, an error at its place.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: unknown builtin op: aten::autocast
# CHECK: with torch.autocast("cpu"):
# CHECK-NEXT: {{^ *}}^^^^^^^^^^^^^^{{$}}
def f(x: Tensor) -> Tensor:
    with torch.autocast("cpu"):
        y = x + 1
    return y

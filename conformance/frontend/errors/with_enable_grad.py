# PyTorch 1.13 does not script `with torch.enable_grad():` ("Unknown builtin op: aten::enable_grad."
# at torch.enable_grad, checked on python3-torch 1.13.1); tsjit rejects it at the same place (its
# unknown-op wording is lower case).
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: unknown builtin op: aten::enable_grad
# CHECK: with torch.enable_grad():
# CHECK-NEXT: {{^ *}}^^^^^^^^^^^^^^^^^{{$}}
def f(x: Tensor) -> Tensor:
    with torch.enable_grad():
        y = x * 2
    return y

# Only grad-mode `with` blocks (torch.no_grad / torch.enable_grad) are supported; 1.13 also accepts
# torch.autocast and user context managers (prim::Enter / prim::Exit), which tsjit does not yet.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: 'with' statements are not supported (except `with torch.no_grad():`
# CHECK: with torch.autocast("cpu"):
def f(x: Tensor) -> Tensor:
    with torch.autocast("cpu"):
        y = x + 1
    return y

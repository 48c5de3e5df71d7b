# torch.jit.fork of something that is neither a TorchScript function, a method nor a builtin op: a
# compile error at the callee.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: torch.jit.fork: tsjit forks TorchScript functions, methods and builtin ops, not a value
# CHECK: torch.jit.fork(x, x)
# CHECK-NEXT: {{^ *\^+$}}
def f(x: Tensor) -> Tensor:
    fut = torch.jit.fork(x, x)
    return torch.jit.wait(fut)

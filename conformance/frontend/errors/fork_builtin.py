# torch.jit.fork of something that is not a TorchScript function of the file (1.13 also forks
# builtins such as torch.add; tsjit does not yet): a compile error at the callee.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: torch.jit.fork: tsjit forks only TorchScript functions (a def of this file)
# CHECK: torch.jit.fork(torch.add, x, x)
# CHECK-NEXT: {{^ *\^+$}}
def f(x: Tensor) -> Tensor:
    fut = torch.jit.fork(torch.add, x, x)
    return torch.jit.wait(fut)

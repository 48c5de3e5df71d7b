# A call to a @torch.jit.ignore function: 1.13 emits a prim::PythonOp that calls back into Python;
# tsjit has no Python interpreter, so the call is a compile error at the call.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: helper is marked @torch.jit.ignore: 1.13 calls it in Python (prim::PythonOp)
# CHECK: return helper(x) + 1
# CHECK-NEXT: {{^ *\^+$}}
@torch.jit.ignore
def helper(x: Tensor) -> Tensor:
    return x.numpy()

def f(x: Tensor) -> Tensor:
    return helper(x) + 1

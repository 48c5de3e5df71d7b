# @torch.jit.unused (and its deprecated spelling @torch.jit.ignore(drop=True)): only the signature is
# compiled, the body (which need not be TorchScript) becomes a raise; a call runs only where taken.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p-1"]},{"type":"bool","value":false}]' > %t.a.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p-1"]},{"type":"bool","value":true}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do not tsjit run %s --entry f --inputs %t.$i.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"data":["0x1.0000000000000p+1","0x1.8000000000000p+0"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:Error:RuntimeError:ThisPythonfunctionisannotatedtobeignoredandcannotberun
# CHECK-NEXT: [{"data":["0x1.0000000000000p+1","0x1.8000000000000p+0"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:Error:RuntimeError:ThisPythonfunctionisannotatedtobeignoredandcannotberun
@torch.jit.unused
def helper(x: Tensor, k: int) -> Tuple[Tensor, int]:
    import numpy
    return x * k, k

@torch.jit.ignore(drop=True)
def helper2(x):
    return x.numpy()

def f(x: Tensor, flag: bool) -> Tensor:
    y = x + 1
    if flag:
        a, b = helper(x, 2)
        y = a * b + helper2(x)
    return y

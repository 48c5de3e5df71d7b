# `with torch.no_grad():` around a `return`: the value returned from inside the block (the exit runs
# on that path; grad mode itself: run/with_no_grad.py).
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p+1"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"data":["0x1.0000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
def f(x: Tensor) -> Tensor:
    with torch.no_grad():
        y = x * 2
        if bool(y.sum() > 0):
            return y
    return -x

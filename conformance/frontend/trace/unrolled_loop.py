# `tsjit trace`: a loop over a Python range is unrolled, `x.size(0)` is a Python value frozen as a
# constant, the branch taken is the only one recorded; tensor types are complete; the traced run's
# outputs go to stderr with --outputs. The same trace on the reference engine.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1p+0","-0x1p-1"]}]' > %t.json
# RUN: tsjit trace %s --inputs %t.json | FileCheck %s
# RUN: tsjit trace %s --inputs %t.json --engine reference | FileCheck %s
# CHECK: graph(%x.1 : Float(2, strides=[1], requires_grad=0, device=cpu)):
# CHECK-NOT: prim::Loop
# CHECK-NOT: aten::size
# CHECK: aten::mul
# CHECK: aten::mul
# CHECK-NOT: aten::mul
# CHECK: aten::relu
# CHECK-NOT: aten::sigmoid
# CHECK: return
def f(x):
    for i in range(x.size(0)):
        x = x * 3.0
    if x.size(0) == 2:
        x = torch.relu(x)
    else:
        x = torch.sigmoid(x)
    return x

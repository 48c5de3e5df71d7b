# The dtypes a CPU kernel accepts apply to every overload that reaches that kernel, and only to those:
# out= variants (sqrt / floor / exp with out= on Half: "<kernel>" not implemented), round.decimals
# (decimals != 0 reaches round_cpu, decimals == 0 round_vml_cpu: each names its own kernel), Bool into
# floor / round, and the values where the dtype is accepted. Expected output recorded from PyTorch
# 1.13 (scripts/pt113_script_run.py), not from tsjit; compared exactly (class and message of errors).
# RUN: echo '[{"type":"Tensor","dtype":"float16","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":0}]' > %t.a.json
# RUN: echo '[{"type":"Tensor","dtype":"float16","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":1}]' > %t.b.json
# RUN: echo '[{"type":"Tensor","dtype":"float16","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":2}]' > %t.c.json
# RUN: echo '[{"type":"Tensor","dtype":"float16","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":4}]' > %t.d.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":0}]' > %t.e.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":2}]' > %t.f.json
# RUN: echo '[{"type":"Tensor","dtype":"bool","shape":[2],"strides":[1],"data":[true,false]},{"type":"int","value":1}]' > %t.g.json
# RUN: echo '[{"type":"Tensor","dtype":"bool","shape":[2],"strides":[1],"data":[true,false]},{"type":"int","value":5}]' > %t.h.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":5}]' > %t.i.json
# RUN: echo '[{"type":"Tensor","dtype":"float16","shape":[3],"strides":[1],"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p-1"]},{"type":"int","value":5}]' > %t.j.json
# RUN: for e in jit reference; do for i in a b c d e f g h i j; do tsjit run %s --inputs %t.$i.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: error:RuntimeError:"sqrt_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"floor_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"round_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"exp_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: [{"data":["0x1.0000000000000p+0","0x1.bb67ae0000000p+0","nan"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.3333340000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:RuntimeError:"floor_vml_cpu"notimplementedfor'Bool'
# CHECK-NEXT: error:RuntimeError:"round_vml_cpu"notimplementedfor'Bool'
# CHECK-NEXT: [{"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:RuntimeError:"round_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"sqrt_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"floor_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"round_cpu"notimplementedfor'Half'
# CHECK-NEXT: error:RuntimeError:"exp_vml_cpu"notimplementedfor'Half'
# CHECK-NEXT: [{"data":["0x1.0000000000000p+0","0x1.bb67ae0000000p+0","nan"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.3333340000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:RuntimeError:"floor_vml_cpu"notimplementedfor'Bool'
# CHECK-NEXT: error:RuntimeError:"round_vml_cpu"notimplementedfor'Bool'
# CHECK-NEXT: [{"data":["0x1.0000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:RuntimeError:"round_vml_cpu"notimplementedfor'Half'
def f(x: Tensor, k: int) -> Tensor:
    o = torch.zeros(x.shape, dtype=x.dtype)
    if k == 0:
        return torch.sqrt(x, out=o)
    if k == 1:
        return torch.floor(x, out=o)
    if k == 2:
        return torch.round(x, decimals=1)
    if k == 4:
        return torch.exp(x, out=o)
    return torch.round(x, decimals=0)

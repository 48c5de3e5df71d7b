# torch.norm with out= as PyTorch 1.13's torch.functional.norm: the default "fro" with out= takes
# the dim path (frobenius_norm over every dim into out), a float p calls aten::norm.out (with dtype:
# norm.dtype_out), "nuc" aten::nuclear_norm.out; the result and out (resized) hold the norm. 1.13's
# ValueError for dtype with "fro" and RuntimeError for an unknown string. Outputs recorded from
# 1.13 (scripts/pt113_script_run.py on python3-torch 1.13.1), floats within rtol = atol = 1e-6.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3,4],"data":["-0x1.dfd8960000000p+0","-0x1.fcc16e0000000p-1","0x1.6fdaf00000000p-1","-0x1.659bbe0000000p-1","-0x1.78b7d80000000p+0","0x1.6bee180000000p-3","0x1.74a70c0000000p+0","0x1.47d7200000000p-1","0x1.ef7eec0000000p+0","-0x1.23e12e0000000p+0","-0x1.5333760000000p-3","0x1.915b960000000p-2"]}]' > %t.json
# RUN: echo '[{"elem":"Tensor","items":[{"data":["0x1.f7413e0000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f7413e0000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.02eef20000000p+1","0x1.deb8fc0000000p+0","0x1.083e3c0000000p+1"],"dtype":"float32","shape":[3,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.02eef20000000p+1","0x1.deb8fc0000000p+0","0x1.083e3c0000000p+1"],"dtype":"float32","shape":[3,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.88f6f315f1ef7p+1","0x1.85d5b9a8dd1c8p+0","0x1.a1ba7a89e35c8p+0","0x1.068139565b6b4p+0"],"dtype":"float64","shape":[4],"strides":[1],"type":"Tensor"},{"data":["0x1.88f6f315f1ef7p+1","0x1.85d5b9a8dd1c8p+0","0x1.a1ba7a89e35c8p+0","0x1.068139565b6b4p+0"],"dtype":"float64","shape":[4],"strides":[1],"type":"Tensor"},{"data":["0x1.8fdaf60000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.8fdaf60000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f7413e0000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f7413e0000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f7413e0000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.2c51160000000p+1","0x1.1643da0000000p+1","0x1.24a6580000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.753b480000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.8fdaf60000000p+2"],"dtype":"float32","shape":[1,1],"strides":[1,1],"type":"Tensor"}],"type":"List"}]' > %t.expected.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | python3 %S/../../../scripts/allclose_json.py %t.expected.json; done | FileCheck %s
# CHECK: ok
# CHECK-NEXT: ok
# RUN: for e in jit reference; do for f in e1 e2; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: ValueError: dtype argument is not supported in frobenius norm
# ERR-NEXT: RuntimeError: only valid string values are 'fro' and 'nuc', found abc
# ERR-NEXT: ValueError: dtype argument is not supported in frobenius norm
# ERR-NEXT: RuntimeError: only valid string values are 'fro' and 'nuc', found abc
def f(x: Tensor) -> List[Tensor]:
    o1 = torch.empty([0])
    o2 = torch.empty([0])
    o3 = torch.empty([0], dtype=torch.float64)
    o4 = torch.empty([0])
    o5 = torch.empty([0])
    a = torch.norm(x, out=o1)
    b = torch.norm(x, 3.0, [1], True, out=o2)
    c = torch.norm(x, 2.0, [0], dtype=torch.float64, out=o3)
    d = torch.norm(x, "nuc", out=o4)
    e = torch.norm(x, "fro", [0, 1], out=o5)
    return [a, o1, b, o2, c, o3, d, o4, e, o5, torch.norm(x), torch.norm(x, dim=[1]), torch.norm(x, p=1.0), torch.norm(x, "nuc", [0, 1], True)]
def e1(x: Tensor) -> Tensor:
    return torch.norm(x, "fro", dtype=torch.float64, out=torch.empty([0]))
def e2(x: Tensor) -> Tensor:
    return torch.norm(x, "abc", out=torch.empty([0]))

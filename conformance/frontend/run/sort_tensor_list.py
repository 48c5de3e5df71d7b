# list.sort() / torch.sort of a Tensor list orders by bool(a < b) in both engines (the jit compares
# in the promoted dtype, the reference in double): one-element tensors only, equal elements in
# 1.13's order (reverse=True reverses them too). Recorded on python3-torch 1.13.1:
# [1.5, 1.0 (s + 0.25), 1 (k), 0.75, 0.75, 1]; a two-element tensor raises 1.13's error.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[],"data":["0x1.8000000000000p-1"]},{"type":"Tensor","dtype":"int64","shape":[],"data":[1]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e --entry f | tr -d ' \n' | sed 's/"dtype":"[a-z0-9]*",//g; s/"shape":\[\],"strides":\[\],//g'; echo; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["0x1.8000000000000p+0"],"type":"Tensor"},{"data":["0x1.0000000000000p+0"],"type":"Tensor"},{"data":[1],"type":"Tensor"},{"data":["0x1.8000000000000p-1"],"type":"Tensor"},{"data":["0x1.8000000000000p-1"],"type":"Tensor"},{"data":[1],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["0x1.8000000000000p+0"],"type":"Tensor"},{"data":["0x1.0000000000000p+0"],"type":"Tensor"},{"data":[1],"type":"Tensor"},{"data":["0x1.8000000000000p-1"],"type":"Tensor"},{"data":["0x1.8000000000000p-1"],"type":"Tensor"},{"data":[1],"type":"Tensor"}],"type":"List"}]
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"data":["0x1.0000000000000p+0","0x1.0000000000000p+1"]},{"type":"Tensor","dtype":"float32","shape":[],"data":["0x1.8000000000000p-1"]}]' > %t.two.json
# RUN: for e in jit reference; do not tsjit run %s --inputs %t.two.json --engine $e --entry g 2>&1; done | FileCheck %s --check-prefix=ERR
# ERR: Boolean value of Tensor with more than one value is ambiguous
# ERR: Boolean value of Tensor with more than one value is ambiguous
def f(s: Tensor, k: Tensor) -> List[Tensor]:
    l = [s * 2.0, s, k, s + 0.25]
    l.sort(reverse=True)
    m = [k, s]
    torch.sort(m)
    return l + m

def g(x: Tensor, s: Tensor) -> List[Tensor]:
    l = [s, x]
    l.sort()
    return l

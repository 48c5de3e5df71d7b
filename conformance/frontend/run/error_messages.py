# Error messages as python3-torch 1.13.1 words them (checked with torch.jit.script): a missing dict
# key is printed unquoted, permute with a repeated dim, a list or str slice with step 0, masked_fill_
# with a mask that does not broadcast to self (the broadcast's own message, or a larger shape).
# RUN: echo '[{"type":"Dict","key":"str","value":"int","items":[[{"type":"str","value":"a"},{"type":"int","value":1}]]}]' > %t.d.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3],"data":[1,2,3,4,5,6]}]' > %t.t.json
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":1}]},{"type":"int","value":0}]' > %t.l.json
# RUN: echo '[{"type":"str","value":"abc"},{"type":"int","value":0}]' > %t.s.json
# RUN: for e in jit reference; do not tsjit run %s --entry mf1 --inputs %t.t.json --engine $e 2>&1; not tsjit run %s --entry mf2 --inputs %t.t.json --engine $e 2>&1; done | FileCheck %s --check-prefix=MASK
# MASK: error: RuntimeError: output with shape [2, 3] doesn't match the broadcast shape [4, 2, 3]
# MASK-NEXT: error: RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1
# MASK-NEXT: error: RuntimeError: output with shape [2, 3] doesn't match the broadcast shape [4, 2, 3]
# MASK-NEXT: error: RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1
# RUN: for e in jit reference; do not tsjit run %s --entry key --inputs %t.d.json --engine $e 2>&1; not tsjit run %s --entry perm --inputs %t.t.json --engine $e 2>&1; not tsjit run %s --entry lslice --inputs %t.l.json --engine $e 2>&1; not tsjit run %s --entry sslice --inputs %t.s.json --engine $e 2>&1; done | FileCheck %s
# CHECK: error: RuntimeError: KeyError: b
# CHECK-NEXT: error: RuntimeError: permute(): duplicate dims are not allowed.
# CHECK-NEXT: error: RuntimeError: List slice should have non-zero step
# CHECK-NEXT: error: RuntimeError: List slice should have non-zero step
# CHECK-NEXT: error: RuntimeError: KeyError: b
# CHECK-NEXT: error: RuntimeError: permute(): duplicate dims are not allowed.
# CHECK-NEXT: error: RuntimeError: List slice should have non-zero step
# CHECK-NEXT: error: RuntimeError: List slice should have non-zero step
def key(d: Dict[str, int]) -> int:
    return d["b"]
def perm(x: Tensor) -> Tensor:
    return x.permute(0, 0)
def lslice(l: List[int], s: int) -> List[int]:
    return l[::s]
def sslice(s: str, k: int) -> str:
    return s[::k]
def mf1(x: Tensor) -> Tensor:
    return x.clone().masked_fill_(torch.ones(4, 2, 3) > 0, 1.0)
def mf2(x: Tensor) -> Tensor:
    return x.clone().masked_fill_(torch.ones(2, 2) > 0, 1.0)

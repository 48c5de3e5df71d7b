# torch._nested_tensor_from_mask_left_aligned (TransformerEncoder's check before its nested-tensor
# fast path): whether each row of the [N, L] bool mask is true then false, and its checks in 1.13's
# order; values and errors recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3,2],"data":[1,2,3,4,5,6,7,8,9,10,11,12]},{"type":"Tensor","dtype":"bool","shape":[2,3],"data":[true,true,false,true,false,false]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# CHECK-NEXT: [{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true}],"type":"List"}]
# RUN: for e in jit reference; do for f in e1 e2 e3 e4; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: Expected mask to be of ScalarType Bool, but got Long instead.
# ERR-NEXT: error: RuntimeError: Padding mask should be 2D
# ERR-NEXT: error: RuntimeError: Input should be a 3D tensor, N * L * D
# ERR-NEXT: error: RuntimeError: Mask size should match input size
# ERR-NEXT: error: RuntimeError: Expected mask to be of ScalarType Bool, but got Long instead.
# ERR-NEXT: error: RuntimeError: Padding mask should be 2D
# ERR-NEXT: error: RuntimeError: Input should be a 3D tensor, N * L * D
# ERR-NEXT: error: RuntimeError: Mask size should match input size
def f(t: Tensor, m: Tensor) -> List[bool]:
    out: List[bool] = []
    out.append(torch._nested_tensor_from_mask_left_aligned(t, m))
    out.append(torch._nested_tensor_from_mask_left_aligned(t, m.logical_not()))
    out.append(torch._nested_tensor_from_mask_left_aligned(t, torch.ones(2, 3, dtype=torch.bool)))
    out.append(torch._nested_tensor_from_mask_left_aligned(t, torch.zeros(2, 3, dtype=torch.bool)))
    return out

def e1(t: Tensor, m: Tensor) -> bool:
    return torch._nested_tensor_from_mask_left_aligned(t, m.long())
def e2(t: Tensor, m: Tensor) -> bool:
    return torch._nested_tensor_from_mask_left_aligned(t, m[0])
def e3(t: Tensor, m: Tensor) -> bool:
    return torch._nested_tensor_from_mask_left_aligned(t[0], m)
def e4(t: Tensor, m: Tensor) -> bool:
    return torch._nested_tensor_from_mask_left_aligned(t, m.t())

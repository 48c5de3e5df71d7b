# aten::_native_multi_head_attention's checks and mask rules in PyTorch 1.13's order (ranks, embed_dim,
# matching shapes, qkv_weight / qkv_bias sizes, heads dividing embed_dim; a 2-D mask must be [B, T];
# then mask_type must be given and not 0 on CPU, and the mask must match the scores' shape), on
# both engines; recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py). Values: the
# recorded corpus case mod_attention_fast_path.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3,4],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,1.9,2.0,2.1,2.2,2.3,2.4]},{"type":"Tensor","dtype":"float32","shape":[12,4],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,1.9,2.0,2.1,2.2,2.3,2.4,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,1.9,2.0,2.1,2.2,2.3,2.4]},{"type":"Tensor","dtype":"float32","shape":[12],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2]},{"type":"Tensor","dtype":"bool","shape":[2,3],"data":[false,false,true,false,true,true]}]' > %t.json
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s
# CHECK: error: RuntimeError: expected 3-D `query`, got 2-D tensor
# CHECK-NEXT: error: RuntimeError: passed-in embed_dim 5 didn't match last dim of query 4
# CHECK-NEXT: error: RuntimeError: expected `query`/`key`/`value` shapes to match
# CHECK-NEXT: error: RuntimeError: expected `qkv_weight` first dim to be 3x embed_dim
# CHECK-NEXT: error: RuntimeError: expected `qkv_bias` first dim and first dim of query to be equal
# CHECK-NEXT: error: RuntimeError: `embed_dim` must divide evenly by `num_heads`
# CHECK-NEXT: error: RuntimeError: src_mask not currently supported on CPU
# CHECK-NEXT: error: RuntimeError: Mask Type should be defined
# CHECK-NEXT: error: RuntimeError: Expected attn_mask->sizes()[1] == seq_len to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)
# CHECK-NEXT: error: RuntimeError: Mask shape should match input shape
# CHECK-NEXT: error: RuntimeError: Expected attn_mask->sizes()[0] == batch_size to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)
# CHECK-NEXT: error: RuntimeError: expected 3-D `query`, got 2-D tensor
# CHECK-NEXT: error: RuntimeError: passed-in embed_dim 5 didn't match last dim of query 4
# CHECK-NEXT: error: RuntimeError: expected `query`/`key`/`value` shapes to match
# CHECK-NEXT: error: RuntimeError: expected `qkv_weight` first dim to be 3x embed_dim
# CHECK-NEXT: error: RuntimeError: expected `qkv_bias` first dim and first dim of query to be equal
# CHECK-NEXT: error: RuntimeError: `embed_dim` must divide evenly by `num_heads`
# CHECK-NEXT: error: RuntimeError: src_mask not currently supported on CPU
# CHECK-NEXT: error: RuntimeError: Mask Type should be defined
# CHECK-NEXT: error: RuntimeError: Expected attn_mask->sizes()[1] == seq_len to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)
# CHECK-NEXT: error: RuntimeError: Mask shape should match input shape
# CHECK-NEXT: error: RuntimeError: Expected attn_mask->sizes()[0] == batch_size to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)
def e1(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x[0], x[0], x[0], 4, 2, w, b, w[:4], b[:4])[0]
def e2(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 5, 2, w, b, w[:4], b[:4])[0]
def e3(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x[:, :2], x[:, :2], 4, 2, w, b, w[:4], b[:4])[0]
def e4(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w[:8], b, w[:4], b[:4])[0]
def e5(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w, b[:8], w[:4], b[:4])[0]
def e6(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 3, w, b, w[:4], b[:4])[0]
def e7(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w, b, w[:4], b[:4], m, True, True, 0)[0]
def e8(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w, b, w[:4], b[:4], m)[0]
def e9(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w, b, w[:4], b[:4], m[:, :2], True, True, 1)[0]
def e10(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w, b, w[:4], b[:4], m[:1, None, :], True, True, 1)[0]
def e11(x: Tensor, w: Tensor, b: Tensor, m: Tensor) -> Tensor:
    return torch._native_multi_head_attention(x, x, x, 4, 2, w, b, w[:4], b[:4], m[:1], True, True, 1)[0]

# In-place variants both engines derive from the functional kernels (InplaceVariants.cpp): values,
# the result written into self (and returned), view ops that change self's shape (unsqueeze_,
# squeeze_, t_, transpose_), comparisons and logical ops written in self's dtype, and 1.13's errors
# (a result that cannot be cast to self's dtype, a broadcast shape other than self's, a dtype the
# kernel lacks). Recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3],"data":[0.5,-1.25,2.0,3.5,-0.75,1.0]},{"type":"Tensor","dtype":"int64","shape":[2,3],"data":[3,5,-6,7,12,9]},{"type":"Tensor","dtype":"bool","shape":[2,3],"data":[true,false,false,true,true,false]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"elem":"Tensor","items":[{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","nan","0x1.0000000000000p+0","0x1.0000000000000p+0","nan","0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x1.0000000000000p-2"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.d249240000000p-1","-0x1.e5b6dc0000000p+0","0x1.3333340000000p+2","0x1.5676280000000p+3","-0x1.22aaac0000000p+0","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":[1,1,2,1,8,1],"dtype":"int64","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x1.c000000000000p+0","-0x1.0800000000000p+1","0x0.0p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.c000000000000p+1","-0x1.8000000000000p-1","0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":[true,true,true,true,true,true],"dtype":"bool","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0a8c360000000p-1","0x1.0000000000000p-1","0x1.8742e80000000p-1","0x1.0000000000000p+0","0x1.0000000000000p-1","0x1.21b8260000000p-1"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"Tensor","items":[{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-1","-0x1.4000000000000p+0","-0x1.0000000000000p+1","-0x1.c000000000000p+1","-0x1.8000000000000p-1","-0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","nan","0x1.0000000000000p+0","0x1.0000000000000p+0","nan","0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x1.0000000000000p-2"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.d249240000000p-1","-0x1.e5b6dc0000000p+0","0x1.3333340000000p+2","0x1.5676280000000p+3","-0x1.22aaac0000000p+0","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":[1,1,2,1,8,1],"dtype":"int64","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x1.c000000000000p+0","-0x1.0800000000000p+1","0x0.0p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.c000000000000p+1","-0x1.8000000000000p-1","0x1.0000000000000p+0"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":[true,true,true,true,true,true],"dtype":"bool","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0a8c360000000p-1","0x1.0000000000000p-1","0x1.8742e80000000p-1","0x1.0000000000000p+0","0x1.0000000000000p-1","0x1.21b8260000000p-1"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# RUN: sed -n '/^# ERRORS$/,$p' %s | sed 's/^# //' | tail -n +2 > %t.err.py
# RUN: for e in jit reference; do for f in f g h; do not tsjit run %t.err.py --inputs %t.json --entry $f --engine $e 2>&1 | head -1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: error: RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]
# ERR-NEXT: error: RuntimeError: "bitwise_not_cpu" not implemented for 'Float'
# ERR-NEXT: error: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: error: RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]
# ERR-NEXT: error: RuntimeError: "bitwise_not_cpu" not implemented for 'Float'
def f(x: Tensor, n: Tensor, m: Tensor) -> Tuple[List[Tensor], List[List[int]]]:
    outs: List[Tensor] = []
    a = x.clone()
    outs.append(a.abs_())
    outs.append(a.neg_())
    outs.append(a.exp_())
    outs.append(a.log_())
    b = x.clone()
    b.sqrt_()
    b.floor_()
    outs.append(b)
    c = x.clone()
    c.fmod_(0.75)
    c.remainder_(0.5)
    outs.append(c)
    d = x.clone()
    d.addcmul_(x, x, value=0.5)
    d.addcdiv_(x, x + 3.0, value=2)
    d.lerp_(x * 2.0, 0.25) if False else d.mul_(1.0)
    outs.append(d)
    e = x.clone()
    e.eq_(x)
    e.lt_(0.5)
    outs.append(e)
    g = n.clone()
    g.bitwise_and_(6)
    g.bitwise_xor_(n)
    g.gcd_(n + 4)
    outs.append(g)
    h = x.clone()
    h.sin_()
    h.cos_()
    h.tan_()
    h.round_()
    h.trunc_()
    h.sign_()
    outs.append(h)
    k = x.clone()
    k.cumsum_(1)
    k.cumprod_(0)
    k.tril_()
    outs.append(k)
    t = x.clone()
    t.unsqueeze_(0)
    s1 = t.size()
    t.squeeze_()
    t.t_()
    t.transpose_(0, 1)
    outs.append(t)
    l = m.clone()
    l.logical_not_()
    l.logical_or_(m)
    outs.append(l)
    r = x.clone()
    r.hardswish_()
    r.relu6_()
    r.mish_()
    r.selu_()
    r.gelu_()
    r.hardsigmoid_()
    outs.append(r)
    q = x.clone()
    q.scatter_add_(0, torch.tensor([[0, 1, 0], [1, 0, 1]]), x)
    q.addmm_(x, x.t()[:3, :3].contiguous().t(), beta=0.5) if False else q.triu_(1)
    outs.append(q)
    return outs, [s1, t.size(), k.stride()]


# ERRORS
# def f(x: Tensor, n: Tensor, m: Tensor) -> Tensor:
#     return n.sqrt_()
# def g(x: Tensor, n: Tensor, m: Tensor) -> Tensor:
#     y = x[0].clone()
#     return y.add_(x)
# def h(x: Tensor, n: Tensor, m: Tensor) -> Tensor:
#     return x.bitwise_not_()

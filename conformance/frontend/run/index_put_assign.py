# Assignment through tensor indices, as 1.13's emitSubscriptAssign / emitAugAssignmentToSubscript:
# `y[mask] = s`, `y[i] = t`, `a[i, 1:] = s`, `a[1:, i] = t` emit aten::index_put_(view, indices, value,
# False) on the view the int/slice indices select (a scalar value becomes aten::tensor of the view's
# dtype and device); `b[i] += s` emits index, the in-place op on that copy, then index_put_; basic
# indices alone keep copy_ / the in-place op on the view. The write must reach the tensor (it was
# lost: index + copy_ on a temporary).
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3,4],"strides":[4,1],"data":["-0x1.4000000000000p+0","0x1.0000000000000p-1","-0x1.0000000000000p-1","0x1.4000000000000p+0","0x1.0000000000000p-2","-0x1.8000000000000p-1","0x1.0000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.8000000000000p-1","-0x1.0000000000000p-2","-0x1.4000000000000p+0"]},{"type":"Tensor","dtype":"int64","shape":[2],"strides":[1],"data":[0,2]},{"type":"Tensor","dtype":"float32","shape":[3],"strides":[1],"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.8000000000000p+1"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=GRAPH
# CHECK: [{"items":[{"data":["0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0","0x1.4000000000000p+1","0x1.0000000000000p-2","0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x1.8000000000000p+0","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.c000000000000p+2","0x1.0000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p-1","0x1.1000000000000p+2","-0x1.4000000000000p+0","0x0.0p+0","0x1.0000000000000p-1","0x1.8000000000000p+3","-0x1.4000000000000p+0","0x1.c000000000000p+2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-2","0x1.4000000000000p+4","0x1.0000000000000p+0","0x1.b800000000000p+4","0x1.0000000000000p-2","-0x1.8000000000000p-1","0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x1.6800000000000p+4","0x1.9000000000000p+3","0x1.0000000000000p-2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+0","0x1.0000000000000p-1","0x1.0000000000000p-1","0x1.0000000000000p-1","-0x1.0000000000000p+0","-0x1.8000000000000p-1","0x1.0000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.0000000000000p-1","0x1.0000000000000p-1","0x1.0000000000000p-1"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0","0x1.4000000000000p+1","0x1.0000000000000p-2","0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x1.8000000000000p+0","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.c000000000000p+2","0x1.0000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p-1","0x1.1000000000000p+2","-0x1.4000000000000p+0","0x0.0p+0","0x1.0000000000000p-1","0x1.8000000000000p+3","-0x1.4000000000000p+0","0x1.c000000000000p+2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p-2","0x1.4000000000000p+4","0x1.0000000000000p+0","0x1.b800000000000p+4","0x1.0000000000000p-2","-0x1.8000000000000p-1","0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x1.6800000000000p+4","0x1.9000000000000p+3","0x1.0000000000000p-2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+0","0x1.0000000000000p-1","0x1.0000000000000p-1","0x1.0000000000000p-1","-0x1.0000000000000p+0","-0x1.8000000000000p-1","0x1.0000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.0000000000000p-1","0x1.0000000000000p-1","0x1.0000000000000p-1"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"}],"type":"Tuple"}]
# GRAPH-COUNT-8: aten::index_put_(
# GRAPH-NOT: aten::index_put_(
def f(x: Tensor, i: Tensor, v: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    y = x.clone()
    y[y < 0] = 0.0
    y[i] = y[i] * 2.0
    a = x.clone()
    a[i, 1:] = 7
    a[1:, i] = v[:2]
    a[0] = 2
    a[:, 1] += 5.0
    b = x.clone()
    b[i] += 1.5
    b[i, 0] -= v[0]
    b[b > 1.0] *= 10.0
    c = x.clone()
    c[i] = v[0]
    c[..., 0] = -1.0
    return y, a, b, c

# F.huber_loss compiles to 1.13's library body (broadcast_tensors, then aten::huber_loss with the
# reduction's enum), and aten::huber_loss runs in both engines as 1.13's kernel: the output takes
# self's dtype after the broadcast (float32 input, float64 target: float32), |x - y| < delta ?
# (x - y)^2 / 2 : delta (|x - y| - delta / 2), mean / sum / none. Recorded on python3-torch 1.13.1
# (bit for bit); delta <= 0 and integer inputs raise 1.13's errors.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3],"data":[0,3,-1]},{"type":"Tensor","dtype":"float32","shape":[3],"data":[0.5,0,-1.2]},{"type":"Tensor","dtype":"float64","shape":[1],"data":[0.25]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e --entry f | tr -d ' \n' | sed 's/"strides":\[[0-9,]*\],//g'; echo; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["0x1.0369d00000000p-1"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.0000000000000p-3","0x1.6000000000000p+0","0x1.47ae1e0000000p-6"],"dtype":"float32","shape":[3],"type":"Tensor"},{"data":["0x1.528f5c0000000p+1"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.02aaaa0000000p+0"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.0000000000000p-5","0x1.2000000000000p+1","0x1.8000000000000p-1"],"dtype":"float64","shape":[3],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["0x1.0369d00000000p-1"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.0000000000000p-3","0x1.6000000000000p+0","0x1.47ae1e0000000p-6"],"dtype":"float32","shape":[3],"type":"Tensor"},{"data":["0x1.528f5c0000000p+1"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.02aaaa0000000p+0"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.0000000000000p-5","0x1.2000000000000p+1","0x1.8000000000000p-1"],"dtype":"float64","shape":[3],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for fn in zero_delta longs; do not tsjit run %s --inputs %t.json --engine $e --entry $fn 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: huber_loss does not support non-positive values for delta.
# ERR-NEXT: "huber_cpu" not implemented for 'Long'
# ERR-NEXT: huber_loss does not support non-positive values for delta.
# ERR-NEXT: "huber_cpu" not implemented for 'Long'
def f(x: Tensor, y: Tensor, d: Tensor) -> List[Tensor]:
    return [F.huber_loss(x, y, delta=0.5), F.huber_loss(x, y, reduction="none", delta=0.5), F.huber_loss(x, y, reduction="sum"),
            F.huber_loss(x, d), F.huber_loss(d, x, reduction="none")]

def zero_delta(x: Tensor, y: Tensor, d: Tensor) -> Tensor:
    return F.huber_loss(x, y, delta=0.0)

def longs(x: Tensor, y: Tensor, d: Tensor) -> Tensor:
    return F.huber_loss(x.long(), y.long())

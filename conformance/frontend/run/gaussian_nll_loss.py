# F.gaussian_nll_loss as 1.13's torch.nn.functional (homoscedastic var reshaped or broadcast, the
# clone + clamp_(min=eps) under torch.no_grad, full's constant, the three reductions, float64
# promotion) and its ValueErrors; expected outputs recorded on python3-torch 1.13.1 (bit for bit).
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3],"data":[0.5,-1.0,2.0,0.25,1.5,-0.5]},{"type":"Tensor","dtype":"float32","shape":[2,3],"data":[0.0,-0.5,1.0,1.0,1.0,0.0]},{"type":"Tensor","dtype":"float32","shape":[2,3],"data":[0.5,1.0,2.0,0.25,0.75,1e-8]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n' | sed 's/"strides":\[[0-9,]*\],//g'; echo; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["-0x1.8b90c00000000p-4","0x1.0000000000000p-3","0x1.3172180000000p-1","0x1.ba37a00000000p-2","0x1.75f9a00000000p-6","0x1.e841180000000p+16"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.a50d040000000p-1","0x1.a50d040000000p-1","0x1.9286820000000p+0","0x1.59cd760000000p+0","0x1.739aec0000000p-1","0x1.739aec0000000p-1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["-0x1.8b90c00000000p-4","-0x1.8b90c00000000p-4","0x1.4e8de80000000p-1","0x1.ba37a00000000p-3","-0x1.8b90c00000000p-4","-0x1.8b90c00000000p-4"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.4581720000000p+14"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.00d4a60000000p+0"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.49c4960000000p-4"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.e8422c0000000p+16"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.813efa0000000p+2"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.eea6e00000000p-2"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.a10f6135abf99p+17"],"dtype":"float64","shape":[],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["-0x1.8b90c00000000p-4","0x1.0000000000000p-3","0x1.3172180000000p-1","0x1.ba37a00000000p-2","0x1.75f9a00000000p-6","0x1.e841180000000p+16"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.a50d040000000p-1","0x1.a50d040000000p-1","0x1.9286820000000p+0","0x1.59cd760000000p+0","0x1.739aec0000000p-1","0x1.739aec0000000p-1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["-0x1.8b90c00000000p-4","-0x1.8b90c00000000p-4","0x1.4e8de80000000p-1","0x1.ba37a00000000p-3","-0x1.8b90c00000000p-4","-0x1.8b90c00000000p-4"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.4581720000000p+14"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.00d4a60000000p+0"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.49c4960000000p-4"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.e8422c0000000p+16"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.813efa0000000p+2"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.eea6e00000000p-2"],"dtype":"float32","shape":[],"type":"Tensor"},{"data":["0x1.a10f6135abf99p+17"],"dtype":"float64","shape":[],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for fn in e_size e_red e_neg; do not tsjit run %s --entry $fn --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: ValueError: var is of incorrect size
# ERR-NEXT: ValueError: avg is not valid
# ERR-NEXT: ValueError: var has negative entry/entries
# ERR-NEXT: ValueError: var is of incorrect size
# ERR-NEXT: ValueError: avg is not valid
# ERR-NEXT: ValueError: var has negative entry/entries
def f(x: Tensor, t: Tensor, v: Tensor) -> List[Tensor]:
    outs: List[Tensor] = []
    for red in ["none", "mean", "sum"]:
        outs.append(F.gaussian_nll_loss(x, t, v, reduction=red))
        outs.append(F.gaussian_nll_loss(x, t, v[:, 0], full=True, reduction=red))
        outs.append(F.gaussian_nll_loss(x, t, v[:, :1], eps=0.5, reduction=red))
    outs.append(F.gaussian_nll_loss(x.double(), t, v * 0.0))
    return outs

def e_size(x: Tensor, t: Tensor, v: Tensor) -> Tensor:
    return F.gaussian_nll_loss(x, t, v[:1])
def e_red(x: Tensor, t: Tensor, v: Tensor) -> Tensor:
    return F.gaussian_nll_loss(x, t, v, reduction="avg")
def e_neg(x: Tensor, t: Tensor, v: Tensor) -> Tensor:
    return F.gaussian_nll_loss(x, t, v - 1.0)

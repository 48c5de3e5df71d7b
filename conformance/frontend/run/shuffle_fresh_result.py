# pixel_shuffle / pixel_unshuffle with factor 1 and channel_shuffle with one channel per group return
# a new tensor in 1.13, so a later x.add_ does not reach them (the jit's trivial permutation had
# aliased x: `tsjit fuzz --target ops --seed 22`, case 730). Recorded on python3-torch 1.13.1.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[1,2,1,2],"data":["0x1p+0","0x1p+1","0x1.8p+1","0x1p+2"]}]' > %t.json
# RUN: for e in jit reference; do for f in f; do tsjit run %s --entry $f --inputs %t.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[1,2,1,2],"strides":[4,2,2,1],"type":"Tensor"}],"type":"List"}]
def f(x: Tensor) -> List[Tensor]:
    a = torch.channel_shuffle(x, 1)
    b = torch.pixel_shuffle(x, 1)
    c = torch.pixel_unshuffle(x, 1)
    d = torch.channel_shuffle(x, 2)
    x.add_(1.0)
    return [a, b, c, d, x]

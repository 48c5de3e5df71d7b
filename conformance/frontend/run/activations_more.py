# F.celu / softshrink / hardshrink / threshold / glu / one_hot call the aten ops as 1.13's
# torch.nn.functional does (kernels in each engine: ElementwiseSpecial.cpp); lambd is rounded to the
# input's dtype before comparing, BFloat16 glu rounds once; in-place celu / threshold; values and
# errors recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,4],"data":[-2.0,-0.3,0.0,0.4,1.5,3.0,"nan",-0.25]},{"type":"Tensor","dtype":"bfloat16","shape":[2,2],"data":[-2.0,0.4,1.5,-0.3]},{"type":"Tensor","dtype":"int64","shape":[3],"data":[0,-4,2]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["-0x1.f69f560000000p-2","-0x1.ce04540000000p-3","0x0.0p+0","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","-0x1.92e9a00000000p-3"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.8000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+0","0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+1","0x0.0p+0","0x0.0p+0","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","0x0.0p+0"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.c000000000000p+2","-0x1.c000000000000p+2","-0x1.c000000000000p+2","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","-0x1.c000000000000p+2"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+0","-0x1.6fd56e0000000p-3","nan","0x1.503f9a0000000p+0"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.f600000000000p-2","0x1.9a00000000000p-2","0x1.8000000000000p+0","-0x1.ce00000000000p-3"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.8000000000000p+0","0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+1","0x1.9a00000000000p-2","0x1.8000000000000p+0","0x0.0p+0"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.c000000000000p+2","0x1.9a00000000000p-2","0x1.8000000000000p+0","-0x1.c000000000000p+2"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.3200000000000p+0","0x1.4600000000000p-1"],"dtype":"bfloat16","shape":[2,1],"strides":[1,1],"type":"Tensor"},{"data":[-7,-7,2],"dtype":"int64","shape":[3],"strides":[1],"type":"Tensor"},{"data":[1,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,0,0,0],"dtype":"int64","shape":[3,9],"strides":[9,1],"type":"Tensor"},{"data":[1,0,0,0,0,0,0,0,0,1,0,0,1,0,0],"dtype":"int64","shape":[3,5],"strides":[5,1],"type":"Tensor"},{"data":["-0x1.bab5560000000p-1","-0x1.0966f40000000p-2","0x0.0p+0","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","-0x1.c504180000000p-3"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p+1","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["-0x1.f69f560000000p-2","-0x1.ce04540000000p-3","0x0.0p+0","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","-0x1.92e9a00000000p-3"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.8000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+0","0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+1","0x0.0p+0","0x0.0p+0","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","0x0.0p+0"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.c000000000000p+2","-0x1.c000000000000p+2","-0x1.c000000000000p+2","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","-0x1.c000000000000p+2"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+0","-0x1.6fd56e0000000p-3","nan","0x1.503f9a0000000p+0"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.f600000000000p-2","0x1.9a00000000000p-2","0x1.8000000000000p+0","-0x1.ce00000000000p-3"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.8000000000000p+0","0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.0000000000000p+1","0x1.9a00000000000p-2","0x1.8000000000000p+0","0x0.0p+0"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.c000000000000p+2","0x1.9a00000000000p-2","0x1.8000000000000p+0","-0x1.c000000000000p+2"],"dtype":"bfloat16","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":["-0x1.3200000000000p+0","0x1.4600000000000p-1"],"dtype":"bfloat16","shape":[2,1],"strides":[1,1],"type":"Tensor"},{"data":[-7,-7,2],"dtype":"int64","shape":[3],"strides":[1],"type":"Tensor"},{"data":[1,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,0,0,0],"dtype":"int64","shape":[3,9],"strides":[9,1],"type":"Tensor"},{"data":[1,0,0,0,0,0,0,0,0,1,0,0,1,0,0],"dtype":"int64","shape":[3,5],"strides":[5,1],"type":"Tensor"},{"data":["-0x1.bab5560000000p-1","-0x1.0966f40000000p-2","0x0.0p+0","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","-0x1.c504180000000p-3"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p+1","0x1.99999a0000000p-2","0x1.8000000000000p+0","0x1.8000000000000p+1","nan","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,4],"strides":[4,1],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for f in e1 e2 e3 e4; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: Halving dimension must be even, but dimension 0 is size 3
# ERR-NEXT: error: RuntimeError: one_hot is only applicable to index tensor.
# ERR-NEXT: error: RuntimeError: Class values must be smaller than num_classes.
# ERR-NEXT: error: RuntimeError: "softshrink_cpu" not implemented for 'Long'
# ERR-NEXT: error: RuntimeError: Halving dimension must be even, but dimension 0 is size 3
# ERR-NEXT: error: RuntimeError: one_hot is only applicable to index tensor.
# ERR-NEXT: error: RuntimeError: Class values must be smaller than num_classes.
# ERR-NEXT: error: RuntimeError: "softshrink_cpu" not implemented for 'Long'
def f(x: Tensor, b: Tensor, i: Tensor) -> List[Tensor]:
    outs: List[Tensor] = []
    for t in [x, b]:
        outs.append(F.celu(t, 0.5))
        outs.append(F.softshrink(t, 0.5))
        outs.append(F.hardshrink(t, 0.3))
        outs.append(F.threshold(t, 0.1, -7.0))
        outs.append(F.glu(t, -1))
    outs.append(F.threshold(i, 1.0, -7.0))
    outs.append(F.one_hot(i.abs(), 9))
    outs.append(F.one_hot(i.abs()))
    y = x.clone()
    outs.append(F.celu(y, 1.0, inplace=True))
    z = x.clone()
    outs.append(F.threshold(z, 0.0, 2.0, inplace=True))
    return outs

def e1(x: Tensor, b: Tensor, i: Tensor) -> Tensor:
    return F.glu(i.float(), 0)
def e2(x: Tensor, b: Tensor, i: Tensor) -> Tensor:
    return F.one_hot(x)
def e3(x: Tensor, b: Tensor, i: Tensor) -> Tensor:
    return F.one_hot(i.abs(), 2)
def e4(x: Tensor, b: Tensor, i: Tensor) -> Tensor:
    return F.softshrink(i, 0.5)

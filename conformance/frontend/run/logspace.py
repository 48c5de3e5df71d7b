# torch.logspace as PyTorch 1.13's CPU kernel computes it: start / end read as the dtype, a double
# step, the two halves counted from start and from end, pow in double converted to the dtype
# (integers truncated; uint8 wraps as x86 converts); one step is fill_(base ** start); Half has no
# kernel. Expected values recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"float","value":1.7}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e --entry f 2>&1 | tr -d ' \n'; echo; done | FileCheck %s
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e --entry h 2>&1 | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=ONE
# RUN: for e in jit reference; do not tsjit run %s --inputs %t.a.json --engine $e --entry g 2>&1; done | FileCheck %s --check-prefix=ERR
# CHECK: [{"items":[{"data":["0x1.4248f00000000p+0","0x1.95bb900000000p+0","0x1.fec9820000000p+0","0x1.41857e0000000p+1","0x1.94c5840000000p+1","0x1.fd93c20000000p+1","0x1.40c2840000000p+2"],"dtype":"float32","shape":[7],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p-2","0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+3","0x1.0000000000000p+4"],"dtype":"float32","shape":[7],"strides":[1],"type":"Tensor"},{"data":[1,5,31,177,1000],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":[1,10,100,232,16],"dtype":"uint8","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.1000000000000p+2","0x1.2000000000000p+3","0x1.3000000000000p+4","0x1.4000000000000p+5","0x1.5200000000000p+6","0x1.6600000000000p+7","0x1.7c00000000000p+8","0x1.9200000000000p+9"],"dtype":"bfloat16","shape":[9],"strides":[1],"type":"Tensor"},{"data":[50],"dtype":"int64","shape":[1],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.ae44ac409ea88p+0","0x1.6995628a859c9p+1","0x1.2fdcf53f3e6f3p+2"],"dtype":"float64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[0,0,0,1],"dtype":"int16","shape":[4],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.4248f00000000p+0","0x1.95bb900000000p+0","0x1.fec9820000000p+0","0x1.41857e0000000p+1","0x1.94c5840000000p+1","0x1.fd93c20000000p+1","0x1.40c2840000000p+2"],"dtype":"float32","shape":[7],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p-2","0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+3","0x1.0000000000000p+4"],"dtype":"float32","shape":[7],"strides":[1],"type":"Tensor"},{"data":[1,5,31,177,1000],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":[1,10,100,232,16],"dtype":"uint8","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.1000000000000p+2","0x1.2000000000000p+3","0x1.3000000000000p+4","0x1.4000000000000p+5","0x1.5200000000000p+6","0x1.6600000000000p+7","0x1.7c00000000000p+8","0x1.9200000000000p+9"],"dtype":"bfloat16","shape":[9],"strides":[1],"type":"Tensor"},{"data":[50],"dtype":"int64","shape":[1],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.ae44ac409ea88p+0","0x1.6995628a859c9p+1","0x1.2fdcf53f3e6f3p+2"],"dtype":"float64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[0,0,0,1],"dtype":"int16","shape":[4],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# ONE: [{"data":[10,10],"dtype":"int64","shape":[2],"strides":[1],"type":"Tensor"}]
# ONE-NEXT: [{"data":[10,10],"dtype":"int64","shape":[2],"strides":[1],"type":"Tensor"}]
# ERR: error: RuntimeError: "logspace_cpu" not implemented for 'Half'
# ERR: error: RuntimeError: "logspace_cpu" not implemented for 'Half'
def f(x: float) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    return (torch.logspace(0.1, 0.7, 7), torch.logspace(-2, 4, 7, base=2.0),
            torch.logspace(0.5, 3.7, 5, dtype=torch.int32), torch.logspace(0, 4, 5, dtype=torch.uint8),
            torch.logspace(0.3, 2.9, 9, dtype=torch.bfloat16), torch.logspace(x, 2.0, 1, dtype=torch.int64),
            torch.logspace(0.0, x, 4, 2.5, dtype=torch.float64), torch.logspace(-3, 0, 4, 3.0, dtype=torch.int16))


def g(x: float) -> Tensor:
    return torch.logspace(0, 1, 3, dtype=torch.float16)


def h(x: float) -> Tensor:
    return torch.logspace(x, 1, 2, dtype=torch.int64)

# Tensor cast methods as python3-torch 1.13.1 scripts them: x.half() / char() / byte() / short() / int() /
# double() are aten::to(x, dtype, False, False, None); x.bool() and x.bfloat16() are not methods there,
# and the cast methods take no arguments (1.13 fails an internal assert). Recorded with
# scripts/pt113_script_run.py.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[4],"data":[1.5,0,-2.25,300.75]}]' > %t.json
# RUN: for e in jit reference; do for f in c_half c_char c_byte c_short c_int c_double; do tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"data":["0x1.8000000000000p+0","0x0.0p+0","-0x1.2000000000000p+1","0x1.2cc0000000000p+8"],"dtype":"float16","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,-2,44],"dtype":"int8","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,254,44],"dtype":"uint8","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,-2,300],"dtype":"int16","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,-2,300],"dtype":"int32","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+0","0x0.0p+0","-0x1.2000000000000p+1","0x1.2cc0000000000p+8"],"dtype":"float64","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+0","0x0.0p+0","-0x1.2000000000000p+1","0x1.2cc0000000000p+8"],"dtype":"float16","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,-2,44],"dtype":"int8","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,254,44],"dtype":"uint8","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,-2,300],"dtype":"int16","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":[1,0,-2,300],"dtype":"int32","shape":[4],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+0","0x0.0p+0","-0x1.2000000000000p+1","0x1.2cc0000000000p+8"],"dtype":"float64","shape":[4],"strides":[1],"type":"Tensor"}]
# RUN: for f in c_bool c_bf16 c_args c_pos; do not tsjit run %s --entry $f --inputs %t.json > %t.$f.out 2>&1; head -1 %t.$f.out; done | FileCheck %s --check-prefix=CERR
# CERR: error: 'Tensor' object has no attribute or method 'bool'
# CERR-NEXT: error: 'Tensor' object has no attribute or method 'bfloat16'
# CERR-NEXT: args.size() == 0 && kwargs.size() == 0
# CERR-NEXT: args.size() == 0 && kwargs.size() == 0
def c_half(x: Tensor) -> Tensor:
    return x.half()
def c_char(x: Tensor) -> Tensor:
    return x.char()
def c_byte(x: Tensor) -> Tensor:
    return x.byte()
def c_short(x: Tensor) -> Tensor:
    return x.short()
def c_int(x: Tensor) -> Tensor:
    return x.int()
def c_double(x: Tensor) -> Tensor:
    return x.double()
def c_bool(x: Tensor) -> Tensor:
    return x.bool()
def c_bf16(x: Tensor) -> Tensor:
    return x.bfloat16()
def c_args(x: Tensor) -> Tensor:
    return x.half(memory_format=torch.contiguous_format)
def c_pos(x: Tensor) -> Tensor:
    return x.long(True)

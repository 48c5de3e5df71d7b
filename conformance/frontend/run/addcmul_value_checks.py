# addcmul / addcdiv read `value` with c10's checked conversion to the computation dtype (float for
# BFloat16), an empty input too: int32 with value=nan, int8 with 300, float32 with 1e39 raise
# "value cannot be converted ... without overflow"; an integral computation truncates 0.5 to 0.
# Recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[5],"data":["-0x1.8p+1","0x0p+0","0x1p+1","-0x1.4p+2","0x1.cp+2"]}]' > %t.json
# RUN: for e in jit reference; do for f in f; do tsjit run %s --entry $f --inputs %t.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":[15,0,10,45,105],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x0.0p+0","0x1.0000000000000p+2","0x1.e000000000000p+2","0x1.f800000000000p+4"],"dtype":"float32","shape":[5],"strides":[1],"type":"Tensor"},{"data":[-3,0,2,-5,7],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":[-30,0,-10,-80,-140],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.5000000000000p+3","0x0.0p+0","0x1.0000000000000p+3","0x1.0400000000000p+5","0x1.4200000000000p+6"],"dtype":"float32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["nan","nan","nan","nan","nan"],"dtype":"float32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.a72d8f32fd361p+132","0x0.0p+0","0x1.78287f49c4a1dp+131","0x1.25dfa371a19e6p+134","0x1.1fff01747a8bep+135"],"dtype":"float64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[24,0,14,70,154],"dtype":"uint8","shape":[5],"strides":[1],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":[15,0,10,45,105],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x0.0p+0","0x1.0000000000000p+2","0x1.e000000000000p+2","0x1.f800000000000p+4"],"dtype":"float32","shape":[5],"strides":[1],"type":"Tensor"},{"data":[-3,0,2,-5,7],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":[-30,0,-10,-80,-140],"dtype":"int32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.5000000000000p+3","0x0.0p+0","0x1.0000000000000p+3","0x1.0400000000000p+5","0x1.4200000000000p+6"],"dtype":"float32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["nan","nan","nan","nan","nan"],"dtype":"float32","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.a72d8f32fd361p+132","0x0.0p+0","0x1.78287f49c4a1dp+131","0x1.25dfa371a19e6p+134","0x1.1fff01747a8bep+135"],"dtype":"float64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[24,0,14,70,154],"dtype":"uint8","shape":[5],"strides":[1],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: value cannot be converted to type int without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int8_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int64_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int8_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int64_t without overflow
def f(x: Tensor) -> List[Tensor]:
    i = x.int()
    return [torch.addcmul(i, i, i, value=2), torch.addcmul(i, x, i, value=0.5), torch.addcmul(i, i, i, value=0.5), torch.addcmul(i, i, i, value=-3),
            torch.addcmul(x, i, i, value=1.5), torch.addcmul(i, x, x, value=float('nan')), torch.addcmul(x.double(), x, x, value=1e39),
            torch.addcmul(i.to(torch.uint8), i.to(torch.uint8), i.to(torch.uint8), value=3)]
def e1(x: Tensor) -> Tensor:
    i = x.int()
    return torch.addcmul(i, i, i, value=float('nan'))
def e2(x: Tensor) -> Tensor:
    return torch.addcmul(x, x, x, value=1e39)
def e3(x: Tensor) -> Tensor:
    return torch.addcdiv(x, x, x, value=1e39)
def e4(x: Tensor) -> Tensor:
    i = x.to(torch.int8)
    return torch.addcmul(i, i, i, value=300)
def e5(x: Tensor) -> Tensor:
    i = x[:0].int()
    return torch.addcmul(i, i, i, value=float('inf'))
def e6(x: Tensor) -> Tensor:
    b = x.to(torch.bfloat16)
    return torch.addcmul(b, b, b, value=1e39)
def e7(x: Tensor) -> Tensor:
    i = x.long()
    return i.addcmul_(i, i, value=1e30)

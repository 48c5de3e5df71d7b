# threshold reads threshold and value as self's dtype with c10's checked conversion (an empty
# input too): int64 2.5 compares as 2, -1.5 writes -1, uint8 -255 wraps to 1; NaN / 1e30 for int64,
# 300 for int8, 1e39 for float32 raise "value cannot be converted ... without overflow". In-place
# elementwise ops check the output shape before the result-dtype cast (TensorIterator's order):
# int64 a.add_(float [2, 5]) reports the shape. Recorded on python3-torch 1.13.1.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[5],"data":["-0x1.8p+1","0x0p+0","0x1p+1","0x1.4p+2","0x1.cp+2"]}]' > %t.json
# RUN: for e in jit reference; do for f in thr; do tsjit run %s --entry $f --inputs %t.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":[-1,-1,-1,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[9,9,9,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[253,3,2,5,7],"dtype":"uint8","shape":[5],"strides":[1],"type":"Tensor"},{"data":[7,0,2,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[9223372036854775807,9223372036854775807,2,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.78287f49c4a1dp+129","0x1.78287f49c4a1dp+129","0x1.0000000000000p+1","0x1.4000000000000p+2","0x1.c000000000000p+2"],"dtype":"float64","shape":[5],"strides":[1],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":[-1,-1,-1,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[9,9,9,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[253,3,2,5,7],"dtype":"uint8","shape":[5],"strides":[1],"type":"Tensor"},{"data":[7,0,2,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":[9223372036854775807,9223372036854775807,2,5,7],"dtype":"int64","shape":[5],"strides":[1],"type":"Tensor"},{"data":["0x1.78287f49c4a1dp+129","0x1.78287f49c4a1dp+129","0x1.0000000000000p+1","0x1.4000000000000p+2","0x1.c000000000000p+2"],"dtype":"float64","shape":[5],"strides":[1],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: value cannot be converted to type int8_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int64_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int64_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type uint8_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int16_t without overflow
# ERR-NEXT: error: RuntimeError: output with shape [5] doesn't match the broadcast shape [2, 5]
# ERR-NEXT: error: RuntimeError: output with shape [5] doesn't match the broadcast shape [5, 5]
# ERR-NEXT: error: RuntimeError: The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 0
# ERR-NEXT: error: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int8_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int64_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int64_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type float without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type uint8_t without overflow
# ERR-NEXT: error: RuntimeError: value cannot be converted to type int16_t without overflow
# ERR-NEXT: error: RuntimeError: output with shape [5] doesn't match the broadcast shape [2, 5]
# ERR-NEXT: error: RuntimeError: output with shape [5] doesn't match the broadcast shape [5, 5]
# ERR-NEXT: error: RuntimeError: The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 0
# ERR-NEXT: error: RuntimeError: result type Float can't be cast to the desired output type Long
def thr(x: Tensor) -> List[Tensor]:
    n = x.long()
    return [torch.threshold(n, 2.5, -1.5), torch.threshold(n, 2, 9.7), torch.threshold(n.to(torch.uint8), -255, 3), torch.threshold(n, -2.5, 7),
            torch.threshold(n, 1, 9223372036854775807), torch.threshold(x.double(), 1.0, 1e39)]
def e1(x: Tensor) -> Tensor:
    return torch.threshold(x.to(torch.int8), 300, 3)
def e2(x: Tensor) -> Tensor:
    return torch.threshold(x.long(), float('nan'), 3)
def e3(x: Tensor) -> Tensor:
    return torch.threshold(x[:0].long(), 1, 1e30)
def e4(x: Tensor) -> Tensor:
    return torch.threshold(x, 1.0, 1e39)
def e5(x: Tensor) -> Tensor:
    return torch.threshold(x.to(torch.uint8), -256, 3)
def e6(x: Tensor) -> Tensor:
    return torch.nn.functional.threshold(x.to(torch.int16), 1.0, -40000.0)
def e7(x: Tensor) -> Tensor:
    a = torch.zeros([5], dtype=torch.int64)
    return a.add_(torch.ones([2, 5]))
def e8(x: Tensor) -> Tensor:
    a = torch.zeros([5], dtype=torch.int32)
    return a.mul_(x.view(5, 1))
def e9(x: Tensor) -> Tensor:
    a = torch.zeros([5], dtype=torch.int64)
    return a.sub_(torch.ones([4]))
def e10(x: Tensor) -> Tensor:
    a = torch.zeros([5], dtype=torch.int64)
    return a.add_(x)

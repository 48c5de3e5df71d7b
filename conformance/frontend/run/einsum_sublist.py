# torch.einsum's sublist form (1.13's aten::einsum.sublist, varargs): operands interleaved with
# integer subscript lists (0-25 are 'A'-'Z', 26-51 'a'-'z'), an optional output list last; both
# engines rewrite it as the equation string. Values recorded on python3-torch 1.13.1 (x = arange(6)
# as 2x3, y = arange(12) as 3x4); output strides are not compared (1.13 returns einsum results as
# permuted views, e.g. (1, 4) for the second result; tsjit's einsum writes them contiguous, also
# for the string form). Errors: 1.13's messages for a lone operand and for a subscript out of range.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3],"data":[0,1,2,3,4,5]},{"type":"Tensor","dtype":"float32","shape":[3,4],"data":[0,1,2,3,4,5,6,7,8,9,10,11]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e --entry f | tr -d ' \n' | sed 's/"strides":\[[0-9,]*\],//g'; echo; done | FileCheck %s
# CHECK: [{"items":[{"data":["0x1.4000000000000p+4","0x1.7000000000000p+4","0x1.a000000000000p+4","0x1.d000000000000p+4","0x1.c000000000000p+5","0x1.1000000000000p+6","0x1.4000000000000p+6","0x1.7000000000000p+6"],"dtype":"float32","shape":[2,4],"type":"Tensor"},{"data":["0x1.4000000000000p+4","0x1.c000000000000p+5","0x1.7000000000000p+4","0x1.1000000000000p+6","0x1.a000000000000p+4","0x1.4000000000000p+6","0x1.d000000000000p+4","0x1.7000000000000p+6"],"dtype":"float32","shape":[4,2],"type":"Tensor"},{"data":["0x0.0p+0","0x1.8000000000000p+1","0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.0000000000000p+1","0x1.4000000000000p+2"],"dtype":"float32","shape":[3,2],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.4000000000000p+4","0x1.7000000000000p+4","0x1.a000000000000p+4","0x1.d000000000000p+4","0x1.c000000000000p+5","0x1.1000000000000p+6","0x1.4000000000000p+6","0x1.7000000000000p+6"],"dtype":"float32","shape":[2,4],"type":"Tensor"},{"data":["0x1.4000000000000p+4","0x1.c000000000000p+5","0x1.7000000000000p+4","0x1.1000000000000p+6","0x1.a000000000000p+4","0x1.4000000000000p+6","0x1.d000000000000p+4","0x1.7000000000000p+6"],"dtype":"float32","shape":[4,2],"type":"Tensor"},{"data":["0x0.0p+0","0x1.8000000000000p+1","0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.0000000000000p+1","0x1.4000000000000p+2"],"dtype":"float32","shape":[3,2],"type":"Tensor"}],"type":"Tuple"}]
# RUN: for e in jit reference; do for fn in lone out_of_range; do not tsjit run %s --inputs %t.json --engine $e --entry $fn 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list
# ERR-NEXT: einsum(): expected subscript 1 in argument 1 to be within the range [0, 52), but got 52
# ERR-NEXT: einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list
# ERR-NEXT: einsum(): expected subscript 1 in argument 1 to be within the range [0, 52), but got 52
def f(x: Tensor, y: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    return torch.einsum(x, [0, 1], y, [1, 2]), torch.einsum(x, [0, 1], y, [1, 2], [2, 0]), torch.einsum(x, [27, 26])

def lone(x: Tensor, y: Tensor) -> Tensor:
    return torch.einsum(x)

def out_of_range(x: Tensor, y: Tensor) -> Tensor:
    return torch.einsum(x, [0, 52])

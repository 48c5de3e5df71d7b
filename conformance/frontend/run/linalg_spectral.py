# Decompositions (LinalgSpectral.cpp in each engine) and the ops 1.13 states through them:
# svdvals, eigvalsh (L / U), qr / linalg.qr (reduced, complete, r; LAPACK's Householder signs),
# matrix_norm (fro, nuc, +-1, +-2, +-inf, dims, keepdim), linalg.norm (vector / matrix / str
# orders), matrix_rank (tol, hermitian, atol, rtol), pinverse / pinv; values scaled by 1000 and
# rounded (decompositions legitimately differ in the last bits), dtypes and strides recorded on
# python3-torch 1.13.1 (scripts/pt113_script_run.py), and 1.13's errors.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3,3],"data":[1,2,3,4,5,6,7,8,10]},{"type":"Tensor","dtype":"float32","shape":[3,2],"data":[0,1,2,3,4,5]},{"type":"Tensor","dtype":"float64","shape":[3,3],"data":[2,1,0,1,3,1,0,1,4]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# CHECK: [{"items":[{"elem":"Tensor","items":[{"data":["0x1.cda0000000000p+12","0x1.4b80000000000p+9"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"data":["0x1.1014000000000p+14","0x1.b580000000000p+9","0x1.8a00000000000p+7","0x1.27c0000000000p+12","0x1.7700000000000p+11","0x1.3d00000000000p+10"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.3d00000000000p+10","0x1.7700000000000p+11","0x1.27c0000000000p+12"],"dtype":"float64","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.0c00000000000p+6","0x1.f400000000000p+9","0x1.d2a8000000000p+13"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x0.0p+0","0x1.c880000000000p+9","-0x1.bf00000000000p+8","0x1.6d00000000000p+8","-0x1.bf00000000000p+9","-0x1.6e00000000000p+7"],"dtype":"float32","shape":[3,2],"strides":[1,3],"type":"Tensor"},{"data":["-0x1.1780000000000p+12","-0x1.6b60000000000p+12","0x0.0p+0","0x1.11c0000000000p+10"],"dtype":"float32","shape":[2,2],"strides":[1,2],"type":"Tensor"},{"data":["0x0.0p+0","0x1.c880000000000p+9","0x1.9800000000000p+8","-0x1.bf00000000000p+8","0x1.6d00000000000p+8","-0x1.9800000000000p+9","-0x1.bf00000000000p+9","-0x1.6e00000000000p+7","0x1.9800000000000p+8"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["-0x1.1780000000000p+12","-0x1.6b60000000000p+12","0x0.0p+0","0x1.11c0000000000p+10","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[3,2],"strides":[1,3],"type":"Tensor"},{"data":["0x0.0p+0","-0x1.f400000000000p+9","-0x1.f400000000000p+9","0x0.0p+0"],"dtype":"float32","shape":[2,2],"strides":[1,2],"type":"Tensor"},{"data":["-0x1.f400000000000p+9","-0x1.7700000000000p+11","-0x1.3880000000000p+12","0x0.0p+0","-0x1.f400000000000p+10","-0x1.f400000000000p+11"],"dtype":"float32","shape":[2,3],"strides":[1,2],"type":"Tensor"},{"data":[],"dtype":"float64","shape":[0],"strides":[1],"type":"Tensor"},{"data":["-0x1.1780000000000p+11","-0x1.1780000000000p+11","-0x1.bf00000000000p+8","0x0.0p+0","-0x1.3220000000000p+11","-0x1.3220000000000p+11","0x0.0p+0","0x0.0p+0","0x1.9ac0000000000p+11"],"dtype":"float64","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.cf80000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f720000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.cda0000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.4b80000000000p+9"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.2000000000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.8000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.2000000000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p+0"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.8000000000000p+2","0x1.8000000000000p+3","0x1.4000000000000p+4"],"dtype":"float32","shape":[1,3,1],"strides":[3,1,1],"type":"Tensor"},{"data":["0x1.4ac0000000000p+12","0x1.83d0000000000p+13","0x1.4280000000000p+14"],"dtype":"float32","shape":[1,3,1],"strides":[3,1,1],"type":"Tensor"},{"data":["0x1.1070000000000p+14"],"dtype":"float64","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.cf80000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f400000000000p+9"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f720000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.cda0000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p+0"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f400000000000p+9","0x1.c2c0000000000p+11","0x1.9030000000000p+12"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.2000000000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.1070000000000p+14","0x1.1070000000000p+14"],"dtype":"float32","shape":[2,1,1],"strides":[1,1,1],"type":"Tensor"},{"data":[3],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[1],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[3],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[1],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[1],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[3,0],"dtype":"int64","shape":[2],"strides":[1],"type":"Tensor"},{"data":["-0x1.0ec0000000000p+10","-0x1.4d00000000000p+8","0x1.a100000000000p+8","0x1.a080000000000p+9","0x1.4d00000000000p+8","-0x1.4e00000000000p+7"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.8000000000000p+2","0x1.a000000000000p+3","0x1.6000000000000p+4","0x1.c000000000000p+2","0x1.0000000000000p+4","0x1.b000000000000p+4","0x1.0000000000000p+3","0x1.4000000000000p+4","0x1.0800000000000p+5"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.3180000000000p+9","-0x1.bc00000000000p+7","0x1.c000000000000p+5","-0x1.bc00000000000p+7","0x1.bc00000000000p+8","-0x1.bc00000000000p+6","0x1.c000000000000p+5","-0x1.bc00000000000p+6","0x1.1600000000000p+8"],"dtype":"float64","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.8000000000000p+2","0x1.a000000000000p+3","0x1.6000000000000p+4","0x1.c000000000000p+2","0x1.0000000000000p+4","0x1.b000000000000p+4","0x1.0000000000000p+3","0x1.4000000000000p+4","0x1.0800000000000p+5"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0ec0000000000p+10","-0x1.4d00000000000p+8","0x1.a100000000000p+8","0x1.a080000000000p+9","0x1.4d00000000000p+8","-0x1.4e00000000000p+7","-0x1.0ec0000000000p+10","-0x1.4d00000000000p+8","0x1.a100000000000p+8","0x1.a080000000000p+9","0x1.4d00000000000p+8","-0x1.4e00000000000p+7"],"dtype":"float32","shape":[2,2,3],"strides":[6,3,1],"type":"Tensor"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":0}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"Tensor","items":[{"data":["0x1.cda0000000000p+12","0x1.4b80000000000p+9"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"data":["0x1.1014000000000p+14","0x1.b580000000000p+9","0x1.8a00000000000p+7","0x1.27c0000000000p+12","0x1.7700000000000p+11","0x1.3d00000000000p+10"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.3d00000000000p+10","0x1.7700000000000p+11","0x1.27c0000000000p+12"],"dtype":"float64","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.0c00000000000p+6","0x1.f400000000000p+9","0x1.d2a8000000000p+13"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x0.0p+0","0x1.c880000000000p+9","-0x1.bf00000000000p+8","0x1.6d00000000000p+8","-0x1.bf00000000000p+9","-0x1.6e00000000000p+7"],"dtype":"float32","shape":[3,2],"strides":[1,3],"type":"Tensor"},{"data":["-0x1.1780000000000p+12","-0x1.6b60000000000p+12","0x0.0p+0","0x1.11c0000000000p+10"],"dtype":"float32","shape":[2,2],"strides":[1,2],"type":"Tensor"},{"data":["0x0.0p+0","0x1.c880000000000p+9","0x1.9800000000000p+8","-0x1.bf00000000000p+8","0x1.6d00000000000p+8","-0x1.9800000000000p+9","-0x1.bf00000000000p+9","-0x1.6e00000000000p+7","0x1.9800000000000p+8"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["-0x1.1780000000000p+12","-0x1.6b60000000000p+12","0x0.0p+0","0x1.11c0000000000p+10","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[3,2],"strides":[1,3],"type":"Tensor"},{"data":["0x0.0p+0","-0x1.f400000000000p+9","-0x1.f400000000000p+9","0x0.0p+0"],"dtype":"float32","shape":[2,2],"strides":[1,2],"type":"Tensor"},{"data":["-0x1.f400000000000p+9","-0x1.7700000000000p+11","-0x1.3880000000000p+12","0x0.0p+0","-0x1.f400000000000p+10","-0x1.f400000000000p+11"],"dtype":"float32","shape":[2,3],"strides":[1,2],"type":"Tensor"},{"data":[],"dtype":"float64","shape":[0],"strides":[1],"type":"Tensor"},{"data":["-0x1.1780000000000p+11","-0x1.1780000000000p+11","-0x1.bf00000000000p+8","0x0.0p+0","-0x1.3220000000000p+11","-0x1.3220000000000p+11","0x0.0p+0","0x0.0p+0","0x1.9ac0000000000p+11"],"dtype":"float64","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.cf80000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f720000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.cda0000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.4b80000000000p+9"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.2000000000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.8000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.2000000000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p+0"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.8000000000000p+2","0x1.8000000000000p+3","0x1.4000000000000p+4"],"dtype":"float32","shape":[1,3,1],"strides":[3,1,1],"type":"Tensor"},{"data":["0x1.4ac0000000000p+12","0x1.83d0000000000p+13","0x1.4280000000000p+14"],"dtype":"float32","shape":[1,3,1],"strides":[3,1,1],"type":"Tensor"},{"data":["0x1.1070000000000p+14"],"dtype":"float64","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.cf80000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f400000000000p+9"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f720000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.cda0000000000p+12"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p+0"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f400000000000p+9","0x1.c2c0000000000p+11","0x1.9030000000000p+12"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.2000000000000p+3"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.1070000000000p+14","0x1.1070000000000p+14"],"dtype":"float32","shape":[2,1,1],"strides":[1,1,1],"type":"Tensor"},{"data":[3],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[1],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[3],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[1],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[1],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":[3,0],"dtype":"int64","shape":[2],"strides":[1],"type":"Tensor"},{"data":["-0x1.0ec0000000000p+10","-0x1.4d00000000000p+8","0x1.a100000000000p+8","0x1.a080000000000p+9","0x1.4d00000000000p+8","-0x1.4e00000000000p+7"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.8000000000000p+2","0x1.a000000000000p+3","0x1.6000000000000p+4","0x1.c000000000000p+2","0x1.0000000000000p+4","0x1.b000000000000p+4","0x1.0000000000000p+3","0x1.4000000000000p+4","0x1.0800000000000p+5"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.3180000000000p+9","-0x1.bc00000000000p+7","0x1.c000000000000p+5","-0x1.bc00000000000p+7","0x1.bc00000000000p+8","-0x1.bc00000000000p+6","0x1.c000000000000p+5","-0x1.bc00000000000p+6","0x1.1600000000000p+8"],"dtype":"float64","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.8000000000000p+2","0x1.a000000000000p+3","0x1.6000000000000p+4","0x1.c000000000000p+2","0x1.0000000000000p+4","0x1.b000000000000p+4","0x1.0000000000000p+3","0x1.4000000000000p+4","0x1.0800000000000p+5"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.0ec0000000000p+10","-0x1.4d00000000000p+8","0x1.a100000000000p+8","0x1.a080000000000p+9","0x1.4d00000000000p+8","-0x1.4e00000000000p+7","-0x1.0ec0000000000p+10","-0x1.4d00000000000p+8","0x1.a100000000000p+8","0x1.a080000000000p+9","0x1.4d00000000000p+8","-0x1.4e00000000000p+7"],"dtype":"float32","shape":[2,2,3],"strides":[6,3,1],"type":"Tensor"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":0}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# ERR: error: RuntimeError: linalg.svd: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values.
# ERR-NEXT: error: RuntimeError: Expected UPLO argument to be 'L' or 'U', but got X
# ERR-NEXT: error: RuntimeError: qr received unrecognized mode 'foo' but expected one of 'reduced' (default), 'r', or 'complete'
# ERR-NEXT: error: RuntimeError: "geqrf_cpu" not implemented for 'Half'
# ERR-NEXT: error: RuntimeError: linalg.matrix_norm: Order 3 not supported.
# ERR-NEXT: error: RuntimeError: linalg.matrix_norm: dims must be different. Got (0, 0)
# ERR-NEXT: error: RuntimeError: linalg.matrix_norm: Low precision dtypes not supported. Got Half
# ERR-NEXT: error: RuntimeError: linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got 3D.
# ERR-NEXT: error: RuntimeError: This function doesn't handle types other than float and double
# ERR-NEXT: error: RuntimeError: linalg.pinv(Long{[3, 3]}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-1, 0], but got -2)
# ERR-NEXT: error: RuntimeError: linalg.svd: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values.
# ERR-NEXT: error: RuntimeError: Expected UPLO argument to be 'L' or 'U', but got X
# ERR-NEXT: error: RuntimeError: qr received unrecognized mode 'foo' but expected one of 'reduced' (default), 'r', or 'complete'
# ERR-NEXT: error: RuntimeError: "geqrf_cpu" not implemented for 'Half'
# ERR-NEXT: error: RuntimeError: linalg.matrix_norm: Order 3 not supported.
# ERR-NEXT: error: RuntimeError: linalg.matrix_norm: dims must be different. Got (0, 0)
# ERR-NEXT: error: RuntimeError: linalg.matrix_norm: Low precision dtypes not supported. Got Half
# ERR-NEXT: error: RuntimeError: linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got 3D.
# ERR-NEXT: error: RuntimeError: This function doesn't handle types other than float and double
# ERR-NEXT: error: RuntimeError: linalg.pinv(Long{[3, 3]}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-1, 0], but got -2)
def r(x: Tensor) -> Tensor:
    return torch.round(x * 1000.0)

def f(a: Tensor, b: Tensor, s: Tensor) -> Tuple[List[Tensor], List[List[int]]]:
    outs: List[Tensor] = []
    outs.append(r(torch.linalg.svdvals(b)))
    outs.append(r(torch.linalg.svdvals(torch.stack([a, s.float()]))))
    outs.append(r(torch.linalg.eigvalsh(s)))
    outs.append(r(torch.linalg.eigvalsh(a, "U")))
    q = torch.linalg.qr(b)
    outs.append(r(q.Q))
    outs.append(r(q.R))
    q2 = torch.linalg.qr(b, "complete")
    outs.append(r(q2[0]))
    outs.append(r(q2[1]))
    q3 = torch.qr(b.t())
    outs.append(r(q3[0]))
    outs.append(r(q3[1]))
    q4 = torch.linalg.qr(s, mode="r")
    outs.append(q4[0])
    outs.append(r(q4[1]))
    outs.append(r(torch.linalg.matrix_norm(b)))
    outs.append(r(torch.linalg.matrix_norm(b, "nuc")))
    outs.append(r(torch.linalg.matrix_norm(b, 2)))
    outs.append(r(torch.linalg.matrix_norm(b, -2)))
    outs.append(torch.linalg.matrix_norm(b, 1))
    outs.append(torch.linalg.matrix_norm(b, -1))
    outs.append(torch.linalg.matrix_norm(b, float('inf')))
    outs.append(torch.linalg.matrix_norm(b, -float('inf')))
    outs.append(torch.linalg.matrix_norm(torch.stack([a, a]), 1, dim=(0, 2), keepdim=True))
    outs.append(r(torch.linalg.matrix_norm(torch.stack([a, a]), 2, dim=(2, 0), keepdim=True)))
    outs.append(r(torch.linalg.matrix_norm(a, dtype=torch.float64)))
    outs.append(r(torch.linalg.norm(b)))
    outs.append(r(torch.linalg.norm(b[0])))
    outs.append(r(torch.linalg.norm(b, "nuc")))
    outs.append(r(torch.linalg.norm(b, 2)))
    outs.append(torch.linalg.norm(b[0], 1))
    outs.append(r(torch.linalg.norm(b, dim=1)))
    outs.append(torch.linalg.norm(b, 1, dim=(0, 1)))
    outs.append(r(torch.linalg.norm(torch.stack([a, a]), dim=(1, 2), keepdim=True)))
    outs.append(torch.linalg.matrix_rank(a))
    outs.append(torch.linalg.matrix_rank(a, 2.0))
    outs.append(torch.linalg.matrix_rank(s, hermitian=True))
    outs.append(torch.linalg.matrix_rank(a, atol=1.5))
    outs.append(torch.linalg.matrix_rank(a, rtol=0.5))
    outs.append(torch.linalg.matrix_rank(torch.stack([a, a * 0.0])))
    outs.append(r(torch.pinverse(b)))
    outs.append(r(torch.pinverse(a, 0.5)))
    outs.append(r(torch.linalg.pinv(s, hermitian=True)))
    outs.append(r(torch.linalg.pinv(a, atol=1.5)))
    outs.append(r(torch.linalg.pinv(torch.stack([b, b]))))
    return outs, [outs[4].stride(), outs[6].stride(), outs[10].size(), outs[21].stride(), outs[38].stride()]

def e1(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.svdvals(a.long())
def e2(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.svdvals(a * float("nan"))
def e3(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.eigvalsh(a.long(), "X")
def e4(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.qr(a, "foo")[0]
def e5(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.qr(a.half())[0]
def e6(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.matrix_norm(a, 3)
def e7(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.matrix_norm(a, dim=(0, 0))
def e8(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.matrix_norm(a.half(), -2)
def e9(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.norm(a.unsqueeze(0), "fro")
def e10(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.matrix_rank(a.long())
def e11(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.pinverse(a.long())
def e12(a: Tensor, b: Tensor, s: Tensor) -> Tensor:
    return torch.linalg.pinv(a[0], atol=1.0)

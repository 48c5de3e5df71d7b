# LU / Cholesky solvers (LinalgSolve.cpp in each engine): slogdet (sign, logabsdet) / logdet (NaN
# for a negative determinant), linalg.solve (matrix and vector right-hand sides, batches,
# left=False), inv_ex, cholesky (lower / upper, batched), matrix_power (0, 1, negative, binary
# powers), solve_triangular / triangular_solve, matrix_exp (a transposed input keeps its layout),
# cholesky_solve / cholesky_inverse; values scaled by 1000 and rounded (decompositions
# legitimately differ in the last bits), dtypes and strides (LAPACK's column-major results)
# recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py), and 1.13's errors.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3,3],"data":[1,2,3,4,5,6,7,8,10]},{"type":"Tensor","dtype":"float32","shape":[3,3],"data":[4,1,1,1,3,0.5,1,0.5,5]},{"type":"Tensor","dtype":"float64","shape":[3,3],"data":[2,1,1,0.5,3,1,0.25,2,4]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 e15; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# CHECK: [{"items":[{"elem":"Tensor","items":[{"data":["-0x1.0000000000000p+0"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.12c0000000000p+10"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["-0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.12c0000000000p+10","0x1.12c0000000000p+10","0x1.ede0000000000p+11"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["nan","0x1.ede0000000000p+11","nan"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["-0x1.7700000000000p+11","-0x1.0470000000000p+12","0x1.ca60000000000p+11","-0x1.f400000000000p+9","0x1.23a8000000000p+13","-0x1.1408000000000p+13","0x1.7700000000000p+11","-0x1.1940000000000p+12","0x1.3880000000000p+12"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["-0x1.7700000000000p+11","-0x1.f400000000000p+9","0x1.7700000000000p+11"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["-0x1.7700000000000p+11","-0x1.f400000000000p+9","0x1.7700000000000p+11","0x1.f400000000000p+9","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[2,3],"strides":[1,2],"type":"Tensor"},{"data":["-0x1.23a0000000000p+11","-0x1.ca60000000000p+11","0x1.7700000000000p+11","-0x1.0ee0000000000p+11","0x1.0ed8000000000p+13","-0x1.1940000000000p+12"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.4d80000000000p+9","-0x1.4d40000000000p+10","0x1.f400000000000p+9","-0x1.4d80000000000p+9","0x1.ca60000000000p+11","-0x1.f400000000000p+10","0x1.f400000000000p+9","-0x1.f400000000000p+10","0x1.f400000000000p+9"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":[0],"dtype":"int32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f400000000000p+10","0x0.0p+0","0x0.0p+0","0x1.f400000000000p+8","0x1.9e80000000000p+10","0x0.0p+0","0x1.f400000000000p+8","0x1.2e00000000000p+7","0x1.0fc0000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.f400000000000p+10","0x1.f400000000000p+8","0x1.f400000000000p+8","0x0.0p+0","0x1.9e80000000000p+10","0x1.2e00000000000p+7","0x0.0p+0","0x0.0p+0","0x1.0fc0000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.f400000000000p+10","0x0.0p+0","0x0.0p+0","0x1.f400000000000p+8","0x1.9e80000000000p+10","0x0.0p+0","0x1.f400000000000p+8","0x1.2e00000000000p+7","0x1.0fc0000000000p+11","0x1.6180000000000p+11","0x0.0p+0","0x0.0p+0","0x1.6180000000000p+9","0x1.2520000000000p+11","0x0.0p+0","0x1.6180000000000p+9","0x1.aa00000000000p+7","0x1.8060000000000p+11"],"dtype":"float32","shape":[2,3,3],"strides":[9,1,3],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+0"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+1","0x1.4000000000000p+2","0x1.0000000000000p+3","0x1.8000000000000p+1","0x1.8000000000000p+2","0x1.4000000000000p+3"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.4d80000000000p+9","-0x1.4d40000000000p+10","0x1.f400000000000p+9","-0x1.4d80000000000p+9","0x1.ca60000000000p+11","-0x1.f400000000000p+10","0x1.f400000000000p+9","-0x1.f400000000000p+10","0x1.f400000000000p+9"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.0af1000000000p+17","0x1.472a000000000p+17","0x1.9c0c800000000p+17","0x1.2cee800000000p+18","0x1.70d2400000000p+18","0x1.d083800000000p+18","0x1.f236400000000p+18","0x1.314dc00000000p+19","0x1.8084200000000p+19"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":[16,203,203,0,219,203,0,406,422],"dtype":"int64","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.7700000000000p+9","-0x1.4d00000000000p+8","-0x1.0f00000000000p+9","0x1.f400000000000p+7","0x1.ca80000000000p+9","0x1.4d00000000000p+8","0x1.f400000000000p+7","0x1.f400000000000p+7","0x1.f400000000000p+9"],"dtype":"float64","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.b580000000000p+9","0x1.2c00000000000p+8","0x1.9000000000000p+7","-0x1.5000000000000p+4","0x1.eb80000000000p+9","0x1.9000000000000p+6"],"dtype":"float32","shape":[2,3],"strides":[1,2],"type":"Tensor"},{"data":["0x1.7700000000000p+10","-0x1.f400000000000p+10","0x0.0p+0","0x1.f400000000000p+7","0x1.f400000000000p+9","-0x1.7700000000000p+11","0x1.f400000000000p+7","0x1.f400000000000p+10","0x1.f400000000000p+11"],"dtype":"float64","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.8880000000000p+11","-0x1.6580000000000p+10","0x1.2c00000000000p+8","0x1.4000000000000p+5","0x1.0400000000000p+9","-0x1.5e00000000000p+9","0x1.9000000000000p+6","0x1.9000000000000p+5","0x1.f400000000000p+8"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+3","0x1.4000000000000p+3"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.5940000000000p+10","0x1.0e80000000000p+9","0x1.6c00000000000p+9","0x1.0080000000000p+10","0x1.1b80000000000p+11","0x1.87c0000000000p+10","0x1.b1c0000000000p+10","0x1.02c0000000000p+11","0x1.c220000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.5940000000000p+10","0x1.0080000000000p+10","0x1.b1c0000000000p+10","0x1.0e80000000000p+9","0x1.1b80000000000p+11","0x1.02c0000000000p+11","0x1.6c00000000000p+9","0x1.87c0000000000p+10","0x1.c220000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.f400000000000p+9","0x0.0p+0","0x0.0p+0","0x1.f400000000000p+9","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[3,2],"strides":[1,3],"type":"Tensor"},{"data":["0x1.1c00000000000p+8","-0x1.5c00000000000p+6","-0x1.8000000000000p+5","-0x1.5c00000000000p+6","0x1.6d00000000000p+8","-0x1.3000000000000p+4","-0x1.8000000000000p+5","-0x1.3000000000000p+4","0x1.a800000000000p+7"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"Tensor","items":[{"data":["-0x1.0000000000000p+0"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.12c0000000000p+10"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["-0x1.0000000000000p+0","0x1.0000000000000p+0","0x1.0000000000000p+0"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.12c0000000000p+10","0x1.12c0000000000p+10","0x1.ede0000000000p+11"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["nan","0x1.ede0000000000p+11","nan"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["-0x1.7700000000000p+11","-0x1.0470000000000p+12","0x1.ca60000000000p+11","-0x1.f400000000000p+9","0x1.23a8000000000p+13","-0x1.1408000000000p+13","0x1.7700000000000p+11","-0x1.1940000000000p+12","0x1.3880000000000p+12"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["-0x1.7700000000000p+11","-0x1.f400000000000p+9","0x1.7700000000000p+11"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["-0x1.7700000000000p+11","-0x1.f400000000000p+9","0x1.7700000000000p+11","0x1.f400000000000p+9","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[2,3],"strides":[1,2],"type":"Tensor"},{"data":["-0x1.23a0000000000p+11","-0x1.ca60000000000p+11","0x1.7700000000000p+11","-0x1.0ee0000000000p+11","0x1.0ed8000000000p+13","-0x1.1940000000000p+12"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.4d80000000000p+9","-0x1.4d40000000000p+10","0x1.f400000000000p+9","-0x1.4d80000000000p+9","0x1.ca60000000000p+11","-0x1.f400000000000p+10","0x1.f400000000000p+9","-0x1.f400000000000p+10","0x1.f400000000000p+9"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":[0],"dtype":"int32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.f400000000000p+10","0x0.0p+0","0x0.0p+0","0x1.f400000000000p+8","0x1.9e80000000000p+10","0x0.0p+0","0x1.f400000000000p+8","0x1.2e00000000000p+7","0x1.0fc0000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.f400000000000p+10","0x1.f400000000000p+8","0x1.f400000000000p+8","0x0.0p+0","0x1.9e80000000000p+10","0x1.2e00000000000p+7","0x0.0p+0","0x0.0p+0","0x1.0fc0000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.f400000000000p+10","0x0.0p+0","0x0.0p+0","0x1.f400000000000p+8","0x1.9e80000000000p+10","0x0.0p+0","0x1.f400000000000p+8","0x1.2e00000000000p+7","0x1.0fc0000000000p+11","0x1.6180000000000p+11","0x0.0p+0","0x0.0p+0","0x1.6180000000000p+9","0x1.2520000000000p+11","0x0.0p+0","0x1.6180000000000p+9","0x1.aa00000000000p+7","0x1.8060000000000p+11"],"dtype":"float32","shape":[2,3,3],"strides":[9,1,3],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+0"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+1","0x1.4000000000000p+2","0x1.0000000000000p+3","0x1.8000000000000p+1","0x1.8000000000000p+2","0x1.4000000000000p+3"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["-0x1.4d80000000000p+9","-0x1.4d40000000000p+10","0x1.f400000000000p+9","-0x1.4d80000000000p+9","0x1.ca60000000000p+11","-0x1.f400000000000p+10","0x1.f400000000000p+9","-0x1.f400000000000p+10","0x1.f400000000000p+9"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.0af1000000000p+17","0x1.472a000000000p+17","0x1.9c0c800000000p+17","0x1.2cee800000000p+18","0x1.70d2400000000p+18","0x1.d083800000000p+18","0x1.f236400000000p+18","0x1.314dc00000000p+19","0x1.8084200000000p+19"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":[16,203,203,0,219,203,0,406,422],"dtype":"int64","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.7700000000000p+9","-0x1.4d00000000000p+8","-0x1.0f00000000000p+9","0x1.f400000000000p+7","0x1.ca80000000000p+9","0x1.4d00000000000p+8","0x1.f400000000000p+7","0x1.f400000000000p+7","0x1.f400000000000p+9"],"dtype":"float64","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.b580000000000p+9","0x1.2c00000000000p+8","0x1.9000000000000p+7","-0x1.5000000000000p+4","0x1.eb80000000000p+9","0x1.9000000000000p+6"],"dtype":"float32","shape":[2,3],"strides":[1,2],"type":"Tensor"},{"data":["0x1.7700000000000p+10","-0x1.f400000000000p+10","0x0.0p+0","0x1.f400000000000p+7","0x1.f400000000000p+9","-0x1.7700000000000p+11","0x1.f400000000000p+7","0x1.f400000000000p+10","0x1.f400000000000p+11"],"dtype":"float64","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.8880000000000p+11","-0x1.6580000000000p+10","0x1.2c00000000000p+8","0x1.4000000000000p+5","0x1.0400000000000p+9","-0x1.5e00000000000p+9","0x1.9000000000000p+6","0x1.9000000000000p+5","0x1.f400000000000p+8"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+3","0x1.4000000000000p+3"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.5940000000000p+10","0x1.0e80000000000p+9","0x1.6c00000000000p+9","0x1.0080000000000p+10","0x1.1b80000000000p+11","0x1.87c0000000000p+10","0x1.b1c0000000000p+10","0x1.02c0000000000p+11","0x1.c220000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[3,1],"type":"Tensor"},{"data":["0x1.5940000000000p+10","0x1.0080000000000p+10","0x1.b1c0000000000p+10","0x1.0e80000000000p+9","0x1.1b80000000000p+11","0x1.02c0000000000p+11","0x1.6c00000000000p+9","0x1.87c0000000000p+10","0x1.c220000000000p+11"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"},{"data":["0x1.f400000000000p+9","0x0.0p+0","0x0.0p+0","0x1.f400000000000p+9","0x0.0p+0","0x0.0p+0"],"dtype":"float32","shape":[3,2],"strides":[1,3],"type":"Tensor"},{"data":["0x1.1c00000000000p+8","-0x1.5c00000000000p+6","-0x1.8000000000000p+5","-0x1.5c00000000000p+6","0x1.6d00000000000p+8","-0x1.3000000000000p+4","-0x1.8000000000000p+5","-0x1.3000000000000p+4","0x1.a800000000000p+7"],"dtype":"float32","shape":[3,3],"strides":[1,3],"type":"Tensor"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":1}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# ERR: error: RuntimeError: linalg.slogdet: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: logdet: A must be batches of square matrices, but they are 2 by 3 matrices
# ERR-NEXT: error: RuntimeError: linalg.solve: Expected A and B to have the same dtype, but found A of type Float and B of type Double instead
# ERR-NEXT: error: RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 2x3)
# ERR-NEXT: error: RuntimeError: torch.linalg.solve: (Batch element 1): The solver failed because the input matrix is singular.
# ERR-NEXT: error: RuntimeError: linalg.cholesky: (Batch element 1): The factorization could not be completed because the input is not positive-definite (the leading minor of order 1 is not positive-definite).
# ERR-NEXT: error: RuntimeError: "cholesky_cpu" not implemented for 'Half'
# ERR-NEXT: error: RuntimeError: linalg.inv: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: linalg.matrix_power: The input tensor A must have at least 2 dimensions.
# ERR-NEXT: error: RuntimeError: linalg.solve_triangular: The input tensor B must have at least 2 dimensions.
# ERR-NEXT: error: RuntimeError: Expected b and A to have the same dtype, but found b of type Double and A of type Float instead.
# ERR-NEXT: error: RuntimeError: linalg.inv_ex: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.
# ERR-NEXT: error: RuntimeError: Expected b and A to have the same dtype, but found b of type Float and A of type Double instead.
# ERR-NEXT: error: RuntimeError: matrix_exp: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: cholesky_inverse: A must be batches of square matrices, but they are 2 by 3 matrices
# ERR-NEXT: error: RuntimeError: linalg.slogdet: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: logdet: A must be batches of square matrices, but they are 2 by 3 matrices
# ERR-NEXT: error: RuntimeError: linalg.solve: Expected A and B to have the same dtype, but found A of type Float and B of type Double instead
# ERR-NEXT: error: RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 2x3)
# ERR-NEXT: error: RuntimeError: torch.linalg.solve: (Batch element 1): The solver failed because the input matrix is singular.
# ERR-NEXT: error: RuntimeError: linalg.cholesky: (Batch element 1): The factorization could not be completed because the input is not positive-definite (the leading minor of order 1 is not positive-definite).
# ERR-NEXT: error: RuntimeError: "cholesky_cpu" not implemented for 'Half'
# ERR-NEXT: error: RuntimeError: linalg.inv: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: linalg.matrix_power: The input tensor A must have at least 2 dimensions.
# ERR-NEXT: error: RuntimeError: linalg.solve_triangular: The input tensor B must have at least 2 dimensions.
# ERR-NEXT: error: RuntimeError: Expected b and A to have the same dtype, but found b of type Double and A of type Float instead.
# ERR-NEXT: error: RuntimeError: linalg.inv_ex: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.
# ERR-NEXT: error: RuntimeError: Expected b and A to have the same dtype, but found b of type Float and A of type Double instead.
# ERR-NEXT: error: RuntimeError: matrix_exp: Expected a floating point or complex tensor as input. Got Long
# ERR-NEXT: error: RuntimeError: cholesky_inverse: A must be batches of square matrices, but they are 2 by 3 matrices
def r(x: Tensor) -> Tensor:
    return torch.round(x * 1000.0)

def f(a: Tensor, b: Tensor, u: Tensor) -> Tuple[List[Tensor], List[List[int]]]:
    outs: List[Tensor] = []
    s = torch.linalg.slogdet(a)
    outs.append(s.sign)
    outs.append(r(s.logabsdet))
    s2 = torch.slogdet(torch.stack([a, -a, b]))
    outs.append(s2[0])
    outs.append(r(s2[1]))
    outs.append(r(torch.logdet(torch.stack([a, b, -b]))))
    outs.append(r(torch.linalg.solve(a, b)))
    outs.append(r(torch.linalg.solve(a, b[0])))
    outs.append(r(torch.linalg.solve(torch.stack([a, b]), b[:, 0].unsqueeze(0).expand(2, 3))))
    outs.append(r(torch.linalg.solve(a, b[:2], left=False)))
    x = torch.linalg.inv_ex(a)
    outs.append(r(x.inverse))
    outs.append(x.info)
    outs.append(r(torch.linalg.cholesky(b)))
    outs.append(r(torch.linalg.cholesky(b, upper=True)))
    outs.append(r(torch.cholesky(torch.stack([b, b * 2.0]))))
    outs.append(torch.linalg.matrix_power(a, 0))
    outs.append(torch.linalg.matrix_power(a.t(), 1))
    outs.append(r(torch.linalg.matrix_power(a, -1)))
    outs.append(torch.linalg.matrix_power(a, 5))
    outs.append(torch.matrix_power(u.long(), 4))
    outs.append(r(torch.linalg.solve_triangular(u, u.t(), upper=True)))
    outs.append(r(torch.linalg.solve_triangular(b, b[:2], upper=False, left=False)))
    outs.append(r(torch.linalg.solve_triangular(u, u, upper=True, unitriangular=True)))
    t = torch.triangular_solve(b, a, upper=False, transpose=True)
    outs.append(r(t.solution))
    outs.append(t.cloned_coefficient)
    outs.append(r(torch.linalg.matrix_exp(a * 0.1)))
    outs.append(r(torch.matrix_exp(a.t() * 0.1)))
    outs.append(r(torch.cholesky_solve(b[:, :2], torch.linalg.cholesky(b))))
    outs.append(r(torch.cholesky_inverse(torch.linalg.cholesky(b).t(), upper=True)))
    return outs, [outs[5].stride(), outs[7].stride(), outs[8].stride(), outs[11].stride(), outs[15].stride()]

def e1(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.slogdet(a.long())[0]
def e2(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.logdet(a[:2])
def e3(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.solve(a, u)
def e4(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.solve(a, b[:2])
def e5(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.solve(torch.stack([a, a - a]), b)
def e6(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.cholesky(torch.stack([b, -b]))
def e7(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.cholesky(a.half())
def e8(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.matrix_power(a.long(), -1)
def e9(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.matrix_power(a[0], 2)
def e10(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.solve_triangular(a, b[0], upper=True)
def e11(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.triangular_solve(u, a)[0]
def e12(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.inv_ex(a - a, check_errors=True)[0]
def e13(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.cholesky_solve(b, u)
def e14(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.linalg.matrix_exp(a.long())
def e15(a: Tensor, b: Tensor, u: Tensor) -> Tensor:
    return torch.cholesky_inverse(a[:2])

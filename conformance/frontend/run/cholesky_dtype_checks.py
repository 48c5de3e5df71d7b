# cholesky_solve / cholesky_inverse reject dtypes other than float / double even for empty inputs
# (`tsjit fuzz --target ops --seed 23`, case 17108: a [..., 0, 2, 2] BFloat16 cholesky_inverse; the
# jit raised "eye" not implemented, the reference returned). Recorded on python3-torch 1.13.1.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,2,2],"data":["0x1p+0","0x0p+0","0x1p-1","0x1p+1","0x1p+0","0x0p+0","0x1p-1","0x1p+1"]}]' > %t.json
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'BFloat16'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'BFloat16'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'Half'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'Long'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'Int'
# ERR-NEXT: error: RuntimeError: "cholesky_solve_cpu" not implemented for 'Long'
# ERR-NEXT: error: RuntimeError: "cholesky_solve_cpu" not implemented for 'BFloat16'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'BFloat16'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'BFloat16'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'Half'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'Long'
# ERR-NEXT: error: RuntimeError: "cholesky_inverse_out_cpu" not implemented for 'Int'
# ERR-NEXT: error: RuntimeError: "cholesky_solve_cpu" not implemented for 'Long'
# ERR-NEXT: error: RuntimeError: "cholesky_solve_cpu" not implemented for 'BFloat16'
def e1(x: Tensor) -> Tensor:
    return torch.cholesky_inverse(x.to(torch.bfloat16))
def e2(x: Tensor) -> Tensor:
    return torch.cholesky_inverse(x[:0].to(torch.bfloat16))
def e3(x: Tensor) -> Tensor:
    return torch.cholesky_inverse(x.half(), True)
def e4(x: Tensor) -> Tensor:
    return torch.cholesky_inverse(x[:0].long())
def e5(x: Tensor) -> Tensor:
    return torch.cholesky_inverse(x.int())
def e6(x: Tensor) -> Tensor:
    b = x[:0].long()
    return torch.cholesky_solve(b, b)
def e7(x: Tensor) -> Tensor:
    b = x[:0].to(torch.bfloat16)
    return torch.cholesky_solve(b, b, True)

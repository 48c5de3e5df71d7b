# linalg_matrix_rank / linalg_pinv with tensor atol / rtol broadcast against the batch as 1.13 does
# (a [2, 2, 2] input with an atol of shape [3, 1] gives [3, 2] ranks and [3, 2, 2, 2] pseudo-
# inverses; shapes that do not broadcast raise 1.13's message). The reference raised an expand
# error (`tsjit fuzz --target ops --seed 1`, case 58: Long[] vs Long[1]), the jit's pinv too.
# Recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type":"Tensor","dtype":"float64","shape":[2,2,2],"data":["0x1p0","0x1p1","0x1.8p1","0x1p2","0x1p0","0x1p0","0x1p0","0x1.0000001ad7f2ap0"]}]' > %t.json
# RUN: for e in jit reference; do for f in f bad; do tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"data":[2,1,1,1,0,0],"dtype":"int64","shape":[3,2],"strides":[2,1],"type":"Tensor"},{"data":[1,1],"dtype":"int64","shape":[2],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":2}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: error:RuntimeError:Thesizeoftensora(3)mustmatchthesizeoftensorb(2)atnon-singletondimension0
# CHECK-NEXT: [{"items":[{"data":[2,1,1,1,0,0],"dtype":"int64","shape":[3,2],"strides":[2,1],"type":"Tensor"},{"data":[1,1],"dtype":"int64","shape":[2],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":2}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: error:RuntimeError:Thesizeoftensora(3)mustmatchthesizeoftensorb(2)atnon-singletondimension0
def f(a: Tensor) -> Tuple[Tensor, Tensor, List[int], List[int]]:
    t = torch.tensor([[0.1], [1.0], [10.0]], dtype=torch.float64)
    r = torch.tensor([0.0, 0.5], dtype=torch.float64)
    z = torch.tensor(0.0, dtype=torch.float64)
    return (torch.linalg.matrix_rank(a, atol=t, rtol=z), torch.linalg.matrix_rank(a, atol=torch.tensor([0.5], dtype=torch.float64), rtol=r),
            torch.linalg.pinv(a, atol=t, rtol=z).shape, torch.linalg.pinv(a, atol=z, rtol=r).shape)

def bad(a: Tensor) -> Tensor:
    return torch.linalg.matrix_rank(a, atol=torch.tensor([0.1, 1.0, 2.0], dtype=torch.float64), rtol=torch.tensor(0.0, dtype=torch.float64))

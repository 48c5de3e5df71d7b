# torch.jit.fork / torch.jit.wait: forks run on the interpreter's thread pool (the reference runs them
# eagerly), a list of Future[Tensor], keyword and default arguments, and an error raised inside a
# fork surfacing at its wait. Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py),
# not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p-1"]},{"type":"int","value":2}]' > %t.a.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p-1"]},{"type":"int","value":5}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do not tsjit run %s --inputs %t.$i.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"data":["0x1.b000000000000p+3","0x1.c000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"int","value":20}],"type":"Tuple"}]
# CHECK-NEXT: error:RuntimeError:builtins.ValueError:ntoolarge
# CHECK-NEXT: [{"items":[{"data":["0x1.b000000000000p+3","0x1.c000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"int","value":20}],"type":"Tuple"}]
# CHECK-NEXT: error:RuntimeError:builtins.ValueError:ntoolarge
def work(x: Tensor, k: int, bias: float = 0.5) -> Tensor:
    return x * k + bias

def fails(n: int) -> int:
    if n > 2:
        raise ValueError("n too large")
    return n * 10

def f(x: Tensor, n: int) -> Tuple[Tensor, int]:
    futs: List[torch.jit.Future[Tensor]] = []
    for k in range(3):
        futs.append(torch.jit.fork(work, x, k))
    fut = torch.jit.fork(work, x, 10, bias=-1.0)
    total = torch.jit.wait(fut)
    for fu in futs:
        total = total + torch.jit.wait(fu)
    g = torch.jit.fork(fails, n)
    return total, torch.jit.wait(g)

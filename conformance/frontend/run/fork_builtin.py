# torch.jit.fork of builtin ops (keywords included) and of a user-class method: the Subgraph holds the
# op's node / the prim::CallMethod, self is the fork's first input. Both engines; expected output
# recorded from PyTorch 1.13.1 (scripts/pt113_script_run.py --entry f), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","-0x1.0p+1"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"data":["0x1.c000000000000p+2","-0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.c000000000000p+2","-0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
class Acc:
    def __init__(self, k: int):
        self.k = k

    def scaled(self, x: Tensor, by: int) -> Tensor:
        return x * (self.k + by)

def f(x: Tensor) -> Tensor:
    a = Acc(3)
    fut = torch.jit.fork(torch.add, x, x, alpha=2)
    fut2 = torch.jit.fork(torch.relu, x)
    fut3 = torch.jit.fork(a.scaled, x, 1)
    return torch.jit.wait(fut) + torch.jit.wait(fut2) * torch.jit.wait(fut3)

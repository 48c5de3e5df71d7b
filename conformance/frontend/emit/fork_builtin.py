# Pins the IR of forking builtins and a method against PyTorch 1.13's graph for this source
# (scripts/pt113_script_run.py --graph): x passed twice is one input of prim::fork_0, the keyword's
# constant another; the Subgraphs hold aten::add / aten::relu / prim::CallMethod (self first).
# RUN: tsjit run %s --entry f --dump-graph | FileCheck %s
# CHECK-LABEL: graph(%x : Tensor):
# CHECK: %a : __torch__.Acc = prim::CreateObject()
# CHECK: %fut : Future[Tensor] = prim::fork_0(%x, %{{[0-9]+}})
# CHECK-NEXT: %fut2 : Future[Tensor] = prim::fork_1(%x)
# CHECK-NEXT: %fut3 : Future[Tensor] = prim::fork_2(%a, %x, %{{[0-9]+}})
# CHECK: with prim::fork_0 = graph(%x : Tensor,
# CHECK-NEXT: %[[K:[0-9]+]] : int):
# CHECK-NEXT: Tensor = aten::add(%x, %x, %[[K]])
# CHECK: with prim::fork_1 = graph(%x : Tensor):
# CHECK-NEXT: Tensor = aten::relu(%x)
# CHECK: with prim::fork_2 = graph(%a : __torch__.Acc,
# CHECK-NEXT: %x : Tensor,
# CHECK-NEXT: %[[B:[0-9]+]] : int):
# CHECK-NEXT: Tensor = prim::CallMethod[name="scaled"](%a, %x, %[[B]])
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

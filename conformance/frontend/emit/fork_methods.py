# Pins the IR of forking methods of values against PyTorch 1.13's graph for this source
# (scripts/pt113_script_run.py --graph): the method's self is the fork's first input (x.add(x) passes
# x once), the Subgraph holds the method's aten op; the fork of l.append survives because its
# future is waited on (aten::wait has effects), while an unwaited fork is dead code in 1.13 too.
# RUN: tsjit run %s --entry f --dump-graph | FileCheck %s
# CHECK-LABEL: graph(%x : Tensor,
# CHECK: %fut : Future[Tensor] = prim::fork_0(%x)
# CHECK-NEXT: %fut2 : Future[Tensor] = prim::fork_1(%x, %{{[0-9]+}})
# CHECK-NEXT: %fut3 : Future[int] = prim::fork_2(%l, %{{[0-9]+}})
# CHECK-NEXT: %fut4 : Future[int[]] = prim::fork_3(%l, %{{[0-9]+}})
# CHECK-NEXT: %fut5 : Future[str] = prim::fork_4(%s)
# CHECK-NEXT: int[] = aten::wait(%fut4)
# CHECK-NOT: prim::fork_5
# CHECK: with prim::fork_0 = graph(%x : Tensor):
# CHECK-NEXT: Tensor = aten::relu(%x)
# CHECK: with prim::fork_1 = graph(%x : Tensor,
# CHECK-NEXT: %[[A:[0-9]+]] : int):
# CHECK-NEXT: Tensor = aten::add(%x, %x, %[[A]])
# CHECK: with prim::fork_2 = graph(%l : int[],
# CHECK: int = aten::index(%l,
# CHECK: with prim::fork_3 = graph(%l : int[],
# CHECK: int[] = aten::append(%l,
# CHECK: with prim::fork_4 = graph(%s : str):
# CHECK-NEXT: str = aten::upper(%s)
def f(x: Tensor, l: List[int], s: str) -> Tuple[Tensor, Tensor, int, List[int], str]:
    fut = torch.jit.fork(x.relu)
    fut2 = torch.jit.fork(x.add, x, alpha=2)
    fut3 = torch.jit.fork(l.index, 3)
    fut4 = torch.jit.fork(l.append, 7)
    fut5 = torch.jit.fork(s.upper)
    unused = torch.jit.fork(x.neg)
    torch.jit.wait(fut4)
    return torch.jit.wait(fut), torch.jit.wait(fut2), torch.jit.wait(fut3), l, torch.jit.wait(fut5)

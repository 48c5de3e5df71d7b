# torch.jit.fork is prim::fork_N with the call in a Subgraph section (`with prim::fork_N = graph(...)`),
# the given arguments its inputs (keywords after positionals), defaults materialised inside; wait is
# aten::wait; types print as Future[T]. Same nodes, operands and order as 1.13's graph for this
# source (scripts/pt113_script_run.py --graph; 1.13's value names carry .1 suffixes).
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK: %futs : Future[Tensor][] = prim::ListConstruct()
# CHECK: block0(%k : int):
# CHECK-NEXT: %[[F0:[0-9]+]] : Future[Tensor] = prim::fork_0(%x, %k)
# CHECK-NEXT: aten::append(%futs, %[[F0]])
# CHECK: %fut : Future[Tensor] = prim::fork_1(%x, %{{[0-9]+}}, %{{[0-9]+}})
# CHECK-NEXT: %total.1 : Tensor = aten::wait(%fut)
# CHECK: aten::wait(%fu)
# CHECK: %g : Future[int] = prim::fork_2(%n)
# CHECK-NEXT: int = aten::wait(%g)
# CHECK: with prim::fork_0 = graph(%x : Tensor,
# CHECK-NEXT: %k : int):
# CHECK-DAG: %[[W:[0-9]+]] : Function = prim::Constant[name="work"]()
# CHECK-DAG: %[[B:[0-9]+]] : float = prim::Constant[value=0.5]()
# CHECK: Tensor = prim::CallFunction(%[[W]], %x, %k, %[[B]])
# CHECK: with prim::fork_1 = graph(%x : Tensor,
# CHECK: with prim::fork_2 = graph(%n : int):
# CHECK: int = prim::CallFunction(%{{[0-9]+}}, %n)
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

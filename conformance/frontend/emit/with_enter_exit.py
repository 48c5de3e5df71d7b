# Pins the IR of `with` on a user class against PyTorch 1.13's graph for this source
# (scripts/pt113_script_run.py --graph): prim::CreateObject + __init__, prim::Enter (typed by
# __enter__'s result, bound by `as`), the body in place, prim::Exit (typed Tensor, as 1.13 does),
# inner objects exited first.
# RUN: tsjit run %s --entry f --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[A:[0-9]+]] : __torch__.Ctx = prim::CreateObject()
# CHECK-NEXT: prim::CallMethod[name="__init__"](%[[A]],
# CHECK-NEXT: %v : int = prim::Enter(%[[A]])
# CHECK-NEXT: aten::add(%v, %n)
# CHECK-NEXT: aten::append(
# CHECK-NEXT: %[[B:[0-9]+]] : __torch__.Ctx = prim::CreateObject()
# CHECK-NEXT: prim::CallMethod[name="__init__"](%[[B]],
# CHECK-NEXT: int = prim::Enter(%[[B]])
# CHECK-NEXT: aten::append(
# CHECK-NEXT: Tensor = prim::Exit(%[[B]])
# CHECK-NEXT: Tensor = prim::Exit(%[[A]])
# CHECK-NEXT: return
class Ctx:
    def __init__(self, log: List[int], k: int):
        self.log = log
        self.k = k

    def __enter__(self) -> int:
        self.log.append(self.k)
        return self.k * 10

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
        self.log.append(-self.k)

def f(n: int) -> List[int]:
    log: List[int] = []
    with Ctx(log, 1) as v:
        log.append(v + n)
        with Ctx(log, 2):
            log.append(n)
    return log

# Pins the IR of a `return` out of a user-class `with` body against PyTorch 1.13's graph for this
# source (scripts/pt113_script_run.py --graph): the exit transform turns the return into an If
# with a did-return flag and the returned value (prim::Uninitialized on the other path), the
# prim::Exit runs after that If on every path, and the statements after the `with` move into the
# false branch of an If on the flag. (1.13 lists the flag output first; tsjit last.)
# RUN: tsjit run %s --entry early --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[A:[0-9]+]] : __torch__.Ctx = prim::CreateObject()
# CHECK-NEXT: prim::CallMethod[name="__init__"](%[[A]],
# CHECK-NEXT: %v : int = prim::Enter(%[[A]])
# CHECK-NEXT: aten::lt(
# CHECK-NEXT: %[[R:[0-9]+]] : (int, int[]), %[[F:[0-9]+]] : bool = prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: aten::add(%v, %n)
# CHECK-NEXT: prim::TupleConstruct(
# CHECK-NEXT: ->
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::append(
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: ->
# CHECK-NEXT: Tensor = prim::Exit(%[[A]])
# CHECK-NEXT: prim::If(%[[F]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[R]])
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::add(%v,
# CHECK-NEXT: aten::add(
# CHECK-NEXT: prim::TupleConstruct(
# CHECK-NEXT: ->
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

def early(n: int) -> Tuple[int, List[int]]:
    log: List[int] = []
    with Ctx(log, 1) as v:
        if n < 4:
            return v + n, log
        log.append(7)
    return v + 100 + n, log

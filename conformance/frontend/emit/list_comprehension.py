# List comprehensions as PyTorch 1.13 emits them: prim::ListConstruct() (typed from the annotation,
# else from the element), then a prim::Loop whose body binds the target and calls aten::append;
# the target does not leak out (the outer `x` is returned). Over a list, range() and a tensor (its rows via aten::select).
# Runtime outputs: conformance/frontend/run/list_comprehension.py.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[OUTER:x[.0-9]*]] : int = aten::add(
# CHECK-NEXT: %sq : int[] = prim::ListConstruct()
# CHECK-NEXT: %[[N:[0-9]+]] : int = aten::len(%xs)
# CHECK-NEXT: = prim::Loop(%[[N]], %{{[0-9]+}})
# CHECK-NEXT: block0(%[[I:[0-9]+]] : int):
# CHECK-NEXT: %[[X:x[.0-9]*]] : int = aten::__getitem__(%xs, %[[I]])
# CHECK-NEXT: %[[E:[0-9]+]] : int = aten::mul(%[[X]], %[[X]])
# CHECK-NEXT: aten::append(%sq, %[[E]])
# CHECK-NEXT: -> (
# CHECK-NEXT: %halves : float[] = prim::ListConstruct()
# CHECK-NEXT: = prim::Loop(
# CHECK-NEXT: block0(
# CHECK-NEXT: aten::Float(
# CHECK-NEXT: aten::div(
# CHECK-NEXT: aten::append(%halves,
# CHECK-NEXT: -> (
# CHECK-NEXT: %rows : Tensor[] = prim::ListConstruct()
# CHECK-NEXT: aten::len(%t)
# CHECK-NEXT: = prim::Loop(
# CHECK-NEXT: block0(%[[J:[0-9]+]] : int):
# CHECK-NEXT: %row : Tensor = aten::select(%t, %{{[0-9]+}}, %[[J]])
# CHECK-NEXT: aten::sum(%row,
# CHECK-NEXT: aten::append(%rows,
# CHECK-NEXT: -> (
# CHECK: prim::TupleConstruct(%sq, %halves, %rows, %[[OUTER]])
def f(xs: List[int], t: Tensor) -> Tuple[List[int], List[float], List[Tensor], int]:
    x = xs[0] + 100
    sq = [x * x for x in xs]
    halves: List[float] = [float(i) / 2 for i in range(3)]
    rows = [row.sum() for row in t]
    return sq, halves, rows, x

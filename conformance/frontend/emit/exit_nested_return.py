# The exit transform for a `return` on some paths of a nested `if` (PyTorch 1.13's shape): the inner
# If yields (returned value, r, did-return flag) with prim::Uninitialized for what a path does not
# define, the outer If threads them out, and the statement after it runs in the false branch of
# prim::If(flag). Runtime outputs: conformance/frontend/run/early_return_nested.py.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[C:[0-9]+]] : bool = aten::gt(%x, %{{[0-9]+}})
# CHECK-NEXT: %[[RET:[0-9]+]] : int, %r : int, %[[FLAG:[0-9]+]] : bool = prim::If(%[[C]])
# CHECK-NEXT: block0():
# CHECK-NEXT: aten::gt(%y
# CHECK-NEXT: : int, %{{[0-9]+}} : int, %{{[0-9]+}} : bool = prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: aten::add(%x, %y)
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::mul(%x
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: -> (
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::neg(%x)
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: %[[OUT:[0-9]+]] : int = prim::If(%[[FLAG]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[RET]])
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::add(%r,
# CHECK-NEXT: -> (
# CHECK-NEXT: return (%[[OUT]])
# CHECK-NOT: prim::ReturnStmt
def f(x: int, y: int) -> int:
    r = 0
    if x > 0:
        if y > 0:
            return x + y
        r = x * 2
    else:
        r = -x
    return r + 1

# `raise` on one path and `return` on another of an if/elif: the raising branch ends with
# prim::RaiseException and contributes prim::Uninitialized / false (it never continues); the flag
# of the other guards the statements after the `if`. Runtime: conformance/frontend/run/raise_one_path.py.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-LABEL: graph(
# CHECK: %[[RET:[0-9]+]] : int, %[[FLAG:[0-9]+]] : bool = prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: = prim::RaiseException(
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: block1():
# CHECK-NEXT: aten::eq(%x,
# CHECK-NEXT: prim::If(
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (
# CHECK-NEXT: block1():
# CHECK-NEXT: prim::Uninitialized()
# CHECK-NEXT: -> (
# CHECK-NEXT: -> (
# CHECK-NEXT: %[[OUT:[0-9]+]] : int = prim::If(%[[FLAG]])
# CHECK-NEXT: block0():
# CHECK-NEXT: -> (%[[RET]])
# CHECK-NEXT: block1():
# CHECK-NEXT: %y : int = aten::mul(%x,
# CHECK-NEXT: -> (%y)
# CHECK-NEXT: return (%[[OUT]])
def f(x: int) -> int:
    if x < 0:
        raise ValueError("negative input")
    elif x == 0:
        return 0
    y = x * 2
    return y

# inline must not fire when it is not run, and other passes leave calls alone.
# RUN: tsjit opt %s --entry f --passes=lower_tuples,loop_unrolling --no-source-locations | FileCheck %s
# CHECK: prim::CallFunction
def helper(a: int) -> int:
    return a - 2


def f(x: int) -> int:
    return helper(x)

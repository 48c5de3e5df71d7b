# tsjit opt --print-after-all prints the graph after every pass of the pipeline, saying whether it
# changed; the default pipeline starts with inline.
# RUN: tsjit opt %s --entry f --passes=default --print-after-all --no-source-locations | FileCheck %s
# CHECK: // ----- after inline (changed) -----
# CHECK-NOT: prim::CallFunction
# CHECK: // ----- after lower_tuples (changed) -----
# CHECK-NOT: prim::TupleUnpack
# CHECK: // ----- after loop_unrolling (changed) -----
# CHECK: // ----- result -----
# CHECK-NOT: prim::Loop
def pair(a: int) -> Tuple[int, int]:
    return a, a + 1


def f(x: int) -> int:
    p, q = pair(x)
    for i in range(3):
        p = p + q
    return p

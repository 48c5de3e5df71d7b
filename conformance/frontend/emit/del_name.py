# `del name` emits no node: the name's next assignment is a new value, used by what follows (1.13's
# graph for this source, scripts/pt113_script_run.py --graph: %a.1, then %a.5 = aten::sub).
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK: %[[A1:.*]] : int = aten::add(%n, %{{[0-9]+}})
# CHECK-NEXT: %[[B:.*]] : int = aten::mul(%[[A1]], %{{[0-9]+}})
# CHECK-NEXT: %[[A2:.*]] : int = aten::sub(%[[B]], %{{[0-9]+}})
# CHECK-NOT: Delete
# CHECK: aten::add(%[[A2]], %[[B]])
def f(n: int) -> int:
    a = n + 1
    b = a * 2
    del a
    a = b - 3
    return a + b

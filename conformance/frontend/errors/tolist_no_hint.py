# t.tolist() needs the list type from an annotation (assignment, return type or annotate); 1.13 says
# "Expected type hint for result of tolist()" at the call.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Expected type hint for result of tolist()
# CHECK: y = x.tolist()
# CHECK-NEXT: {{^ +}}^^^^^^^^^^{{$}}
def f(x: Tensor):
    y = x.tolist()
    return y

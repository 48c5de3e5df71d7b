# `del` of a top-level name inside an if / loop body: 1.13 removes it from every enclosing block
# (a later use is then undefined); tsjit does not model that and says so, with the place.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: del a: deleting a variable inside an if / loop body is not supported by tsjit
# CHECK: del a
# CHECK-NEXT: {{^ *\^$}}
def f(n: int) -> int:
    a = n
    if n > 0:
        del a
        a = 2
    return n

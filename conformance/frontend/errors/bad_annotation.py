# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Unknown type annotation: 'Foo'
def f(x: Foo) -> int:
    return 1

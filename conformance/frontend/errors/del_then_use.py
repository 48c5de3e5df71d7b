# A name used after `del name` is undefined; 1.13's wording and place (the use), checked on
# python3-torch 1.13.1: "undefined value a" with the caret under the use.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: undefined value a
# CHECK: return a + 1
# CHECK-NEXT: {{^ *\^$}}
def f(n: int) -> int:
    a = n + 1
    del a
    return a + 1

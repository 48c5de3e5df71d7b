# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Lists must contain only a single type
def f(x: int):
    return [1, "a"]

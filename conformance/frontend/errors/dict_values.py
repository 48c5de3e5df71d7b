# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: Dict values must contain only a single type
def f(x: int):
    return {"a": 1, "b": "c"}

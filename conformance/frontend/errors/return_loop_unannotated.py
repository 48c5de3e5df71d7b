# A `return` inside a loop of a function without a return annotation: tsjit needs the annotation
# for the loop-carried returned value (a tsjit limitation; PyTorch infers it).
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: a return statement inside a loop needs the function's return type to be annotated
def f(xs: List[int]):
    for x in xs:
        if x > 2:
            return x
    return 0

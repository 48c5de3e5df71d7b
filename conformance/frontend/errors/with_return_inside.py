# tsjit's explicit limit: leaving a user-class `with` body by return / break / continue (1.13's exit
# transform runs __exit__ on those paths; tsjit does not lower them yet) is a compile error.
# RUN: not tsjit run %s --dump-graph 2>&1 | FileCheck %s
# CHECK: return, break and continue inside a `with` block on an object are not supported by tsjit yet
# CHECK: with Ctx() as k:
class Ctx:
    def __init__(self):
        self.k = 1

    def __enter__(self) -> int:
        return self.k

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
        pass

def f(x: int) -> int:
    with Ctx() as k:
        return x + k

# `with` on user classes: __enter__'s result bound by `as`, several items in one `with` (entered
# left to right, exited innermost first), nesting; an __exit__ that raises on a normal exit (g(2):
# its KeyError), and a body that raises (g(7)): 1.13 runs the __exit__ while unwinding and keeps the
# original error (the KeyError of that __exit__ is dropped). Both engines; expected outputs recorded
# from PyTorch 1.13.1 (scripts/pt113_script_run.py --entry f / g), not from tsjit.
# RUN: echo '[{"type":"int","value":2}]' > %t.a.json
# RUN: echo '[{"type":"int","value":7}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do tsjit run %s --entry f --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; not tsjit run %s --entry g --inputs %t.$i.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":12},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":30},{"type":"int","value":2},{"type":"int","value":-3},{"type":"int","value":-2},{"type":"int","value":0},{"type":"int","value":-1}],"type":"List"}]
# CHECK-NEXT: error:Error:builtins.KeyError:exitofLoudran
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":17},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":30},{"type":"int","value":7},{"type":"int","value":-3},{"type":"int","value":-2},{"type":"int","value":0},{"type":"int","value":-1}],"type":"List"}]
# CHECK-NEXT: error:Error:builtins.ValueError:toobig
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":12},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":30},{"type":"int","value":2},{"type":"int","value":-3},{"type":"int","value":-2},{"type":"int","value":0},{"type":"int","value":-1}],"type":"List"}]
# CHECK-NEXT: error:Error:builtins.KeyError:exitofLoudran
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":17},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":30},{"type":"int","value":7},{"type":"int","value":-3},{"type":"int","value":-2},{"type":"int","value":0},{"type":"int","value":-1}],"type":"List"}]
# CHECK-NEXT: error:Error:builtins.ValueError:toobig
class Ctx:
    def __init__(self, log: List[int], k: int):
        self.log = log
        self.k = k

    def __enter__(self) -> int:
        self.log.append(self.k)
        return self.k * 10

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
        self.log.append(-self.k)

class Loud:
    def __init__(self, limit: int):
        self.limit = limit

    def __enter__(self) -> int:
        return self.limit

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
        raise KeyError("exit of Loud ran")

def f(n: int) -> List[int]:
    log: List[int] = []
    with Ctx(log, 1) as v:
        log.append(v + n)
        with Ctx(log, 2), Ctx(log, 3) as w:
            log.append(w)
            log.append(n)
        log.append(0)
    return log

def g(n: int) -> int:
    with Loud(5) as limit:
        if n > limit:
            raise ValueError("too big")
    return n

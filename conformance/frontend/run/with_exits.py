# return / break / continue out of a `with` body on a user class: 1.13's exit transform runs
# __exit__ on those paths, exactly once (each Ctx logs +k on enter and -k on exit), the returned
# value is the body's, and the statements after the `with` do not run on the exiting paths. Nested
# `with` inside loops, a `with` around a loop that returns, a `with` whose body returns on one path
# only. Both engines; expected outputs recorded from PyTorch 1.13.1 (scripts/pt113_script_run.py
# --entry NAME), not from tsjit.
# RUN: echo '[{"type":"int","value":2}]' > %t.a.json
# RUN: echo '[{"type":"int","value":5}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do for f in early loops search; do tsjit run %s --entry $f --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":12},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":-1}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":0},{"type":"int","value":-2},{"type":"int","value":100},{"type":"int","value":2},{"type":"int","value":1},{"type":"int","value":-2},{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":99}],"type":"List"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":1},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":-3}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":115},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":7},{"type":"int","value":-1}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":0},{"type":"int","value":-2},{"type":"int","value":100},{"type":"int","value":2},{"type":"int","value":1},{"type":"int","value":-2},{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":102},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":-2},{"type":"int","value":103},{"type":"int","value":2},{"type":"int","value":4},{"type":"int","value":-2},{"type":"int","value":104},{"type":"int","value":2},{"type":"int","value":5},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":99}],"type":"List"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":2},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":-3}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":12},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":-1}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":0},{"type":"int","value":-2},{"type":"int","value":100},{"type":"int","value":2},{"type":"int","value":1},{"type":"int","value":-2},{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":99}],"type":"List"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":1},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":-3}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":115},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":7},{"type":"int","value":-1}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":0},{"type":"int","value":-2},{"type":"int","value":100},{"type":"int","value":2},{"type":"int","value":1},{"type":"int","value":-2},{"type":"int","value":2},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":102},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":-2},{"type":"int","value":103},{"type":"int","value":2},{"type":"int","value":4},{"type":"int","value":-2},{"type":"int","value":104},{"type":"int","value":2},{"type":"int","value":5},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":99}],"type":"List"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":2},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":4},{"type":"int","value":-4},{"type":"int","value":-3}],"type":"List"}],"type":"Tuple"}]
class Ctx:
    def __init__(self, log: List[int], k: int):
        self.log = log
        self.k = k

    def __enter__(self) -> int:
        self.log.append(self.k)
        return self.k * 10

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
        self.log.append(-self.k)

def early(n: int) -> Tuple[int, List[int]]:
    log: List[int] = []
    with Ctx(log, 1) as v:
        if n < 4:
            return v + n, log
        log.append(7)
    return v + 100 + n, log

def loops(n: int) -> List[int]:
    log: List[int] = []
    with Ctx(log, 1):
        for i in range(10):
            with Ctx(log, 2):
                log.append(i)
                if i == 1:
                    continue
                if i >= n:
                    break
            log.append(i + 100)
    log.append(99)
    return log

def search(n: int) -> Tuple[int, List[int]]:
    log: List[int] = []
    with Ctx(log, 3):
        i = 0
        while i < 5:
            with Ctx(log, 4):
                if i * i == n - 1:
                    return i, log
            i += 1
    return -1, log

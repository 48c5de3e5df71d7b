# User class operator overloading as PyTorch 1.13 dispatches it: `a + b`, `a * k`, `a == b` call
# __add__ / __mul__ / __eq__, len(a) __len__, a[i] __getitem__, `x in a` __contains__ (prim::CallMethod);
# forward references to the class as string annotations ("Vec").
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"List","elem":"float","items":[{"type":"float","value":"0x1.0p+0"},{"type":"float","value":"-0x1.0p+1"},{"type":"float","value":"0x1.8p-1"}]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"elem":"float","items":[{"type":"float","value":"0x1.8000000000000p+1"},{"type":"float","value":"-0x1.8000000000000p+2"},{"type":"float","value":"0x1.2000000000000p+1"}],"type":"List"},{"type":"int","value":3},{"type":"float","value":"-0x1.8000000000000p+2"},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"float","value":"0x1.6800000000000p+3"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"float","items":[{"type":"float","value":"0x1.8000000000000p+1"},{"type":"float","value":"-0x1.8000000000000p+2"},{"type":"float","value":"0x1.2000000000000p+1"}],"type":"List"},{"type":"int","value":3},{"type":"float","value":"-0x1.8000000000000p+2"},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"float","value":"0x1.6800000000000p+3"}],"type":"Tuple"}]
class Vec:
    def __init__(self, xs: List[float]):
        self.xs = xs

    def __add__(self, other: "Vec") -> "Vec":
        return Vec([a + b for a, b in zip(self.xs, other.xs)])

    def __mul__(self, k: float) -> "Vec":
        return Vec([a * k for a in self.xs])

    def __eq__(self, other: "Vec") -> bool:
        return self.xs == other.xs

    def __len__(self) -> int:
        return len(self.xs)

    def __getitem__(self, i: int) -> float:
        return self.xs[i]

    def __contains__(self, x: float) -> bool:
        return x in self.xs

    def norm1(self) -> float:
        s = 0.0
        for a in self.xs:
            s += abs(a)
        return s

def f(xs: List[float]) -> Tuple[List[float], int, float, bool, bool, bool, float]:
    v = Vec(xs)
    w = v + v * 2.0
    return w.xs, len(w), w[1], 3.0 in w, 7.0 in w, w == v * 3.0, w.norm1()

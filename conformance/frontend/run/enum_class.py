# Enum classes (int, str and float values): members as constants, .name / .value
# (prim::EnumName / prim::EnumValue), == and != (aten::eq.enum / ne.enum), iteration over the class
# (a constant list of its members), an enum as a function argument, a user-class attribute, a list
# comprehension element. Both engines; expected outputs recorded from PyTorch 1.13.1
# (scripts/pt113_script_run.py --entry f), not from tsjit.
# RUN: echo '[{"type":"int","value":2}]' > %t.a.json
# RUN: echo '[{"type":"int","value":7}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do tsjit run %s --entry f --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"type":"int","value":1026},{"type":"str","value":"GREENsecondS"},{"elem":"str","items":[{"type":"str","value":"RED"},{"type":"str","value":"BLUE"}],"type":"List"},{"type":"float","value":"-0x1.8000000000000p+1"},{"type":"int","value":200},{"type":"bool","value":true},{"elem":"bool","items":[{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":false}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":1022},{"type":"str","value":"REDsecondS"},{"elem":"str","items":[{"type":"str","value":"RED"},{"type":"str","value":"BLUE"}],"type":"List"},{"type":"float","value":"-0x1.5000000000000p+3"},{"type":"int","value":100},{"type":"bool","value":false},{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":1026},{"type":"str","value":"GREENsecondS"},{"elem":"str","items":[{"type":"str","value":"RED"},{"type":"str","value":"BLUE"}],"type":"List"},{"type":"float","value":"-0x1.8000000000000p+1"},{"type":"int","value":200},{"type":"bool","value":true},{"elem":"bool","items":[{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":false}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"int","value":1022},{"type":"str","value":"REDsecondS"},{"elem":"str","items":[{"type":"str","value":"RED"},{"type":"str","value":"BLUE"}],"type":"List"},{"type":"float","value":"-0x1.5000000000000p+3"},{"type":"int","value":100},{"type":"bool","value":false},{"elem":"bool","items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false}],"type":"List"}],"type":"Tuple"}]
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3

class Unit(Enum):
    M = "meter"
    S = "second"

class Scale(Enum):
    HALF = 0.5
    NEG = -2.0

class Pick:
    def __init__(self, c: Color):
        self.c = c

    def weight(self) -> int:
        return self.c.value * 100

def score(c: Color, k: int) -> int:
    total = 0
    for x in Color:
        if x == c:
            total += x.value * 10
        else:
            total += x.value
    if c != Color.BLUE:
        total += 1000
    return total + k

def label(c: Color) -> str:
    u = Unit.S
    return c.name + u.value + u.name

def f(k: int) -> Tuple[int, str, List[str], float, int, bool, List[bool]]:
    picked = Color.RED
    for c in Color:
        if c.value == k:
            picked = c
    names = [c.name for c in [Color.RED, Color.BLUE]]
    s = 0.0
    for m in Scale:
        s += m.value * k
    p = Pick(picked)
    same = [p.c == c for c in Color]
    return score(picked, k), label(picked), names, s, p.weight(), Color.GREEN == picked, same

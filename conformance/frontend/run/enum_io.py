# Enum values as inputs and outputs of `tsjit run` in the JSON encoding
#   {"type":"Enum","class":"__torch__.Color","name":"RED","value":{"type":"int","value":1}}
# (int, str and float members; a list of members; the list's elem type in either spelling). Both
# engines; expected outputs recorded from PyTorch 1.13.1 (scripts/pt113_script_run.py --inputs,
# which encodes enum.Enum members the same way), not from tsjit.
# RUN: echo '[{"type":"Enum","class":"__torch__.Color","name":"RED","value":{"type":"int","value":1}},{"type":"List","elem":"Enum<__torch__.Color>","items":[{"type":"Enum","class":"__torch__.Color","name":"GREEN","value":{"type":"int","value":2}}]},{"type":"Enum","class":"__torch__.Unit","name":"MM","value":{"type":"str","value":"mm"}},{"type":"Enum","class":"__torch__.Scale","name":"HALF","value":{"type":"float","value":"0x1.0000000000000p-1"}}]' > %t.a.json
# RUN: echo '[{"type":"Enum","class":"__torch__.Color","name":"GREEN","value":{"type":"int","value":2}},{"type":"List","elem":"__torch__.Color","items":[]},{"type":"Enum","class":"__torch__.Unit","name":"MM","value":{"type":"str","value":"mm"}},{"type":"Enum","class":"__torch__.Scale","name":"HALF","value":{"type":"float","value":"0x1.0000000000000p-1"}}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do tsjit run %s --entry f --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}},{"elem":"__torch__.Color","items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}}],"type":"List"},{"type":"int","value":1},{"class":"__torch__.Unit","name":"KM","type":"Enum","value":{"type":"str","value":"km"}},{"type":"float","value":"0x1.0000000000000p-1"},{"class":"__torch__.Scale","name":"TWICE","type":"Enum","value":{"type":"float","value":"0x1.0000000000000p+1"}}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}},{"elem":"__torch__.Color","items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}},{"class":"__torch__.Color","name":"RED","type":"Enum","value":{"type":"int","value":1}}],"type":"List"},{"type":"int","value":0},{"class":"__torch__.Unit","name":"MM","type":"Enum","value":{"type":"str","value":"mm"}},{"type":"float","value":"0x1.0000000000000p+0"},{"class":"__torch__.Scale","name":"HALF","type":"Enum","value":{"type":"float","value":"0x1.0000000000000p-1"}}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}},{"elem":"__torch__.Color","items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}}],"type":"List"},{"type":"int","value":1},{"class":"__torch__.Unit","name":"KM","type":"Enum","value":{"type":"str","value":"km"}},{"type":"float","value":"0x1.0000000000000p-1"},{"class":"__torch__.Scale","name":"TWICE","type":"Enum","value":{"type":"float","value":"0x1.0000000000000p+1"}}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}},{"elem":"__torch__.Color","items":[{"class":"__torch__.Color","name":"GREEN","type":"Enum","value":{"type":"int","value":2}},{"class":"__torch__.Color","name":"RED","type":"Enum","value":{"type":"int","value":1}}],"type":"List"},{"type":"int","value":0},{"class":"__torch__.Unit","name":"MM","type":"Enum","value":{"type":"str","value":"mm"}},{"type":"float","value":"0x1.0000000000000p+0"},{"class":"__torch__.Scale","name":"HALF","type":"Enum","value":{"type":"float","value":"0x1.0000000000000p-1"}}],"type":"Tuple"}]
class Color(Enum):
    RED = 1
    GREEN = 2

class Unit(Enum):
    MM = "mm"
    KM = "km"

class Scale(Enum):
    HALF = 0.5
    TWICE = 2.0

def f(c: Color, l: List[Color], u: Unit, s: Scale) -> Tuple[Color, List[Color], int, Unit, float, Scale]:
    if c == Color.RED:
        return Color.GREEN, l, c.value, Unit.KM, s.value, Scale.TWICE
    return c, [c, Color.RED], len(l), u, s.value * 2, s

# A `tsjit run` input naming a member the enum class lacks, or a member with another value, is a
# clear error naming the JSON path (exit 1), not a crash.
# RUN: echo '[{"type":"Enum","class":"__torch__.Color","name":"BLUE","value":{"type":"int","value":1}}]' > %t.a.json
# RUN: not tsjit run %s --entry f --inputs %t.a.json 2>&1 | FileCheck %s --check-prefix=MEMBER
# MEMBER: error: run: bad input value: {{.*}}[0].name: __torch__.Color has no member 'BLUE'
# RUN: echo '[{"type":"Enum","class":"__torch__.Color","name":"RED","value":{"type":"int","value":2}}]' > %t.b.json
# RUN: not tsjit run %s --entry f --inputs %t.b.json 2>&1 | FileCheck %s --check-prefix=VALUE
# VALUE: error: run: bad input value: {{.*}}[0].value: __torch__.Color.RED has another value
# RUN: echo '[{"type":"Enum","class":"Color","name":"RED","value":{"type":"int","value":1}}]' > %t.c.json
# RUN: not tsjit run %s --entry f --inputs %t.c.json 2>&1 | FileCheck %s --check-prefix=CLASS
# CLASS: error: run: bad input value: {{.*}}[0].class: expected a __torch__. class name, got 'Color'
# RUN: echo '[{"type":"Enum","class":"__torch__.Color","name":"RED","value":{"type":"None","value":null}}]' > %t.d.json
# RUN: not tsjit run %s --entry f --inputs %t.d.json 2>&1 | FileCheck %s --check-prefix=KIND
# KIND: error: run: bad input value: {{.*}}[0].value: an enum member's value is an int, a float or a str
class Color(Enum):
    RED = 1
    GREEN = 2

def f(c: Color) -> int:
    return c.value

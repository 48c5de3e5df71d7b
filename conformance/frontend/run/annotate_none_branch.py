# torch.jit.annotate(Optional[int], None) is a None of type Optional[int] in python3-torch 1.13.1, so
# an if branch may assign the variable an int (a plain None variable may not: script_strict_types.py).
# Recorded with scripts/pt113_script_run.py.
# RUN: echo '[{"type":"int","value":3}]' > %t.json
# RUN: for e in jit reference; do for f in ann_none ann_list; do tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"type":"int","value":4}]
# CHECK-NEXT: [{"elem":"Optional[int]","items":[{"type":"None","value":null},{"type":"int","value":3}],"type":"List"}]
# CHECK-NEXT: [{"type":"int","value":4}]
# CHECK-NEXT: [{"elem":"Optional[int]","items":[{"type":"None","value":null},{"type":"int","value":3}],"type":"List"}]
def ann_none(o: Optional[int]) -> int:
    y = torch.jit.annotate(Optional[int], None)
    if o is not None:
        y = o + 1
    z = y if y is not None else 0
    return z
def ann_list(o: Optional[int]) -> List[Optional[int]]:
    y = torch.jit.annotate(Optional[int], None)
    l = [y]
    if o is not None:
        y = o
    l.append(y)
    return l

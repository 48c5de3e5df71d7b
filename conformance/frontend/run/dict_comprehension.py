# Dict comprehensions: prim::DictConstruct() typed from the first key and value (or from the
# annotation), then a prim::Loop calling aten::_set_item. xs = [2, 3], names = ["ab", "c"] ->
# {"ab": 2, "c": 1} and {2: 1.0, 3: 1.5}.
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3}]},{"type":"List","elem":"str","items":[{"type":"str","value":"ab"},{"type":"str","value":"c"}]}]' > %t.a.json
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=IR
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# IR: %d : Dict(str, int) = prim::DictConstruct()
# IR-NEXT: aten::len(%names)
# IR-NEXT: = prim::Loop(
# IR-NEXT: block0(
# IR-NEXT: %n : str = aten::__getitem__(%names,
# IR-NEXT: %[[L:[0-9]+]] : int = aten::len(%n)
# IR-NEXT: = aten::_set_item(%d, %n, %[[L]])
# IR: %e : Dict(int, float) = prim::DictConstruct()
# IR: aten::div(%x,
# IR-NEXT: = aten::_set_item(%e, %x,
# CHECK: [{"items":[{"items":{{\[\[}}"ab",{"type":"int","value":2}],["c",{"type":"int","value":1}]],"key":"str","type":"Dict","value":"int"},{"items":{{\[\[}}2,{"type":"float","value":"0x1.0000000000000p+0"}],[3,{"type":"float","value":"0x1.8000000000000p+0"}]],"key":"int","type":"Dict","value":"float"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"items":{{\[\[}}"ab",{"type":"int","value":2}],["c",{"type":"int","value":1}]],"key":"str","type":"Dict","value":"int"},{"items":{{\[\[}}2,{"type":"float","value":"0x1.0000000000000p+0"}],[3,{"type":"float","value":"0x1.8000000000000p+0"}]],"key":"int","type":"Dict","value":"float"}],"type":"Tuple"}]
def f(xs: List[int], names: List[str]) -> Tuple[Dict[str, int], Dict[int, float]]:
    d = {n: len(n) for n in names}
    e: Dict[int, float] = {x: x / 2 for x in xs}
    return d, e

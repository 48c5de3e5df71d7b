# zip() in a list comprehension, enumerate() in a loop, torch.jit.annotate of an empty list.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}]},{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","0x1.0p+1"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":20},{"type":"int","value":30}],"type":"List"},{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":40},{"type":"int","value":90}],"type":"List"},{"type":"int","value":8},{"type":"str","value":"a"},{"type":"float","value":"0x1.4000000000000p+1"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":20},{"type":"int","value":30}],"type":"List"},{"elem":"int","items":[{"type":"int","value":10},{"type":"int","value":40},{"type":"int","value":90}],"type":"List"},{"type":"int","value":8},{"type":"str","value":"a"},{"type":"float","value":"0x1.4000000000000p+1"}],"type":"Tuple"}]
def f(xs: List[int], t: Tensor) -> Tuple[List[int], List[int], int, str, float]:
    r = [x * 10 for x in xs]
    z = [a * b for a, b in zip(xs, r)]
    acc = 0
    for i, v in enumerate(xs):
        acc += i * v
    s = torch.jit.annotate(List[str], [])
    s.append("a")
    msg = ",".join(s)
    y = 2.5
    return r, z, acc, msg, y

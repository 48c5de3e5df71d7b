# List comprehensions over a list, range(), a tensor's rows and a list literal (prim::ListConstruct,
# then a prim::Loop appending each element), with a type annotation; two `for` clauses as PyTorch
# 1.13's parser reads them: `[e for x in A for y in B]` is `[e for x in [A for y in B]]`.
# xs = [1, 2, 3] -> [1, 4, 9]; range(3) / 2 -> [0.0, 0.5, 1.0]; rows of [[1, 2], [3, 4]] -> [3., 7.];
# pairs -> [[1, 2], [1, 2], [1, 2]] (Python itself would give [1, 1, 1, 2, 2, 2]).
# RUN: echo '[{"type":"List","elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}]},{"type":"Tensor","dtype":"float32","shape":[2,2],"strides":[2,1],"data":["0x1.0p+0","0x1.0p+1","0x1.8p+1","0x1.0p+2"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":4},{"type":"int","value":9}],"type":"List"},{"elem":"float","items":[{"type":"float","value":"0x0.0p+0"},{"type":"float","value":"0x1.0000000000000p-1"},{"type":"float","value":"0x1.0000000000000p+0"}],"type":"List"},{"elem":"Tensor","items":[{"data":["0x1.8000000000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.c000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"}],"type":"List"},{"elem":"str","items":[{"type":"str","value":"a!"},{"type":"str","value":"b!"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":4},{"type":"int","value":9}],"type":"List"},{"elem":"float","items":[{"type":"float","value":"0x0.0p+0"},{"type":"float","value":"0x1.0000000000000p-1"},{"type":"float","value":"0x1.0000000000000p+0"}],"type":"List"},{"elem":"Tensor","items":[{"data":["0x1.8000000000000p+1"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.c000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"}],"type":"List"},{"elem":"str","items":[{"type":"str","value":"a!"},{"type":"str","value":"b!"}],"type":"List"},{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":2}],"type":"List"}],"type":"List"}],"type":"Tuple"}]
def f(xs: List[int], t: Tensor) -> Tuple[List[int], List[float], List[Tensor], List[str], List[List[int]]]:
    sq = [x * x for x in xs]
    halves: List[float] = [float(i) / 2 for i in range(3)]
    rows = [row.sum() for row in t]
    words = [w + "!" for w in ["a", "b"]]
    pairs = [p for p in [1, 2] for q in [3, 4, 5]]
    return sq, halves, rows, words, pairs

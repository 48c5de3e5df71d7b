# A list used as a tensor index becomes a LongTensor, as 1.13's emitIntAndSliceIndexing emits it:
# aten::tensor(list, dtype=long), so a float list indexes too (`y[[1.0, 0.0], 0]`), and so do int
# lists in assignment (`y[[0, 2]] = 1.0`, aten::index_put_) and in advanced indexing
# (`x[[0, 1], [1, 2]]`). tsjit built the index tensor without the dtype and a float list raised
# "tensors used as indices must be long, byte or bool tensors".
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3,3],"strides":[3,1],"data":["0x1p+0","0x1p+1","0x1p+2","0x1p+3","0x1p+4","0x1p+5","0x1p+6","0x1p+7","0x1p+8"]}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# RUN: tsjit run %s --dump-graph | FileCheck %s --check-prefix=GRAPH
# CHECK: [{"data":["0x1.4000000000000p+3","0x1.0800000000000p+5"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.4000000000000p+3","0x1.0800000000000p+5"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# GRAPH: %[[LONG:[0-9]+]] : int = prim::Constant[value=4]()
# GRAPH: int[] = prim::ListConstruct(
# GRAPH-NEXT: aten::tensor(%{{[0-9]+}}, %[[LONG]], %{{[0-9]+}}, %{{[0-9]+}})
# GRAPH: aten::index_put_(
# GRAPH: float[] = prim::ListConstruct(
# GRAPH-NEXT: aten::tensor(%{{[0-9]+}}, %[[LONG]], %{{[0-9]+}}, %{{[0-9]+}})
def f(x: Tensor) -> Tensor:
    y = x.clone()
    y[[0, 2]] = 1.0
    return y[[1.0, 0.0], 0] + x[[0, 1], [1, 2]]

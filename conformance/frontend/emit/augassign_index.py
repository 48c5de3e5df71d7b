# Pins the IR the emitter produces for this source (after cleanup); generated from the
# emitter's output and checked against the structure of PyTorch 1.13's graph for it.
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-LABEL: graph(
# CHECK: prim::Constant()
# CHECK: prim::Constant[value=1]()
# CHECK: prim::Constant[value=5.]()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=0]()
# CHECK: prim::Constant[value=2]()
# CHECK: prim::Constant[value=-1]()
# CHECK: prim::Constant[value=3]()
# CHECK: prim::Constant[value=4]()
# CHECK: prim::Constant[value="k"]()
# CHECK: aten::clone(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add_(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::select(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::dtype(%{{[A-Za-z0-9_.]+}})
# CHECK: prim::device(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::tensor(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::copy_(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::slice(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::slice(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::select(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::_set_item(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::append(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::len(%{{[A-Za-z0-9_.]+}})
# CHECK: aten::__getitem__(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: aten::add(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: prim::TupleConstruct(%{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}}, %{{[A-Za-z0-9_.]+}})
# CHECK: return
# CHECK-NOT: prim::Store
# CHECK-NOT: prim::Load
# CHECK-NOT: prim::ReturnStmt
def f(x: Tensor, l: List[int], d: Dict[str, int]) -> Tuple[Tensor, List[int], int]:
    y = x.clone()
    y += 1
    y[0] = 5.0
    v = y[1:, ::2][..., 0]
    l[0] = 3
    l.append(4)
    d["k"] = len(l)
    n = 0
    n += d["k"]
    return v, l, n

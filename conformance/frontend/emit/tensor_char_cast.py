# x.char() is x.to(torch.int8) in PyTorch 1.13's script frontend (aten::to with dtype code 1,
# non_blocking and copy False, no memory format; recorded from torch.jit.script(f).graph on
# python3-torch 1.13.1), like x.float() / x.byte().
# RUN: tsjit run %s --dump-graph | FileCheck %s
# CHECK-DAG: %[[I8:.*]] : int = prim::Constant[value=1]()
# CHECK-DAG: %[[F:.*]] : bool = prim::Constant[value=0]()
# CHECK-DAG: %[[N:.*]] : NoneType = prim::Constant()
# CHECK: aten::to(%x, %[[I8]], %[[F]], %[[F]], %[[N]])
def f(x: Tensor) -> Tensor:
    return x.char()

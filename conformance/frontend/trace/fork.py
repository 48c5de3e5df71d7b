# Tracing torch.jit.fork records what 1.13's tracer records (python3-torch 1.13.1, torch.jit.trace
# of this function on x = [1, -2]): a prim::fork per fork, taking the traced values its work reads,
# whose Subgraph is the trace of that work (aten::mul with the constant 3 — 1.13 records it as a
# Long tensor constant {3}, tsjit as the int: the traced TorchScript function multiplies by an int
# — and aten::relu), then aten::wait of each future and the add. The traced graph runs on both
# engines to 1.13's outputs for the traced function ([4, -6] on the example input, [2, 12] on
# [0.5, 3]; recorded from PyTorch, not from tsjit).
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","-0x1.0p+1"]}]' > %t.a.json
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p-1","0x1.8p+1"]}]' > %t.b.json
# RUN: tsjit trace %s --entry h --inputs %t.a.json > %t.ir
# RUN: FileCheck %s --check-prefix=GRAPH < %t.ir
# GRAPH: graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
# GRAPH-NEXT: %[[F0:[0-9]+]] : Future[Float(2, strides=[1], requires_grad=0, device=cpu)] = prim::fork_0(%x)
# GRAPH-NEXT: %[[F1:[0-9]+]] : Future[Float(2, strides=[1], requires_grad=0, device=cpu)] = prim::fork_1(%x)
# GRAPH-NEXT: = aten::wait(%[[F0]])
# GRAPH-NEXT: = aten::wait(%[[F1]])
# GRAPH: aten::add(
# GRAPH: with prim::fork_0 = graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
# GRAPH-NEXT: prim::Constant[value=3]()
# GRAPH-NEXT: aten::mul(%x,
# GRAPH: with prim::fork_1 = graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
# GRAPH-NEXT: aten::relu(%x)
# RUN: for e in jit reference; do for i in a b; do tsjit run %t.ir --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s --check-prefix=OUT
# OUT: [{"data":["0x1.0000000000000p+2","-0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# OUT-NEXT: [{"data":["0x1.0000000000000p+1","0x1.8000000000000p+3"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# OUT-NEXT: [{"data":["0x1.0000000000000p+2","-0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# OUT-NEXT: [{"data":["0x1.0000000000000p+1","0x1.8000000000000p+3"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
def g(x, k: int):
    return x * k


def h(x):
    fut = torch.jit.fork(g, x, 3)
    fut2 = torch.jit.fork(torch.relu, x)
    return torch.jit.wait(fut) + torch.jit.wait(fut2)

# The compiled stub of an @torch.jit.unused function: 1.13 inlines it at each call as
# prim::RaiseException(msg, None) + prim::Uninitialized of the result type (its graph for a caller,
# scripts/pt113_script_run.py --graph); unannotated parameters and result are Tensors.
# RUN: tsjit run %s --entry helper --dump-graph | FileCheck %s
# CHECK: graph(%x : Tensor):
# CHECK-DAG: %[[MSG:[0-9]+]] : str = prim::Constant[value="This Python function is annotated to be ignored and cannot be run"]()
# CHECK-DAG: %[[NONE:[0-9]+]] : NoneType = prim::Constant()
# CHECK: = prim::RaiseException(%[[MSG]], %[[NONE]])
# CHECK-NEXT: %[[U:[0-9]+]] : Tensor = prim::Uninitialized()
# CHECK-NEXT: return (%[[U]])
@torch.jit.unused
def helper(x):
    return x.numpy()

# A correct formula for aten::neg whose backward builds a list with `append` in a loop and reduces
# it: the list is created in the backward closure, so it must live in the backward graph (a
# forward/backward split by data dependence alone put the empty list and the `stack` that reads it
# in the forward, where `stack` saw no tensors).
from typing import List


def neg(self):
    def backward(grad_output):
        pieces: List[Tensor] = []
        for i in range(2):
            pieces.append(grad_output * -0.5)
        return torch.stack(pieces).sum(0)
    return torch.neg(self), backward

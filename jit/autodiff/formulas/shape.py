# shape.py — gradients of the view and reshape ops (view, reshape, expand, permute, transpose,
# unsqueeze, squeeze): the gradient is the inverse rearrangement of grad_output.
from typing import List, Optional, Tuple


def view(self, size: List[int]):
    self_size = self.size()
    def backward(grad_output):
        return grad_output.reshape(self_size), None
    return torch.view(self, size), backward


def reshape(self, shape: List[int]):
    self_size = self.size()
    def backward(grad_output):
        return grad_output.reshape(self_size), None
    return torch.reshape(self, shape), backward


def expand(self, size: List[int], implicit: bool):
    self_size = self.size()
    def backward(grad_output):
        return grad_output._grad_sum_to_size(self_size), None, None
    return torch.expand(self, size, implicit=implicit), backward


def permute(self, dims: List[int]):
    def backward(grad_output):
        return grad_output.permute(AD_inverse_permutation(dims)), None
    return torch.permute(self, dims), backward


def transpose(self, dim0: int, dim1: int):
    def backward(grad_output):
        return grad_output.transpose(dim0, dim1), None, None
    return torch.transpose(self, dim0, dim1), backward


def unsqueeze(self, dim: int):
    def backward(grad_output):
        return grad_output.squeeze(dim), None
    return torch.unsqueeze(self, dim), backward


def squeeze_1(self, dim: int):
    self_size = self.size()
    def backward(grad_output):
        return grad_output.reshape(self_size), None
    return torch.squeeze(self, dim), backward

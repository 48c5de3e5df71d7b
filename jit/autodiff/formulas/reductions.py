# reductions.py — gradients of sum, mean, softmax, log_softmax and the broadcasting helpers
# sum_to_size / _grad_sum_to_size. The backward of a reduction
# reshapes the gradient to the result's shape with the reduced dims kept and expands it back.
from typing import List, Optional, Tuple


def sum(self, dtype: Optional[int]):
    self_size = self.size()
    def backward(grad_output):
        return grad_output.expand(self_size), None
    return torch.sum(self, dtype=dtype), backward


def sum_1(self, dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]):
    self_size = self.size()
    def backward(grad_output):
        return AD_sum_backward(grad_output, self_size, dim, keepdim), None, None, None
    return torch.sum(self, dim, keepdim, dtype=dtype), backward


def mean(self, dtype: Optional[int]):
    self_size = self.size()
    self_numel = self.numel()
    def backward(grad_output):
        return grad_output.expand(self_size) / self_numel, None
    return torch.mean(self, dtype=dtype), backward


def mean_1(self, dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]):
    self_size = self.size()
    def backward(grad_output):
        count = AD_reduced_numel(self_size, dim)
        return AD_sum_backward(grad_output, self_size, dim, keepdim) / count, None, None, None
    return torch.mean(self, dim, keepdim, dtype=dtype), backward


def softmax(self, dim: int, dtype: Optional[int]):
    result = torch.softmax(self, dim, dtype)
    def backward(grad_output):
        grad_self = (grad_output - (grad_output * result).sum([dim], True)) * result
        return grad_self, None, None
    return result, backward


def log_softmax(self, dim: int, dtype: Optional[int]):
    result = torch.log_softmax(self, dim, dtype)
    def backward(grad_output):
        grad_self = grad_output - torch.exp(result) * grad_output.sum([dim], True)
        return grad_self, None, None
    return result, backward


def sum_to_size(self, size: List[int]):
    self_size = self.size()
    def backward(grad_output):
        return grad_output.expand(self_size), None
    return self.sum_to_size(size), backward


def _grad_sum_to_size(self, size: Optional[List[int]]):
    # With size None the result is self and grad_output has self's shape: expand is a no-op.
    self_size = self.size()
    def backward(grad_output):
        return grad_output.expand(self_size), None
    return torch._grad_sum_to_size(self, size), backward

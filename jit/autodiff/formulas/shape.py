# shape.py — gradients of the view and reshape ops (view, reshape, expand, permute, transpose,
# select, slice, narrow: a 0/1 selection-matrix product puts the gradient back in place;
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


def select(self, dim: int, index: int):
    self_size = self.size()
    def backward(grad_output):
        d = dim
        if d < 0:
            d = d + len(self_size)
        i = index
        if i < 0:
            i = i + self_size[d]
        return AD_scatter_rows(grad_output.unsqueeze(d), d, self_size[d], i, 1, 1), None, None
    return torch.select(self, dim, index), backward


def slice(self, dim: int, start: Optional[int], end: Optional[int], step: int):
    self_size = self.size()
    def backward(grad_output):
        d = dim
        if d < 0:
            d = d + len(self_size)
        bounds = AD_slice_start_count(self_size[d], start, end, step)
        return AD_scatter_rows(grad_output, d, self_size[d], bounds[0], bounds[1], step), None, None, None, None
    return torch.slice(self, dim, start, end, step), backward


def narrow(self, dim: int, start: int, length: int):
    self_size = self.size()
    def backward(grad_output):
        d = dim
        if d < 0:
            d = d + len(self_size)
        s = start
        if s < 0:
            s = s + self_size[d]
        return AD_scatter_rows(grad_output, d, self_size[d], s, length, 1), None, None, None
    return torch.narrow(self, dim, start, length), backward


def contiguous(self, memory_format: int):
    def backward(grad_output):
        return grad_output, None
    return self.contiguous(memory_format=memory_format), backward


def index_select(self, dim: int, index):
    self_size = self.size()
    def backward(grad_output):
        d = dim
        if d < 0:
            d = d + len(self_size)
        # (k, n) 0/1 matrix: row j selects element index[j]; repeated indices accumulate.
        selection = (index.reshape([-1, 1]) == torch.arange(self_size[d]).unsqueeze(0)).type_as(grad_output)
        return grad_output.transpose(d, -1).matmul(selection).transpose(d, -1), None, None
    return torch.index_select(self, dim, index), backward


def mT(self):
    def backward(grad_output):
        return grad_output.transpose(-2, -1)
    return self.transpose(-2, -1), backward



def repeat(self, repeats: List[int]):
    self_size = self.size()
    def backward(grad_output):
        split = grad_output.reshape(AD_repeat_split_shape(self_size, repeats))
        return split.sum(AD_repeat_tile_dims(self_size, repeats), False).reshape(self_size), None
    return self.repeat(repeats), backward

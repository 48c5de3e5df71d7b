# prelude.py — the helpers of PyTorch 1.13's symbolic_script, rewritten for tsjit. Every formula
# file is compiled with these defs in scope. Helpers never carry a tensor through control flow
# (only sizes and dims), so every backward graph stays differentiable again (second order).
from typing import List, Optional, Tuple


def AD_sizes_if_not_equal_multi(t1, t2, res):
    # type: (Tensor, Tensor, Tensor) -> Tuple[Optional[List[int]], Optional[List[int]]]
    return torch._size_if_not_equal(t1.size(), res.size()), torch._size_if_not_equal(t2.size(), res.size())


def AD_reduced_shape(sizes: List[int], dims: Optional[List[int]], keepdim: bool) -> List[int]:
    # The shape of a reduction's result with the reduced dims kept as 1 (what backward expands).
    n = len(sizes)
    reduced: List[bool] = []
    for i in range(n):
        reduced.append(False)
    if dims is None or len(dims) == 0:
        for i in range(n):
            reduced[i] = True
    else:
        for d in dims:
            if d < 0:
                d = d + n
            reduced[d] = True
    shape: List[int] = []
    for i in range(n):
        if reduced[i]:
            shape.append(1)
        else:
            shape.append(sizes[i])
    return shape


def AD_reduced_numel(sizes: List[int], dims: Optional[List[int]]) -> int:
    n = len(sizes)
    count = 1
    if dims is None or len(dims) == 0:
        for s in sizes:
            count = count * s
    else:
        for d in dims:
            if d < 0:
                d = d + n
            count = count * sizes[d]
    return count


def AD_sum_backward(grad: Tensor, sizes: List[int], dims: Optional[List[int]], keepdim: bool) -> Tensor:
    return grad.reshape(AD_reduced_shape(sizes, dims, keepdim)).expand(sizes)


def AD_inverse_permutation(dims: List[int]) -> List[int]:
    n = len(dims)
    inverse: List[int] = []
    for i in range(n):
        inverse.append(0)
    for i in range(n):
        d = dims[i]
        if d < 0:
            d = d + n
        inverse[d] = i
    return inverse


def AD_with_one_at(sizes: List[int], pos: int) -> List[int]:
    # sizes with a 1 inserted before index pos (pos == len(sizes): appended).
    out: List[int] = []
    for i in range(len(sizes)):
        if i == pos:
            out.append(1)
        out.append(sizes[i])
    if pos == len(sizes):
        out.append(1)
    return out


def AD_last_dims(ndim: int, count: int) -> List[int]:
    dims: List[int] = []
    for i in range(ndim - count, ndim):
        dims.append(i)
    return dims


def AD_slice_start_count(n: int, start: Optional[int], end: Optional[int], step: int) -> List[int]:
    # Python's slice bounds on a dim of size n: [first index, number of elements taken].
    s = 0
    if start is not None:
        s = start
    e = n
    if end is not None:
        e = end
    if s < 0:
        s = s + n
    if e < 0:
        e = e + n
    if s < 0:
        s = 0
    if s > n:
        s = n
    if e > n:
        e = n
    if e < s:
        e = s
    return [s, (e - s + step - 1) // step]


def AD_scatter_rows(grad: Tensor, dim: int, n: int, first: int, count: int, step: int) -> Tensor:
    # The gradient of taking `count` elements first, first + step, ... of a dim of size n: grad
    # (that dim of size count) multiplied by a 0/1 selection matrix (count, n) along that dim.
    taken = torch.arange(count).unsqueeze(1) * step + first
    selection = (taken == torch.arange(n).unsqueeze(0)).type_as(grad)
    return grad.transpose(dim, -1).matmul(selection).transpose(dim, -1)


def AD_repeat_split_shape(sizes: List[int], repeats: List[int]) -> List[int]:
    # repeat's result viewed with every repeated dim split into (repeats[i], size): the leading new
    # dims, then (r, s) per input dim (the tiles are the outer index).
    lead = len(repeats) - len(sizes)
    shape: List[int] = []
    for i in range(lead):
        shape.append(repeats[i])
    for i in range(len(sizes)):
        shape.append(repeats[lead + i])
        shape.append(sizes[i])
    return shape


def AD_repeat_tile_dims(sizes: List[int], repeats: List[int]) -> List[int]:
    # The dims of AD_repeat_split_shape that index tiles (summed by the backward).
    lead = len(repeats) - len(sizes)
    dims: List[int] = []
    for i in range(lead):
        dims.append(i)
    for i in range(len(sizes)):
        dims.append(lead + 2 * i)
    return dims


def AD_zeros_list(n: int) -> List[int]:
    out: List[int] = []
    for i in range(n):
        out.append(0)
    return out



def AD_conv_output_padding(in_size: List[int], k_size: List[int], out_size: List[int], stride: List[int],
                           padding: List[int], dilation: List[int]) -> List[int]:
    # What a transposed convolution of the output must add to give back the input's spatial size.
    out: List[int] = []
    for d in range(len(in_size) - 2):
        s = stride[0]
        if len(stride) > 1:
            s = stride[d]
        p = padding[0]
        if len(padding) > 1:
            p = padding[d]
        dl = dilation[0]
        if len(dilation) > 1:
            dl = dilation[d]
        out.append(in_size[d + 2] + 2 * p - dl * (k_size[d + 2] - 1) - 1 - (out_size[d + 2] - 1) * s)
    return out


def AD_conv_group_split(in_size: List[int], groups: int) -> List[int]:
    # [N, C, spatial...] -> [N, groups, C / groups, spatial...]
    out: List[int] = [in_size[0], groups, in_size[1] // groups]
    for d in range(2, len(in_size)):
        out.append(in_size[d])
    return out


def AD_conv_group_perm(rank: int) -> List[int]:
    # [N, g, c, spatial...] -> [c, g, N, spatial...]
    out: List[int] = [2, 1, 0]
    for d in range(3, rank + 1):
        out.append(d)
    return out


def AD_conv_group_merged(in_size: List[int], groups: int) -> List[int]:
    # [c, g, N, spatial...] -> [c, g * N, spatial...]
    out: List[int] = [in_size[1] // groups, groups * in_size[0]]
    for d in range(2, len(in_size)):
        out.append(in_size[d])
    return out


def AD_trim_spatial(t: Tensor, sizes: List[int]) -> Tensor:
    # t narrowed to sizes[d] in every dim d >= 2.
    for d in range(2, len(sizes)):
        t = t.narrow(d, 0, sizes[d])
    return t

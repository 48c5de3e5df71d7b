# nn.py — gradients of clone, dropout, flip, layer_norm, embedding, _convolution.
from typing import List, Optional, Tuple


def clone(self, memory_format: Optional[int]):
    def backward(grad_output):
        return grad_output, None
    return torch.clone(self, memory_format=memory_format), backward


def flip(self, dims: List[int]):
    def backward(grad_output):
        return grad_output.flip(dims), None
    return torch.flip(self, dims), backward


def dropout(input, p: float, train: bool):
    # Training: the kept elements were scaled by 1 / (1 - p) (a zero result marks a dropped one).
    result = torch.dropout(input, p, train)
    def backward(grad_output):
        scale = 1.0
        if train:
            scale = 1.0 / (1.0 - p)
        kept = (result != 0).type_as(grad_output) * float(train) + (1.0 - float(train))
        return grad_output * kept * scale, None, None
    return result, backward


def layer_norm(input, normalized_shape: List[int], weight: Optional[Tensor], bias: Optional[Tensor], eps: float,
               cudnn_enable: bool):
    result = torch.layer_norm(input, normalized_shape, weight, bias, eps, cudnn_enable)
    axes = AD_last_dims(input.dim(), len(normalized_shape))
    mean = input.mean(axes, True)
    centered = input - mean
    rstd = torch.rsqrt((centered * centered).mean(axes, True) + eps)
    xhat = centered * rstd
    def backward(grad_output):
        g = grad_output
        if weight is not None:
            g = grad_output * weight
        grad_input = rstd * (g - g.mean(axes, True) - xhat * (g * xhat).mean(axes, True))
        grad_weight = None
        if weight is not None:
            grad_weight = (grad_output * xhat).sum_to_size(weight.size())
        grad_bias = None
        if bias is not None:
            grad_bias = grad_output.sum_to_size(bias.size())
        return grad_input, None, grad_weight, grad_bias, None, None
    return result, backward


def embedding(weight, indices, padding_idx: int, scale_grad_by_freq: bool, sparse: bool):
    # Rows of grad_output summed into the rows of weight they were read from; the padding row gets
    # none (PyTorch leaves it without gradient); scale_grad_by_freq divides each by its row's count.
    # (sparse: PyTorch returns the same values as a sparse tensor; here dense.)
    def backward(grad_output):
        flat = indices.reshape([-1])
        rows = grad_output.reshape([-1, weight.size(1)])
        rows = rows * (flat != padding_idx).unsqueeze(1).type_as(rows)
        if scale_grad_by_freq:
            counts = torch.zeros_like(weight).index_add(0, flat, torch.ones_like(rows))
            rows = rows / counts.index_select(0, flat)
        grad_weight = torch.zeros_like(weight).index_add(0, flat, rows)
        return grad_weight, None, None, None, None
    return torch.embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse), backward


def _convolution(input, weight, bias: Optional[Tensor], stride: List[int], padding: List[int], dilation: List[int],
                 transposed: bool, output_padding: List[int], groups: int, benchmark: bool, deterministic: bool,
                 cudnn_enabled: bool, allow_tf32: bool):
    # Not transposed (a transposed convolution's backward raises). grad_input: the transposed
    # convolution of grad_output with the same weight (output_padding restores the input's size).
    # grad_weight: one grouped convolution of the input with its channels of each group as the batch
    # and (group, batch) as channels, by grad_output with its batch as input channels; stride and
    # dilation swapped; cut to the kernel's size. grad_bias: grad_output summed but over channels.
    result = torch._convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups,
                                benchmark, deterministic, cudnn_enabled, allow_tf32)
    def backward(grad_output):
        if transposed:
            raise RuntimeError("symbolic gradient of a transposed _convolution is not implemented")
        in_size = input.size()
        k_size = weight.size()
        out_pad = AD_conv_output_padding(in_size, k_size, grad_output.size(), stride, padding, dilation)
        grad_input = torch._convolution(grad_output, weight, None, stride, padding, dilation, True, out_pad, groups,
                                        benchmark, deterministic, cudnn_enabled, allow_tf32)
        x = input.reshape(AD_conv_group_split(in_size, groups)).permute(AD_conv_group_perm(len(in_size)))
        x = x.reshape(AD_conv_group_merged(in_size, groups))
        w = torch._convolution(x, grad_output.transpose(0, 1), None, dilation, padding, stride, False,
                               AD_zeros_list(len(in_size) - 2), groups, benchmark, deterministic, cudnn_enabled,
                               allow_tf32)
        grad_weight = AD_trim_spatial(w.transpose(0, 1), k_size)
        grad_bias = None
        if bias is not None:
            grad_bias = grad_output.transpose(0, 1).reshape([k_size[0], -1]).sum([1], False)
        return grad_input, grad_weight, grad_bias, None, None, None, None, None, None, None, None, None, None
    return result, backward

# nn.py — gradients of clone, dropout, flip, layer_norm, embedding.
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

# linalg.py — gradients of matrix products (mm, addmm, linear, t, matmul) and linalg_inv.
from typing import List, Optional, Tuple


def mm(self, mat2):
    def backward(grad_output):
        return grad_output.mm(mat2.t()), self.t().mm(grad_output)
    return torch.mm(self, mat2), backward


def t(self):
    def backward(grad_output):
        return torch.t(grad_output)
    return torch.t(self), backward


def addmm(self, mat1, mat2, beta: number, alpha: number):
    result = torch.addmm(self, mat1, mat2, beta=beta, alpha=alpha)
    self_size = torch._size_if_not_equal(self.size(), result.size())
    def backward(grad_output):
        grad_self = (grad_output * beta)._grad_sum_to_size(self_size)
        grad_mat1 = grad_output.mm(mat2.t()) * alpha
        grad_mat2 = mat1.t().mm(grad_output) * alpha
        return grad_self, grad_mat1, grad_mat2, None, None
    return result, backward


def linear(input, weight, bias: Optional[Tensor]):
    result = torch.linear(input, weight, bias)
    def backward(grad_output):
        rows = grad_output.reshape([-1, weight.size(0)])
        grad_input = rows.mm(weight).reshape(input.size())
        grad_weight = rows.t().mm(input.reshape([-1, weight.size(1)]))
        grad_bias = None
        if bias is not None:
            grad_bias = rows.sum([0], False)
        return grad_input, grad_weight, grad_bias
    return result, backward


def matmul(self, other):
    # 1-D operands are viewed as (1, k) and (k, 1), the batch dims broadcast: the gradients are
    # matrix products summed back to each operand's (viewed) size. Sizes only go through control
    # flow, so the backward is differentiable again.
    result = torch.matmul(self, other)
    self_size = self.size()
    other_size = other.size()
    self_2d = self_size
    if len(self_size) == 1:
        self_2d = AD_with_one_at(self_size, 0)
    other_2d = other_size
    if len(other_size) == 1:
        other_2d = AD_with_one_at(other_size, 1)
    grad_2d = result.size()
    if len(other_size) == 1:
        grad_2d = AD_with_one_at(grad_2d, len(grad_2d))
    if len(self_size) == 1:
        grad_2d = AD_with_one_at(grad_2d, len(grad_2d) - 1)
    def backward(grad_output):
        g = grad_output.reshape(grad_2d)
        grad_self = g.matmul(other.reshape(other_2d).transpose(-1, -2)).sum_to_size(self_2d).reshape(self_size)
        grad_other = self.reshape(self_2d).transpose(-1, -2).matmul(g).sum_to_size(other_2d).reshape(other_size)
        return grad_self, grad_other
    return result, backward


def linalg_inv(A):
    # d(A^-1) = -A^-1 dA A^-1, so grad_A = -A^-T grad A^-T (batched over leading dims).
    result = torch.linalg_inv(A)
    def backward(grad_output):
        inv_t = result.transpose(-2, -1)
        return torch.neg(torch.matmul(torch.matmul(inv_t, grad_output), inv_t))
    return result, backward

# unary.py — gradients of elementwise math and activations. Formulas that need the result reuse
# it (the forward saves it) instead of recomputing.
from typing import List, Optional, Tuple


def exp(self):
    result = torch.exp(self)
    def backward(grad_output):
        return grad_output * result
    return result, backward


def log(self):
    def backward(grad_output):
        return grad_output / self
    return torch.log(self), backward


def log2(self):
    def backward(grad_output):
        return grad_output / (self * 0.6931471805599453)
    return torch.log2(self), backward


def log10(self):
    def backward(grad_output):
        return grad_output / (self * 2.302585092994046)
    return torch.log10(self), backward


def exp2(self):
    result = torch.exp2(self)
    def backward(grad_output):
        return grad_output * result * 0.6931471805599453
    return result, backward


def log1p(self):
    def backward(grad_output):
        return grad_output / (self + 1)
    return torch.log1p(self), backward


def expm1(self):
    result = torch.expm1(self)
    def backward(grad_output):
        return grad_output * (result + 1)
    return result, backward


def sqrt(self):
    result = torch.sqrt(self)
    def backward(grad_output):
        return grad_output / (2 * result)
    return result, backward


def rsqrt(self):
    result = torch.rsqrt(self)
    def backward(grad_output):
        return -0.5 * grad_output * result * result * result
    return result, backward


def reciprocal(self):
    result = torch.reciprocal(self)
    def backward(grad_output):
        return -grad_output * result * result
    return result, backward


def sin(self):
    def backward(grad_output):
        return grad_output * self.cos()
    return torch.sin(self), backward


def cos(self):
    def backward(grad_output):
        return -grad_output * self.sin()
    return torch.cos(self), backward


def tanh(self):
    result = torch.tanh(self)
    def backward(grad_output):
        return grad_output * (1 - result * result)
    return result, backward


def sigmoid(self):
    result = torch.sigmoid(self)
    def backward(grad_output):
        return grad_output * result * (1 - result)
    return result, backward


def relu(self):
    result = torch.relu(self)
    def backward(grad_output):
        return grad_output * (result > 0).type_as(result)
    return result, backward


def abs(self):
    def backward(grad_output):
        return grad_output * self.sign()
    return torch.abs(self), backward


def erf(self):
    def backward(grad_output):
        # d/dx erf(x) = 2 / sqrt(pi) * exp(-x^2)
        return 1.1283791670955126 * torch.exp(-(self * self)) * grad_output
    return torch.erf(self), backward


def silu(self):
    def backward(grad_output):
        s = torch.sigmoid(self)
        return grad_output * s * (1 + self * (1 - s))
    return torch.silu(self), backward


def gelu(self, approximate: str):
    def backward(grad_output):
        # approximate="none" (the exact GELU): x * Phi(x)
        cdf = 0.5 * (1 + torch.erf(self * 0.7071067811865476))
        pdf = 0.3989422804014327 * torch.exp(-0.5 * self * self)
        return grad_output * (cdf + self * pdf), None
    return torch.gelu(self, approximate=approximate), backward


def leaky_relu(self, negative_slope: number):
    result = torch.leaky_relu(self, negative_slope)
    def backward(grad_output):
        positive = (self > 0).type_as(grad_output)
        return grad_output * (positive + (1 - positive) * negative_slope), None
    return result, backward


def hardtanh(self, min_val: number, max_val: number):
    result = torch.hardtanh(self, min_val, max_val)
    def backward(grad_output):
        inside = ((self > min_val) & (self < max_val)).type_as(grad_output)
        return grad_output * inside, None, None
    return result, backward


# relu6 / hardswish / hardsigmoid: 1.13 differentiates these symbolically too (F.relu6, F.hardswish
# and F.hardsigmoid call them); the slopes are their backward kernels': hardswish' is 0 below -3,
# x / 3 + 1/2 on [-3, 3), 1 from 3 on (the vectorized kernel's comparison, which every element of a
# tensor of 8 doubles or 16 floats and more goes through; its scalar tail takes x / 3 + 1/2 at 3); hardsigmoid' is 1/6 strictly inside (-3, 3), with the kernel's 1/6
# rounded to float (0.1666666716337204): the gradients of a first, profiling call in 1.13 (what
# the corpus records) come from that kernel, and tsjit differentiates symbolically from the start.
def relu6(self):
    result = torch.relu6(self)
    def backward(grad_output):
        inside = ((self > 0) & (self < 6)).type_as(grad_output)
        return grad_output * inside
    return result, backward


def hardswish(self):
    result = torch.hardswish(self)
    def backward(grad_output):
        slope = torch.where(self >= 3.0, torch.ones_like(self), self / 3.0 + 0.5)
        slope = torch.where(self < -3.0, torch.zeros_like(self), slope)
        return grad_output * slope
    return result, backward


def hardsigmoid(self):
    result = torch.hardsigmoid(self)
    def backward(grad_output):
        inside = ((self > -3.0) & (self < 3.0)).type_as(grad_output)
        return grad_output * inside * 0.1666666716337204
    return result, backward


def clamp(self, min: Optional[number], max: Optional[number]):
    result = torch.clamp(self, min, max)
    def backward(grad_output):
        # 1 where the value passed through unclamped (the kinks themselves have measure zero).
        return grad_output * (result == self).type_as(grad_output), None, None
    return result, backward


def type_as(self, other):
    def backward(grad_output):
        return grad_output.type_as(self), None
    return self.type_as(other), backward

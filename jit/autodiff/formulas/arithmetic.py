# arithmetic.py — gradients of the arithmetic ops (add, sub, mul, div, pow, neg, square, addcmul,
# lerp, where, maximum, minimum). Broadcast inputs get their gradient summed back to their size.
from typing import List, Optional, Tuple


def add(self, other, alpha: number):
    result = torch.add(self, other, alpha=alpha)
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = grad_output._grad_sum_to_size(self_size)
        grad_other = (grad_output * alpha)._grad_sum_to_size(other_size)
        return grad_self, grad_other, None
    return result, backward


def add_1(self, other: number, alpha: number):
    def backward(grad_output):
        return grad_output, None, None
    return torch.add(self, other, alpha), backward


def sub(self, other, alpha: number):
    result = torch.sub(self, other, alpha=alpha)
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = grad_output._grad_sum_to_size(self_size)
        grad_other = (-grad_output * alpha)._grad_sum_to_size(other_size)
        return grad_self, grad_other, None
    return result, backward


def sub_1(self, other: number, alpha: number):
    def backward(grad_output):
        return grad_output, None, None
    return torch.sub(self, other, alpha), backward


def mul(self, other):
    result = self * other
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = (grad_output * other)._grad_sum_to_size(self_size)
        grad_other = (grad_output * self)._grad_sum_to_size(other_size)
        return grad_self, grad_other
    return result, backward


def mul_1(self, other: number):
    def backward(grad_output):
        return grad_output * other, None
    return self * other, backward


def div(self, other):
    result = self / other
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = (grad_output / other)._grad_sum_to_size(self_size)
        grad_other = (-grad_output * self / (other * other))._grad_sum_to_size(other_size)
        return grad_self, grad_other
    return result, backward


def div_1(self, other: number):
    def backward(grad_output):
        return grad_output / other, None
    return self / other, backward


def pow(self, exponent: number):
    def backward(grad_output):
        return grad_output * exponent * torch.pow(self, exponent - 1.0), None
    return torch.pow(self, exponent), backward


def pow_1(self, exponent):
    result = torch.pow(self, exponent)
    self_size, exponent_size = AD_sizes_if_not_equal_multi(self, exponent, result)
    def backward(grad_output):
        grad_self = torch.where(exponent == 0.0, torch.zeros_like(result),
                                grad_output * exponent * torch.pow(self, exponent - 1))._grad_sum_to_size(self_size)
        grad_exponent = (grad_output * result * torch.log(self))._grad_sum_to_size(exponent_size)
        return grad_self, grad_exponent
    return result, backward


def neg(self):
    def backward(grad_output):
        return grad_output.neg()
    return torch.neg(self), backward


def square(self):
    def backward(grad_output):
        return 2 * grad_output * self
    return torch.square(self), backward


def addcmul(self, tensor1, tensor2, value: number):
    result = torch.addcmul(self, tensor1, tensor2, value=value)
    self_size = torch._size_if_not_equal(self.size(), result.size())
    tensor1_size = torch._size_if_not_equal(tensor1.size(), result.size())
    tensor2_size = torch._size_if_not_equal(tensor2.size(), result.size())
    def backward(grad_output):
        grad = grad_output * value
        grad_tensor1 = (grad * tensor2)._grad_sum_to_size(tensor1_size)
        grad_tensor2 = (grad * tensor1)._grad_sum_to_size(tensor2_size)
        return grad_output._grad_sum_to_size(self_size), grad_tensor1, grad_tensor2, None
    return result, backward


def addcdiv(self, tensor1, tensor2, value: number):
    result = torch.addcdiv(self, tensor1, tensor2, value=value)
    self_size = torch._size_if_not_equal(self.size(), result.size())
    tensor1_size = torch._size_if_not_equal(tensor1.size(), result.size())
    tensor2_size = torch._size_if_not_equal(tensor2.size(), result.size())
    def backward(grad_output):
        grad = grad_output * value
        grad_tensor1 = (grad / tensor2)._grad_sum_to_size(tensor1_size)
        grad_tensor2 = (-grad * tensor1 / (tensor2 * tensor2))._grad_sum_to_size(tensor2_size)
        return grad_output._grad_sum_to_size(self_size), grad_tensor1, grad_tensor2, None
    return result, backward


def lerp(self, end, weight: number):
    result = torch.lerp(self, end, weight)
    self_size, end_size = AD_sizes_if_not_equal_multi(self, end, result)
    def backward(grad_output):
        grad_self = (grad_output * (1 - float(weight)))._grad_sum_to_size(self_size)
        grad_end = (grad_output * float(weight))._grad_sum_to_size(end_size)
        return grad_self, grad_end, None
    return result, backward


def lerp_1(self, end, weight):
    result = torch.lerp(self, end, weight)
    self_size = torch._size_if_not_equal(self.size(), result.size())
    end_size = torch._size_if_not_equal(end.size(), result.size())
    weight_size = torch._size_if_not_equal(weight.size(), result.size())
    def backward(grad_output):
        grad_self = (grad_output * (1 - weight))._grad_sum_to_size(self_size)
        grad_end = (grad_output * weight)._grad_sum_to_size(end_size)
        grad_weight = (grad_output * (end - self))._grad_sum_to_size(weight_size)
        return grad_self, grad_end, grad_weight
    return result, backward


def where(condition, self, other):
    result = torch.where(condition, self, other)
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        zeros = torch.zeros_like(grad_output)
        grad_self = torch.where(condition, grad_output, zeros)._grad_sum_to_size(self_size)
        grad_other = torch.where(condition, zeros, grad_output)._grad_sum_to_size(other_size)
        return None, grad_self, grad_other
    return result, backward


def maximum(self, other):
    result = torch.maximum(self, other)
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        # Ties split the gradient evenly, as PyTorch 1.13 does.
        half = (self == other).type_as(grad_output) * 0.5
        grad_self = (grad_output * ((self > other).type_as(grad_output) + half))._grad_sum_to_size(self_size)
        grad_other = (grad_output * ((other > self).type_as(grad_output) + half))._grad_sum_to_size(other_size)
        return grad_self, grad_other
    return result, backward


def minimum(self, other):
    result = torch.minimum(self, other)
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        half = (self == other).type_as(grad_output) * 0.5
        grad_self = (grad_output * ((self < other).type_as(grad_output) + half))._grad_sum_to_size(self_size)
        grad_other = (grad_output * ((other < self).type_as(grad_output) + half))._grad_sum_to_size(other_size)
        return grad_self, grad_other
    return result, backward

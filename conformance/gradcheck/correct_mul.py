# A correct formula for aten::mul.Tensor, as a formula author would write it.
def mul(self, other):
    result = self * other
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = (grad_output * other)._grad_sum_to_size(self_size)
        grad_other = (grad_output * self)._grad_sum_to_size(other_size)
        return grad_self, grad_other
    return result, backward

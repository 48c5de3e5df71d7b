# A deliberately wrong formula: grad_other is summed back to self's size instead of other's,
# which is only wrong when other is broadcast. `tsjit gradcheck` must fail it on broadcast cases.
def mul(self, other):
    result = self * other
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = (grad_output * other)._grad_sum_to_size(self_size)
        grad_other = (grad_output * self)._grad_sum_to_size(self_size)
        return grad_self, grad_other
    return result, backward

# A deliberately wrong formula: the gradient of `other` in self - alpha * other has the wrong sign.
def sub(self, other, alpha: number):
    result = torch.sub(self, other, alpha=alpha)
    self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
    def backward(grad_output):
        grad_self = grad_output._grad_sum_to_size(self_size)
        grad_other = (grad_output * alpha)._grad_sum_to_size(other_size)
        return grad_self, grad_other, None
    return result, backward

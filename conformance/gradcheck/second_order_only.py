# A deliberately wrong formula whose first order is right: the saved tanh result is detached, so
# the backward is not differentiable the right way (the term through d result / d self is missing).
# Only the second-order check (differentiating the backward again) can catch it.
def tanh(self):
    result = torch.tanh(self)
    def backward(grad_output):
        saved = result.detach()
        return grad_output * (1 - saved * saved)
    return result, backward

# A deliberately wrong formula for aten::softplus (docs/gradients.md): the derivative of
# log(1 + exp(beta * x)) / beta is sigmoid(beta * x), but this one forgot beta inside the sigmoid.
def softplus(self, beta: number, threshold: number):
    result = torch.softplus(self, beta, threshold)
    def backward(grad_output):
        linear = (self * beta > threshold).type_as(grad_output)
        grad_self = grad_output * (linear + (1 - linear) * torch.sigmoid(self))
        return grad_self, None, None
    return result, backward

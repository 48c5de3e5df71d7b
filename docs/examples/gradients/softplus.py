# A gradient formula for aten::softplus(Tensor self, Scalar beta=1, Scalar threshold=20), in
# PyTorch 1.13's symbolic_script form (docs/gradients.md).
# softplus(x) = log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold.
def softplus(self, beta: number, threshold: number):
    result = torch.softplus(self, beta, threshold)
    def backward(grad_output):
        z = torch.exp(result * beta)
        linear = (self * beta > threshold).type_as(grad_output)
        grad_self = grad_output * (linear + (1 - linear) * (z - 1) / z)
        return grad_self, None, None
    return result, backward

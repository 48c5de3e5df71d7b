def f(x: Tensor, n: int = 2) -> Tensor:
    if n > 0:
        return x * n
    elif n == 0:
        return torch.zeros_like(x)
    else:
        return -x

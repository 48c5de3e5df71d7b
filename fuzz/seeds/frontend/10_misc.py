@torch.jit.script
def misc(x: Tensor, *, scale: float = 1.0) -> Tensor:
    """Docstring."""
    g = lambda a, b=1: a + b
    if x.size(0) > 1 and \
            x.size(1) > 1: pass
    y = x; z = y
    return z * scale

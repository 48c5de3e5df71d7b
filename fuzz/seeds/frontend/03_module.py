class M(nn.Module):
    __constants__ = ['a']
    b: Final[int] = 3
    bias: Optional[Tensor]

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 4))

    @torch.jit.export
    def extra(self, x: Tensor) -> Tensor:
        return x @ self.w

    def forward(self, x: Tensor) -> Tensor:
        b = self.bias
        if b is not None:
            x = x + b
        return self.extra(x)

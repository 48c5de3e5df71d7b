class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    a: Tensor,
    b: Tensor) -> Tensor:
    return torch.mm(a, b)

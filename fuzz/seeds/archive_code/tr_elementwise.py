class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    y: Tensor) -> Tensor:
    _0 = torch.add(torch.mul(torch.sin(x), y), CONSTANTS.c0)
    return _0

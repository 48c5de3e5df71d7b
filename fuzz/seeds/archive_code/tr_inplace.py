class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tensor:
    y = torch.clone(x)
    y0 = torch.add_(y, CONSTANTS.c0)
    _0 = torch.fill_(torch.select(y0, 0, 0), CONSTANTS.c1)
    return y0

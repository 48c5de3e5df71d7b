class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    a: int,
    b: float) -> Tuple[float, float, float, float, int, int, bool, float, float, float]:
    _0 = (torch.add(a, b), torch.div(a, 2), torch.mul(a, b), float(a), int(b), int(torch.neg(b)), bool(a), 3.5, 8., torch.pow(a, 2))
    return _0

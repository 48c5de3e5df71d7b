class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    mode: str) -> Tuple[Tensor, str]:
    if torch.eq(mode, "sum"):
      _0 = (torch.sum(x, [0]), "summed")
    else:
      if torch.eq(mode, "max"):
        _2, _3 = torch.max(x, 0)
        _1 = (_2, "maxed")
      else:
        _1 = (x, "identity")
      _0 = _1
    return _0

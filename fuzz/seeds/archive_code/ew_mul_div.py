class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    y: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    _0 = torch.mul(x, y)
    _1 = torch.div(x, y)
    _2 = torch.mul(x, 0.5)
    _3 = torch.div(x, 3)
    _4 = torch.mul(torch.div(x, y), y)
    _5 = torch.mul(torch.add(x, 1), 2.5)
    _6 = torch.reciprocal(torch.add(torch.mul(x, x), 1))
    _7 = torch.sub(_5, torch.mul(_6, 3))
    _8 = torch.div(torch.add(torch.neg(x), 1), 4)
    _9 = torch.sub(torch.add(_7, _8), torch.mul(x, 2))
    return (_0, _1, _2, _3, _4, _9)

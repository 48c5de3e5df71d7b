class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    _0 = torch.slice(torch.slice(x, 0, 1, 3), 1, None, None, 2)
    _1 = torch.select(x, 0, -1)
    _2 = torch.slice(torch.slice(x), 1, -2)
    _3 = torch.select(x, -1, 0)
    _4 = torch.slice(torch.unsqueeze(x, 0), 1, 1)
    _5 = torch.slice(torch.slice(x, 0, 1), 1, 1, 5, 2)
    _6 = (_0, _1, _2, _3, _4, _5, torch.slice(x, 0, None, None, 3), torch.slice(x, 0, 2, 2))
    return _6

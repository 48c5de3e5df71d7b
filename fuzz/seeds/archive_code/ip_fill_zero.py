class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    y = torch.clone(x)
    _0 = torch.fill_(y, 3.5)
    z = torch.clone(x)
    _1 = torch.zero_(z)
    w = torch.clone(x)
    _2 = torch.fill_(torch.select(w, 0, 0), -1.)
    _3 = torch.zero_(torch.select(torch.slice(w), 1, 1))
    return (y, z, w)

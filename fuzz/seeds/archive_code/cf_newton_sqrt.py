class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    a: Tensor) -> Tuple[Tensor, int]:
    x = torch.clone(a)
    x0 = x
    it = 0
    _0 = True
    while _0:
      nx = torch.mul(torch.add(x0, torch.div(a, x0)), 0.5)
      _1 = torch.max(torch.abs(torch.sub(nx, x0)))
      _2 = torch.lt(_1, 9.9999999999999995e-07)
      if bool(_2):
        _3, _4 = False, it
      else:
        it0 = torch.add(it, 1)
        _3, _4 = torch.lt(it0, 50), it0
      _0, x0, it = _3, nx, _4
    return (x0, it)

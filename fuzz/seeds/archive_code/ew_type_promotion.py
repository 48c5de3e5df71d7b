class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    i: Tensor,
    f: Tensor,
    d: Tensor,
    b: Tensor,
    i32: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    _0 = torch.add(i, f)
    _1 = torch.mul(i, 2.5)
    _2 = torch.add(i, b)
    _3 = torch.add(f, d)
    _4 = torch.add(f, torch.tensor(2., dtype=7))
    _5 = (_0, _1, _2, _3, _4, torch.add(i32, i), torch.div(i, 2), torch.add(b, b), torch.mul(b, 3), torch.mul(i32, 2), torch.mul(i32, 2.5), torch.mul(f, torch.sum(d)))
    return _5

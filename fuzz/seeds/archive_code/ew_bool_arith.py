class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    m: Tensor,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    _0 = (torch.sum(m), torch.mul(torch.to(m, 6), x), torch.mul(m, x), torch.add(m, m), torch.add(torch.to(m, 4), 1), torch.sum(m, [1]), torch.bitwise_not(m))
    return _0

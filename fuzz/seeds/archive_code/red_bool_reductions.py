class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    m = torch.gt(x, 0)
    _0 = (torch.any(m), torch.all(m, 1), torch.count_nonzero(x, 0), torch.nonzero(m), torch.sum(m, [1]), torch.masked_select(x, m))
    return _0

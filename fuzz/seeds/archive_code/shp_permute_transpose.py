class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, bool, bool, Tensor]:
    p = torch.permute(x, [2, 0, 1])
    t = torch.transpose(x, 0, 1)
    m = torch.t(torch.select(x, 0, 0))
    c = torch.contiguous(p)
    _0 = (p, t, m, c, torch.is_contiguous(p), torch.is_contiguous(c), torch.mT(x))
    return _0

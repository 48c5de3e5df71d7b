class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    y = torch.clone(x)
    u = torch.unsqueeze(y, 0)
    _0 = torch.add_(u, 1)
    s = torch.squeeze(u, 0)
    _1 = torch.mul_(s, 2)
    p = torch.permute(y, [1, 0])
    _2 = torch.select(torch.select(p, 0, 0), 0, 0)
    _3 = torch.tensor(-7., dtype=ops.prim.dtype(_2), device=ops.prim.device(_2))
    _4 = torch.copy_(_2, _3)
    return (y, u, s)

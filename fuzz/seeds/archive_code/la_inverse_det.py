class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    a: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    _0 = torch.eye(3, dtype=ops.prim.dtype(a))
    m = torch.add(a, torch.mul(_0, 4.))
    _1 = (torch.linalg_inv(m), torch.linalg_det(m), torch.trace(m))
    return _1

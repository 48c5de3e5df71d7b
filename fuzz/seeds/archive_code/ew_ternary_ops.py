class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    y: Tensor,
    z: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    _0 = torch.lerp(x, y, 0.29999999999999999)
    _1 = torch.lerp(x, y, z)
    _2 = torch.addcmul(x, y, z, value=0.5)
    _3 = torch.addcdiv(x, y, torch.add(torch.mul(z, z), 1), value=2)
    return (_0, _1, _2, _3)

class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    a: Tensor,
    b: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    _0 = torch.floor_divide(a, b)
    _1 = torch.remainder(a, b)
    _2 = torch.div(a, b)
    _3 = torch.div(a, b, rounding_mode="trunc")
    return (_0, _1, _2, _3, torch.fmod(a, b))

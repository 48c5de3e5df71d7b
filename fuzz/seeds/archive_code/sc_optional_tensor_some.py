class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    bias: Optional[Tensor]) -> Tensor:
    if torch.__is__(bias, None):
      _0 = torch.mul(x, 2)
    else:
      bias0 = unchecked_cast(Tensor, bias)
      _0 = torch.add(x, bias0)
    return _0

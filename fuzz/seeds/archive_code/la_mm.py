class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    a: Tensor,
    b: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    _0 = (torch.mm(a, b), torch.matmul(a, b), torch.t(torch.mm(a, b)))
    return _0

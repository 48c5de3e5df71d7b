class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    a = torch.clone(x)
    _0 = torch.relu_(a)
    b = torch.clone(x)
    _1 = torch.sigmoid_(b)
    c = torch.clone(x)
    _2 = torch.clamp_(c, -0.5, 0.5)
    d = torch.clone(x)
    _3 = torch.add_(d, 0.5)
    _4 = torch.tanh_(d)
    e = torch.clone(x)
    _5 = __torch__.torch.nn.functional.relu(e, True, )
    return (a, b, c, d, e)

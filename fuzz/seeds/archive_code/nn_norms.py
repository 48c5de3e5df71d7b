class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    w: Tensor,
    b: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    _0 = __torch__.torch.nn.functional.group_norm
    _1 = __torch__.torch.nn.functional.instance_norm
    _2 = __torch__.torch.nn.functional.normalize
    _3 = _0(x, 2, w, b, 1.0000000000000001e-05, )
    _4 = _1(x, None, None, None, None, True, 0.10000000000000001, 1.0000000000000001e-05, )
    _5 = _2(x, 2., 1, 9.9999999999999998e-13, None, )
    _6 = torch.cosine_similarity(torch.select(x, 0, 0), torch.select(x, 0, 1), 0)
    return (_3, _4, _5, _6)

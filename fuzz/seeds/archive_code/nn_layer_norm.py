class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    w: Tensor,
    b: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    _0 = __torch__.torch.nn.functional.layer_norm
    _1 = _0(x, [4], w, b, 1.0000000000000001e-05, )
    _2 = _0(x, [3, 4], None, None, 1.0000000000000001e-05, )
    _3 = (_1, _2, _0(x, [4], None, b, 0.001, ))
    return _3

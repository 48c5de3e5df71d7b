class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    idx: Tensor,
    w: Tensor) -> Tuple[Tensor, Tensor]:
    _0 = __torch__.torch.nn.functional.embedding
    _1 = _0(idx, w, None, None, 2., False, False, )
    _2 = _0(idx, w, 0, None, 2., False, False, )
    return (_1, _2)

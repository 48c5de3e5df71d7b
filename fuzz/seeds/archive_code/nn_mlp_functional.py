class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    w1: Tensor,
    b1: Tensor,
    w2: Tensor,
    b2: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    _0 = __torch__.torch.nn.functional.dropout
    _1 = __torch__.torch.nn.functional.log_softmax
    h = torch.relu(torch.linear(x, w1, b1))
    h0 = _0(h, 0.5, False, False, )
    h2 = _0(h0, 0.20000000000000001, False, False, )
    _2 = _1(torch.linear(h2, w2, b2), -1, 3, None, )
    _3 = torch.dropout(h0, 0.29999999999999999, False)
    return (_2, _3, h2)

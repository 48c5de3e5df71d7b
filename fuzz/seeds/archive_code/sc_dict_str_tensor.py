class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor,
    y: Tensor) -> Tuple[Dict[str, Tensor], List[str], Tensor, bool, int]:
    d = annotate(Dict[str, Tensor], {})
    torch._set_item(d, "x", x)
    torch._set_item(d, "y", y)
    torch._set_item(d, "sum", torch.add(x, y))
    total = torch.zeros_like(x)
    _0 = torch.items(d)
    total0 = total
    for _1 in range(torch.len(_0)):
      k, v, = _0[_1]
      total0 = torch.add(total0, v)
    _2 = torch.values(d)
    total1 = total0
    for _3 in range(torch.len(_2)):
      v0 = _2[_3]
      total2 = torch.add(torch.mul(total1, 0.5), v0)
      total1 = total2
    keys = torch.list(torch.keys(d))
    got = torch.get(d, "missing", torch.mul(x, 0))
    _4 = (d, keys, torch.add(total1, got), torch.__contains__(d, "x"), torch.len(d))
    return _4

class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    l: List[int],
    d: Dict[str, Tensor]) -> Tuple[List[int], Tensor]:
    _0 = torch._set_item(l, 0, 5)
    _1 = torch.append(l, 6)
    t = d["a"]
    _2 = torch.add_(t, 1)
    torch._set_item(d, "b", torch.mul(t, 2))
    return (l, d["b"])

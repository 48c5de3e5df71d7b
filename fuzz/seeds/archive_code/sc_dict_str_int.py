class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    words: List[str]) -> Tuple[Dict[str, int], Dict[int, float], float]:
    counts = annotate(Dict[str, int], {})
    for _0 in range(torch.len(words)):
      w = words[_0]
      _1 = torch.add(torch.get(counts, w, 0), 1)
      torch._set_item(counts, w, _1)
    by_len = annotate(Dict[int, float], {})
    for _2 in range(torch.len(words)):
      w0 = words[_2]
      _3 = torch.get(by_len, torch.len(w0), 0.)
      _4 = torch.add(_3, 0.5)
      torch._set_item(by_len, torch.len(w0), _4)
    _5 = torch.items(by_len)
    s = 0.
    for _6 in range(torch.len(_5)):
      k, v, = _5[_6]
      s = torch.add(s, torch.mul(k, v))
    return (counts, by_len, s)

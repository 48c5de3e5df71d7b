class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    d: Dict[str, int]) -> Tuple[int, int, bool, Dict[str, int], List[str], int, List[int]]:
    v = torch.pop(d, "a")
    w = torch.setdefault(d, "z", 9)
    torch.update(d, {"q": 1})
    torch.Delete(d, "b")
    _0 = torch.keys(d)
    total = 0
    for _1 in range(torch.len(_0)):
      k = _0[_1]
      total = torch.add(total, d[k])
    _2 = (v, w, torch.__contains__(d, "b"), d, sorted(torch.keys(d)), total, torch.list(torch.values(d)))
    return _2

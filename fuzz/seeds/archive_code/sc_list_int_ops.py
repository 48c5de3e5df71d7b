class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    l: List[int]) -> Tuple[List[int], int, int, int, List[int], bool, int, int]:
    out = torch.copy(l)
    _0 = torch.append(out, 10)
    last = torch.pop(out)
    first = torch.pop(out, 0)
    torch.insert(out, 1, 99)
    idx = torch.index(out, 99)
    torch.reverse(out)
    torch.extend(out, [7, 8])
    torch.remove(out, 7)
    _1 = (out, last, first, torch.len(out), torch.slice(l, 1, 3), torch.__contains__(out, 99), torch.count(out, 8), idx)
    return _1

class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    s: str,
    n: int) -> Tuple[str, int, str, List[str], bool, str, str, str, str, str, int]:
    a = torch.add(torch.add(s, "_"), str(n))
    parts = torch.split(s, ",")
    _0 = (a, torch.len(s), torch.join("-", parts), parts, torch.startswith(s, "ab"), torch.upper(s), torch.replace(s, "b", "B"), torch.format("{}:{}", s, n), torch.format("n={}", n), torch.slice(s, 1, 3), torch.find(s, "c"))
    return _0

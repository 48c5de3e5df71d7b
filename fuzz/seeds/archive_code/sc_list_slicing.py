class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    l: List[int]) -> Tuple[List[int], List[int], List[int], List[int], List[int], List[int], List[int], List[int]]:
    _0 = (torch.slice(l, 1, -1), torch.slice(l, None, None, 2), torch.slice(l, None, None, -1), torch.slice(l, -2), torch.slice(l, None, 100), torch.slice(l, 5, 2), torch.add(l, [1]), torch.mul(l, 2))
    return _0

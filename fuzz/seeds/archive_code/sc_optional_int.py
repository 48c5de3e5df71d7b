class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: int,
    y: Optional[int]) -> Tuple[int, bool, int]:
    if torch.__is__(y, None):
      y0 = 10
    else:
      y0 = unchecked_cast(int, y)
    if torch.gt(x, 0):
      z : Optional[int] = x
    else:
      z = None
    if torch.__is__(z, None):
      r, z0 = 0, z
    else:
      z1 = unchecked_cast(int, z)
      r, z0 = z1, z1
    _0 = (torch.add(torch.add(x, y0), r), torch.__is__(z0, None), y0)
    return _0

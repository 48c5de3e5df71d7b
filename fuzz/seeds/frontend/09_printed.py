class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = ["running", ]
  training : bool
  eps : Final[float] = 1.0000000000000001e-05
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tensor:
    _0 = annotate(List[int], [])
    if torch.eq(torch.dim(x), 2):
      pass
    else:
      ops.prim.RaiseException("AssertionError: ")
    return torch.add(x, CONSTANTS.c0)

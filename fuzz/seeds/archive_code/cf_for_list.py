class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    xs: List[Tensor],
    ws: List[float]) -> Tensor:
    acc = torch.zeros_like(xs[0])
    acc0 = acc
    for i in range(torch.len(xs)):
      acc1 = torch.add(acc0, torch.mul(xs[i], ws[i]))
      acc0 = acc1
    acc2 = acc0
    for _0 in range(torch.len(ws)):
      w = ws[_0]
      acc2 = torch.add(acc2, w)
    acc3 = acc2
    for _1 in range(torch.len(xs)):
      t = xs[_1]
      acc3 = torch.mul(acc3, torch.sigmoid(t))
    return acc3

class PlaceholderModule(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def forward(self: __torch__.PlaceholderModule,
    x: Tensor) -> Tuple[Tensor, Tensor, Tensor, bool, int, Tensor, List[int], int, int, int, int, List[int], List[int]]:
    _0 = torch.reshape(x, [-1])
    _1 = torch.view(torch.contiguous(x), [-1])
    _2 = (_0, _1, torch.flatten(x), torch.is_contiguous(x), torch.stride(x, 0), torch.reshape(torch.t(x), [2, 6]), torch.size(x), torch.dim(x), torch.numel(x), (torch.size(x))[1], torch.len(x), torch.stride(x), torch.stride(torch.t(x)))
    return _2

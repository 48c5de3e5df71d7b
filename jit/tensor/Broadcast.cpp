// Broadcast.cpp — shape broadcasting.
#include "jit/tensor/Broadcast.h"

#include <algorithm>

namespace tsjit {

std::vector<int64_t> inferBroadcastShape(IntArrayRef a, IntArrayRef b) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t i = n; i-- > 0;) {
    const size_t fromEnd = n - 1 - i;
    const int64_t sa = fromEnd < a.size() ? a[a.size() - 1 - fromEnd] : 1;
    const int64_t sb = fromEnd < b.size() ? b[b.size() - 1 - fromEnd] : 1;
    if (sa != sb && sa != 1 && sb != 1)
      throw RuntimeError(str("The size of tensor a (", sa, ") must match the size of tensor b (", sb,
                             ") at non-singleton dimension ", i));
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

std::vector<int64_t> inferBroadcastShape(const std::vector<std::vector<int64_t>>& shapes) {
  std::vector<int64_t> acc;
  for (const auto& s : shapes) acc = inferBroadcastShape(acc, s);
  return acc;
}

bool isExpandableTo(IntArrayRef shape, IntArrayRef desired) {
  if (shape.size() > desired.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t s = shape[shape.size() - 1 - i];
    const int64_t t = desired[desired.size() - 1 - i];
    if (s != t && s != 1) return false;
  }
  return true;
}

Tensor expandTo(const Tensor& t, IntArrayRef sizes) {
  if (IntArrayRef(t.sizes()) == sizes) return t;
  return t.expand(sizes);
}

std::pair<Tensor, Tensor> expandOutplace(const Tensor& a, const Tensor& b) {
  if (a.sizes() == b.sizes()) return {a, b};
  auto shape = inferBroadcastShape(a.sizes(), b.sizes());
  return {expandTo(a, shape), expandTo(b, shape)};
}

}  // namespace tsjit

// ValueClone.cpp — see ValueClone.h.
#include "conformance/lib/ValueClone.h"

#include <cstring>

#include "jit/tensor/Tensor.h"

namespace tsjit::conformance {

IValue cloneValue(const IValue& v) {
  if (v.isTensor()) {
    const Tensor t = v.toTensor();
    if (!t.defined()) return v;
    size_t n = t.storage().nbytes();
    Storage s = Storage::allocate(n, t.device());
    if (n) std::memcpy(s.data(), t.storage().data(), n);
    Tensor c = Tensor::fromStorage(std::move(s), t.sizes(), t.strides(), t.storageOffset(), t.dtype());
    c.setWrappedNumber(t.isWrappedNumber());
    return IValue(c);
  }
  if (v.isList()) {
    std::vector<IValue> items;
    for (const IValue& x : v.toListRef().items) items.push_back(cloneValue(x));
    return makeList(v.toListRef().elementType, std::move(items));
  }
  if (v.isTuple()) {
    std::vector<IValue> items;
    for (const IValue& x : v.toTupleRef().items) items.push_back(cloneValue(x));
    return makeTuple(std::move(items));
  }
  return v;
}

std::vector<IValue> cloneValues(const std::vector<IValue>& values) {
  std::vector<IValue> out;
  out.reserve(values.size());
  for (const IValue& v : values) out.push_back(cloneValue(v));
  return out;
}

}  // namespace tsjit::conformance

// Containers.cpp — reference kernels for list operations (dict operations are in
// ContainersDict.cpp) and the registration entry of the Containers family.
//
// Lists have reference semantics: mutating kernels (append, insert, pop, _set_item, sort...)
// change the ListObj every holder sees; copying kernels (list(), copy(), sorted(), +, *, slices)
// make a new ListObj whose items alias the old ones (a shallow copy, as Python). Messages are
// PyTorch 1.13's: "list index out of range", "pop from empty list", "list.remove(x): x not in list".
#include <algorithm>

#include "jit/ops/OpTable.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ScalarsCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {

void registerContainersDictKernels();  // ContainersDict.cpp

namespace {

void defIf(const std::string& name, KernelFn fn) { defIfOwned(name, std::move(fn)); }

ListObj& listOf(const IValue& v) { return v.toListRef(); }

// The element test of a list's remove / count / index. Tensors: TorchScript evaluates
// `bool(item == el)`: the shapes broadcast (else the size error), the comparison must hold one
// value (else "Boolean value of Tensor with ... is ambiguous"), compared in the promoted dtype.
bool listItemIs(const IValue& item, const IValue& el) {
  if (!item.isTensor() || !el.isTensor()) return valuesEqual(item, el);
  const Tensor x = item.toTensor(), y = el.toTensor();
  const std::vector<int64_t> shape = broadcastShapeOf({x, y});
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  if (count == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
  if (count != 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
  const ScalarType dt = resultTypeOf({x, y});
  if (isFloatingType(dt)) return castDouble(x.getDouble(0), dt) == castDouble(y.getDouble(0), dt);
  return x.getInt64(0) == y.getInt64(0);
}

IValue newListLike(const IValue& like, std::vector<IValue> items) {
  return makeList(listOf(like).elementType, std::move(items));
}

size_t checkedIndex(int64_t idx, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  int64_t i = normalizeIndex(idx, n);
  if (i < 0 || i >= n) throw RuntimeError("list index out of range");
  return static_cast<size_t>(i);
}

// Python slice bounds for a sequence of `size` elements (None = unset).
std::vector<int64_t> sliceIndices(const IValue& start, const IValue& end, int64_t step, int64_t size) {
  if (step == 0) throw RuntimeError("List slice should have non-zero step");
  auto clampBound = [&](const IValue& v, int64_t dflt) -> int64_t {
    if (v.isNone()) return dflt;
    int64_t x = v.toInt();
    if (x < 0) {
      x += size;
      if (x < 0) x = step < 0 ? -1 : 0;
    } else if (x >= size) {
      x = step < 0 ? size - 1 : size;
    }
    return x;
  };
  int64_t lo = clampBound(start, step < 0 ? size - 1 : 0);
  int64_t hi = clampBound(end, step < 0 ? -1 : size);
  std::vector<int64_t> out;
  if (step > 0)
    for (int64_t i = lo; i < hi; i += step) out.push_back(i);
  else
    for (int64_t i = lo; i > hi; i += step) out.push_back(i);
  return out;
}

std::vector<IValue> repeat(const IValue& l, int64_t n) {
  std::vector<IValue> out;
  const auto& items = listOf(l).items;
  for (int64_t r = 0; r < n; ++r) out.insert(out.end(), items.begin(), items.end());
  return out;
}

void sortItems(std::vector<IValue>& items, bool reverse) {
  if (reverse)
    std::stable_sort(items.begin(), items.end(), [](const IValue& a, const IValue& b) { return valuesLess(b, a); });
  else
    std::stable_sort(items.begin(), items.end(), [](const IValue& a, const IValue& b) { return valuesLess(a, b); });
}

bool truthy(const IValue& v) {
  if (v.isString()) return !v.toStringRef().empty();
  return num(v) != 0.0;
}

void registerListKernels() {
  auto len = [](Args& a) { return ret(IValue(static_cast<int64_t>(listOf(a[0]).items.size()))); };
  defIf("aten::len.t", len);
  defIf("aten::len.any", len);
  defIf("aten::len.Tensor", [](Args& a) {
    Tensor t = a[0].toTensor();
    if (t.dim() == 0) throw RuntimeError("len() of a 0-d tensor");
    return ret(IValue(t.sizes()[0]));
  });
  auto getItem = [](Args& a) {
    const auto& items = listOf(a[0]).items;
    return ret(items[checkedIndex(a[1].toInt(), items.size())]);
  };
  defIf("aten::__getitem__.t", getItem);
  defIf("aten::select.t", getItem);
  defIf("aten::_set_item.t", [](Args& a) {
    auto& items = listOf(a[0]).items;
    items[checkedIndex(a[1].toInt(), items.size())] = a[2];
    return ret(a[0]);
  });
  defIf("aten::append.t", [](Args& a) {
    listOf(a[0]).items.push_back(a[1]);
    return ret(a[0]);
  });
  defIf("aten::extend.t", [](Args& a) {
    std::vector<IValue> other = listOf(a[1]).items;  // copy first: l.extend(l) doubles l
    auto& items = listOf(a[0]).items;
    items.insert(items.end(), other.begin(), other.end());
    return none();
  });
  defIf("aten::insert.t", [](Args& a) {
    auto& items = listOf(a[0]).items;
    int64_t n = static_cast<int64_t>(items.size());
    int64_t i = std::clamp<int64_t>(normalizeIndex(a[1].toInt(), n), 0, n);
    items.insert(items.begin() + i, a[2]);
    return none();
  });
  defIf("aten::pop.t", [](Args& a) {
    auto& items = listOf(a[0]).items;
    if (items.empty()) throw RuntimeError("pop from empty list");
    size_t i = checkedIndex(a[1].toInt(), items.size());
    IValue v = items[i];
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
    return ret(v);
  });
  defIf("aten::Delete.t", [](Args& a) {
    auto& items = listOf(a[0]).items;
    if (items.empty()) throw RuntimeError("pop index out of range");
    size_t i = checkedIndex(a[1].toInt(), items.size());
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
    return none();
  });
  defIf("aten::reverse.t", [](Args& a) {
    auto& items = listOf(a[0]).items;
    std::reverse(items.begin(), items.end());
    return none();
  });
  defIf("aten::clear.t", [](Args& a) {
    listOf(a[0]).items.clear();
    return none();
  });
  for (const char* t : {"int", "float", "bool", "str", "Tensor"}) {
    defIf(str("aten::remove.", t), [](Args& a) {
      auto& items = listOf(a[0]).items;
      auto it = std::find_if(items.begin(), items.end(), [&](const IValue& x) { return listItemIs(x, a[1]); });
      if (it == items.end()) throw RuntimeError("list.remove(x): x not in list");
      items.erase(it);
      return none();
    });
    defIf(str("aten::count.", t), [](Args& a) {
      const auto& items = listOf(a[0]).items;
      int64_t c = std::count_if(items.begin(), items.end(), [&](const IValue& x) { return listItemIs(x, a[1]); });
      return ret(IValue(c));
    });
    defIf(str("aten::index.list_", t), [](Args& a) {
      const auto& items = listOf(a[0]).items;
      for (size_t i = 0; i < items.size(); ++i)
        if (listItemIs(items[i], a[1])) return ret(IValue(static_cast<int64_t>(i)));
      throw RuntimeError(str("'", pyStr(a[1]), "' is not in list"));
    });
  }
  for (const char* t : {"int_list", "float_list", "str_list"}) {
    defIf(str("aten::__contains__.", t), [](Args& a) {
      const auto& items = listOf(a[0]).items;
      bool found = std::any_of(items.begin(), items.end(), [&](const IValue& x) { return valuesEqual(x, a[1]); });
      return ret(IValue(found));
    });
  }
  auto copyList = [](Args& a) { return ret(newListLike(a[0], listOf(a[0]).items)); };
  defIf("aten::list.t", copyList);
  defIf("aten::copy.t", copyList);
  for (const char* t : {"int", "float", "bool", "str", "Tensor", "any"}) {
    defIf(str("aten::sorted.", t), [](Args& a) {
      std::vector<IValue> items = listOf(a[0]).items;
      sortItems(items, false);
      return ret(newListLike(a[0], std::move(items)));
    });
    defIf(str("aten::sort.", t), [](Args& a) {
      sortItems(listOf(a[0]).items, a[1].toBool());
      return none();
    });
  }
  defIf("aten::add.t", [](Args& a) {
    std::vector<IValue> items = listOf(a[0]).items;
    const auto& other = listOf(a[1]).items;
    items.insert(items.end(), other.begin(), other.end());
    return ret(newListLike(a[0], std::move(items)));
  });
  defIf("aten::add_.t", [](Args& a) {
    std::vector<IValue> other = listOf(a[1]).items;
    auto& items = listOf(a[0]).items;
    items.insert(items.end(), other.begin(), other.end());
    return ret(a[0]);
  });
  defIf("aten::mul.left_t", [](Args& a) { return ret(newListLike(a[0], repeat(a[0], a[1].toInt()))); });
  defIf("aten::mul.right_", [](Args& a) { return ret(newListLike(a[1], repeat(a[1], a[0].toInt()))); });
  defIf("aten::mul_.t", [](Args& a) {
    listOf(a[0]).items = repeat(a[0], a[1].toInt());
    return ret(a[0]);
  });
  defIf("aten::slice.t", [](Args& a) {
    const auto& items = listOf(a[0]).items;
    std::vector<IValue> out;
    for (int64_t i : sliceIndices(a[1], a[2], a[3].toInt(), static_cast<int64_t>(items.size())))
      out.push_back(items[static_cast<size_t>(i)]);
    return ret(newListLike(a[0], std::move(out)));
  });

  // Reductions over lists of numbers.
  defIf("aten::sum.int", [](Args& a) {
    int64_t s = 0;
    for (const auto& x : listOf(a[0]).items)
      s = static_cast<int64_t>(static_cast<uint64_t>(s) + static_cast<uint64_t>(x.toInt()));
    return ret(IValue(s));
  });
  defIf("aten::sum.float", [](Args& a) {
    double s = 0;
    for (const auto& x : listOf(a[0]).items) s += x.toDouble();
    return ret(IValue(s));
  });
  defIf("aten::sum.bool", [](Args& a) {
    int64_t s = 0;
    for (const auto& x : listOf(a[0]).items) s += x.toBool() ? 1 : 0;
    return ret(IValue(s));
  });
  for (const char* t : {"int", "float", "bool", "str"}) {
    defIf(str("aten::any.", t), [](Args& a) {
      const auto& items = listOf(a[0]).items;
      return ret(IValue(std::any_of(items.begin(), items.end(), truthy)));
    });
    defIf(str("aten::all.", t), [](Args& a) {
      const auto& items = listOf(a[0]).items;
      return ret(IValue(std::all_of(items.begin(), items.end(), truthy)));
    });
  }
}

}  // namespace

void registerContainersKernels() {
  registerListKernels();
  registerContainersDictKernels();
}

}  // namespace tsjit::reference

// Containers.cpp — optimized kernels of the Containers family, part 1: list operations with
// Python semantics (negative indices wrap once, "list index out of range", slices clamp, step 0
// is an error), list equality, in-place list methods, list reductions (sum/any/all), sorting.
// Lists have reference semantics: mutating kernels change the ListObj every alias sees; functional
// ones (add, mul, slice, sorted, copy, list) build new lists with the same element type.
// Dict kernels are in ContainersDict.cpp (registerContainersDictKernels).
#include <algorithm>
#include <cmath>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"
#include "jit/tensor/Broadcast.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

void registerContainersDictKernels();  // ContainersDict.cpp

namespace {

// Python == for list elements: numbers by value, str/bool/None by value, tensors and other heap
// values by identity.
bool elemEqual(const IValue& a, const IValue& b) {
  if ((a.isInt() || a.isDouble()) && (b.isInt() || b.isDouble())) {
    if (a.isInt() && b.isInt()) return a.toInt() == b.toInt();
    return (a.isInt() ? static_cast<double>(a.toInt()) : a.toDouble()) ==
           (b.isInt() ? static_cast<double>(b.toInt()) : b.toDouble());
  }
  if (a.isBool() && b.isBool()) return a.toBool() == b.toBool();
  if (a.isString() && b.isString()) return a.toStringRef() == b.toStringRef();
  if (a.isNone() && b.isNone()) return true;
  if (a.isDevice() && b.isDevice()) return a.toDevice() == b.toDevice();
  if (a.isList() && b.isList()) {
    const auto& x = a.toListRef().items;
    const auto& y = b.toListRef().items;
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!elemEqual(x[i], y[i])) return false;
    return true;
  }
  if (a.isTuple() && b.isTuple()) {
    const auto& x = a.toTupleRef().items;
    const auto& y = b.toTupleRef().items;
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!elemEqual(x[i], y[i])) return false;
    return true;
  }
  return a.isSameIdentity(b);
}

// The truth value of `item OP el` for two tensors, as TorchScript takes it (at::Tensor's operator
// and is_nonzero): the shapes must broadcast and the comparison must hold exactly one value; the
// values compare in the promoted dtype (0-dim operands promote as scalars). A Tensor list's remove /
// count / index use ==, its sort <.
template <typename Cmp>
bool tensorTruth(const Tensor& item, const Tensor& el, Cmp cmp) {
  const std::vector<int64_t> shape = inferBroadcastShape(item.sizes(), el.sizes());
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  if (n == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
  if (n > 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
  const Operand a{item}, b{el};
  return visitScalarType(resultTypeOf({&a, &b}), [&](auto tag) -> bool {
    using T = typename decltype(tag)::type;
    return cmp(static_cast<opmath_t<T>>(a.valueAs<T>()), static_cast<opmath_t<T>>(b.valueAs<T>()));
  });
}
bool tensorTruthEquals(const Tensor& item, const Tensor& el) {
  return tensorTruth(item, el, [](auto x, auto y) { return x == y; });
}
bool tensorTruthLess(const Tensor& item, const Tensor& el) {
  return tensorTruth(item, el, [](auto x, auto y) { return x < y; });
}

// The element test of a list's remove / count / index: tensors by their truth value, others by value.
bool listElemMatches(const IValue& item, const IValue& el) {
  if (item.isTensor() && el.isTensor()) return tensorTruthEquals(item.toTensor(), el.toTensor());
  return elemEqual(item, el);
}


// Python <, for sorting: numbers, bools, strings; tuples/lists lexicographically.
bool elemLess(const IValue& a, const IValue& b) {
  if (a.isString() && b.isString()) return a.toStringRef() < b.toStringRef();
  if ((a.isTuple() && b.isTuple()) || (a.isList() && b.isList())) {
    const auto& x = a.isTuple() ? a.toTupleRef().items : a.toListRef().items;
    const auto& y = b.isTuple() ? b.toTupleRef().items : b.toListRef().items;
    for (size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
      if (elemLess(x[i], y[i])) return true;
      if (elemLess(y[i], x[i])) return false;
    }
    return x.size() < y.size();
  }
  if (a.isInt() && b.isInt()) return a.toInt() < b.toInt();
  if (a.isScalar() && b.isScalar()) return a.toScalarAsDouble() < b.toScalarAsDouble();
  if (a.isTensor() && b.isTensor()) return tensorTruthLess(a.toTensor(), b.toTensor());
  throw RuntimeError(str("'<' is not supported between values of type ", a.tagName(), " and ", b.tagName()));
}

size_t listIndex(int64_t idx, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  int64_t i = idx < 0 ? idx + n : idx;
  if (i < 0 || i >= n) throw RuntimeError("list index out of range");
  return static_cast<size_t>(i);
}

IValue newList(const ListObj& like, std::vector<IValue> items) { return makeList(like.elementType, std::move(items)); }

// Python slice bounds for a sequence of length n.
void sliceBounds(int64_t n, const IValue& startV, const IValue& endV, int64_t step, int64_t& start, int64_t& count) {
  if (step == 0) throw RuntimeError("List slice should have non-zero step");
  auto clampIdx = [&](const IValue& v, bool isStart) -> int64_t {
    if (v.isNone()) return step > 0 ? (isStart ? 0 : n) : (isStart ? n - 1 : -1);
    int64_t i = v.toInt();
    if (i < 0) {
      i += n;
      if (i < 0) i = step > 0 ? 0 : -1;
    } else if (i >= n) {
      i = step > 0 ? n : n - 1;
    }
    return i;
  };
  start = clampIdx(startV, true);
  int64_t end = clampIdx(endV, false);
  if (step > 0) count = end > start ? (end - start + step - 1) / step : 0;
  else count = start > end ? (start - end + (-step) - 1) / (-step) : 0;
}

void sortItems(std::vector<IValue>& items, bool reverse) {
  std::stable_sort(items.begin(), items.end(), [](const IValue& a, const IValue& b) { return elemLess(a, b); });
  if (reverse) std::reverse(items.begin(), items.end());
}

}  // namespace

void registerContainersKernels() {
  def("aten::len.t", [](Stack& s, size_t) { s.back() = IValue(static_cast<int64_t>(s.back().toListRef().items.size())); });
  def("aten::len.any", [](Stack& s, size_t) { s.back() = IValue(static_cast<int64_t>(s.back().toListRef().items.size())); });
  def("aten::len.Tensor", [](Stack& s, size_t) {
    Tensor t = s.back().toTensor();
    if (t.dim() == 0) throw RuntimeError("len() of a 0-d tensor");
    s.back() = IValue(t.size(0));
  });
  for (const char* n : {"aten::__getitem__.t", "aten::select.t"})
    def(n, [](Stack& s, size_t) {
      int64_t i = s.back().toInt();
      IValue l = (s.pop_back(), pop(s));
      const auto& items = l.toListRef().items;
      s.push_back(items[listIndex(i, items.size())]);
    });
  def("aten::_set_item.t", [](Stack& s, size_t) {
    IValue v = pop(s);
    int64_t i = pop(s).toInt();
    auto& items = s.back().toListRef().items;
    items[listIndex(i, items.size())] = std::move(v);
  });
  def("aten::append.t", [](Stack& s, size_t) {
    IValue v = pop(s);
    s.back().toListRef().items.push_back(std::move(v));
  });
  def("aten::extend.t", [](Stack& s, size_t) {
    IValue other = pop(s);
    IValue self = pop(s);
    std::vector<IValue> add = other.toListRef().items;  // copy first: l.extend(l) is allowed
    auto& items = self.toListRef().items;
    items.insert(items.end(), add.begin(), add.end());
  });
  def("aten::insert.t", [](Stack& s, size_t) {
    IValue v = pop(s);
    int64_t i = pop(s).toInt();
    IValue self = pop(s);
    auto& items = self.toListRef().items;
    int64_t n = static_cast<int64_t>(items.size());
    if (i < 0) i = std::max<int64_t>(0, i + n);
    if (i > n) i = n;
    items.insert(items.begin() + i, std::move(v));
  });
  def("aten::pop.t", [](Stack& s, size_t) {
    int64_t i = pop(s).toInt();
    IValue self = pop(s);
    auto& items = self.toListRef().items;
    if (items.empty()) throw RuntimeError("pop from empty list");
    size_t at = listIndex(i, items.size());
    IValue v = std::move(items[at]);
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(at));
    s.push_back(std::move(v));
  });
  def("aten::Delete.t", [](Stack& s, size_t) {
    int64_t i = pop(s).toInt();
    IValue self = pop(s);
    auto& items = self.toListRef().items;
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(listIndex(i, items.size())));
  });
  for (const char* n : {"aten::remove.int", "aten::remove.float", "aten::remove.bool", "aten::remove.str",
                        "aten::remove.Tensor"})
    def(n, [](Stack& s, size_t) {
      IValue v = pop(s);
      IValue self = pop(s);
      auto& items = self.toListRef().items;
      auto it = std::find_if(items.begin(), items.end(), [&](const IValue& x) { return listElemMatches(x, v); });
      if (it == items.end()) throw RuntimeError("list.remove(x): x not in list");
      items.erase(it);
    });
  def("aten::clear.t", [](Stack& s, size_t) { pop(s).toListRef().items.clear(); });
  def("aten::reverse.t", [](Stack& s, size_t) {
    IValue self = pop(s);
    auto& items = self.toListRef().items;
    std::reverse(items.begin(), items.end());
  });
  for (const char* n : {"aten::__contains__.int_list", "aten::__contains__.float_list", "aten::__contains__.str_list"})
    def(n, [](Stack& s, size_t) {
      IValue v = pop(s);
      const auto& items = s.back().toListRef().items;
      bool found = std::any_of(items.begin(), items.end(), [&](const IValue& x) { return elemEqual(x, v); });
      s.back() = IValue(found);
    });
  for (const char* n : {"aten::count.int", "aten::count.float", "aten::count.bool", "aten::count.str", "aten::count.Tensor"})
    def(n, [](Stack& s, size_t) {
      IValue v = pop(s);
      const auto& items = s.back().toListRef().items;
      int64_t c = std::count_if(items.begin(), items.end(), [&](const IValue& x) { return listElemMatches(x, v); });
      s.back() = IValue(c);
    });
  for (const char* n : {"aten::index.list_int", "aten::index.list_float", "aten::index.list_bool", "aten::index.list_str"})
    def(n, [](Stack& s, size_t) {
      IValue v = pop(s);
      const auto& items = s.back().toListRef().items;
      auto it = std::find_if(items.begin(), items.end(), [&](const IValue& x) { return listElemMatches(x, v); });
      if (it == items.end()) throw RuntimeError("'" + str(v) + "' is not in list");
      s.back() = IValue(static_cast<int64_t>(it - items.begin()));
    });
  for (const char* n : {"aten::list.t", "aten::copy.t"})
    def(n, [](Stack& s, size_t) {
      const ListObj& l = s.back().toListRef();
      s.back() = newList(l, l.items);
    });
  def("aten::list", [](Stack& s, size_t) {
    std::vector<IValue> chars;
    for (char ch : s.back().toStringRef()) chars.emplace_back(std::string(1, ch));
    s.back() = makeList(StringType::get(), std::move(chars));
  });
  def("aten::add.t", [](Stack& s, size_t) {
    IValue b = pop(s);
    const ListObj& a = s.back().toListRef();
    std::vector<IValue> items = a.items;
    items.insert(items.end(), b.toListRef().items.begin(), b.toListRef().items.end());
    s.back() = newList(a, std::move(items));
  });
  def("aten::add_.t", [](Stack& s, size_t) {
    IValue b = pop(s);
    std::vector<IValue> add = b.toListRef().items;
    auto& items = s.back().toListRef().items;
    items.insert(items.end(), add.begin(), add.end());
  });
  auto repeat = [](const ListObj& l, int64_t n) {
    std::vector<IValue> items;
    for (int64_t i = 0; i < n; ++i) items.insert(items.end(), l.items.begin(), l.items.end());
    return items;
  };
  def("aten::mul.left_t", [repeat](Stack& s, size_t) {
    int64_t n = pop(s).toInt();
    const ListObj& l = s.back().toListRef();
    s.back() = newList(l, repeat(l, n));
  });
  def("aten::mul.right_", [repeat](Stack& s, size_t) {
    IValue lv = pop(s);
    int64_t n = s.back().toInt();
    s.back() = newList(lv.toListRef(), repeat(lv.toListRef(), n));
  });
  def("aten::mul_.t", [repeat](Stack& s, size_t) {
    int64_t n = pop(s).toInt();
    ListObj& l = s.back().toListRef();
    l.items = repeat(l, n);
  });
  def("aten::slice.t", [](Stack& s, size_t) {
    int64_t step = pop(s).toInt();
    IValue endV = pop(s), startV = pop(s);
    const ListObj& l = s.back().toListRef();
    int64_t start = 0, count = 0;
    sliceBounds(static_cast<int64_t>(l.items.size()), startV, endV, step, start, count);
    std::vector<IValue> items;
    items.reserve(static_cast<size_t>(count));
    for (int64_t i = 0, j = start; i < count; ++i, j += step) items.push_back(l.items[static_cast<size_t>(j)]);
    s.back() = newList(l, std::move(items));
  });
  def("aten::slice.str", [](Stack& s, size_t) {
    int64_t step = pop(s).toInt();
    IValue endV = pop(s), startV = pop(s);
    const std::string& str0 = s.back().toStringRef();
    int64_t start = 0, count = 0;
    sliceBounds(static_cast<int64_t>(str0.size()), startV, endV, step, start, count);
    std::string out;
    for (int64_t i = 0, j = start; i < count; ++i, j += step) out.push_back(str0[static_cast<size_t>(j)]);
    s.back() = IValue(std::move(out));
  });
  for (const char* n : {"aten::sorted.int", "aten::sorted.float", "aten::sorted.bool", "aten::sorted.str", "aten::sorted.any"})
    def(n, [](Stack& s, size_t) {
      const ListObj& l = s.back().toListRef();
      std::vector<IValue> items = l.items;
      sortItems(items, false);
      s.back() = newList(l, std::move(items));
    });
  for (const char* n : {"aten::sort.int", "aten::sort.float", "aten::sort.bool", "aten::sort.str", "aten::sort.any",
                        "aten::sort.Tensor"})
    def(n, [](Stack& s, size_t) {
      bool reverse = pop(s).toBool();
      IValue self = pop(s);
      sortItems(self.toListRef().items, reverse);
    });
  for (const char* n : {"aten::eq.int_list", "aten::eq.float_list", "aten::eq.bool_list", "aten::eq.str_list",
                        "aten::ne.int_list", "aten::ne.float_list", "aten::ne.bool_list", "aten::ne.str_list"}) {
    bool ne = std::string(n).rfind("aten::ne", 0) == 0;
    def(n, [ne](Stack& s, size_t) {
      bool eq = elemEqual(s[s.size() - 2], s.back());
      drop(s, 2);
      s.emplace_back(eq != ne);
    });
  }
  def("aten::sum.int", [](Stack& s, size_t) {
    int64_t t = 0;
    for (const auto& x : s.back().toListRef().items) t += x.toInt();
    s.back() = IValue(t);
  });
  def("aten::sum.bool", [](Stack& s, size_t) {
    int64_t t = 0;
    for (const auto& x : s.back().toListRef().items) t += x.toBool();
    s.back() = IValue(t);
  });
  def("aten::sum.float", [](Stack& s, size_t) {
    double t = 0;
    for (const auto& x : s.back().toListRef().items) t += x.toDouble();
    s.back() = IValue(t);
  });
  auto truthy = [](const IValue& x) {
    if (x.isString()) return !x.toStringRef().empty();
    return x.toScalarAsDouble() != 0;
  };
  for (const char* n : {"aten::any.bool", "aten::any.int", "aten::any.float", "aten::any.str"})
    def(n, [truthy](Stack& s, size_t) {
      const auto& items = s.back().toListRef().items;
      s.back() = IValue(std::any_of(items.begin(), items.end(), truthy));
    });
  for (const char* n : {"aten::all.bool", "aten::all.int", "aten::all.float"})
    def(n, [truthy](Stack& s, size_t) {
      const auto& items = s.back().toListRef().items;
      s.back() = IValue(std::all_of(items.begin(), items.end(), truthy));
    });
  registerContainersDictKernels();
}

}  // namespace tsjit::kernels

// Composite.cpp — reference kernels of ops 1.13 defines through other ops, stated with the
// reference's own kernels: split_with_sizes / unsafe_split / unsafe_chunk (split and chunk), numpy_T
// (dims reversed), ravel (contiguous, then flat), reshape_as,
// new_zeros / new_ones / new_full (self's dtype unless given), full_like (zeros_like's layout,
// filled), movedim (a permutation with 1.13's checks), tile (repeat, dims padded with leading 1s),
// isclose / allclose: equal, or |a - b| finite and <= atol + |rtol * b| in the default float dtype
// for integral inputs; two NaNs are close with equal_nan.
#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

IValue intList(const std::vector<int64_t>& v) {
  std::vector<IValue> items;
  for (int64_t x : v) items.emplace_back(x);
  return makeList(IntType::get(), std::move(items));
}

std::vector<int64_t> toInts(const IValue& v) {
  if (v.isInt()) return {v.toInt()};
  std::vector<int64_t> out;
  for (const IValue& x : v.toListRef().items) out.push_back(x.toInt());
  return out;
}

std::string bracketed(const std::vector<int64_t>& v) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
  os << "]";
  return os.str();
}

IValue movedim(const Tensor& x, const std::vector<int64_t>& source, const std::vector<int64_t>& destination) {
  if (source.size() != destination.size())
    throw RuntimeError("movedim: Invalid source or destination dims: source (" + bracketed(source) +
                       " dims) should contain the same number of dims as destination (" + bracketed(destination) +
                       " dims)");
  const int64_t rank = x.dim();
  std::vector<int64_t> src, dst;
  for (int64_t d : source) src.push_back(wrapDim(d, rank, true));
  for (int64_t d : destination) dst.push_back(wrapDim(d, rank, true));
  if (std::set<int64_t>(src.begin(), src.end()).size() != src.size())
    throw RuntimeError("movedim: repeated dim in `source` (" + bracketed(source) + ")");
  if (std::set<int64_t>(dst.begin(), dst.end()).size() != dst.size())
    throw RuntimeError("movedim: repeated dim in `destination` (" + bracketed(destination) + ")");
  if (rank == 0) return runKernel("aten::permute", {IValue(x), intList({})});  // dims 0 / -1 of a 0-dim tensor
  // Output dim dst[i] is input dim src[i]; the remaining input dims fill the remaining output dims in order.
  std::vector<int64_t> order(static_cast<size_t>(rank), -1);
  for (size_t i = 0; i < src.size(); ++i) order[static_cast<size_t>(dst[i])] = src[i];
  std::vector<int64_t> rest;
  for (int64_t d = 0; d < rank; ++d)
    if (std::find(src.begin(), src.end(), d) == src.end()) rest.push_back(d);
  size_t k = 0;
  for (auto& o : order)
    if (o < 0) o = rest[k++];
  return runKernel("aten::permute", {IValue(x), intList(order)});
}

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equalNan) {
  if (a.dtype() != b.dtype()) throw RuntimeError(str(irName(a.dtype()), " did not match ", irName(b.dtype())));
  if (rtol < 0) throw RuntimeError(str("rtol must be greater than or equal to zero, but got ", rtol));
  if (atol < 0) throw RuntimeError(str("atol must be greater than or equal to zero, but got ", atol));
  IValue close = runKernel("aten::eq.Tensor", {IValue(a), IValue(b)});
  const bool floating = isFloatingType(a.dtype());
  if (equalNan && floating)
    close = runKernel("aten::logical_or", {close, runKernel("aten::logical_and", {runKernel("aten::isnan", {IValue(a)}), runKernel("aten::isnan", {IValue(b)})})});
  if (rtol == 0 && atol == 0) return close.toTensor();
  IValue x(a), y(b);
  if (!floating) {
    const IValue f(toTorchCode(ScalarType::Float));
    x = runKernel("aten::to.dtype", {x, f, IValue(false), IValue(false), IValue()});
    y = runKernel("aten::to.dtype", {y, f, IValue(false), IValue(false), IValue()});
  }
  IValue allowed = runKernel("aten::add.Scalar", {runKernel("aten::abs", {runKernel("aten::mul.Scalar", {y, IValue(rtol)})}), IValue(atol), IValue(int64_t{1})});
  IValue actual = runKernel("aten::abs", {runKernel("aten::sub.Tensor", {x, y, IValue(int64_t{1})})});
  IValue within = runKernel("aten::logical_and", {runKernel("aten::isfinite", {actual}), runKernel("aten::le.Tensor", {actual, allowed})});
  return runKernel("aten::logical_or", {close, within}).toTensor();
}

}  // namespace

void registerCompositeKernels() {
  for (const char* name : {"aten::numpy_T", "aten::numpy_T.a"})
    def(name, [](Args& a) {
      const Tensor x = a.at(0).toTensor();
      std::vector<int64_t> dims;
      for (int64_t d = x.dim() - 1; d >= 0; --d) dims.push_back(d);
      return ret(runKernel("aten::permute", {IValue(x), intList(dims)}));
    });
  def("aten::ravel", [](Args& a) {
    return ret(runKernel("aten::view", {runKernel("aten::contiguous", {a.at(0), IValue(int64_t{0})}), intList({-1})}));
  });
  // Traced graphs record split / chunk under these names.
  const std::pair<const char*, const char*> renamed[] = {{"aten::split_with_sizes", "aten::split"},
                                                        {"aten::unsafe_split_with_sizes", "aten::split"},
                                                        {"aten::unsafe_split.Tensor", "aten::split.Tensor"},
                                                        {"aten::unsafe_chunk", "aten::chunk"}};
  for (auto [name, target] : renamed) {
    const std::string to = target;
    def(name, [to](Args& a) { return ret(runKernel(to, a)); });
  }
  def("aten::reshape_as", [](Args& a) { return ret(runKernel("aten::reshape", {a.at(0), intList(a.at(1).toTensor().sizes())})); });
  // new_zeros / new_ones (self, size, dtype, layout, device, pin_memory); new_full has the fill after size.
  def("aten::new_zeros", [](Args& a) {
    IValue dtype = a.at(2).isNone() ? IValue(toTorchCode(a.at(0).toTensor().dtype())) : a.at(2);
    return ret(runKernel("aten::full", {a.at(1), IValue(int64_t{0}), dtype, a.at(3), a.at(4), a.at(5)}));
  });
  def("aten::new_ones", [](Args& a) {
    IValue dtype = a.at(2).isNone() ? IValue(toTorchCode(a.at(0).toTensor().dtype())) : a.at(2);
    return ret(runKernel("aten::full", {a.at(1), IValue(int64_t{1}), dtype, a.at(3), a.at(4), a.at(5)}));
  });
  def("aten::new_full", [](Args& a) {
    IValue dtype = a.at(3).isNone() ? IValue(toTorchCode(a.at(0).toTensor().dtype())) : a.at(3);
    return ret(runKernel("aten::full", {a.at(1), a.at(2), dtype, a.at(4), a.at(5), a.at(6)}));
  });
  def("aten::full_like", [](Args& a) {
    IValue z = runKernel("aten::zeros_like", {a.at(0), a.at(2), a.at(3), a.at(4), a.at(5), a.at(6)});
    return ret(runKernel("aten::fill_.Scalar", {z, a.at(1)}));
  });
  def("aten::movedim.int", [](Args& a) { return ret(movedim(a.at(0).toTensor(), {a.at(1).toInt()}, {a.at(2).toInt()})); });
  def("aten::movedim.intlist", [](Args& a) { return ret(movedim(a.at(0).toTensor(), toInts(a.at(1)), toInts(a.at(2)))); });
  def("aten::tile", [](Args& a) {
    const Tensor x = a.at(0).toTensor();
    std::vector<int64_t> reps = toInts(a.at(1));
    while (static_cast<int64_t>(reps.size()) < x.dim()) reps.insert(reps.begin(), 1);
    return ret(runKernel("aten::repeat", {IValue(x), intList(reps)}));
  });
  def("aten::isclose", [](Args& a) {
    return ret(IValue(isclose(a.at(0).toTensor(), a.at(1).toTensor(), a.at(2).toDouble(), a.at(3).toDouble(), a.at(4).toBool())));
  });
  def("aten::allclose", [](Args& a) {
    Tensor c = isclose(a.at(0).toTensor(), a.at(1).toTensor(), a.at(2).toDouble(), a.at(3).toDouble(), a.at(4).toBool());
    bool all = true;
    for (int64_t i = 0; i < c.numel(); ++i) all = all && c.getInt64(i) != 0;
    return ret(IValue(all));
  });
}

}  // namespace tsjit::reference

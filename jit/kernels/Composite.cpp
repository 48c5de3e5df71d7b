// Composite.cpp — optimized kernels of ops 1.13 defines through other ops, run here through this
// engine's own kernels: numpy_T (x.T: dims reversed), ravel (contiguous, then a flat view),
// split_with_sizes / unsafe_split / unsafe_chunk (split and chunk), reshape_as, new_zeros / new_ones / new_full (self's dtype unless given), full_like (zeros_like's
// layout, filled), movedim (a permutation; 1.13's checks and messages), tile (repeat with dims
// padded by leading 1s), isclose / allclose (1.13's formula: equal, or a finite |a - b| <= atol +
// |rtol * b| computed in the default float dtype for integral inputs; NaNs equal when equal_nan).
#include <algorithm>
#include <numeric>
#include <sstream>
#include <vector>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

IValue ints(const std::vector<int64_t>& v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}

std::string listText(const std::vector<int64_t>& v) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
  os << "]";
  return os.str();
}

std::vector<int64_t> movedimPermutation(int64_t rank, std::vector<int64_t> src, std::vector<int64_t> dst) {
  if (src.size() != dst.size())
    throw RuntimeError(str("movedim: Invalid source or destination dims: source (", listText(src),
                           " dims) should contain the same number of dims as destination (", listText(dst), " dims)"));
  const std::vector<int64_t> srcGiven = src, dstGiven = dst;
  for (auto& d : src) d = wrapDim(d, rank, /*wrapScalar=*/true);
  for (auto& d : dst) d = wrapDim(d, rank, /*wrapScalar=*/true);
  auto repeated = [](std::vector<int64_t> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) != v.end();
  };
  if (repeated(src)) throw RuntimeError("movedim: repeated dim in `source` (" + listText(srcGiven) + ")");
  if (repeated(dst)) throw RuntimeError("movedim: repeated dim in `destination` (" + listText(dstGiven) + ")");
  if (rank == 0) return {};  // a 0-dim tensor: dims 0 / -1 name it, nothing moves
  std::vector<int64_t> perm(static_cast<size_t>(rank), -1);
  std::vector<bool> used(static_cast<size_t>(rank), false);
  for (size_t i = 0; i < src.size(); ++i) {
    perm[static_cast<size_t>(dst[i])] = src[i];
    used[static_cast<size_t>(src[i])] = true;
  }
  int64_t next = 0;  // the other dims keep their order in the free slots
  for (auto& p : perm) {
    if (p != -1) continue;
    while (used[static_cast<size_t>(next)]) ++next;
    p = next++;
  }
  return perm;
}

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equalNan) {
  if (a.dtype() != b.dtype()) throw RuntimeError(str(irName(a.dtype()), " did not match ", irName(b.dtype())));
  if (rtol < 0) throw RuntimeError(str("rtol must be greater than or equal to zero, but got ", rtol));
  if (atol < 0) throw RuntimeError(str("atol must be greater than or equal to zero, but got ", atol));
  Tensor close = runKernel("aten::eq.Tensor", {IValue(a), IValue(b)}).toTensor();
  const bool floating = isFloatingType(a.dtype());
  if (equalNan && floating) {
    Tensor bothNan = runKernel("aten::logical_and", {runKernel("aten::isnan", {IValue(a)}), runKernel("aten::isnan", {IValue(b)})}).toTensor();
    close = runKernel("aten::logical_or", {IValue(close), IValue(bothNan)}).toTensor();
  }
  if (rtol == 0 && atol == 0) return close;
  IValue x(a), y(b);
  if (!floating) {
    x = runKernel("aten::to.dtype", {x, IValue(toTorchCode(kDefaultFloatDtype)), IValue(false), IValue(false), IValue()});
    y = runKernel("aten::to.dtype", {y, IValue(toTorchCode(kDefaultFloatDtype)), IValue(false), IValue(false), IValue()});
  }
  IValue allowed = runKernel("aten::add.Scalar", {runKernel("aten::abs", {runKernel("aten::mul.Scalar", {y, IValue(rtol)})}), IValue(atol), IValue(int64_t{1})});
  IValue actual = runKernel("aten::abs", {runKernel("aten::sub.Tensor", {x, y, IValue(int64_t{1})})});
  IValue within = runKernel("aten::logical_and", {runKernel("aten::isfinite", {actual}), runKernel("aten::le.Tensor", {actual, allowed})});
  return runKernel("aten::logical_or", {IValue(close), within}).toTensor();
}

void pushResult(Stack& s, size_t n, IValue v) {
  drop(s, n);
  s.push_back(std::move(v));
}

}  // namespace

void registerCompositeKernels() {
  for (const char* n : {"aten::numpy_T", "aten::numpy_T.a"})
    def(n, [](Stack& s, size_t n) {
      const Tensor x = peek(s, 0, n).toTensor();
      std::vector<int64_t> dims(static_cast<size_t>(x.dim()));
      std::iota(dims.rbegin(), dims.rend(), int64_t{0});
      pushResult(s, n, runKernel("aten::permute", {IValue(x), ints(dims)}));
    });
  def("aten::ravel", [](Stack& s, size_t n) {
    IValue c = runKernel("aten::contiguous", {peek(s, 0, n), IValue(int64_t{0})});
    pushResult(s, n, runKernel("aten::view", {c, ints({-1})}));
  });
  // split_with_sizes / unsafe_* (traced graphs record them) are split / chunk under other names.
  const std::pair<const char*, const char*> renamed[] = {{"aten::split_with_sizes", "aten::split"},
                                                        {"aten::unsafe_split_with_sizes", "aten::split"},
                                                        {"aten::unsafe_split.Tensor", "aten::split.Tensor"},
                                                        {"aten::unsafe_chunk", "aten::chunk"}};
  for (auto [name, target] : renamed)
    def(name, [target](Stack& s, size_t n) {
      std::vector<IValue> args(s.end() - static_cast<std::ptrdiff_t>(n), s.end());
      pushResult(s, n, runKernel(target, std::move(args)));
    });
  def("aten::reshape_as", [](Stack& s, size_t n) {
    const Tensor other = peek(s, 1, n).toTensor();
    pushResult(s, n, runKernel("aten::reshape", {peek(s, 0, n), ints(other.sizes())}));
  });
  // new_zeros / new_ones / new_full (self, size, [fill,] dtype, layout, device, pin_memory).
  auto newFactory = [](const char* fill) {
    return [fill](Stack& s, size_t n) {
      const bool full = fill == nullptr;
      const Tensor self = peek(s, 0, n).toTensor();
      const size_t d = full ? 3 : 2;
      IValue dtype = peek(s, d, n).isNone() ? IValue(toTorchCode(self.dtype())) : peek(s, d, n);
      IValue value = full ? peek(s, 2, n) : IValue(std::string(fill) == "1" ? int64_t{1} : int64_t{0});
      pushResult(s, n, runKernel("aten::full", {peek(s, 1, n), value, dtype, peek(s, d + 1, n), peek(s, d + 2, n), peek(s, d + 3, n)}));
    };
  };
  def("aten::new_zeros", newFactory("0"));
  def("aten::new_ones", newFactory("1"));
  def("aten::new_full", newFactory(nullptr));
  // full_like(self, fill, dtype, layout, device, pin_memory, memory_format): zeros_like's layout.
  def("aten::full_like", [](Stack& s, size_t n) {
    IValue z = runKernel("aten::zeros_like", {peek(s, 0, n), peek(s, 2, n), peek(s, 3, n), peek(s, 4, n), peek(s, 5, n), peek(s, 6, n)});
    pushResult(s, n, runKernel("aten::fill_.Scalar", {z, peek(s, 1, n)}));
  });
  def("aten::movedim.int", [](Stack& s, size_t n) {
    const Tensor x = peek(s, 0, n).toTensor();
    auto perm = movedimPermutation(x.dim(), {peek(s, 1, n).toInt()}, {peek(s, 2, n).toInt()});
    pushResult(s, n, runKernel("aten::permute", {IValue(x), ints(perm)}));
  });
  def("aten::movedim.intlist", [](Stack& s, size_t n) {
    const Tensor x = peek(s, 0, n).toTensor();
    auto perm = movedimPermutation(x.dim(), intListArg(peek(s, 1, n)), intListArg(peek(s, 2, n)));
    pushResult(s, n, runKernel("aten::permute", {IValue(x), ints(perm)}));
  });
  def("aten::tile", [](Stack& s, size_t n) {
    const Tensor x = peek(s, 0, n).toTensor();
    std::vector<int64_t> reps = intListArg(peek(s, 1, n));
    if (static_cast<int64_t>(reps.size()) < x.dim()) reps.insert(reps.begin(), x.dim() - reps.size(), 1);
    pushResult(s, n, runKernel("aten::repeat", {IValue(x), ints(reps)}));
  });
  def("aten::isclose", [](Stack& s, size_t n) {
    Tensor r = isclose(peek(s, 0, n).toTensor(), peek(s, 1, n).toTensor(), peek(s, 2, n).toDouble(),
                       peek(s, 3, n).toDouble(), peek(s, 4, n).toBool());
    pushResult(s, n, IValue(r));
  });
  def("aten::allclose", [](Stack& s, size_t n) {
    Tensor r = isclose(peek(s, 0, n).toTensor(), peek(s, 1, n).toTensor(), peek(s, 2, n).toDouble(),
                       peek(s, 3, n).toDouble(), peek(s, 4, n).toBool());
    pushResult(s, n, IValue(runKernel("aten::all", {IValue(r)}).toTensor().getInt64(0) != 0));
  });
}

}  // namespace tsjit::kernels

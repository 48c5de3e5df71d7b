// DerivativesShapeMore.cpp — derivatives of the selection ops 1.13 adds (diagonal, unfold,
// unflatten, swapaxes, moveaxis, atleast_*, tensor_split, meshgrid, diag_embed, rot90, fliplr /
// flipud, dstack / column_stack / row_stack, take, take_along_dim, index_copy, masked_scatter,
// index_fill, hsplit / vsplit / dsplit; and the composites movedim, x.T, ravel, tile, hstack / vstack,
// split_with_sizes / unsafe_split*, broadcast_tensors), as_strided, and scatter_reduce.
//
// Selection ops only move elements: each output element is a copy of one input element or a
// constant. Their derivative runs the op's own kernel once more on "code" tensors (int64 tensors
// shaped like the differentiable inputs, holding distinct positive element numbers; the other
// arguments as saved) and reads off, per output element, which input element it copies (0 or less:
// none, e.g. diag_embed's zeros). The output gradients are then summed into those elements, so
// repeated uses add up and overwritten elements (index_copy with repeated indices) get nothing.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"
#include "jit/ir/Type.h"

namespace tsjit::autograd {
namespace {
using namespace math;

std::vector<Tensor> flatTensors(const std::vector<IValue>& outs) {
  std::vector<Tensor> r;
  for (const IValue& v : outs) {
    if (v.isTensor()) r.push_back(v.toTensor());
    else if (v.isList())
      for (const IValue& x : v.toListRef().items) r.push_back(x.toTensor());
  }
  return r;
}

int64_t product(const std::vector<int64_t>& s) {
  int64_t n = 1;
  for (int64_t x : s) n *= x;
  return n;
}

// Gradients of a selection op: `overload` rerun on code tensors for the arguments in `diffArgs`
// (Tensor or Tensor[]); `rewrite` may replace other arguments for that run (a fill value that could
// collide with a code).
Grads selectionGrads(const GradContext& c, const std::string& overload, const std::vector<size_t>& diffArgs,
                     const std::function<void(std::vector<IValue>&)>& rewrite) {
  std::vector<IValue> args(c.numArgs());
  struct Slot {
    size_t arg;
    int64_t elem;  // -1: a Tensor argument
    std::vector<int64_t> sizes;
    ScalarType dtype;
    std::vector<double> grad;
  };
  std::vector<Slot> slots;
  std::vector<size_t> slotOfCode(1, 0);  // code -> slot (index 0 unused)
  std::vector<int64_t> elemOfCode(1, 0);
  auto codes = [&](const std::vector<int64_t>& sizes, size_t slot) {
    std::vector<int64_t> v(static_cast<size_t>(product(sizes)));
    for (size_t k = 0; k < v.size(); ++k) {
      v[k] = static_cast<int64_t>(slotOfCode.size());
      slotOfCode.push_back(slot);
      elemOfCode.push_back(static_cast<int64_t>(k));
    }
    return Tensor::fromInt64s(v, sizes, ScalarType::Int64);
  };
  for (size_t i = 0; i < c.numArgs(); ++i) {
    const bool diff = std::find(diffArgs.begin(), diffArgs.end(), i) != diffArgs.end();
    if (!diff) {
      args[i] = c.arg(i);
      continue;
    }
    const auto& list = c.listSizes(i);
    if (!list.empty()) {  // a Tensor[] argument
      std::vector<IValue> items;
      for (size_t e = 0; e < list.size(); ++e) {
        slots.push_back({i, static_cast<int64_t>(e), list[e], ScalarType::Double, {}});
        items.emplace_back(codes(list[e], slots.size() - 1));
      }
      args[i] = makeList(TensorType::get(), std::move(items));
    } else {
      slots.push_back({i, -1, c.sizes(i), c.dtype(i), {}});
      args[i] = IValue(codes(c.sizes(i), slots.size() - 1));
    }
  }
  if (rewrite) rewrite(args);
  for (auto& s : slots) s.grad.assign(static_cast<size_t>(product(s.sizes)), 0.0);
  const std::vector<Tensor> maps = flatTensors(callN(overload, std::move(args)));
  for (size_t j = 0; j < maps.size() && j < c.numOutputs(); ++j) {
    if (!c.hasGrad(j)) continue;
    const std::vector<int64_t> m = maps[j].contiguous().toInt64s();
    const std::vector<double> g = c.grad(j).contiguous().toDoubles();
    for (size_t k = 0; k < m.size() && k < g.size(); ++k) {
      const int64_t code = m[k];
      if (code <= 0 || code >= static_cast<int64_t>(slotOfCode.size())) continue;
      Slot& s = slots[slotOfCode[static_cast<size_t>(code)]];
      s.grad[static_cast<size_t>(elemOfCode[static_cast<size_t>(code)])] += g[k];
    }
  }
  Grads out(c.numArgs());
  ScalarType gdt = c.numOutputs() > 0 ? c.grad(0).dtype() : ScalarType::Double;
  for (auto& s : slots) {
    Tensor t = Tensor::fromDoubles(s.grad, s.sizes, gdt);
    if (s.elem < 0) {
      out[s.arg] = IValue(t);
    } else {
      if (!out[s.arg].isList()) {
        std::vector<IValue> none(c.listSizes(s.arg).size());
        out[s.arg] = makeList(TensorType::get(), std::move(none));
      }
      out[s.arg].toListRef().items[static_cast<size_t>(s.elem)] = IValue(t);
    }
  }
  return out;
}

void defSelection(const char* overload, std::vector<int> saved, std::vector<size_t> diffArgs,
                  std::function<void(std::vector<IValue>&)> rewrite = nullptr) {
  if (!ops::findOverload(overload)) return;
  std::string name = overload;
  def(overload, {std::move(saved), {}}, [name, diffArgs, rewrite](const GradContext& c) -> Grads {
    return selectionGrads(c, name, diffArgs, rewrite);
  });
}

// as_strided: output element -> storage position -> the input element stored there.
Grads asStridedGrads(const GradContext& c) {
  const Tensor x = c.tensor(0);
  const std::vector<int64_t> sizes = ints(c.arg(1)), strides = ints(c.arg(2));
  const int64_t offset = c.arg(3).isNone() ? x.storageOffset() : c.arg(3).toInt();
  std::map<int64_t, int64_t> inputAt;  // storage position -> input linear index (the first)
  for (int64_t i = 0; i < x.numel(); ++i) inputAt.emplace(x.storageOffset() + x.offsetOf(i), i);
  std::vector<double> gx(static_cast<size_t>(x.numel()), 0.0);
  const std::vector<double> g = c.grad().contiguous().toDoubles();
  const std::vector<int64_t> rowMajor = [&] {
    std::vector<int64_t> r(sizes.size());
    int64_t s = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
      r[d] = s;
      s *= std::max<int64_t>(sizes[d], 1);
    }
    return r;
  }();
  for (size_t k = 0; k < g.size(); ++k) {
    int64_t pos = offset, rest = static_cast<int64_t>(k);
    for (size_t d = 0; d < sizes.size(); ++d) {
      pos += (rest / rowMajor[d]) * strides[d];
      rest %= rowMajor[d];
    }
    auto it = inputAt.find(pos);
    if (it != inputAt.end()) gx[static_cast<size_t>(it->second)] += g[k];
  }
  return {Tensor::fromDoubles(gx, x.sizes(), c.grad().dtype())};
}

// scatter_reduce: per target element, the terms it reduced (self when included, then the scattered
// source elements); the gradient of each term as the reduction's partial derivative (amax / amin:
// shared evenly among the terms equal to the result, as 1.13).
Grads scatterReduceGrads(const GradContext& c) {
  const Tensor self = c.tensor(0), index = c.tensor(2), src = c.tensor(3), out = c.output();
  const std::string reduce = c.arg(4).toStringRef();
  const bool includeSelf = c.arg(5).toBool();
  const int64_t rank = std::max<int64_t>(1, self.dim());
  const int64_t d = wrap(c.arg(1).toInt(), rank);
  const std::vector<int64_t> selfShape = self.dim() == 0 ? std::vector<int64_t>{1} : self.sizes();
  const std::vector<int64_t> idxShape = index.dim() == 0 ? std::vector<int64_t>{1} : index.sizes();
  const std::vector<int64_t> srcShape = src.dim() == 0 ? std::vector<int64_t>{1} : src.sizes();
  auto ravel = [](const std::vector<int64_t>& p, const std::vector<int64_t>& s) {
    int64_t l = 0;
    for (size_t k = 0; k < s.size(); ++k) l = l * s[k] + p[k];
    return l;
  };
  const std::vector<double> sv = self.contiguous().toDoubles(), xv = src.contiguous().toDoubles();
  const std::vector<double> ov = out.contiguous().toDoubles(), g = c.grad().contiguous().toDoubles();
  const std::vector<int64_t> iv = index.contiguous().toInt64s();
  std::vector<std::vector<int64_t>> terms(sv.size());
  for (size_t e = 0; e < iv.size(); ++e) {
    std::vector<int64_t> p(idxShape.size());
    int64_t rest = static_cast<int64_t>(e);
    for (size_t k = idxShape.size(); k-- > 0;) {
      p[k] = rest % idxShape[k];
      rest /= idxShape[k];
    }
    const int64_t from = ravel(p, srcShape);
    p[static_cast<size_t>(d)] = iv[e];
    terms[static_cast<size_t>(ravel(p, selfShape))].push_back(from);
  }
  std::vector<double> gs(sv.size(), 0.0), gx(xv.size(), 0.0);
  for (size_t t = 0; t < sv.size(); ++t) {
    const auto& list = terms[t];
    if (list.empty()) {
      gs[t] = g[t];
      continue;
    }
    std::vector<double> vals;
    if (includeSelf) vals.push_back(sv[t]);
    for (int64_t f : list) vals.push_back(xv[static_cast<size_t>(f)]);
    std::vector<double> part(vals.size(), 0.0);
    if (reduce == "sum") {
      std::fill(part.begin(), part.end(), g[t]);
    } else if (reduce == "mean") {
      std::fill(part.begin(), part.end(), g[t] / static_cast<double>(vals.size()));
    } else if (reduce == "prod") {
      for (size_t a = 0; a < vals.size(); ++a) {
        double p = 1;
        for (size_t b = 0; b < vals.size(); ++b)
          if (b != a) p *= vals[b];
        part[a] = g[t] * p;
      }
    } else {
      size_t ties = 0;
      for (double v : vals) ties += v == ov[t] ? 1 : 0;
      for (size_t a = 0; a < vals.size(); ++a) part[a] = vals[a] == ov[t] && ties ? g[t] / static_cast<double>(ties) : 0.0;
    }
    size_t a = 0;
    if (includeSelf) gs[t] = part[a++];
    for (int64_t f : list) gx[static_cast<size_t>(f)] += part[a++];
  }
  ScalarType dt = c.grad().dtype();
  return {c.needs(0) ? Tensor::fromDoubles(gs, self.sizes(), dt) : Tensor(), IValue(), IValue(),
          c.needs(3) ? Tensor::fromDoubles(gx, src.sizes(), dt) : Tensor()};
}
}  // namespace

void registerShapeMoreDerivatives() {
  // Views and rearrangements of one tensor.
  for (const char* name : {"aten::diagonal", "aten::unfold", "aten::unflatten.int", "aten::swapaxes", "aten::swapdims",
                           "aten::moveaxis.int", "aten::moveaxis.intlist", "aten::atleast_1d", "aten::atleast_2d",
                           "aten::atleast_3d", "aten::tensor_split.sections", "aten::tensor_split.indices",
                           "aten::diag_embed", "aten::rot90", "aten::fliplr", "aten::flipud", "aten::hsplit.int",
                           "aten::hsplit.array", "aten::vsplit.int", "aten::vsplit.array", "aten::dsplit.int",
                           "aten::dsplit.array"})
    defSelection(name, {}, {0});
  defSelection("aten::tensor_split.tensor_indices_or_sections", {1}, {0});
  // Composite shape ops of 1.13 defined through other ops (jit/kernels/Composite.cpp, ShapeBuild.cpp)
  // that had no derivative: moveaxis scripts to movedim, torch.ravel, x.T, tile, hstack / vstack...
  for (const char* name : {"aten::movedim.int", "aten::movedim.intlist", "aten::numpy_T", "aten::numpy_T.a", "aten::ravel",
                           "aten::tile", "aten::split_with_sizes", "aten::unsafe_split.Tensor",
                           "aten::unsafe_split_with_sizes", "aten::unsafe_chunk"})
    defSelection(name, {}, {0});
  for (const char* name : {"aten::hstack", "aten::vstack", "aten::broadcast_tensors"}) defSelection(name, {}, {0});
  // Lists of tensors.
  for (const char* name : {"aten::atleast_1d.Sequence", "aten::atleast_2d.Sequence", "aten::atleast_3d.Sequence",
                           "aten::meshgrid", "aten::meshgrid.indexing", "aten::dstack", "aten::column_stack",
                           "aten::row_stack"})
    defSelection(name, {}, {0});
  // Index-driven selections: the index / mask arguments are saved.
  defSelection("aten::take", {1}, {0});
  defSelection("aten::take_along_dim", {1}, {0});
  defSelection("aten::index_copy", {2}, {0, 3});
  defSelection("aten::masked_scatter", {1}, {0, 2});
  defSelection("aten::index_fill.int_Tensor", {2}, {0, 3});
  defSelection("aten::index_fill.int_Scalar", {2}, {0}, [](std::vector<IValue>& a) { a[3] = IValue(int64_t{0}); });
  def("aten::as_strided", {{0}, {}}, asStridedGrads);
  def("aten::scatter_reduce.two", {{0, 2, 3}, {0}}, scatterReduceGrads);
}

}  // namespace tsjit::autograd

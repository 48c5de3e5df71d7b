// DerivativesShape.cpp — derivatives of views, reshapes, joins/splits and indexing ops: the
// gradient goes back to where each element came from (zeros elsewhere; summed where an element
// was used several times).
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"
#include "jit/ir/Type.h"

namespace tsjit::autograd {
namespace {
using namespace math;

std::optional<int64_t> optInt(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toInt();
}

Grads reshapeBack(const GradContext& c) { return {reshape(c.grad(), c.sizes(0))}; }

// Gradients of the pieces of a split along dim, joined back (zeros for pieces without one).
Grads joinPieces(const GradContext& c, int64_t dim, bool stackThem) {
  std::vector<Tensor> parts;
  for (size_t j = 0; j < c.numOutputs(); ++j) parts.push_back(c.grad(j));
  if (stackThem) {
    std::vector<Tensor> un;
    for (auto& p : parts) un.push_back(p.unsqueeze(dim));
    return {cat(un, dim)};
  }
  return {cat(parts, dim)};
}

// z (zeros shaped like argument 0) with the region `region(z)` set to g.
Tensor scatterInto(const GradContext& c, const std::function<Tensor(const Tensor&)>& region) {
  Tensor z = zeros(c.sizes(0), c.grad().dtype());
  region(z).copy_(c.grad());
  return z;
}

Tensor indexAdd(const std::vector<int64_t>& sizes, int64_t dim, const Tensor& index, const Tensor& g) {
  Tensor z = zeros(sizes, g.dtype());
  std::vector<int64_t> idx = index.reshape({index.numel()}).toInt64s();
  for (size_t k = 0; k < idx.size(); ++k) {
    int64_t i = idx[k] < 0 ? idx[k] + sizes[static_cast<size_t>(dim)] : idx[k];
    Tensor dst = z.select(dim, i);
    dst.copy_(add(dst, g.select(dim, static_cast<int64_t>(k))));
  }
  return z;
}
}  // namespace

void registerShapeDerivatives() {
  // ---- views and reshapes ----
  for (const char* name : {"aten::view", "aten::reshape", "aten::flatten.using_ints", "aten::squeeze", "aten::squeeze.dim",
                           "aten::unsqueeze", "aten::view_as", "aten::reshape_as", "aten::_unsafe_view"})
    if (ops::findOverload(name)) def(name, {}, reshapeBack);
  for (const char* name : {"aten::expand", "aten::expand_as", "aten::broadcast_to"})
    if (ops::findOverload(name)) def(name, {}, [](const GradContext& c) -> Grads { return {sumTo(c.grad(), c.sizes(0))}; });
  def("aten::permute", {}, [](const GradContext& c) -> Grads {
    std::vector<int64_t> dims = ints(c.arg(1));
    int64_t rank = static_cast<int64_t>(dims.size());
    std::vector<int64_t> inv(dims.size());
    for (int64_t i = 0; i < rank; ++i) inv[static_cast<size_t>(wrap(dims[static_cast<size_t>(i)], rank))] = i;
    return {c.grad().permute(inv)};
  });
  def("aten::transpose.int", {}, [](const GradContext& c) -> Grads {
    return {c.grad().transpose(c.arg(1).toInt(), c.arg(2).toInt())};
  });
  def("aten::t", {}, [](const GradContext& c) -> Grads { return {c.grad().t()}; });
  def("aten::mT", {}, [](const GradContext& c) -> Grads { return {c.grad().transpose(-2, -1)}; });
  def("aten::select.int", {}, [](const GradContext& c) -> Grads {
    int64_t dim = c.arg(1).toInt(), index = c.arg(2).toInt();
    return {scatterInto(c, [&](const Tensor& z) { return z.select(dim, index); })};
  });
  def("aten::slice.Tensor", {}, [](const GradContext& c) -> Grads {
    int64_t dim = c.arg(1).toInt(), step = c.arg(4).toInt();
    auto start = optInt(c.arg(2)), end = optInt(c.arg(3));
    return {scatterInto(c, [&](const Tensor& z) { return z.slice(dim, start, end, step); })};
  });
  def("aten::narrow", {}, [](const GradContext& c) -> Grads {
    int64_t dim = c.arg(1).toInt(), start = c.arg(2).toInt(), length = c.arg(3).toInt();
    return {scatterInto(c, [&](const Tensor& z) { return z.narrow(dim, start, length); })};
  });
  def("aten::diag", {}, [](const GradContext& c) -> Grads {
    int64_t offset = c.arg(1).toInt();
    if (c.sizes(0).size() == 1) return {c.grad().diagonal(offset).contiguous()};
    return {scatterInto(c, [&](const Tensor& z) { return z.diagonal(offset); })};
  });
  for (const char* name : {"aten::tril", "aten::triu"}) {
    std::string op = name;
    def(name, {}, [op](const GradContext& c) -> Grads { return {callT(op, {c.grad(), c.arg(1)})}; });
  }

  // ---- joins and splits ----
  def("aten::cat", {}, [](const GradContext& c) -> Grads {
    const auto& sizes = c.listSizes(0);
    int64_t rank = static_cast<int64_t>(c.grad().dim());
    int64_t dim = wrap(c.arg(1).toInt(), rank);
    std::vector<IValue> parts;
    int64_t offset = 0;
    for (const auto& s : sizes) {
      // Legacy empty 1-D tensors ([0]) are skipped by cat.
      if (s.size() == 1 && s[0] == 0 && rank != 1) {
        parts.emplace_back(Tensor());
        continue;
      }
      int64_t len = s[static_cast<size_t>(dim)];
      parts.emplace_back(c.grad().narrow(dim, offset, len));
      offset += len;
    }
    return {makeList(TensorType::get(), std::move(parts))};
  });
  def("aten::stack", {}, [](const GradContext& c) -> Grads {
    int64_t dim = wrap(c.arg(1).toInt(), c.grad().dim());
    std::vector<IValue> parts;
    for (size_t k = 0; k < c.listSizes(0).size(); ++k) parts.emplace_back(c.grad().select(dim, static_cast<int64_t>(k)));
    return {makeList(TensorType::get(), std::move(parts))};
  });
  for (const char* name : {"aten::chunk", "aten::split", "aten::split.Tensor", "aten::split.sizes"})
    if (ops::findOverload(name))
      def(name, {}, [](const GradContext& c) -> Grads {
        return joinPieces(c, wrap(c.arg(2).toInt(), static_cast<int64_t>(c.sizes(0).size())), false);
      });
  def("aten::unbind.int", {}, [](const GradContext& c) -> Grads {
    return joinPieces(c, wrap(c.arg(1).toInt(), static_cast<int64_t>(c.sizes(0).size())), true);
  });

  // ---- rearrangements ----
  def("aten::flip", {}, [](const GradContext& c) -> Grads { return {callT("aten::flip", {c.grad(), c.arg(1)})}; });
  def("aten::roll", {}, [](const GradContext& c) -> Grads {
    std::vector<int64_t> shifts = ints(c.arg(1));
    for (auto& s : shifts) s = -s;
    return {callT("aten::roll", {c.grad(), intList(shifts), c.arg(2)})};
  });
  def("aten::repeat", {}, [](const GradContext& c) -> Grads {
    std::vector<int64_t> reps = ints(c.arg(1));
    std::vector<int64_t> sizes = c.sizes(0);
    size_t lead = reps.size() - sizes.size();
    std::vector<int64_t> padded(lead, 1);
    padded.insert(padded.end(), sizes.begin(), sizes.end());
    std::vector<int64_t> split, sumDims;
    for (size_t i = 0; i < reps.size(); ++i) {
      sumDims.push_back(static_cast<int64_t>(split.size()));
      split.push_back(reps[i]);
      split.push_back(padded[i]);
    }
    Tensor g = reshape(c.grad().contiguous(), split);
    return {reshape(sum(g, sumDims, false), sizes)};
  });
  def("aten::repeat_interleave.self_int", {}, [](const GradContext& c) -> Grads {
    int64_t r = c.arg(1).toInt();
    const auto& sizes = c.sizes(0);
    if (c.arg(2).isNone()) {
      int64_t n = 1;
      for (int64_t s : sizes) n *= s;
      return {reshape(sum(reshape(c.grad(), {n, r}), {1}, false), sizes)};
    }
    int64_t dim = wrap(c.arg(2).toInt(), static_cast<int64_t>(sizes.size()));
    std::vector<int64_t> split(sizes.begin(), sizes.end());
    split.insert(split.begin() + dim + 1, r);
    return {sum(reshape(c.grad().contiguous(), split), {dim + 1}, false)};
  });

  // ---- indexing ----
  def("aten::index_select", {{2}, {}}, [](const GradContext& c) -> Grads {
    int64_t dim = wrap(c.arg(1).toInt(), static_cast<int64_t>(c.sizes(0).size()));
    return {indexAdd(c.sizes(0), dim, c.tensor(2), c.grad())};
  });
  def("aten::index_add", {{2}, {}}, [](const GradContext& c) -> Grads {
    int64_t dim = c.arg(1).toInt();
    return {c.grad(), IValue(), IValue(),
            c.needs(3) ? mul(callT("aten::index_select", {c.grad(), IValue(dim), c.tensor(2)}), c.scalar(4)) : Tensor()};
  });
  def("aten::gather", {{2}, {}}, [](const GradContext& c) -> Grads {
    Tensor z = zeros(c.sizes(0), c.grad().dtype());
    return {callT("aten::scatter_add", {z, c.arg(1), c.tensor(2), c.grad()})};
  });
  def("aten::scatter_add", {{2}, {}}, [](const GradContext& c) -> Grads {
    return {c.grad(), IValue(), IValue(),
            c.needs(3) ? callT("aten::gather", {c.grad(), c.arg(1), c.tensor(2), IValue(false)}) : Tensor()};
  });
  def("aten::scatter.src", {{2}, {}}, [](const GradContext& c) -> Grads {
    Tensor gs = c.needs(0) ? callT("aten::scatter.value", {c.grad(), c.arg(1), c.tensor(2), IValue(0.0)}) : Tensor();
    Tensor gsrc = c.needs(3) ? callT("aten::gather", {c.grad(), c.arg(1), c.tensor(2), IValue(false)}) : Tensor();
    return {gs, IValue(), IValue(), gsrc};
  });
  def("aten::scatter.value", {{2}, {}}, [](const GradContext& c) -> Grads {
    return {callT("aten::scatter.value", {c.grad(), c.arg(1), c.tensor(2), IValue(0.0)})};
  });
  def("aten::masked_select", {{1}, {}}, [](const GradContext& c) -> Grads {
    // The selected elements, in row-major order of the broadcast shape, get the gradient.
    Tensor m = c.tensor(1);
    std::vector<int64_t> shape = c.sizes(0);
    if (m.dim() > static_cast<int64_t>(shape.size()) || m.sizes() != shape) {
      // broadcast shape of self and mask
      size_t rank = std::max(shape.size(), m.sizes().size());
      std::vector<int64_t> out(rank, 1);
      for (size_t i = 0; i < rank; ++i) {
        int64_t a = i < rank - shape.size() ? 1 : shape[i - (rank - shape.size())];
        int64_t b = i < rank - m.sizes().size() ? 1 : m.sizes()[i - (rank - m.sizes().size())];
        out[i] = a == 1 ? b : a;
      }
      shape = out;
    }
    Tensor mb = m.expand(shape).contiguous();
    std::vector<double> g = c.grad().contiguous().toDoubles();
    int64_t n = mb.numel();
    std::vector<double> out(static_cast<size_t>(n), 0.0);
    size_t k = 0;
    for (int64_t i = 0; i < n; ++i)
      if (mb.getDouble(i) != 0 && k < g.size()) out[static_cast<size_t>(i)] = g[k++];
    return {Tensor::fromDoubles(out, shape, c.grad().dtype())};
  });
  def("aten::index.Tensor", {{1}, {}}, [](const GradContext& c) -> Grads {
    Tensor z = zeros(c.sizes(0), c.grad().dtype());
    callN("aten::index_put_", {z, c.arg(1), c.grad(), IValue(true)});
    return {z};
  });
  def("aten::index_put_", {{1}, {}}, [](const GradContext& c) -> Grads {
    bool accumulate = c.arg(3).toBool();
    Tensor gs;
    if (c.needs(0)) {
      gs = c.grad();
      if (!accumulate) {
        gs = gs.clone();
        callN("aten::index_put_", {gs, c.arg(1), scalarLike(0, gs), IValue(false)});
      }
    }
    Tensor gv = c.needs(2) ? callT("aten::index.Tensor", {c.grad(), c.arg(1)}) : Tensor();
    return {gs, IValue(), gv};
  });
  for (const char* name : {"aten::sort", "aten::sort.stable", "aten::topk"}) {
    bool stable = std::string_view(name) == "aten::sort.stable";
    bool topk = std::string_view(name) == "aten::topk";
    def(name, {{}, {1}}, [stable, topk](const GradContext& c) -> Grads {
      int64_t dim = c.arg(topk ? 2 : stable ? 2 : 1).toInt();
      Tensor z = zeros(c.sizes(0), c.grad().dtype());
      if (c.sizes(0).empty()) return {c.grad()};
      return {callT("aten::scatter.src", {z, IValue(dim), c.output(1), c.grad()})};
    });
  }
}

}  // namespace tsjit::autograd

// Math.cpp — kernel calls by overload name for derivative formulas (Math.h).
#include "jit/autograd/Math.h"

#include <algorithm>
#include <mutex>
#include <string>
#include <unordered_map>

#include "jit/autograd/Record.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/ir/Type.h"

namespace tsjit::autograd::math {
namespace {
struct Resolved {
  const ops::OpOverload* overload;
  const kernels::OptimizedKernel* kernel;
};

Resolved resolve(std::string_view name) {
  static std::mutex mutex;
  static std::unordered_map<std::string, Resolved> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(std::string(name));
  if (it != cache.end()) return it->second;
  const ops::OpOverload* ov = ops::findOverload(name);
  TSJIT_CHECK(ov != nullptr, "autograd: no overload ", std::string(name));
  const kernels::OptimizedKernel* k = kernels::findKernel(*ov);
  TSJIT_CHECK(k != nullptr, "autograd: ", std::string(name), " has no optimized kernel");
  Resolved r{ov, k};
  cache.emplace(std::string(name), r);
  return r;
}

}  // namespace

IValue intList(const std::vector<int64_t>& v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}

std::vector<int64_t> ints(const IValue& v) {
  std::vector<int64_t> r;
  if (v.isList())
    for (const IValue& x : v.toListRef().items) r.push_back(x.toInt());
  else if (v.isInt())
    r.push_back(v.toInt());
  return r;
}

std::vector<IValue> callN(std::string_view overload, std::vector<IValue> args) {
  Resolved r = resolve(overload);
  Stack st = std::move(args);
  size_t n = st.size();
  if (kernels::gradModeEnabled() && anyTensorRequiresGrad())
    recordOp(*r.overload, r.kernel->run, st, n);
  else
    r.kernel->run(st, n);
  return st;
}

IValue call(std::string_view overload, std::vector<IValue> args) {
  auto out = callN(overload, std::move(args));
  TSJIT_CHECK(out.size() == 1, "autograd: ", std::string(overload), " returned ", out.size(), " values");
  return std::move(out[0]);
}

Tensor callT(std::string_view overload, std::vector<IValue> args) { return call(overload, std::move(args)).toTensor(); }

Tensor add(const Tensor& a, const Tensor& b) { return callT("aten::add.Tensor", {a, b, IValue(int64_t{1})}); }
Tensor sub(const Tensor& a, const Tensor& b) { return callT("aten::sub.Tensor", {a, b, IValue(int64_t{1})}); }
Tensor mul(const Tensor& a, const Tensor& b) { return callT("aten::mul.Tensor", {a, b}); }
Tensor mul(const Tensor& a, double s) { return callT("aten::mul.Scalar", {a, IValue(s)}); }
Tensor div(const Tensor& a, const Tensor& b) { return callT("aten::div.Tensor", {a, b}); }
Tensor div(const Tensor& a, double s) { return callT("aten::div.Scalar", {a, IValue(s)}); }
Tensor addScalar(const Tensor& a, double s) {
  return callT("aten::add.Scalar", {a, IValue(s), IValue(int64_t{1})});
}
Tensor neg(const Tensor& a) { return callT("aten::neg", {a}); }
Tensor unary(std::string_view op, const Tensor& a) { return callT(op, {a}); }
Tensor pow(const Tensor& a, double e) { return callT("aten::pow.Tensor_Scalar", {a, IValue(e)}); }
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) { return callT("aten::where.self", {cond, a, b}); }
Tensor compare(std::string_view op, const Tensor& a, double s) { return callT(op, {a, IValue(s)}); }
Tensor compareT(std::string_view op, const Tensor& a, const Tensor& b) { return callT(op, {a, b}); }
Tensor mm(const Tensor& a, const Tensor& b) { return callT("aten::mm", {a, b}); }
Tensor matmul(const Tensor& a, const Tensor& b) { return callT("aten::matmul", {a, b}); }

Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) {
  if (dims.empty()) {
    Tensor s = sumAll(a);
    if (!keepdim) return s;
    return reshape(s, std::vector<int64_t>(a.dim(), 1));
  }
  return callT("aten::sum.dim_IntList", {a, intList(dims), IValue(keepdim), IValue()});
}
Tensor sumAll(const Tensor& a) { return callT("aten::sum", {a, IValue()}); }
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) {
  return callT("aten::mean.dim", {a, intList(dims), IValue(keepdim), IValue()});
}

Tensor cat(const std::vector<Tensor>& ts, int64_t dim) {
  std::vector<IValue> items(ts.begin(), ts.end());
  return callT("aten::cat", {makeList(TensorType::get(), std::move(items)), IValue(dim)});
}

Tensor zeros(const std::vector<int64_t>& sizes, ScalarType dtype) { return Tensor::zeros(sizes, dtype); }
Tensor zerosLike(const Tensor& t) { return Tensor::zeros(t.sizes(), t.dtype()); }
Tensor scalarLike(double v, const Tensor& like) { return Tensor::scalar(v, like.dtype()); }

Tensor expandTo(const Tensor& t, const std::vector<int64_t>& sizes) {
  if (t.sizes() == sizes) return t;
  return callT("aten::expand", {t, intList(sizes), IValue(false)});
}
Tensor reshape(const Tensor& t, const std::vector<int64_t>& sizes) {
  if (t.sizes() == sizes) return t;
  return callT("aten::reshape", {t, intList(sizes)});
}
Tensor toDtype(const Tensor& t, ScalarType dtype) {
  if (t.dtype() == dtype) return t;
  return t.to(dtype);
}
Tensor copyOf(const Tensor& t) { return t.clone(MemoryFormat::Contiguous); }

int64_t wrap(int64_t dim, int64_t rank) {
  int64_t r = std::max<int64_t>(rank, 1);
  if (dim < -r || dim >= r)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -r, ", ", r - 1, "], but got ", dim, ")"));
  return dim < 0 ? dim + r : dim;
}

std::vector<int64_t> reductionDims(const IValue& dims, int64_t rank) {
  std::vector<int64_t> out;
  if (dims.isList()) {
    for (const IValue& d : dims.toListRef().items) out.push_back(wrap(d.toInt(), rank));
  } else if (dims.isInt()) {
    out.push_back(wrap(dims.toInt(), rank));
  }
  if (out.empty())
    for (int64_t d = 0; d < rank; ++d) out.push_back(d);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Tensor unsqueezeDims(const Tensor& g, const std::vector<int64_t>& dims, int64_t rank) {
  std::vector<int64_t> sizes;
  size_t k = 0;
  size_t gi = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (k < dims.size() && dims[k] == d) {
      sizes.push_back(1);
      ++k;
    } else {
      sizes.push_back(g.sizes()[gi++]);
    }
  }
  return reshape(g, sizes);
}

Tensor sumTo(const Tensor& g, const std::vector<int64_t>& sizes) {
  if (g.sizes() == sizes) return g;
  int64_t lead = g.dim() - static_cast<int64_t>(sizes.size());
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < lead; ++d) dims.push_back(d);
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] == 1 && g.sizes()[lead + static_cast<int64_t>(i)] != 1) dims.push_back(lead + static_cast<int64_t>(i));
  Tensor r = dims.empty() ? g : callT("aten::sum.dim_IntList", {g, intList(dims), IValue(true), IValue()});
  return reshape(r, sizes);
}

}  // namespace tsjit::autograd::math

namespace tsjit::autograd {

Tensor conformGradient(const Tensor& g, const std::vector<int64_t>& sizes, ScalarType dtype) {
  Tensor r = g;
  if (r.sizes() != sizes) {
    // A scalar gradient of a 0-dim input reached through broadcasting, or a broadcast gradient.
    int64_t numel = 1;
    for (int64_t s : sizes) numel *= s;
    if (r.dim() < static_cast<int64_t>(sizes.size()) && r.numel() == numel)
      r = math::reshape(r, sizes);
    else
      r = math::sumTo(r, sizes);
  }
  if (r.dtype() != dtype && isFloatingType(dtype)) r = r.to(dtype);
  return r;
}

Tensor addTensors(const Tensor& a, const Tensor& b) {
  if (!a.defined()) return b;
  if (!b.defined()) return a;
  return math::add(a, b);
}

}  // namespace tsjit::autograd

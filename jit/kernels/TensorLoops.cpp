// TensorLoops.cpp — the non-template parts of TensorLoops.h: argument readers, result dtype and
// broadcast shape, output allocation and in-place checks, loop layout (broadcast strides and dim
// coalescing). See TensorLoops.h for the invariants.
#include "jit/kernels/TensorLoops.h"

#include <algorithm>
#include <sstream>
#include <string_view>
#include <utility>

#include "jit/tensor/IterationLayout.h"
#include "jit/tensor/Layout.h"

namespace tsjit::kernels {

Operand Operand::of(const IValue& v) {
  if (v.isTensor()) return Operand{v.toTensor()};
  if (v.isDouble()) return number(v.toDouble());
  if (v.isInt()) return number(v.toInt());
  if (v.isBool()) {
    Operand o = number(static_cast<int64_t>(v.toBool() ? 1 : 0));
    o.numberType = ScalarType::Bool;
    return o;
  }
  TSJIT_CHECK(false, str("expected a Tensor or a number, got ", v.tagName()));
  return {};
}

PromotionOperand Operand::promotion() const {
  if (isNumber()) return PromotionOperand::number(numberType);
  return PromotionOperand::of(tensor);
}

double scalarArgDouble(const IValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  if (v.isBool()) return v.toBool() ? 1.0 : 0.0;
  if (v.isTensor()) return v.toTensor().itemDouble();
  TSJIT_CHECK(false, str("expected a number, got ", v.tagName()));
  return 0;
}

int64_t scalarArgInt(const IValue& v) {
  if (v.isInt()) return v.toInt();
  if (v.isDouble()) return doubleToInt64(v.toDouble());
  if (v.isBool()) return v.toBool() ? 1 : 0;
  if (v.isTensor()) return v.toTensor().itemInt64();
  TSJIT_CHECK(false, str("expected a number, got ", v.tagName()));
  return 0;
}

std::optional<double> optScalarArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return scalarArgDouble(v);
}

ScalarType dtypeArg(const IValue& v) {
  TSJIT_CHECK(v.isInt(), str("expected a dtype code, got ", v.tagName()));
  auto t = fromTorchCode(v.toInt());
  if (!t) throw RuntimeError(str("Unsupported scalar type code ", v.toInt()));
  return *t;
}

std::optional<ScalarType> optDtypeArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return dtypeArg(v);
}

std::vector<int64_t> intListArg(const IValue& v) {
  if (v.isInt()) return {v.toInt()};
  std::vector<int64_t> out;
  const auto& items = v.toListRef().items;
  out.reserve(items.size());
  for (const IValue& x : items) out.push_back(x.toInt());
  return out;
}

std::vector<int64_t> dimListArg(const IValue& v, int64_t ndim) {
  std::vector<int64_t> dims;
  if (!v.isNone()) dims = intListArg(v);
  if (dims.empty()) {
    for (int64_t d = 0; d < ndim; ++d) dims.push_back(d);
    return dims;
  }
  std::vector<bool> seen(std::max<int64_t>(ndim, 1), false);
  for (int64_t& d : dims) {
    d = wrapDim(d, ndim);
    if (seen[d]) throw RuntimeError(str("dim ", d, " appears multiple times in the list of dims"));
    seen[d] = true;
  }
  return dims;
}

std::optional<std::string> optStringArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toStringRef();
}

ScalarType resultTypeOf(std::initializer_list<const Operand*> ops) {
  ResultTypeState st;
  for (const Operand* o : ops) st.add(o->promotion());
  return st.result();
}

std::vector<int64_t> broadcastShapeOf(std::initializer_list<const Operand*> ops) {
  std::vector<int64_t> shape;
  bool first = true;
  for (const Operand* o : ops) {
    if (o->isNumber()) continue;
    if (first) {
      shape = o->tensor.sizes();
      first = false;
    } else if (o->tensor.sizes() != shape) {
      shape = inferBroadcastShape(shape, o->tensor.sizes());
    }
  }
  return shape;
}

std::string shapeString(IntArrayRef sizes) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < sizes.size(); ++i) os << (i ? ", " : "") << sizes[i];
  os << "]";
  return os.str();
}

void throwNotImplemented(const char* kernel, ScalarType dtype) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dtype), "'"));
}

Tensor allocOutput(IntArrayRef shape, ScalarType dtype, const Tensor* like) {
  if (like && like->defined() && like->dim() > 1 && IntArrayRef(like->sizes()) == shape &&
      !like->isContiguous() && like->isNonOverlappingAndDense())
    return Tensor::empty_strided(shape, like->strides(), dtype);
  return Tensor::empty(shape, dtype);
}

Tensor allocElementwiseOutput(std::initializer_list<const Operand*> inputs, IntArrayRef shape, ScalarType outDtype) {
  bool rowMajor = true;
  for (const Operand* o : inputs)
    if (!o->isNumber() && !hasRowMajorStrides(o->tensor.sizes(), o->tensor.strides())) rowMajor = false;
  if (rowMajor) return Tensor::empty(shape, outDtype);
  std::vector<IterationInput> ins;
  ins.reserve(inputs.size());
  for (const Operand* o : inputs) {
    IterationInput in;
    if (!o->isNumber()) {
      in.sizes = o->tensor.sizes();
      in.strides = o->tensor.strides();
      in.converted = o->tensor.dtype() != outDtype && outDtype != ScalarType::Bool;
      in.elementSize = static_cast<int64_t>(elementSize(in.converted ? outDtype : o->tensor.dtype()));
    }
    ins.push_back(in);
  }
  return Tensor::empty_strided(shape, elementwiseOutputStrides(shape, ins), outDtype);
}

void checkInplace(const Tensor& self, ScalarType compute, IntArrayRef shape,
                  std::initializer_list<const Operand*> inputs) {
  // TensorIterator's order (1.13 build()): memory overlap, then the output's shape, then the cast
  // (int64 a.add_(float [2, 3]) with a of shape [3] reports the shape, not the cast). The header's
  // comment lists the checks.
  assertNoInternalOverlap(self);
  for (const Operand* o : inputs)
    if (!o->isNumber() && !o->tensor.is(self)) assertNoPartialOverlap(self, o->tensor);
  if (IntArrayRef(self.sizes()) != shape)
    throw RuntimeError(str("output with shape ", shapeString(self.sizes()),
                           " doesn't match the broadcast shape ", shapeString(shape)));
  checkCanCast(compute, self.dtype());
}

Tensor inplaceTarget(const Tensor& self, ScalarType compute) {
  if (self.dtype() == compute) return self;
  return Tensor::empty(self.sizes(), compute);
}

void finishInto(const Tensor& self, const Tensor& target) {
  if (!target.is(self))
    self.copy_(target);
  else
    self.bumpVersion();
}

namespace {
// Output reuse (TensorLoops.h): the mark set by a functional wrapper for its call.
thread_local TensorImpl* reusableInput = nullptr;

// Functional overloads whose kernel is a single runElementwise pass that reads its arguments only
// inside it (checked by reading each kernel): they may write their result into a dead input.
constexpr std::string_view kReuseSafeOps[] = {
    "aten::add.Tensor", "aten::add.Scalar", "aten::sub.Tensor", "aten::sub.Scalar", "aten::mul.Tensor",
    "aten::mul.Scalar", "aten::div.Tensor", "aten::div.Scalar", "aten::sigmoid", "aten::tanh",
    "aten::exp", "aten::relu", "aten::neg"};

bool isReuseSafe(std::string_view name) {
  for (std::string_view n : kReuseSafeOps)
    if (n == name) return true;
  return false;
}

// The first tensor argument the stack owns alone, or nullptr.
TensorImpl* soleOwnedTensorArg(const IValue* args, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (!args[i].isTensor()) continue;
    const Tensor t = args[i].toTensor();  // this copy is the second handle
    if (t.useCount() == 2 && t.storage().useCount() == 1 && !t.requiresGrad() && !t.autogradMeta() &&
        !t.isWrappedNumber() && t.device().isCpu())
      return t.unsafeImpl();
    return nullptr;  // only the first tensor argument is considered
  }
  return nullptr;
}

// Strides equal to contiguousStrides(sizes) (what Tensor::empty gives).
bool isRowMajor(IntArrayRef sizes, IntArrayRef strides) {
  int64_t expected = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (strides[d] != expected) return false;
    expected *= std::max<int64_t>(sizes[d], 1);
  }
  return true;
}

struct ReuseMark {
  explicit ReuseMark(TensorImpl* impl) { reusableInput = impl; }
  ~ReuseMark() { reusableInput = nullptr; }
};
}  // namespace

namespace detail {
TensorImpl* takeReusableInput() { return std::exchange(reusableInput, nullptr); }

bool canReuseAsOutput(const Tensor& t, std::initializer_list<const Operand*> inputs, IntArrayRef shape,
                      ScalarType outDtype) {
  // Two handles: the stack's and the kernel's Operand copy (more means someone else holds it).
  if (t.useCount() != 2 || t.storage().useCount() != 1 || t.dtype() != outDtype || IntArrayRef(t.sizes()) != shape)
    return false;
  for (const Operand* o : inputs)
    if (!o->isNumber() && !isRowMajor(o->tensor.sizes(), o->tensor.strides())) return false;
  return true;
}
}  // namespace detail

void defElementwise(ElementwiseFn fn, std::initializer_list<const char*> functional,
                    std::initializer_list<const char*> inplace, std::initializer_list<const char*> outs) {
  for (const char* name : functional) {
    if (isReuseSafe(name)) {
      def(name, [fn](Stack& s, size_t n) {
        const IValue* args = &s[s.size() - n];
        Tensor r;
        {
          ReuseMark mark(soleOwnedTensorArg(args, n));
          r = fn(args, nullptr);
        }
        ret1(s, n, IValue(std::move(r)));
      });
      continue;
    }
    def(name, [fn](Stack& s, size_t n) {
      Tensor r = fn(&s[s.size() - n], nullptr);
      ret1(s, n, IValue(std::move(r)));
    });
  }
  for (const char* name : inplace)
    def(name, [fn](Stack& s, size_t n) {
      Tensor self = s[s.size() - n].toTensor();
      fn(&s[s.size() - n], &self);
      ret1(s, n, IValue(std::move(self)));
    });
  for (const char* name : outs)
    def(name, [fn](Stack& s, size_t n) {
      Tensor out = s.back().toTensor();
      fn(&s[s.size() - n], &out);
      ret1(s, n, IValue(std::move(out)));
    });
}

ReducePlan planReduce(const Tensor& x, std::vector<int64_t> dims, bool keepdim, ScalarType srcDtype) {
  const int64_t nd = x.dim();
  if (dims.empty())
    for (int64_t d = 0; d < nd; ++d) dims.push_back(d);
  std::sort(dims.begin(), dims.end());
  std::vector<bool> reduced(static_cast<size_t>(nd), false);
  for (int64_t d : dims)
    if (d < nd) reduced[static_cast<size_t>(d)] = true;
  ReducePlan p;
  for (int64_t d = 0; d < nd; ++d) {
    if (!reduced[static_cast<size_t>(d)]) p.outShape.push_back(x.sizes()[static_cast<size_t>(d)]);
    else if (keepdim) p.outShape.push_back(1);
  }
  Tensor src = x.dtype() == srcDtype ? x : x.to(srcDtype);
  const bool adjacent = dims.empty() || dims.back() - dims.front() + 1 == static_cast<int64_t>(dims.size());
  if (adjacent && src.isContiguous()) {
    p.src = src;
    const int64_t lo = dims.empty() ? 0 : dims.front(), hi = dims.empty() ? 0 : dims.back() + 1;
    for (int64_t d = 0; d < nd; ++d) {
      const int64_t s = x.sizes()[static_cast<size_t>(d)];
      if (d < lo) p.outer *= s;
      else if (d < hi) p.red *= s;
      else p.inner *= s;
    }
    return p;
  }
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < nd; ++d)
    if (!reduced[static_cast<size_t>(d)]) {
      perm.push_back(d);
      p.outer *= x.sizes()[static_cast<size_t>(d)];
    }
  for (int64_t d : dims) {
    perm.push_back(d);
    p.red *= x.sizes()[static_cast<size_t>(d)];
  }
  p.src = src.permute(perm).contiguous();
  return p;
}

namespace detail {

std::vector<int64_t> broadcastStrides(const Tensor& t, IntArrayRef shape) {
  const size_t nd = shape.size(), td = t.sizes().size();
  TSJIT_CHECK(td <= nd, "broadcastStrides: operand has more dims than the output");
  std::vector<int64_t> s(nd, 0);
  for (size_t k = 0; k < td; ++k) {
    const size_t d = nd - td + k;
    const int64_t sz = t.sizes()[k];
    TSJIT_CHECK(sz == shape[d] || sz == 1, "broadcastStrides: operand does not broadcast");
    s[d] = sz == 1 ? 0 : t.strides()[k];
  }
  return s;
}

LoopLayout coalesce(IntArrayRef shape, std::vector<std::vector<int64_t>> strides) {
  LoopLayout L;
  L.strides.resize(strides.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!L.sizes.empty()) {
      // Merge with the previous kept dim when every operand steps contiguously across it.
      bool merge = true;
      for (size_t k = 0; k < strides.size(); ++k)
        if (L.strides[k].back() != strides[k][d] * shape[d]) merge = false;
      if (merge) {
        L.sizes.back() *= shape[d];
        for (size_t k = 0; k < strides.size(); ++k) L.strides[k].back() = strides[k][d];
        continue;
      }
    }
    L.sizes.push_back(shape[d]);
    for (size_t k = 0; k < strides.size(); ++k) L.strides[k].push_back(strides[k][d]);
  }
  return L;
}

void checkLoopDtype(const Tensor& t, ScalarType expected) {
  TSJIT_CHECK(t.dtype() == expected,
              str("elementwise loop: operand of dtype ", t.dtype(), " where ", expected, " was expected"));
}

}  // namespace detail

}  // namespace tsjit::kernels

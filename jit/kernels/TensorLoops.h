// TensorLoops.h — shared machinery of the optimized tensor kernels: argument access on the stack,
// operands (tensors or Python numbers), result dtype and broadcast shape, output allocation
// (fresh, in-place into self, or out=), and the N-ary elementwise loop.
//
// The loop: elementwise<Out, In...>(out, {LoopArg...}, f) sets out[i] = f(in_0[i], ..., in_k[i])
// over out's shape. Each LoopArg is a tensor of dtype In_k that broadcasts to out's shape, or a
// single value of type In_k (a Python number / one-element tensor: the scalar fast path). f is
// called with opmath values (float for Half / BFloat16, the type itself otherwise) and its result
// is converted to Out with convertScalar. Three paths, chosen once per call (never per element):
//   * dense: out and every full-shape input share one non-overlapping dense layout -> one flat
//     loop over raw pointers (scalar inputs are compile-time broadcast values), vectorizable;
//   * one element: a direct call (the ~100 ns path for 0-dim / 1-element tensors);
//   * strided: dims coalesced, an inner loop with per-operand strides, outer dims by counter.
// Invariants: every tensor LoopArg has dtype scalarTypeOf<In_k> (checked) and out has dtype
// scalarTypeOf<Out>; out does not partially overlap an input (callers check, as PyTorch does);
// f has no side effects and is called exactly out.numel() times.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/kernels/Kernel.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/Dispatch.h"
#include "jit/tensor/MemoryOverlap.h"
#include "jit/tensor/ScalarConvert.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {

// ---- arguments on the stack ---------------------------------------------------------------------

// A Tensor or a Python number (int / float / bool) given for a Tensor or Scalar argument.
struct Operand {
  Tensor tensor;                               // defined for a tensor
  ScalarType numberType = ScalarType::Undefined;  // Int64 / Double / Bool for a number
  double d = 0;
  int64_t i = 0;

  static Operand of(const IValue& v);
  static Operand number(double v) { return {Tensor(), ScalarType::Double, v, static_cast<int64_t>(v)}; }
  static Operand number(int64_t v) { return {Tensor(), ScalarType::Int64, static_cast<double>(v), v}; }
  bool isNumber() const { return !tensor.defined(); }
  // Tensors: their dtype; numbers: Int64 / Double / Bool.
  ScalarType dtype() const { return isNumber() ? numberType : tensor.dtype(); }
  int64_t numel() const { return isNumber() ? 1 : tensor.numel(); }
  IntArrayRef sizes() const { return isNumber() ? IntArrayRef() : IntArrayRef(tensor.sizes()); }
  PromotionOperand promotion() const;
  // The single value of a number or a one-element tensor, converted to T.
  template <typename T>
  T valueAs() const;
};

inline IValue& arg(Stack& s, size_t i, size_t n) { return peek(s, i, n); }
// Replaces the n inputs on top of the stack by one output.
inline void ret1(Stack& s, size_t n, IValue v) {
  drop(s, n);
  s.push_back(std::move(v));
}

double scalarArgDouble(const IValue& v);  // int / float / bool
int64_t scalarArgInt(const IValue& v);    // float truncates
std::optional<double> optScalarArg(const IValue& v);
std::optional<ScalarType> optDtypeArg(const IValue& v);  // c10 dtype codes; None -> nullopt
ScalarType dtypeArg(const IValue& v);
std::vector<int64_t> intListArg(const IValue& v);  // int[] (a single int is accepted)
// dim lists for reductions: None / [] -> every dim; wrapped, duplicates are errors.
std::vector<int64_t> dimListArg(const IValue& v, int64_t ndim);
std::optional<std::string> optStringArg(const IValue& v);

// ---- dtypes, shapes, outputs ----------------------------------------------------------------------

ScalarType resultTypeOf(std::initializer_list<const Operand*> ops);
// float32 for integral / bool, t otherwise (true division, sqrt, sin, ...).
inline ScalarType toFloating(ScalarType t) { return isFloatingType(t) ? t : kDefaultFloatDtype; }
std::vector<int64_t> broadcastShapeOf(std::initializer_list<const Operand*> ops);
std::string shapeString(IntArrayRef sizes);
// "\"bitwise_and_cpu\" not implemented for 'Float'"
[[noreturn]] void throwNotImplemented(const char* kernel, ScalarType dtype);

// A fresh output of `shape`: the layout of `like` (same shape, non-overlapping and dense, not
// contiguous) is kept, as TensorIterator does; row-major otherwise.
Tensor allocOutput(IntArrayRef shape, ScalarType dtype, const Tensor* like = nullptr);
// The fresh output of an elementwise op over `inputs` (Python numbers count as 0-dim tensors):
// the layout TensorIterator gives it (jit/tensor/IterationLayout.h); an input of another dtype
// than outDtype counts as converted to it.
Tensor allocElementwiseOutput(std::initializer_list<const Operand*> inputs, IntArrayRef shape, ScalarType outDtype);
// The checks of an in-place op writing a result of dtype `compute` and shape `shape` into self:
// castability, shape equality, internal overlap, partial overlap with each tensor input.
void checkInplace(const Tensor& self, ScalarType compute, IntArrayRef shape,
                  std::initializer_list<const Operand*> inputs);
// Where an op computing in `compute` writes its result for an in-place / out= variant: self itself
// when the dtypes agree, else a temporary (commit with finishInto).
Tensor inplaceTarget(const Tensor& self, ScalarType compute);
void finishInto(const Tensor& self, const Tensor& target);

// ---- the loop -----------------------------------------------------------------------------------

template <typename T>
using opmath_t = std::conditional_t<isReducedFloat<T>, float, T>;

struct LoopArg {
  const Tensor* tensor = nullptr;   // a tensor operand (broadcasts to out)
  alignas(8) unsigned char value[8] = {};  // or a single value of the In type
  template <typename T>
  static LoopArg scalar(T v) {
    LoopArg a;
    std::memcpy(a.value, &v, sizeof(T));
    return a;
  }
  static LoopArg of(const Tensor& t) {
    LoopArg a;
    a.tensor = &t;
    return a;
  }
};

namespace detail {

struct LoopLayout {
  // After coalescing: sizes and per-operand strides (operand 0 is out), outermost first.
  std::vector<int64_t> sizes;
  std::vector<std::vector<int64_t>> strides;
};
// Strides of t broadcast to shape (0 for broadcast dims); InternalError if it does not broadcast.
std::vector<int64_t> broadcastStrides(const Tensor& t, IntArrayRef shape);
// Merges adjacent dims that are contiguous in every operand; drops size-1 dims.
LoopLayout coalesce(IntArrayRef shape, std::vector<std::vector<int64_t>> strides);
void checkLoopDtype(const Tensor& t, ScalarType expected);

// The scalar masks runDense has an instantiation for.
constexpr bool denseMaskHandled(size_t n, unsigned mask) {
  if (n == 2) return mask != 3;
  if (n == 3) return mask == 0 || mask == 1 || mask == 2 || mask == 4 || mask == 6;
  return mask == 0;
}

template <typename In>
struct ArgState {
  const In* ptr = nullptr;
  In value{};
  bool isScalar = false;
};

template <unsigned M, size_t K, typename Ptrs, typename Vals>
inline auto fetch(const Ptrs& p, const Vals& v, int64_t i) {
  using C = std::tuple_element_t<K, Vals>;
  if constexpr ((M >> K) & 1u)
    return std::get<K>(v);
  else
    return static_cast<C>(std::get<K>(p)[i]);
}

template <typename Out, typename... In, typename F, size_t... K>
void runDense(Out* out, int64_t n, const std::tuple<ArgState<In>...>& st, F& f, unsigned mask,
              std::index_sequence<K...>) {
  // One instantiation per scalar mask so the inner loop has no branches.
  constexpr size_t N = sizeof...(In);
  auto body = [&]<unsigned M>(std::integral_constant<unsigned, M>) {
    const std::tuple<const In*...> p{std::get<K>(st).ptr...};
    const std::tuple<opmath_t<In>...> v{static_cast<opmath_t<In>>(std::get<K>(st).value)...};
    for (int64_t i = 0; i < n; ++i) out[i] = convertScalar<Out>(f(fetch<M, K>(p, v, i)...));
  };
  if constexpr (N == 1) {
    body(std::integral_constant<unsigned, 0>{});
  } else if constexpr (N == 2) {
    switch (mask) {
      case 1: body(std::integral_constant<unsigned, 1>{}); break;
      case 2: body(std::integral_constant<unsigned, 2>{}); break;
      default: body(std::integral_constant<unsigned, 0>{}); break;
    }
  } else if constexpr (N == 3) {
    switch (mask) {
      case 1: body(std::integral_constant<unsigned, 1>{}); break;
      case 2: body(std::integral_constant<unsigned, 2>{}); break;
      case 4: body(std::integral_constant<unsigned, 4>{}); break;
      case 6: body(std::integral_constant<unsigned, 6>{}); break;
      default: body(std::integral_constant<unsigned, 0>{}); break;
    }
  } else {
    body(std::integral_constant<unsigned, 0>{});
  }
}

}  // namespace detail

template <typename Out, typename... In, typename F>
void elementwise(const Tensor& out, const std::array<LoopArg, sizeof...(In)>& args, F&& f) {
  constexpr size_t N = sizeof...(In);
  using Seq = std::index_sequence_for<In...>;
  detail::checkLoopDtype(out, scalarTypeOf<Out>);
  const int64_t n = out.numel();
  if (n == 0) return;
  Out* o = static_cast<Out*>(out.data());
  std::tuple<detail::ArgState<In>...> st;
  // Fill states: scalars and one-element tensors become values.
  bool dense = out.isNonOverlappingAndDense();
  unsigned mask = 0;
  [&]<size_t... K>(std::index_sequence<K...>) {
    (([&] {
       using T = std::tuple_element_t<K, std::tuple<In...>>;
       auto& s = std::get<K>(st);
       const LoopArg& a = args[K];
       if (!a.tensor) {
         std::memcpy(&s.value, a.value, sizeof(T));
         s.isScalar = true;
       } else {
         detail::checkLoopDtype(*a.tensor, scalarTypeOf<T>);
         if (a.tensor->numel() == 1) {
           s.value = *static_cast<const T*>(a.tensor->data());
           s.isScalar = true;
         } else {
           s.ptr = static_cast<const T*>(a.tensor->data());
           if (a.tensor->sizes() != out.sizes() || a.tensor->strides() != out.strides()) dense = false;
         }
       }
       if (s.isScalar) mask |= 1u << K;
     }()),
     ...);
  }(Seq{});
  if (n == 1) {
    // Single element: every operand holds one value (or is a one-element pointer).
    [&]<size_t... K>(std::index_sequence<K...>) {
      o[0] = convertScalar<Out>(f(static_cast<opmath_t<std::tuple_element_t<K, std::tuple<In...>>>>(
          std::get<K>(st).isScalar ? std::get<K>(st).value : std::get<K>(st).ptr[0])...));
    }(Seq{});
    return;
  }
  if (dense && detail::denseMaskHandled(N, mask)) {
    detail::runDense<Out, In...>(o, n, st, f, mask, Seq{});
    return;
  }
  // Strided fallback.
  std::vector<std::vector<int64_t>> strides;
  strides.reserve(N + 1);
  strides.push_back(out.strides());
  [&]<size_t... K>(std::index_sequence<K...>) {
    ((strides.push_back(std::get<K>(st).isScalar ? std::vector<int64_t>(out.dim(), 0)
                                                 : detail::broadcastStrides(*args[K].tensor, out.sizes()))),
     ...);
  }(Seq{});
  detail::LoopLayout L = detail::coalesce(out.sizes(), std::move(strides));
  const size_t nd = L.sizes.size();
  const int64_t inner = nd ? L.sizes[nd - 1] : 1;
  std::array<int64_t, N + 1> innerStride{};
  for (size_t k = 0; k <= N; ++k) innerStride[k] = nd ? L.strides[k][nd - 1] : 0;
  std::array<int64_t, N + 1> base{};
  std::vector<int64_t> idx(nd > 0 ? nd - 1 : 0, 0);
  while (true) {
    [&]<size_t... K>(std::index_sequence<K...>) {
      Out* op = o + base[0];
      const std::tuple<const In*...> p{(std::get<K>(st).isScalar ? &std::get<K>(st).value
                                                                  : std::get<K>(st).ptr + base[K + 1])...};
      const int64_t os = innerStride[0];
      for (int64_t i = 0; i < inner; ++i)
        op[i * os] = convertScalar<Out>(f(static_cast<opmath_t<std::tuple_element_t<K, std::tuple<In...>>>>(
            std::get<K>(p)[i * innerStride[K + 1]])...));
    }(Seq{});
    // Advance the outer dims.
    size_t d = idx.size();
    while (true) {
      if (d == 0) return;
      --d;
      if (++idx[d] < L.sizes[d]) {
        for (size_t k = 0; k <= N; ++k) base[k] += L.strides[k][d];
        break;
      }
      for (size_t k = 0; k <= N; ++k) base[k] -= (L.sizes[d] - 1) * L.strides[k][d];
      idx[d] = 0;
    }
  }
}

// ---- Operand conversions -------------------------------------------------------------------------

template <typename T>
T Operand::valueAs() const {
  if (isNumber()) {
    if (numberType == ScalarType::Double) return convertScalar<T>(d);
    if (numberType == ScalarType::Bool) return convertScalar<T>(i != 0);
    return convertScalar<T>(i);
  }
  return visitScalarType(tensor.dtype(), [&](auto tag) -> T {
    using S = typename decltype(tag)::type;
    return convertScalar<T>(*static_cast<const S*>(tensor.data()));
  });
}

// The LoopArg for an operand computed in T: a value for numbers / one-element tensors; the tensor
// itself when it has dtype T; else a converted copy kept alive in `holder`.
template <typename T>
LoopArg loopArg(const Operand& op, Tensor& holder) {
  if (op.isNumber() || op.tensor.numel() == 1) return LoopArg::scalar<T>(op.valueAs<T>());
  if (op.tensor.dtype() == scalarTypeOf<T>) return LoopArg::of(op.tensor);
  holder = op.tensor.to(scalarTypeOf<T>);
  return LoopArg::of(holder);
}

// ---- output reuse ---------------------------------------------------------------------------------
// A functional elementwise kernel may write its result into an input instead of a fresh tensor when
// nothing else can observe that input: the defElementwise wrapper of a reuse-safe op (a kernel that
// is one runElementwise pass and never reads its arguments afterwards, see kReuseSafeOps in
// TensorLoops.cpp) marks the first tensor argument the stack owns alone (handle count 1, its storage
// held by no other tensor or view, no autograd data, not a wrapped number); the first
// runElementwise of that call takes the mark and reuses the tensor when its dtype is the result's,
// its shape the broadcast shape and it, like every other tensor input, is row-major (so the fresh
// output would have had the same layout). The interpreter moves a value onto the stack on its last
// use, so a dead intermediate gets overwritten; a graph input the caller still holds, a parameter,
// a constant, a value used again later or any view is never touched. PyTorch cannot do this (its
// tensors are shared with Python); the result is the same values in the same layout.
namespace detail {
TensorImpl* takeReusableInput();  // the mark of the current call (cleared on read)
bool canReuseAsOutput(const Tensor& t, std::initializer_list<const Operand*> inputs, IntArrayRef shape,
                      ScalarType outDtype);
}  // namespace detail

// ---- the elementwise driver -----------------------------------------------------------------------

// Runs an elementwise op whose result has dtype outDtype over the broadcast shape of `inputs`:
// functional (self == nullptr): a fresh output in TensorIterator's layout (allocElementwiseOutput);
// in-place / out= (self = the tensor written): PyTorch's checks (castability of outDtype to
// self's dtype, shape, overlap), then the result is written into self (through a temporary when
// the dtypes differ). body(target) fills target (dtype outDtype, the broadcast shape).
template <typename Body>
Tensor runElementwise(std::initializer_list<const Operand*> inputs, ScalarType outDtype, const Tensor* self,
                      Body&& body) {
  // The common case (every tensor operand of one shape) needs no shape computation.
  const std::vector<int64_t>* same = nullptr;
  bool allSame = true;
  for (const Operand* o : inputs) {
    if (o->isNumber()) continue;
    if (!same) same = &o->tensor.sizes();
    else if (o->tensor.sizes() != *same) allSame = false;
  }
  std::vector<int64_t> shapeStore;
  if (!allSame) shapeStore = broadcastShapeOf(inputs);
  const IntArrayRef shape = !same ? IntArrayRef() : allSame ? IntArrayRef(*same) : IntArrayRef(shapeStore);
  if (self) {
    checkInplace(*self, outDtype, shape, inputs);
    Tensor target = inplaceTarget(*self, outDtype);
    body(target);
    finishInto(*self, target);
    return *self;
  }
  if (TensorImpl* token = detail::takeReusableInput())
    for (const Operand* o : inputs)
      if (!o->isNumber() && o->tensor.unsafeImpl() == token) {
        if (detail::canReuseAsOutput(o->tensor, inputs, shape, outDtype)) {
          body(o->tensor);
          return o->tensor;
        }
        break;
      }
  Tensor out = allocElementwiseOutput(inputs, shape, outDtype);
  body(out);
  return out;
}

// A kernel computing an elementwise op from the node's arguments (args[0] is the first input);
// self is the tensor to write (in-place / out=) or nullptr.
using ElementwiseFn = Tensor (*)(const IValue* args, const Tensor* self);
// Registers fn for functional overloads ("aten::add.Tensor"), in-place ones ("aten::add_.Tensor":
// writes into args[0], returns it) and out= ones (the last argument is out, returned).
void defElementwise(ElementwiseFn fn, std::initializer_list<const char*> functional,
                    std::initializer_list<const char*> inplace = {}, std::initializer_list<const char*> outs = {});

// ---- reductions ---------------------------------------------------------------------------------------

// A reduction over `dims` (wrapped, unique; every dim when empty) seen as a contiguous
// [outer, red, inner] block: src is x (converted to srcDtype) when the reduced dims are adjacent
// in a contiguous x, else a contiguous copy with the kept dims moved first (inner = 1). Output
// slot o * inner + i (row-major in outShape) reduces src[o][0..red)[i].
struct ReducePlan {
  Tensor src;
  int64_t outer = 1, red = 1, inner = 1;
  std::vector<int64_t> outShape;  // keepdim applied
};
ReducePlan planReduce(const Tensor& x, std::vector<int64_t> dims, bool keepdim, ScalarType srcDtype);

// ---- dtype dispatch restricted to a category -------------------------------------------------------

template <typename T>
inline constexpr bool isFloatingCpp = std::is_floating_point_v<T> || isReducedFloat<T>;

// f(TypeTag<T>) for floating dtypes only; `name` is the kernel name in the "not implemented" error.
template <typename F>
decltype(auto) visitFloating(ScalarType t, const char* name, F&& f) {
  switch (t) {
    case ScalarType::Half: return f(TypeTag<Half>{});
    case ScalarType::BFloat16: return f(TypeTag<BFloat16>{});
    case ScalarType::Float: return f(TypeTag<float>{});
    case ScalarType::Double: return f(TypeTag<double>{});
    default: throwNotImplemented(name, t);
  }
}
// Integral types, bool included when withBool.
template <bool WithBool, typename F>
decltype(auto) visitIntegral(ScalarType t, const char* name, F&& f) {
  switch (t) {
    case ScalarType::Bool:
      if constexpr (WithBool) return f(TypeTag<bool>{});
      break;
    case ScalarType::UInt8: return f(TypeTag<uint8_t>{});
    case ScalarType::Int8: return f(TypeTag<int8_t>{});
    case ScalarType::Int16: return f(TypeTag<int16_t>{});
    case ScalarType::Int32: return f(TypeTag<int32_t>{});
    case ScalarType::Int64: return f(TypeTag<int64_t>{});
    default: break;
  }
  throwNotImplemented(name, t);
}


enum class Types { All, AllNoBool, Floating, Integral, IntegralNoBool };

// f(TypeTag<T>) for the dtypes of category K; others raise "<name>" not implemented for '<dtype>'.
template <Types K, typename F>
decltype(auto) visitTypes(ScalarType t, const char* name, F&& f) {
  if constexpr (K == Types::Floating) {
    return visitFloating(t, name, f);
  } else if constexpr (K == Types::Integral || K == Types::IntegralNoBool) {
    return visitIntegral<K == Types::Integral>(t, name, f);
  } else if constexpr (K == Types::AllNoBool) {
    switch (t) {
      case ScalarType::Half:
      case ScalarType::BFloat16:
      case ScalarType::Float:
      case ScalarType::Double: return visitFloating(t, name, f);
      default: return visitIntegral<false>(t, name, f);
    }
  } else {
    return visitScalarType(t, f);
  }
}

// ---- wrapping integer arithmetic (also correct for floating and bool operands) ----------------------

template <typename T>
using WrapUnsigned = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;

template <typename T>
inline T wrapAdd(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<WrapUnsigned<T>>(a) + static_cast<WrapUnsigned<T>>(b));
  else return a + b;
}
template <typename T>
inline T wrapSub(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a != b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<WrapUnsigned<T>>(a) - static_cast<WrapUnsigned<T>>(b));
  else return a - b;
}
template <typename T>
inline T wrapMul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<WrapUnsigned<T>>(a) * static_cast<WrapUnsigned<T>>(b));
  else return a * b;
}
template <typename T>
inline T wrapNeg(T a) {
  if constexpr (std::is_same_v<T, bool>) return a;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(WrapUnsigned<T>(0) - static_cast<WrapUnsigned<T>>(a));
  else return -a;
}

// ---- unary / binary op drivers -----------------------------------------------------------------------
// make(TypeTag<T>) returns the element functor for compute type T (called with opmath_t<T>
// values). The output's C++ type is bool when the functor returns bool, else T; outDtype must
// name the same dtype (checked). self: in-place / out= target or nullptr (see runElementwise).

template <typename T, typename R>
using OutTypeFor = std::conditional_t<std::is_same_v<R, bool>, bool, T>;

template <Types K, typename Make>
Tensor binaryOpT(const char* name, const Operand& a, const Operand& b, ScalarType compute, ScalarType outDtype,
                 const Tensor* self, Make&& make) {
  return runElementwise({&a, &b}, outDtype, self, [&](const Tensor& out) {
    visitTypes<K>(compute, name, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto f = make(tag);
      using R = decltype(f(opmath_t<T>{}, opmath_t<T>{}));
      using O = OutTypeFor<T, R>;
      Tensor h0, h1;
      elementwise<O, T, T>(out, {loopArg<T>(a, h0), loopArg<T>(b, h1)}, f);
    });
  });
}

template <Types K, typename F>
Tensor binaryOp(const char* name, const Operand& a, const Operand& b, ScalarType compute, ScalarType outDtype,
                const Tensor* self, F f) {
  return binaryOpT<K>(name, a, b, compute, outDtype, self, [&](auto) { return f; });
}

template <Types K, typename Make>
Tensor unaryOpT(const char* name, const Operand& a, ScalarType compute, const Tensor* self, Make&& make,
                ScalarType outDtype = ScalarType::Undefined) {
  if (outDtype == ScalarType::Undefined) outDtype = compute;
  return runElementwise({&a}, outDtype, self, [&](const Tensor& out) {
    visitTypes<K>(compute, name, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto f = make(tag);
      using R = decltype(f(opmath_t<T>{}));
      using O = OutTypeFor<T, R>;
      Tensor h0;
      elementwise<O, T>(out, {loopArg<T>(a, h0)}, f);
    });
  });
}

template <Types K, typename F>
Tensor unaryOp(const char* name, const Operand& a, ScalarType compute, const Tensor* self, F f,
               ScalarType outDtype = ScalarType::Undefined) {
  return unaryOpT<K>(name, a, compute, self, [&](auto) { return f; }, outDtype);
}

}  // namespace tsjit::kernels

// BuilderCore.h — the decoder behind buildCase() (Program.h), shared by Builder.cpp (plain op steps,
// If / Loop frames, arguments, inputs) and BuilderFeatures.cpp (generator v2: in-place ops on
// aliases, lists and tuples, data-dependent loops and branches, RaiseException paths, special input
// values, the swarm subset). Internal to fuzz/lib.
//
// Invariants of the decoder: it is deterministic in the description; every value it offers as an
// argument is visible at the insertion point (graph inputs, or values of the current block and its
// enclosing blocks); every node it keeps resolved (ops::resolveOverload) to an overload with both a
// reference and an optimized kernel, and its eager reference run succeeded (or it is the final,
// erroring node of an error case). Nodes created for a step that is dropped are destroyed again.
// Eager values are exact for straight-line code; after a loop or inside a branch not taken they only
// keep shapes and dtypes right (a node that raises at run time then raises in both engines).
#pragma once

#include <algorithm>
#include <functional>
#include <optional>

#include "fuzz/lib/OpCatalog.h"
#include "fuzz/lib/Program.h"
#include "jit/kernels/Kernel.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/tensor/Broadcast.h"
#include "reference/Kernel.h"

namespace tsjit::fuzz::detail {

inline constexpr size_t kMaxInputs = 8;
inline constexpr size_t kMaxOutputs = 6;

struct Avail {
  Value* value;
  IValue val;
};

// Reads a step's choices in order; beyond the stored ones, derived values keep coming.
class Choices {
 public:
  explicit Choices(const Step& s) : s_(s) {}
  uint32_t next() {
    size_t i = i_++;
    if (i < kChoicesPerStep - 1) return s_.c[i];
    uint64_t h = 0x9e3779b97f4a7c15ULL * (i + 1);
    for (uint16_t v : s_.c) h = (h ^ v) * 0x100000001b3ULL;
    return static_cast<uint32_t>(h >> 40) & 0xffff;
  }
  uint32_t pick(uint32_t n) { return n ? next() % n : 0; }
  // The last stored choice: whether an erroring top-level node is kept (1 in 16).
  bool keepError() const { return s_.c[kChoicesPerStep - 1] % 16 == 15; }

 private:
  const Step& s_;
  size_t i_ = 0;
};

inline bool sameShapeKey(const IValue& a, const IValue& b) {
  if (a.isTensor() != b.isTensor()) return false;
  if (a.isTensor()) {
    Tensor x = a.toTensor(), y = b.toTensor();
    return x.dtype() == y.dtype() && x.sizes() == y.sizes();
  }
  return a.tag() == b.tag();
}

inline bool broadcastable(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  size_t n = std::max(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1;
    int64_t y = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (x != y && x != 1 && y != 1) return false;
  }
  return true;
}

inline constexpr ScalarType kDtypes[] = {ScalarType::Float, ScalarType::Float, ScalarType::Int64, ScalarType::Double,
                                  ScalarType::Float, ScalarType::Int32, ScalarType::Bool,  ScalarType::Int64,
                                  ScalarType::Half,  ScalarType::BFloat16, ScalarType::UInt8, ScalarType::Int8,
                                  ScalarType::Int16};
inline constexpr size_t kNumDtypes = sizeof(kDtypes) / sizeof(kDtypes[0]);
inline constexpr int64_t kSmallInts[] = {1, 2, 0, -1, 3, 4, -2};
inline constexpr double kSmallFloats[] = {0.5, 2.0, -1.5, 0.25, 3.0, -0.75, 1.0, 0.1};

class Builder {
 public:
  Builder(const ProgramDesc& desc, const OpCatalog& catalog, std::function<void(const GeneratedCase&)> beforeKernel)
      : desc_(desc), catalog_(catalog), beforeKernel_(std::move(beforeKernel)) {
    out_.graph = std::make_shared<Graph>();
    g_ = out_.graph.get();
    initSwarm();
  }

  GeneratedCase run() {
    for (const Step& s : desc_.steps) {
      if (stopped_) break;
      switch (stepKind(s)) {
        case StepKind::Op: opStep(s); break;
        case StepKind::IfBegin: ifBegin(s); break;
        case StepKind::LoopBegin: loopBegin(s); break;
        case StepKind::Else: elseStep(); break;
        case StepKind::End: endStep(); break;
        case StepKind::InPlace:
          if (on(kFeatInPlace)) inplaceStep(s);
          else opStep(s);
          break;
        case StepKind::List:
          if (on(kFeatLists)) listStep(s);
          else opStep(s);
          break;
        case StepKind::DataLoop:
          if (on(kFeatDataLoop)) dataLoopBegin(s);
          else opStep(s);
          break;
        case StepKind::Raise:
          if (on(kFeatRaise)) raiseStep(s);
          else opStep(s);
          break;
      }
    }
    while (!frames_.empty()) endStep();
    registerOutputs();
    countNodes(g_->block());
    return std::move(out_);
  }

 private:
  struct Frame {
    bool isIf;
    Node* node;
    Block* outer;
    std::vector<Avail> templates;
    size_t mark;  // scoped_ size when the current block was opened
    bool inElse = false;
    bool cond = true;
    std::vector<Avail> thenYields;
    // DataLoop frames: the carried values' body inputs and how they move at the End.
    bool dataLoop = false;
    int rotation = 0;  // 0: a, b = b, f(a, b); 1: cur, prev = f(cur), cur
    bool dataDependent = false;
    Step step;  // the DataLoop step (choices for the End)
    std::vector<Avail> bodyInputs;
  };

  // ---- values ----
  // Generated graphs stay small: a node whose eager result is larger is dropped (special values as
  // repeat counts or sizes would otherwise allocate megabytes and cut the throughput tenfold).
  static constexpr int64_t kMaxResultNumel = 1 << 14;
  static bool tooLarge(const IValue& v) {
    if (v.isTensor()) return v.toTensor().defined() && v.toTensor().numel() > kMaxResultNumel;
    if (v.isList()) {
      const auto& items = v.toListRef().items;
      if (static_cast<int64_t>(items.size()) > kMaxResultNumel) return true;
      for (const IValue& x : items)
        if (tooLarge(x)) return true;
    }
    return false;
  }
  // Ops whose integer tensor arguments are counts or sizes of their result (repeat_interleave's
  // repeats, bincount's values): special values there (2^63 - 1) ask for huge results.
  static bool countsTooLarge(const ops::OpOverload& ov, const std::vector<IValue>& args) {
    const std::string& k = ov.schema().name();
    if (k != "aten::repeat_interleave" && k != "aten::bincount" && k != "aten::one_hot") return false;
    for (const IValue& a : args) {
      if (!a.isTensor() || !a.toTensor().defined() || isFloatingType(a.toTensor().dtype())) continue;
      const Tensor t = a.toTensor();
      for (int64_t i = 0; i < t.numel(); ++i)
        if (t.getInt64(i) > kMaxResultNumel) return true;
    }
    return false;
  }
  void noteValue(const IValue& v) {
    if (v.isTensor()) out_.maxNumel = std::max(out_.maxNumel, v.toTensor().numel());
  }
  // Visible values satisfying pred, most recent first.
  template <typename Pred>
  std::vector<const Avail*> visible(Pred pred) const {
    std::vector<const Avail*> r;
    for (auto it = scoped_.rbegin(); it != scoped_.rend(); ++it)
      if (pred(*it)) r.push_back(&*it);
    for (auto it = inputs_.rbegin(); it != inputs_.rend(); ++it)
      if (pred(*it)) r.push_back(&*it);
    return r;
  }
  Avail addInput(InputSpec spec, TypePtr type) {
    spec.seed = desc_.dataSeed * 0x9e3779b97f4a7c15ULL + inputs_.size() * 0x632be59bd9b4e019ULL + 1;
    Value* v = g_->addInput("x" + std::to_string(inputs_.size()));
    v->setType(std::move(type));
    IValue val = makeInput(spec);
    noteValue(val);
    noteInput(spec, val);
    out_.inputs.push_back(std::move(spec));
    inputs_.push_back({v, val});
    return inputs_.back();
  }

  // A fresh tensor input; `like` (optional) makes it shape-related to that tensor.
  Avail newTensorInput(Choices& ch, const Tensor* like, bool broadcastWithLike) {
    InputSpec spec;
    spec.kind = InputSpec::Kind::Tensor;
    if (like && ch.pick(3) != 2) spec.dtype = like->dtype();
    else spec.dtype = kDtypes[ch.pick(kNumDtypes)];
    if (like) {
      std::vector<int64_t> s = like->sizes();
      switch (ch.pick(broadcastWithLike ? 4 : 5)) {
        case 0: break;
        case 1:  // drop leading dims
          s.erase(s.begin(), s.begin() + ch.pick(static_cast<uint32_t>(s.size()) + 1));
          break;
        case 2:  // some dims -> 1
          for (auto& d : s)
            if (ch.pick(2)) d = 1;
          break;
        case 3:  // a new leading dim
          s.insert(s.begin(), ch.pick(2) ? 2 : 1);
          break;
        case 4:  // reversed (matrix products)
          std::reverse(s.begin(), s.end());
          break;
      }
      spec.shape = s;
    } else {
      int rank = static_cast<int>(ch.pick(on(kFeatShapes) ? 7 : 5));
      for (int i = 0; i < rank; ++i) {
        uint32_t v = ch.pick(16);
        bool empty = v == 15 || (on(kFeatShapes) && v == 14);
        spec.shape.push_back(empty ? 0 : rank >= 5 ? 1 + (v % 3) : 1 + (v % 5));
      }
    }
    if (on(kFeatSpecial) && ch.pick(3) == 0) spec.special = static_cast<uint8_t>(1 + ch.pick(3));
    int rank = static_cast<int>(spec.shape.size());
    uint32_t lay = ch.pick(8);
    if (lay == 5 && rank >= 2) spec.layout = InputLayout::Transposed;
    else if (lay == 6 && rank >= 1) spec.layout = InputLayout::Sliced;
    else if (lay == 7 && rank >= 1) spec.layout = InputLayout::Expanded;
    if (rank) spec.layoutDim = static_cast<int>(ch.pick(rank));
    return addInput(std::move(spec), TensorType::get());
  }

  // A visible tensor (pred-filtered) or a fresh input; choice 0 = the most recent.
  template <typename Pred>
  Avail pickTensor(Choices& ch, Pred pred, const Tensor* like, bool broadcastWithLike) {
    auto cands = visible([&](const Avail& a) { return a.val.isTensor() && pred(a.val.toTensor()); });
    uint32_t n = static_cast<uint32_t>(cands.size());
    uint32_t k = ch.pick(n + 1);
    if (k < n) return *cands[k];
    if (inputs_.size() >= kMaxInputs && n) return *cands[0];
    return newTensorInput(ch, like, broadcastWithLike);
  }

  // ---- constants (tracked so a dropped step can remove them) ----
  Value* track(Value* v) {
    created_.push_back(v->node());
    return v;
  }
  Value* constInt(int64_t v) { return track(g_->insertIntConstant(v)); }
  Value* constFloat(double v) { return track(g_->insertFloatConstant(v)); }
  Value* constBool(bool v) { return track(g_->insertBoolConstant(v)); }
  Value* constNone() { return track(g_->insertNoneConstant()); }
  Value* constStr(const std::string& s) { return track(g_->insertStringConstant(s)); }
  Value* constIntList(const std::vector<int64_t>& v) { return track(g_->insertIntListConstant(v)); }
  static IValue intList(const std::vector<int64_t>& v) {
    std::vector<IValue> items(v.begin(), v.end());
    return makeList(IntType::get(), std::move(items));
  }

  // The default value of an argument as a constant, when it has one the builder can write.
  std::optional<Avail> defaultArg(const Argument& a) {
    if (!a.defaultValue) return std::nullopt;
    const DefaultValue& d = *a.defaultValue;
    if (std::holds_alternative<std::monostate>(d)) return Avail{constNone(), IValue()};
    if (auto* b = std::get_if<bool>(&d)) return Avail{constBool(*b), IValue(*b)};
    if (auto* i = std::get_if<int64_t>(&d)) return Avail{constInt(*i), IValue(*i)};
    if (auto* f = std::get_if<double>(&d)) return Avail{constFloat(*f), IValue(*f)};
    if (auto* s = std::get_if<std::string>(&d)) return Avail{constStr(*s), IValue(*s)};
    if (auto* l = std::get_if<std::vector<int64_t>>(&d)) return Avail{constIntList(*l), intList(*l)};
    if (auto* e = std::get_if<EnumDefault>(&d)) return Avail{constInt(e->value), IValue(e->value)};
    return std::nullopt;
  }

  Avail scalarInt(Choices& ch) {
    if (ch.pick(4) == 3) {
      auto c = visible([](const Avail& a) { return a.val.isInt() && a.value->type()->kind() == TypeKind::Int; });
      if (!c.empty()) return *c[ch.pick(static_cast<uint32_t>(c.size()))];
    }
    int64_t v = kSmallInts[ch.pick(7)];
    return {constInt(v), IValue(v)};
  }
  Avail scalarFloat(Choices& ch) {
    if (ch.pick(4) == 3) {
      auto c = visible([](const Avail& a) { return a.val.isDouble() && a.value->type()->kind() == TypeKind::Float; });
      if (!c.empty()) return *c[ch.pick(static_cast<uint32_t>(c.size()))];
    }
    double v = kSmallFloats[ch.pick(8)];
    return {constFloat(v), IValue(v)};
  }
  Avail scalarBool(Choices& ch) {
    if (ch.pick(4) == 3) {
      auto c = visible([](const Avail& a) { return a.val.isBool() && a.value->type()->kind() == TypeKind::Bool; });
      if (!c.empty()) return *c[ch.pick(static_cast<uint32_t>(c.size()))];
    }
    bool v = ch.pick(2);
    return {constBool(v), IValue(v)};
  }

  static bool isDimName(const std::string& n) {
    return n == "dim" || n == "dim0" || n == "dim1" || n == "dim2" || n == "start_dim" || n == "end_dim" ||
           n == "dimension" || n == "source" || n == "destination";
  }

  std::vector<int64_t> shapeVariant(Choices& ch, const std::vector<int64_t>& s) {
    int64_t numel = 1;
    for (int64_t d : s) numel *= d;
    switch (ch.pick(6)) {
      case 0: return s;
      case 1: return {-1};
      case 2: return {numel};
      case 3: {
        std::vector<int64_t> r = s;
        std::reverse(r.begin(), r.end());
        return r;
      }
      case 4: {
        std::vector<int64_t> r = s;
        r.insert(r.begin() + ch.pick(static_cast<uint32_t>(r.size()) + 1), 1);
        return r;
      }
      default: {  // expand-style: 1s become 2, maybe a new leading dim
        std::vector<int64_t> r = s;
        for (auto& d : r)
          if (d == 1 && ch.pick(2)) d = 2;
        if (ch.pick(2)) r.insert(r.begin(), 2);
        return r;
      }
    }
  }

  std::vector<int64_t> intListFor(Choices& ch, const ArgPlan& p, const Tensor* self) {
    int64_t rank = self ? self->dim() : 0;
    int64_t r = std::max<int64_t>(rank, 1);
    const std::string& n = p.name;
    if (n == "dims" || n == "perm") {
      std::vector<int64_t> perm(rank);
      for (int64_t i = 0; i < rank; ++i) perm[i] = i;
      for (int64_t i = rank - 1; i > 0; --i) std::swap(perm[i], perm[ch.pick(static_cast<uint32_t>(i + 1))]);
      return perm;
    }
    if (n == "dim" || n == "dims_to_reduce") {
      std::vector<int64_t> dims;
      int64_t k = ch.pick(static_cast<uint32_t>(r)) + 1;
      if (p.fixedSize) k = *p.fixedSize;
      for (int64_t d = 0; d < r && static_cast<int64_t>(dims.size()) < k; ++d)
        if (ch.pick(2) || r - d <= k - static_cast<int64_t>(dims.size())) dims.push_back(ch.pick(2) ? d - r : d);
      return dims;
    }
    if ((n == "size" || n == "shape" || n == "sizes") && self) return shapeVariant(ch, self->sizes());
    if (n == "pad" && !p.fixedSize) {
      // constant_pad_nd / pad: an even length up to 2 * rank, values -1..2 (a negative pad crops).
      std::vector<int64_t> v(2 * (1 + ch.pick(static_cast<uint32_t>(r))));
      for (int64_t& x : v) x = static_cast<int64_t>(ch.pick(4)) - 1;
      return v;
    }
    int64_t len = p.fixedSize ? *p.fixedSize : r;
    std::vector<int64_t> v;
    for (int64_t i = 0; i < len; ++i) {
      // Mostly 1 or 2 (kernel sizes, strides, output sizes that fit small inputs); 1 in 16 from a
      // wider range, so that zero, negative and larger values reach the ops' argument checks.
      const uint32_t c = ch.pick(32);
      v.push_back(c < 30 ? 1 + static_cast<int64_t>(c % 2) : (c == 30 ? -1 : 3 + static_cast<int64_t>(ch.pick(2)) * -3));
    }
    return v;
  }

  // batch_norm / instance_norm running stats, which the op updates in place: None, or a fresh
  // contiguous input of their own, usually [C] for self [N, C, ...]. An alias of another argument or
  // an overlapping (expanded) layout makes the update order-dependent, undefined in PyTorch.
  Avail runningStat(Choices& ch, const Tensor* self) {
    if (ch.pick(3) == 0 || inputs_.size() >= kMaxInputs) return Avail{constNone(), IValue()};
    InputSpec spec;
    spec.kind = InputSpec::Kind::Tensor;
    spec.dtype = self && ch.pick(3) != 2 ? self->dtype() : kDtypes[ch.pick(kNumDtypes)];
    const int64_t channels = self && self->dim() >= 2 ? self->size(1) : 1 + ch.pick(4);
    spec.shape = {ch.pick(8) != 0 ? channels : 1 + ch.pick(4)};
    return addInput(std::move(spec), TensorType::get());
  }

  // One argument. `self` is the first tensor argument (null before it / when there is none).
  std::optional<Avail> argument(Choices& ch, const ArgPlan& p, const CatalogEntry& e, const Tensor* self) {
    if (p.kind != ArgKind::Tensor && p.kind != ArgKind::TensorList && p.argument->defaultValue && ch.pick(4) == 0)
      if (auto d = defaultArg(*p.argument)) return d;
    auto tensorArg = [&]() -> Avail {
      if (!self) return pickTensor(ch, [](const Tensor&) { return true; }, nullptr, false);
      if (e.broadcastOperands) {
        std::vector<int64_t> ss = self->sizes();
        return pickTensor(ch, [&](const Tensor& t) { return broadcastable(ss, t.sizes()); }, self, true);
      }
      return pickTensor(ch, [](const Tensor&) { return true; }, self, false);
    };
    if (p.kind == ArgKind::OptTensor && (p.name == "running_mean" || p.name == "running_var")) return runningStat(ch, self);
    int64_t rank = self ? self->dim() : 0;
    int64_t r = std::max<int64_t>(rank, 1);
    switch (p.kind) {
      case ArgKind::Tensor: return tensorArg();
      case ArgKind::OptTensor:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        return tensorArg();
      case ArgKind::TensorList: {
        Avail first = tensorArg();
        Tensor ft = first.val.toTensor();
        std::vector<Value*> vals{first.value};
        std::vector<IValue> items{first.val};
        uint32_t k = ch.pick(3);
        for (uint32_t i = 0; i < k; ++i) {
          std::vector<int64_t> fs = ft.sizes();
          Avail a = pickTensor(ch, [&](const Tensor& t) { return t.sizes() == fs; }, &ft, true);
          vals.push_back(a.value);
          items.push_back(a.val);
        }
        Node* list = g_->insert(Symbol::prim("ListConstruct"), vals);
        list->output()->setType(ListType::ofTensors());
        created_.push_back(list);
        return Avail{list->output(), makeList(TensorType::get(), std::move(items))};
      }
      case ArgKind::OptScalar:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::Scalar: {
        // A float, an int, or (1 in 8, when there is one) the result of a Scalar-returning op.
        const uint32_t k = ch.pick(8);
        if (k == 7) {
          auto c = visible([](const Avail& a) { return a.value->type()->kind() == TypeKind::Number; });
          if (!c.empty()) return *c[ch.pick(static_cast<uint32_t>(c.size()))];
        }
        return k % 2 ? scalarFloat(ch) : scalarInt(ch);
      }
      case ArgKind::OptInt:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::Int:
        if (isDimName(p.name) && ch.pick(5) != 4) {
          int64_t d = static_cast<int64_t>(ch.pick(static_cast<uint32_t>(2 * r))) - r;
          return Avail{constInt(d), IValue(d)};
        }
        return scalarInt(ch);
      case ArgKind::OptIntList:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::IntList: {
        auto v = intListFor(ch, p, self);
        return Avail{constIntList(v), intList(v)};
      }
      case ArgKind::OptFloat:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::Float: return scalarFloat(ch);
      case ArgKind::OptBool:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::Bool: return scalarBool(ch);
      case ArgKind::OptDType:
        if (ch.pick(2) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::DType: {
        // view.dtype of a non-Bool tensor as Bool reinterprets bytes that need not be 0 or 1: a bool
        // that is neither is undefined in PyTorch (later ops propagate it differently), so the
        // generator never asks for it; Bool -> any dtype and the other reinterpretations are defined.
        if (self && self->dtype() != ScalarType::Bool && e.overload &&
            e.overload->qualifiedName() == "aten::view.dtype") {
          std::vector<ScalarType> allowed;
          for (ScalarType dt : kDtypes)
            if (dt != ScalarType::Bool) allowed.push_back(dt);
          int64_t code = toTorchCode(allowed[ch.pick(static_cast<uint32_t>(allowed.size()))]);
          return Avail{constInt(code), IValue(code)};
        }
        int64_t code = toTorchCode(kDtypes[ch.pick(kNumDtypes)]);
        return Avail{constInt(code), IValue(code)};
      }
      case ArgKind::OptStr:
        if (ch.pick(3) == 0) return Avail{constNone(), IValue()};
        [[fallthrough]];
      case ArgKind::Str: {
        const std::string& s = p.strChoices[ch.pick(static_cast<uint32_t>(p.strChoices.size()))];
        return Avail{constStr(s), IValue(s)};
      }
      case ArgKind::NoneOnly: return Avail{constNone(), IValue()};
    }
    return std::nullopt;
  }

  void dropCreated() {
    for (auto it = created_.rbegin(); it != created_.rend(); ++it) (*it)->destroy();
    created_.clear();
  }

  static TypePtr retType(RetKind k) {
    switch (k) {
      case RetKind::Tensor: return TensorType::get();
      case RetKind::Int: return IntType::get();
      case RetKind::Float: return FloatType::get();
      case RetKind::Bool: return BoolType::get();
      case RetKind::Scalar: return NumberType::get();
    }
    return TensorType::get();
  }
  static bool retMatches(RetKind k, const IValue& v) {
    switch (k) {
      case RetKind::Tensor: return v.isTensor();
      case RetKind::Int: return v.isInt();
      case RetKind::Float: return v.isDouble();
      case RetKind::Bool: return v.isBool();
      case RetKind::Scalar: return v.isInt() || v.isDouble() || v.isBool();
    }
    return false;
  }

  void opStep(const Step& s) {
    const auto& entries = catalog_.entries();
    if (entries.empty()) return;
    const CatalogEntry& e = opPool_.empty() ? entries[s.op % entries.size()] : entries[opPool_[s.op % opPool_.size()]];
    Choices ch(s);
    created_.clear();
    std::vector<Value*> inputs;
    std::vector<IValue> args;
    std::optional<Tensor> self;
    for (const ArgPlan& p : e.args) {
      auto a = argument(ch, p, e, self ? &*self : nullptr);
      if (!a) {
        dropCreated();
        return;
      }
      if (!self && a->val.isTensor()) self = a->val.toTensor();
      inputs.push_back(a->value);
      args.push_back(a->val);
    }
    Node* node = g_->insert(Symbol::fromQualString(e.overload->schema().name()), inputs, e.rets.size());
    created_.push_back(node);
    for (size_t i = 0; i < e.rets.size(); ++i) node->output(i)->setType(retType(e.rets[i]));
    const ops::OpOverload* ov = ops::resolveOverload(*node);
    const reference::ReferenceKernel* rk = ov ? reference::findKernel(*ov) : nullptr;
    if (!rk || !kernels::findKernel(*ov) || ov->schema().returns().size() != e.rets.size()) {
      dropCreated();
      return;
    }
    if (beforeKernel_ && frames_.empty()) {
      // Crash replay: record the graph ending with this node before its kernel runs.
      for (Value* o : node->outputs()) g_->registerOutput(o);
      beforeKernel_(out_);
      while (!g_->outputs().empty()) g_->eraseOutput(g_->outputs().size() - 1);
    }
    if (countsTooLarge(*ov, args)) {
      dropCreated();
      return;
    }
    std::vector<IValue> outs;
    try {
      outs = rk->run(args);
    } catch (const std::exception&) {
      if (frames_.empty() && ch.keepError()) {
        // An error case: the program ends with this node.
        out_.expectsError = true;
        out_.overloadsUsed.push_back(ov->qualifiedName());
        for (Value* o : node->outputs()) scoped_.push_back({o, IValue()});
        created_.clear();
        stopped_ = true;
        return;
      }
      dropCreated();
      return;
    }
    if (outs.size() != e.rets.size()) {
      dropCreated();
      return;
    }
    for (size_t i = 0; i < outs.size(); ++i) {
      if (!retMatches(e.rets[i], outs[i]) || tooLarge(outs[i])) {
        dropCreated();
        return;
      }
    }
    created_.clear();
    out_.overloadsUsed.push_back(ov->qualifiedName());
    for (size_t i = 0; i < outs.size(); ++i) {
      noteValue(outs[i]);
      scoped_.push_back({node->output(i), std::move(outs[i])});
    }
  }

  // ---- control flow ----
  std::vector<Avail> pickTemplates(Choices& ch, bool tensorsOnly) {
    std::vector<Avail> t;
    uint32_t k = 1 + ch.pick(2);
    auto cands = visible([&](const Avail& a) {
      return a.val.isTensor() || (!tensorsOnly && a.value->type()->kind() != TypeKind::Number &&
                                  (a.val.isInt() || a.val.isDouble() || a.val.isBool()));
    });
    for (uint32_t i = 0; i < k; ++i) {
      if (cands.empty()) {
        t.push_back(newTensorInput(ch, nullptr, false));
      } else {
        t.push_back(*cands[ch.pick(static_cast<uint32_t>(cands.size()))]);
      }
    }
    return t;
  }

  void ifBegin(const Step& s) {
    Choices ch(s);
    auto bools = visible([](const Avail& a) { return a.val.isBool() && a.value->type()->kind() == TypeKind::Bool; });
    uint32_t n = static_cast<uint32_t>(bools.size());
    uint32_t k = ch.pick(n + 1);
    Avail cond;
    std::optional<Avail> dataCond;
    if (on(kFeatDataIf) && ch.pick(2) == 0) dataCond = dataBool(ch, std::nullopt, nullptr);
    if (dataCond) {
      cond = *dataCond;
      hit(kHitDataBranch);
    } else if (k < n) {
      cond = *bools[k];
    } else if (inputs_.size() < kMaxInputs) {
      InputSpec spec;
      spec.kind = InputSpec::Kind::Bool;
      spec.boolValue = ch.pick(2);
      cond = addInput(spec, BoolType::get());
    } else {
      bool v = ch.pick(2);
      cond = {g_->insertBoolConstant(v), IValue(v)};
    }
    Frame f;
    f.isIf = true;
    f.templates = pickTemplates(ch, false);
    f.outer = g_->insertBlock();
    f.node = g_->insert(Symbol::prim("If"), {cond.value}, f.templates.size());
    for (size_t i = 0; i < f.templates.size(); ++i) f.node->output(i)->setType(f.templates[i].value->type());
    f.cond = cond.val.toBool();
    Block* thenBlock = f.node->addBlock();
    f.node->addBlock();
    f.mark = scoped_.size();
    frames_.push_back(std::move(f));
    g_->setInsertPoint(thenBlock);
  }

  void loopBegin(const Step& s) {
    Choices ch(s);
    Frame f;
    f.isIf = false;
    f.templates = pickTemplates(ch, true);
    f.outer = g_->insertBlock();
    Value* trip = g_->insertIntConstant(static_cast<int64_t>(ch.pick(4)));
    Value* cond = g_->insertBoolConstant(true);
    std::vector<Value*> ins{trip, cond};
    for (const Avail& t : f.templates) ins.push_back(t.value);
    f.node = g_->insert(Symbol::prim("Loop"), ins, f.templates.size());
    Block* body = f.node->addBlock();
    Value* iter = body->addInput("i");
    iter->setType(IntType::get());
    f.mark = scoped_.size();
    scoped_.push_back({iter, IValue(int64_t{0})});
    for (size_t i = 0; i < f.templates.size(); ++i) {
      f.node->output(i)->setType(f.templates[i].value->type());
      Value* in = body->addInput();
      in->setType(f.templates[i].value->type());
      scoped_.push_back({in, f.templates[i].val});
    }
    frames_.push_back(std::move(f));
    g_->setInsertPoint(body);
  }

  // For each template, the most recent value of the closing block with its dtype and shape.
  std::vector<Avail> yields(const Frame& f) {
    std::vector<Avail> y;
    for (const Avail& t : f.templates) {
      const Avail* found = nullptr;
      for (size_t i = scoped_.size(); i-- > f.mark;)
        if (sameShapeKey(scoped_[i].val, t.val)) {
          found = &scoped_[i];
          break;
        }
      y.push_back(found ? *found : t);
    }
    return y;
  }

  void elseStep() {
    if (frames_.empty() || !frames_.back().isIf || frames_.back().inElse) return;
    Frame& f = frames_.back();
    f.thenYields = yields(f);
    Block* thenBlock = f.node->blocks()[0];
    for (const Avail& a : f.thenYields) thenBlock->registerOutput(a.value);
    scoped_.resize(f.mark);
    f.inElse = true;
    g_->setInsertPoint(f.node->blocks()[1]);
  }

  void endStep() {
    if (frames_.empty()) return;
    if (frames_.back().dataLoop) {
      dataLoopEnd();
      return;
    }
    if (frames_.back().isIf && !frames_.back().inElse) elseStep();
    Frame f = std::move(frames_.back());
    frames_.pop_back();
    std::vector<Avail> y = yields(f);
    scoped_.resize(f.mark);
    if (f.isIf) {
      Block* elseBlock = f.node->blocks()[1];
      for (const Avail& a : y) elseBlock->registerOutput(a.value);
      g_->setInsertPoint(f.outer);
      for (size_t i = 0; i < y.size(); ++i)
        scoped_.push_back({f.node->output(i), f.cond ? f.thenYields[i].val : y[i].val});
    } else {
      Block* body = f.node->blocks()[0];
      body->registerOutput(f.node->input(1));  // the loop keeps going: cond = true
      for (const Avail& a : y) body->registerOutput(a.value);
      g_->setInsertPoint(f.outer);
      for (size_t i = 0; i < y.size(); ++i) scoped_.push_back({f.node->output(i), f.templates[i].val});
    }
  }

  void registerOutputs() {
    std::vector<Value*> outs;
    for (Value* v : mustOutput_)
      if (outs.size() < kMaxOutputs && std::find(outs.begin(), outs.end(), v) == outs.end()) outs.push_back(v);
    for (auto it = scoped_.rbegin(); it != scoped_.rend() && outs.size() < kMaxOutputs; ++it)
      if (!it->value->hasUses() && std::find(outs.begin(), outs.end(), it->value) == outs.end()) outs.push_back(it->value);
    if (outs.empty() && !scoped_.empty()) outs.push_back(scoped_.back().value);
    if (outs.empty() && !inputs_.empty()) outs.push_back(inputs_.back().value);
    if (outs.empty()) outs.push_back(g_->insertIntConstant(0));
    std::reverse(outs.begin(), outs.end());
    for (Value* v : outs) g_->registerOutput(v);
  }

  void countNodes(const Block* b) {
    for (Node* n : b->nodes()) {
      ++out_.numNodes;
      noteKind(*n);
      if (n->kind() != Symbol::prim("Constant") && n->kind() != Symbol::prim("If") &&
          n->kind() != Symbol::prim("Loop") && n->kind() != Symbol::prim("ListConstruct"))
        ++out_.numOpNodes;
      for (const Block* sub : n->blocks()) countNodes(sub);
    }
  }

  const ProgramDesc& desc_;
  const OpCatalog& catalog_;
  std::function<void(const GeneratedCase&)> beforeKernel_;
  GeneratedCase out_;
  Graph* g_;
  std::vector<Avail> inputs_;
  std::vector<Avail> scoped_;
  std::vector<Frame> frames_;
  std::vector<Node*> created_;
  bool stopped_ = false;

  // ---- generator v2 (BuilderFeatures.cpp) ----
  bool on(uint32_t feature) const { return (features_ & feature) != 0; }
  void hit(uint32_t h) { out_.hits |= 1u << h; }
  void initSwarm();
  void noteInput(const InputSpec& spec, const IValue& val);
  void noteKind(const Node& n);
  // Inserts kind(in...) with outputs of `types`, resolved to an overload with both kernels, and runs
  // its reference kernel on the inputs' values; the outputs are returned (and made visible), or
  // nullopt when the node does not resolve or its kernel raises (the node stays in created_).
  // On failure every node created after `mark` (created_.size() before the arguments' constants) is
  // destroyed again.
  std::optional<std::vector<Avail>> emit(const char* kind, const std::vector<Avail>& in,
                                         const std::vector<TypePtr>& types, size_t mark);
  std::optional<Avail> emit1(const char* kind, const std::vector<Avail>& in, TypePtr type, size_t mark);
  void rollbackTo(size_t mark);
  Avail constIntAvail(int64_t v) { return {constInt(v), IValue(v)}; }
  std::optional<Avail> dataBool(Choices& ch, std::optional<bool> want, const Avail* of);
  std::optional<Avail> viewOf(Choices& ch, const Avail& t);
  void beginComposite();
  void abandonComposite();
  void inplaceStep(const Step& s);
  void listStep(const Step& s);
  bool listOfSteps(Choices& ch);
  void dataLoopBegin(const Step& s);
  void dataLoopEnd();
  void raiseStep(const Step& s);

  uint32_t features_ = kAllFeatures;
  std::vector<uint32_t> opPool_;      // swarm op subset (indices into the catalog), empty = all
  std::vector<Value*> mustOutput_;    // top-level values written through an alias: graph outputs
  size_t compositeScoped_ = 0, compositeOverloads_ = 0;
};

}  // namespace tsjit::fuzz::detail

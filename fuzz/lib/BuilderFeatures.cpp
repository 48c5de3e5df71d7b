// BuilderFeatures.cpp — generator v2 steps of the Builder (BuilderCore.h; the step kinds are
// described in Program.h): in-place ops on aliases, lists and tuples, data-dependent loops whose
// carried values move between slots, data-dependent branches and RaiseException paths, the swarm
// op subset and the coverage notes.
//
// Invariants: a composite step either keeps every node it created (created_ is cleared) or none
// (abandonComposite destroys them in reverse order and forgets the values they made visible); a
// node whose eager kernel raised is destroyed at once (rollbackTo), never left in the graph; hits
// are recorded only for nodes that stay.
#include <cmath>
#include <limits>

#include "fuzz/lib/BuilderCore.h"
#include "jit/tensor/MemoryOverlap.h"

namespace tsjit::fuzz::detail {

namespace {

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

// Whether a tensor of shape `b` broadcasts to exactly `self` (an in-place op cannot grow self).
bool broadcastsTo(const std::vector<int64_t>& b, const std::vector<int64_t>& self) {
  if (b.size() > self.size()) return false;
  for (size_t i = 0; i < b.size(); ++i) {
    int64_t x = b[b.size() - 1 - i], y = self[self.size() - 1 - i];
    if (x != y && x != 1) return false;
  }
  return true;
}

bool internallyOverlapping(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.stride(d) == 0 && t.size(d) > 1) return true;
  return false;
}

}  // namespace

void Builder::initSwarm() {
  features_ = desc_.features;
  if (desc_.opSubset == 0) return;
  const size_t n = catalog_.entries().size();
  const uint64_t keep = 2 + (desc_.opSubset >> 1) % 6;  // 2..7 of 8: a quarter to most of the ops
  for (size_t i = 0; i < n; ++i)
    if (mix(i * 0x9e3779b97f4a7c15ULL ^ desc_.opSubset) % 8 < keep) opPool_.push_back(static_cast<uint32_t>(i));
}

void Builder::noteInput(const InputSpec& spec, const IValue& val) {
  if (!val.isTensor()) return;
  const Tensor t = val.toTensor();
  out_.dtypes |= 1u << static_cast<uint32_t>(t.dtype());
  if (spec.special && t.numel() > 0) hit(kHitSpecialValues);
  if (t.numel() == 0) hit(kHitEmptyTensor);
  if (t.dim() == 0) hit(kHitZeroDim);
  if (t.dim() >= 5) hit(kHitRankGe5);
  if (spec.layout == InputLayout::Transposed || spec.layout == InputLayout::Sliced) hit(kHitNonContiguous);
  if (spec.layout == InputLayout::Expanded) hit(kHitExpandedInput);
}

void Builder::noteKind(const Node& n) {
  static const Symbol constant = Symbol::prim("Constant");
  if (n.kind() == constant) return;
  const std::string& q = n.kind().toQualString();
  if (q.rfind("prim::", 0) != 0) return;
  if (n.kind() == Symbol::prim("If") || n.kind() == Symbol::prim("Loop")) hit(kHitControlFlow);
  for (auto& [name, count] : out_.structuralKinds)
    if (name == q) {
      ++count;
      return;
    }
  out_.structuralKinds.emplace_back(q, 1);
}

void Builder::beginComposite() {
  created_.clear();
  compositeScoped_ = scoped_.size();
  compositeOverloads_ = out_.overloadsUsed.size();
}

void Builder::abandonComposite() {
  dropCreated();
  scoped_.resize(compositeScoped_);
  out_.overloadsUsed.resize(compositeOverloads_);
}

void Builder::rollbackTo(size_t mark) {
  while (created_.size() > mark) {
    created_.back()->destroy();
    created_.pop_back();
  }
}

std::optional<std::vector<Avail>> Builder::emit(const char* kind, const std::vector<Avail>& in,
                                                const std::vector<TypePtr>& types, size_t mark) {
  std::vector<Value*> vals;
  std::vector<IValue> args;
  for (const Avail& a : in) {
    vals.push_back(a.value);
    args.push_back(a.val);
  }
  Node* node = g_->insert(Symbol::fromQualString(kind), vals, types.size());
  created_.push_back(node);
  for (size_t i = 0; i < types.size(); ++i) node->output(i)->setType(types[i]);
  const ops::OpOverload* ov = nullptr;
  try {
    ov = ops::resolveOverload(*node);
  } catch (const std::exception&) {
    ov = nullptr;
  }
  const reference::ReferenceKernel* rk = ov ? reference::findKernel(*ov) : nullptr;
  std::vector<IValue> outs;
  bool ok = rk && kernels::findKernel(*ov) && ov->schema().returns().size() == types.size();
  if (ok) {
    try {
      outs = rk->run(args);
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (ok)
    for (const IValue& o : outs) ok = ok && !tooLarge(o);
  if (!ok || outs.size() != types.size()) {
    rollbackTo(mark);
    return std::nullopt;
  }
  out_.overloadsUsed.push_back(ov->qualifiedName());
  std::vector<Avail> r;
  for (size_t i = 0; i < outs.size(); ++i) {
    noteValue(outs[i]);
    r.push_back({node->output(i), std::move(outs[i])});
    scoped_.push_back(r.back());
  }
  return r;
}

std::optional<Avail> Builder::emit1(const char* kind, const std::vector<Avail>& in, TypePtr type, size_t mark) {
  auto r = emit(kind, in, {std::move(type)}, mark);
  if (!r) return std::nullopt;
  return r->front();
}

// A bool computed from tensor values: Bool(any(cmp(t, threshold))). `want` (optional) picks the
// threshold so that the eager value is that (a raise path is usually not taken).
std::optional<Avail> Builder::dataBool(Choices& ch, std::optional<bool> want, const Avail* of) {
  size_t mark = created_.size();
  Avail t = of ? *of : pickTensor(ch, [](const Tensor& x) { return x.dtype() != ScalarType::Bool; }, nullptr, false);
  Tensor x = t.val.toTensor();
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  std::vector<double> finite;
  for (int64_t i = 0; i < x.numel() && i < 4096; ++i) {
    double v = x.getDouble(i);
    if (std::isfinite(v)) {
      lo = std::min(lo, v), hi = std::max(hi, v);
      finite.push_back(v);
    }
  }
  bool integral = !isFloatingType(x.dtype());
  double thr = 0.5;
  if (want && !finite.empty()) thr = *want ? lo - 1 : hi;
  else if (!finite.empty()) thr = finite[ch.pick(static_cast<uint32_t>(finite.size()))];
  if (std::fabs(thr) > 1e15) thr = std::copysign(1e15, thr);
  Avail c = integral ? constIntAvail(static_cast<int64_t>(std::floor(thr))) : Avail{constFloat(thr), IValue(thr)};
  const char* cmp = (want || ch.pick(2) == 0) ? "aten::gt" : "aten::le";
  auto g = emit1(cmp, {t, c}, TensorType::get(), mark);
  if (!g) return std::nullopt;
  auto a = emit1("aten::any", {*g}, TensorType::get(), mark);
  if (!a) return std::nullopt;
  return emit1("aten::Bool", {*a}, BoolType::get(), mark);
}

// A view of t: select, slice, transpose, view, unsqueeze or permute (nullopt when it raises).
std::optional<Avail> Builder::viewOf(Choices& ch, const Avail& t) {
  size_t mark = created_.size();
  Tensor x = t.val.toTensor();
  int64_t r = x.dim();
  switch (ch.pick(6)) {
    case 0: {
      if (r == 0) return std::nullopt;
      int64_t d = ch.pick(static_cast<uint32_t>(r));
      int64_t n = x.size(d);
      if (n == 0) return std::nullopt;
      int64_t idx = static_cast<int64_t>(ch.pick(static_cast<uint32_t>(2 * n))) - n;
      return emit1("aten::select", {t, constIntAvail(d), constIntAvail(idx)}, TensorType::get(), mark);
    }
    case 1: {
      if (r == 0) return std::nullopt;
      int64_t d = ch.pick(static_cast<uint32_t>(r));
      int64_t n = x.size(d);
      int64_t start = ch.pick(static_cast<uint32_t>(n + 1));
      int64_t end = start + ch.pick(static_cast<uint32_t>(n + 1));
      int64_t step = 1 + ch.pick(2);
      return emit1("aten::slice", {t, constIntAvail(d), constIntAvail(start), constIntAvail(end), constIntAvail(step)},
                   TensorType::get(), mark);
    }
    case 2: {
      if (r < 2) return std::nullopt;
      int64_t d0 = ch.pick(static_cast<uint32_t>(r)), d1 = ch.pick(static_cast<uint32_t>(r));
      return emit1("aten::transpose", {t, constIntAvail(d0), constIntAvail(d1 - r)}, TensorType::get(), mark);
    }
    case 3: {
      std::vector<int64_t> shape = shapeVariant(ch, x.sizes());
      return emit1("aten::view", {t, {constIntList(shape), intList(shape)}}, TensorType::get(), mark);
    }
    case 4: {
      int64_t d = static_cast<int64_t>(ch.pick(static_cast<uint32_t>(2 * r + 2))) - (r + 1);
      return emit1("aten::unsqueeze", {t, constIntAvail(d)}, TensorType::get(), mark);
    }
    default: {
      std::vector<int64_t> perm;
      for (int64_t i = 0; i < r; ++i) perm.push_back(i);
      for (int64_t i = r - 1; i > 0; --i) std::swap(perm[i], perm[ch.pick(static_cast<uint32_t>(i + 1))]);
      return emit1("aten::permute", {t, {constIntList(perm), intList(perm)}}, TensorType::get(), mark);
    }
  }
}

// ---- in-place ops on aliases ----------------------------------------------------------------------

void Builder::inplaceStep(const Step& s) {
  const auto& ents = catalog_.inplaceEntries();
  if (ents.empty()) return opStep(s);
  Choices ch(s);
  beginComposite();
  Avail base;
  bool baseIsInput = ch.pick(3) == 0;
  if (baseIsInput) {
    std::vector<const Avail*> cands;
    for (const Avail& a : inputs_)
      if (a.val.isTensor() && !internallyOverlapping(a.val.toTensor())) cands.push_back(&a);
    uint32_t k = ch.pick(static_cast<uint32_t>(cands.size()) + 1);
    if (k < cands.size()) base = *cands[k];
    else if (inputs_.size() < kMaxInputs) base = newTensorInput(ch, nullptr, false);
    else baseIsInput = false;
    if (baseIsInput && internallyOverlapping(base.val.toTensor())) baseIsInput = false;
  }
  if (!baseIsInput) {
    Avail src = pickTensor(ch, [](const Tensor&) { return true; }, nullptr, false);
    auto c = emit1("aten::clone", {src, {constNone(), IValue()}}, TensorType::get(), created_.size());
    if (!c) return abandonComposite();
    base = *c;
  }
  std::optional<Avail> expanded;
  if (ch.pick(3) == 0) {
    std::vector<int64_t> shape = base.val.toTensor().sizes();
    shape.insert(shape.begin(), 2);
    expanded = emit1("aten::expand", {base, {constIntList(shape), intList(shape)}, {constBool(false), IValue(false)}},
                     TensorType::get(), created_.size());
  }
  Avail target = base;
  bool isView = false;
  for (uint32_t v = ch.pick(3); v > 0; --v) {
    if (auto w = viewOf(ch, target)) {
      target = *w;
      isView = true;
    }
  }
  const CatalogEntry& e = ents[s.op % ents.size()];
  const Tensor self = target.val.toTensor();
  std::vector<Avail> args{target};
  for (size_t i = 1; i < e.args.size(); ++i) {
    const ArgPlan& p = e.args[i];
    std::optional<Avail> a;
    if (e.broadcastOperands && (p.kind == ArgKind::Tensor || (p.kind == ArgKind::OptTensor && ch.pick(3) != 0))) {
      std::vector<int64_t> ss = self.sizes();
      a = pickTensor(ch, [&](const Tensor& t) { return broadcastsTo(t.sizes(), ss); }, &self, true);
    } else {
      a = argument(ch, p, e, &self);
    }
    if (!a) return abandonComposite();
    args.push_back(*a);
  }
  // Another argument sharing memory with self in a way PyTorch does not check (not dense, so its
  // overlap analysis gives up: TOO_HARD) makes the result depend on the kernel's visiting order,
  // undefined in PyTorch; a dense partial overlap is kept (PyTorch raises, a defined error case).
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i].val.isTensor() && args[i].val.toTensor().defined() && mayShareMemory(self, args[i].val.toTensor()) &&
        getOverlapStatus(self, args[i].val.toTensor()) == MemOverlapStatus::TooHard)
      return abandonComposite();
  auto r = emit1(e.overload->schema().name().c_str(), args, TensorType::get(), created_.size());
  if (!r) return abandonComposite();
  created_.clear();
  if (baseIsInput || isView) hit(kHitInPlaceOnAlias);
  if (baseIsInput && !isView) hit(kHitInPlaceOnInput);
  if (isView) hit(kHitInPlaceOnView);
  if (!baseIsInput) hit(kHitInPlaceOnClone);
  if (expanded) hit(kHitExpandedAlias);
  if (frames_.empty()) {
    if (!baseIsInput) mustOutput_.push_back(base.value);
    if (expanded) mustOutput_.push_back(expanded->value);
  }
}

// ---- lists and tuples -----------------------------------------------------------------------------

void Builder::listStep(const Step& s) {
  Choices ch(s);
  beginComposite();
  if (!listOfSteps(ch)) return abandonComposite();
  created_.clear();
  hit(kHitListOp);
}

bool Builder::listOfSteps(Choices& ch) {
  const TypePtr& listT = ListType::ofTensors();
  std::optional<Avail> list;
  const uint32_t mode = ch.pick(4);
  if (mode == 3) {  // a tuple of two values, read back by index or unpacked
    auto cands = visible([](const Avail& a) { return a.val.isTensor() || a.val.isInt() || a.val.isDouble(); });
    if (cands.size() < 1) return false;
    Avail a = *cands[ch.pick(static_cast<uint32_t>(cands.size()))];
    Avail b = *cands[ch.pick(static_cast<uint32_t>(cands.size()))];
    Node* tup = g_->insert(Symbol::prim("TupleConstruct"), {a.value, b.value});
    created_.push_back(tup);
    tup->output()->setType(TupleType::create({a.value->type(), b.value->type()}));
    IValue tv = makeTuple({a.val, b.val});
    if (ch.pick(2) == 0) {
      int64_t idx = ch.pick(2);
      Node* get = g_->insert(Symbol::prim("TupleIndex"), {tup->output(), constInt(idx)});
      created_.push_back(get);
      get->output()->setType(idx ? b.value->type() : a.value->type());
      scoped_.push_back({get->output(), idx ? b.val : a.val});
    } else {
      Node* un = g_->insert(Symbol::prim("TupleUnpack"), {tup->output()}, 2);
      created_.push_back(un);
      un->output(0)->setType(a.value->type());
      un->output(1)->setType(b.value->type());
      scoped_.push_back({un->output(0), a.val});
      scoped_.push_back({un->output(1), b.val});
    }
    hit(kHitTuple);
    return true;
  }
  Avail first = pickTensor(ch, [](const Tensor&) { return true; }, nullptr, false);
  Tensor ft = first.val.toTensor();
  const int64_t r = std::max<int64_t>(ft.dim(), 1);
  if (mode == 0) {  // an op returning a list of views
    int64_t d = static_cast<int64_t>(ch.pick(static_cast<uint32_t>(2 * r))) - r;
    switch (ch.pick(3)) {
      case 0: list = emit1("aten::split", {first, constIntAvail(1 + ch.pick(3)), constIntAvail(d)}, listT, created_.size()); break;
      case 1: list = emit1("aten::chunk", {first, constIntAvail(1 + ch.pick(4)), constIntAvail(d)}, listT, created_.size()); break;
      default: list = emit1("aten::unbind", {first, constIntAvail(d)}, listT, created_.size()); break;
    }
    if (!list) return false;
    hit(kHitListReturningOp);
  } else {  // a ListConstruct, size-0 members at any position, grown by append (in a loop: mode 2)
    std::vector<Value*> vals{first.value};
    std::vector<IValue> items{first.val};
    uint32_t k = ch.pick(3);
    for (uint32_t i = 0; i < k; ++i) {
      std::vector<int64_t> fs = ft.sizes();
      Avail a = pickTensor(ch, [&](const Tensor& t) { return t.sizes() == fs; }, &ft, true);
      vals.push_back(a.value);
      items.push_back(a.val);
    }
    if (ch.pick(3) == 0 && inputs_.size() < kMaxInputs) {
      InputSpec spec;
      spec.dtype = ft.dtype();
      spec.shape = ft.sizes();
      if (spec.shape.empty() || ch.pick(3) == 0) spec.shape = {0};  // the legacy empty tensor cat skips
      else spec.shape[ch.pick(static_cast<uint32_t>(spec.shape.size()))] = 0;
      Avail z = addInput(std::move(spec), TensorType::get());
      size_t at = ch.pick(static_cast<uint32_t>(vals.size()) + 1);
      vals.insert(vals.begin() + static_cast<std::ptrdiff_t>(at), z.value);
      items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), z.val);
      hit(kHitSizeZeroMember);
    }
    Node* ln = g_->insert(Symbol::prim("ListConstruct"), vals);
    ln->output()->setType(listT);
    created_.push_back(ln);
    list = Avail{ln->output(), makeList(TensorType::get(), std::move(items))};
    scoped_.push_back(*list);
    if (mode == 2) {  // for i in range(size or const): l.append(f(first, i))
      Value* trip = nullptr;
      if (ft.dim() >= 1 && ch.pick(2)) {
        auto sz = emit1("aten::size", {first, constIntAvail(ch.pick(static_cast<uint32_t>(ft.dim())))}, IntType::get(),
                        created_.size());
        if (!sz) return false;
        trip = sz->value;
      } else {
        trip = constInt(1 + ch.pick(3));
      }
      Block* outer = g_->insertBlock();
      Node* loop = g_->insert(Symbol::prim("Loop"), {trip, constBool(true)}, 0);
      created_.push_back(loop);
      Block* body = loop->addBlock();
      Value* iter = body->addInput("i");
      iter->setType(IntType::get());
      g_->setInsertPoint(body);
      size_t bodyMark = scoped_.size();
      Avail it{iter, IValue(int64_t{0})};
      auto x = emit1("aten::mul", {first, it}, TensorType::get(), created_.size());
      bool ok = x && emit("aten::append", {*list, *x}, {listT}, created_.size());
      body->registerOutput(g_->insertBoolConstant(true));  // destroyed with the loop
      g_->setInsertPoint(outer);
      scoped_.resize(bodyMark);
      if (!ok) return false;
      hit(kHitListMutationInLoop);
      hit(kHitListMutation);
    } else if (ch.pick(2) == 0) {
      Avail more = pickTensor(ch, [&](const Tensor& t) { return t.sizes() == ft.sizes(); }, &ft, true);
      auto l2 = emit1("aten::append", {*list, more}, listT, created_.size());
      if (!l2) return false;
      hit(kHitListMutation);
    }
  }
  // Readers of the list.
  bool read = false;
  for (uint32_t n = 1 + ch.pick(3); n > 0; --n) {
    int64_t len = static_cast<int64_t>(list->val.toListRef().items.size());
    int64_t d = static_cast<int64_t>(ch.pick(static_cast<uint32_t>(2 * r + 1))) - r;
    std::optional<Avail> got;
    const size_t m = created_.size();
    switch (ch.pick(4)) {
      case 0: {
        int64_t idx = static_cast<int64_t>(ch.pick(static_cast<uint32_t>(2 * std::max<int64_t>(len, 1)))) - len;
        got = emit1("aten::__getitem__", {*list, constIntAvail(idx)}, TensorType::get(), m);
        break;
      }
      case 1: got = emit1("aten::len", {*list}, IntType::get(), m); break;
      case 2: got = emit1("aten::cat", {*list, constIntAvail(d)}, TensorType::get(), m); break;
      default: got = emit1("aten::stack", {*list, constIntAvail(d)}, TensorType::get(), m); break;
    }
    read = read || got.has_value();
  }
  return read;
}

// ---- data-dependent loops -------------------------------------------------------------------------

void Builder::dataLoopBegin(const Step& s) {
  Choices ch(s);
  Frame f;
  f.isIf = false;
  f.dataLoop = true;
  f.rotation = static_cast<int>(ch.pick(2));
  f.step = s;
  Avail a = pickTensor(ch, [](const Tensor&) { return true; }, nullptr, false);
  auto same = visible([&](const Avail& x) { return x.value != a.value && sameShapeKey(x.val, a.val); });
  Avail b;
  created_.clear();
  if (!same.empty() && ch.pick(2)) {
    b = *same[ch.pick(static_cast<uint32_t>(same.size()))];
  } else if (auto c = emit1("aten::clone", {a, {constNone(), IValue()}}, TensorType::get(), created_.size())) {
    b = *c;
  } else {
    b = a;
  }
  // Trip count: a size of the data (or a list length), plus a constant; condition: from values.
  Value* trip = nullptr;
  Tensor at = a.val.toTensor();
  bool dataTrip = false;
  if (at.dim() >= 1 && ch.pick(4) != 0) {
    if (auto sz = emit1("aten::size", {a, constIntAvail(ch.pick(static_cast<uint32_t>(at.dim())))}, IntType::get(),
                        created_.size())) {
      trip = sz->value;
      dataTrip = true;
    }
  }
  if (!trip) trip = constInt(1 + ch.pick(4));
  std::optional<Avail> cond0 = ch.pick(4) != 0 ? dataBool(ch, std::nullopt, &a) : std::nullopt;
  created_.clear();
  f.templates = {a, b};
  f.outer = g_->insertBlock();
  std::vector<Value*> ins{trip, cond0 ? cond0->value : g_->insertBoolConstant(true), a.value, b.value};
  f.node = g_->insert(Symbol::prim("Loop"), ins, 2);
  Block* body = f.node->addBlock();
  Value* iter = body->addInput("i");
  iter->setType(IntType::get());
  f.mark = scoped_.size();
  scoped_.push_back({iter, IValue(int64_t{0})});
  for (size_t i = 0; i < 2; ++i) {
    f.node->output(i)->setType(f.templates[i].value->type());
    Value* in = body->addInput();
    in->setType(f.templates[i].value->type());
    f.bodyInputs.push_back({in, f.templates[i].val});
    scoped_.push_back(f.bodyInputs.back());
  }
  f.dataDependent = dataTrip || cond0.has_value();
  frames_.push_back(std::move(f));
  g_->setInsertPoint(body);
}

void Builder::dataLoopEnd() {
  Frame& f = frames_.back();
  Choices ch(f.step);
  for (int i = 0; i < 24; ++i) ch.next();  // past the choices dataLoopBegin used
  const Avail& ina = f.bodyInputs[0];
  const Avail& inb = f.bodyInputs[1];
  // f(a, b): the newest body value of a's dtype and shape, or a + b.
  std::optional<Avail> next;
  for (size_t i = scoped_.size(); i-- > f.mark + 3;)
    if (sameShapeKey(scoped_[i].val, ina.val)) {
      next = scoped_[i];
      break;
    }
  created_.clear();
  if (!next) next = emit1("aten::add", {ina, inb, constIntAvail(1)}, TensorType::get(), created_.size());
  if (!next) next = inb;
  // The next condition: from the new value, or the iteration count.
  std::optional<Avail> cond;
  if (ch.pick(3) != 0) cond = dataBool(ch, std::nullopt, &*next);
  if (!cond) cond = emit1("aten::lt", {scoped_[f.mark], constIntAvail(1 + ch.pick(4))}, BoolType::get(), created_.size());
  Value* c = cond ? cond->value : g_->insertBoolConstant(true);
  created_.clear();
  Block* body = f.node->blocks()[0];
  body->registerOutput(c);
  if (f.rotation == 0) {  // a, b = b, f(a, b)
    body->registerOutput(inb.value);
    body->registerOutput(next->value);
  } else {  // cur, prev = f(cur), cur
    body->registerOutput(next->value);
    body->registerOutput(ina.value);
  }
  if (f.dataDependent || cond) hit(kHitDataLoop);
  hit(kHitSlotRotation);
  Frame done = std::move(frames_.back());
  frames_.pop_back();
  scoped_.resize(done.mark);
  g_->setInsertPoint(done.outer);
  for (size_t i = 0; i < 2; ++i) scoped_.push_back({done.node->output(i), done.templates[i].val});
}

// ---- raise paths ----------------------------------------------------------------------------------

void Builder::raiseStep(const Step& s) {
  Choices ch(s);
  beginComposite();
  bool taken = ch.pick(4) == 0;
  auto cond = dataBool(ch, taken, nullptr);
  if (!cond) return abandonComposite();
  static const char* const kClasses[] = {"builtins.ValueError", "builtins.RuntimeError", "builtins.AssertionError"};
  static const char* const kMessages[] = {"value out of range", "bad state", "check failed"};
  Node* ifNode = g_->insert(Symbol::prim("If"), {cond->value}, 0);
  created_.push_back(ifNode);
  Block* thenBlock = ifNode->addBlock();
  ifNode->addBlock();
  Block* outer = g_->insertBlock();
  g_->setInsertPoint(thenBlock);
  uint32_t k = ch.pick(3);
  Value* msg = g_->insertStringConstant(kMessages[ch.pick(3)]);
  Value* cls = g_->insertStringConstant(kClasses[k]);
  g_->insert(Symbol::prim("RaiseException"), {msg, cls}, 0);
  g_->setInsertPoint(outer);
  created_.clear();
  hit(kHitRaisePath);
  if (cond->val.toBool() && frames_.empty()) {
    out_.expectsError = true;
    stopped_ = true;
  }
}

}  // namespace tsjit::fuzz::detail

// EmitterExpr.cpp — expressions: constants, names, attribute access, calls, unary/binary operators
// (with PyTorch's reversed-scalar rewrites such as `1 - x` -> neg + add), comparisons, `and`/`or`
// as prim::If, ternaries, tuple/list/dict literals, subscripts (tensor indexing lowered to
// select/slice/unsqueeze/index as PyTorch does; list/str/dict __getitem__ and slice), and the
// refinements (`is None`, `is not None`, isinstance) a condition implies.
#include <algorithm>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

Value* FunctionEmitter::emitConst(const Literal& lit, const SourceRange& loc) {
  Value* v = graph_->insertConstant(lit, loc);
  return v;
}

Value* FunctionEmitter::emitTuple(const std::vector<Value*>& elems) {
  std::vector<TypePtr> ts;
  for (auto* v : elems) ts.push_back(v->type());
  return insertNode(*graph_, prim::TupleConstruct, elems, TupleType::create(ts));
}

Value* FunctionEmitter::emitList(const TypePtr& elemType, const std::vector<Value*>& elems) {
  return insertNode(*graph_, prim::ListConstruct, elems, ListType::create(elemType));
}

std::vector<Value*> FunctionEmitter::unpackTuple(Value* v, const SourceRange& loc) {
  auto* tt = v->type()->cast<TupleType>();
  if (!tt) fail(loc, "expected a tuple, got " + typeName(v->type()));
  if (v->node()->kind() == prim::TupleConstruct) return v->node()->inputs();
  Node* n = graph_->insert(prim::TupleUnpack, {v}, tt->elements().size());
  for (size_t i = 0; i < tt->elements().size(); ++i) n->output(i)->setType(tt->elements()[i]);
  return n->outputs();
}

Value* FunctionEmitter::emitExpr(const Expr& e, const TypePtr& hint) {
  SugaredPtr s = emitSugared(e, hint);
  return s->asValue(e.range(), *this);
}

Value* FunctionEmitter::emitCondition(const Expr& e) {
  Value* v = emitExpr(e);
  if (v->type()->kind() == TypeKind::Bool) return v;
  if (isTensor(v->type()) || v->type()->kind() == TypeKind::Int || v->type()->kind() == TypeKind::Float ||
      v->type()->kind() == TypeKind::Str || v->type()->kind() == TypeKind::List)
    return emitBuiltinCall(e.range(), Symbol::aten("Bool"), {{{}, "", v}}, {});
  fail(e.range(), "Could not cast value of type " + typeName(v->type()) + " to bool");
}

// isinstance(x, T) or isinstance(x, (T1, T2, ...)) as PyTorch 1.13 refines it: a Union or Optional
// splits into the members the check accepts (true branch) and the others (false branch; Optional[U]
// when they are U and None); any other type narrows to the checked subtypes in the true branch only.
void FunctionEmitter::refineIsinstance(const std::string& name, const TypePtr& type, const Expr& typesExpr,
                                       Refinements& r) {
  std::vector<TypePtr> checked;
  if (typesExpr.kind() == Kind::TupleLiteral) {
    for (auto x : TupleLiteral(typesExpr.get()).inputs()) checked.push_back(parseTypeExpr(x));
  } else {
    checked.push_back(parseTypeExpr(typesExpr));
  }
  auto accepted = [&](const TypePtr& m) {
    return std::any_of(checked.begin(), checked.end(), [&](const TypePtr& t) { return m->isSubtypeOf(t); });
  };
  auto joined = [](std::vector<TypePtr> ts) -> TypePtr {
    if (ts.size() == 2 && ts[1]->kind() == TypeKind::None) return OptionalType::create(ts[0]);
    if (ts.size() == 2 && ts[0]->kind() == TypeKind::None) return OptionalType::create(ts[1]);
    return UnionType::create(std::move(ts));
  };
  std::vector<TypePtr> members;
  if (auto* o = type->cast<OptionalType>()) members = {o->elementType(), NoneType::get()};
  else if (auto* u = type->cast<UnionType>()) members = u->members();
  if (!members.empty()) {
    std::vector<TypePtr> yes, no;
    for (const TypePtr& m : members) (accepted(m) ? yes : no).push_back(m);
    if (yes.empty() || no.empty()) return;  // statically decided: nothing to refine
    r.whenTrue[name] = joined(yes);
    r.whenFalse[name] = joined(no);
    return;
  }
  std::vector<TypePtr> narrower;
  for (const TypePtr& t : checked)
    if (!(*t == *type) && t->isSubtypeOf(type)) narrower.push_back(t);
  if (narrower.size() == checked.size() && !narrower.empty()) r.whenTrue[name] = joined(narrower);
}

FunctionEmitter::Refinements FunctionEmitter::refinementsOf(const Expr& cond) {
  Refinements r;
  auto k = cond.kind();
  if ((k == Kind::Is || k == Kind::IsNot)) {
    BinOp b(cond.get());
    Expr lhs = b.lhs(), rhs = b.rhs();
    if (lhs.kind() == Kind::None) std::swap(lhs, rhs);
    if (rhs.kind() == Kind::None && lhs.kind() == Kind::Ident) {
      const std::string& name = Ident(lhs.get()).name();
      Value* v = lookup(name);
      if (v && (v->type()->kind() == TypeKind::Optional || v->type()->kind() == TypeKind::Union)) {
        TypePtr inner;
        if (auto* o = v->type()->cast<OptionalType>()) {
          inner = o->elementType();
        } else {
          std::vector<TypePtr> ms;
          for (auto& m : v->type()->cast<UnionType>()->members())
            if (m->kind() != TypeKind::None) ms.push_back(m);
          inner = UnionType::create(ms);
        }
        auto& notNone = (k == Kind::Is) ? r.whenFalse : r.whenTrue;
        notNone[name] = inner;
      }
    }
  } else if (k == Kind::Not) {
    Refinements in = refinementsOf(UnaryOp(cond.get()).operand());
    r.whenTrue = in.whenFalse;
    r.whenFalse = in.whenTrue;
  } else if (k == Kind::And || k == Kind::Or) {
    BinOp b(cond.get());
    Refinements a = refinementsOf(b.lhs()), c = refinementsOf(b.rhs());
    if (k == Kind::And) {
      r.whenTrue = a.whenTrue;
      r.whenTrue.insert(c.whenTrue.begin(), c.whenTrue.end());
    } else {
      r.whenFalse = a.whenFalse;
      r.whenFalse.insert(c.whenFalse.begin(), c.whenFalse.end());
    }
  } else if (k == Kind::Apply) {
    Apply a(cond.get());
    if (a.callee().kind() == Kind::Ident && Ident(a.callee().get()).name() == "isinstance" && a.inputs().size() == 2 &&
        a.inputs()[0].kind() == Kind::Ident) {
      const std::string& name = Ident(a.inputs()[0].get()).name();
      Value* v = lookup(name);
      if (v) refineIsinstance(name, v->type(), a.inputs()[1], r);
    }
  }
  return r;
}

namespace {
Symbol binarySymbol(Kind k) {
  switch (k) {
    case Kind::Add: return aten::add;
    case Kind::Sub: return aten::sub;
    case Kind::Mul: return aten::mul;
    case Kind::Div: return aten::div;
    case Kind::FloorDiv: return Symbol::aten("floordiv");
    case Kind::Mod: return Symbol::aten("remainder");
    case Kind::Pow: return Symbol::aten("pow");
    case Kind::MatMul: return Symbol::aten("matmul");
    case Kind::LShift: return Symbol::aten("__lshift__");
    case Kind::RShift: return Symbol::aten("__rshift__");
    case Kind::BitAnd: return Symbol::aten("__and__");
    case Kind::BitOr: return Symbol::aten("__or__");
    case Kind::BitXor: return Symbol::aten("__xor__");
    case Kind::Eq: return aten::eq;
    case Kind::Ne: return aten::ne;
    case Kind::Lt: return aten::lt;
    case Kind::Le: return aten::le;
    case Kind::Gt: return aten::gt;
    case Kind::Ge: return aten::ge;
    case Kind::Is: return aten::__is__;
    case Kind::IsNot: return aten::__isnot__;
    default: return Symbol();
  }
}
bool isScalarType(const TypePtr& t) { return t->kind() == TypeKind::Int || t->kind() == TypeKind::Float; }
}  // namespace

static Value* emitShortCircuit(FunctionEmitter& e, const BinOp& b) {
  bool isAnd = b.kind() == Kind::And;
  Value* lhs = e.emitCondition(b.lhs());
  auto ref = e.refinementsOf(b.lhs());
  Graph& g = e.graph();
  Node* n = g.insert(prim::If, {lhs}, 0);
  n->setSourceRange(b.range());
  Block* tb = n->addBlock();
  Block* fb = n->addBlock();
  Frame tf, ff;
  Value* rhsV = nullptr;
  auto emitRhs = [&]() { rhsV = e.emitCondition(b.rhs()); };
  if (isAnd) {
    e.emitBlockInFrame(tf, tb, [&] { emitRhs(); tb->registerOutput(rhsV); }, ref.whenTrue);
    e.emitBlockInFrame(ff, fb, [&] { fb->registerOutput(e.emitConst(Literal{false})); }, {});
  } else {
    e.emitBlockInFrame(tf, tb, [&] { tb->registerOutput(e.emitConst(Literal{true})); }, {});
    e.emitBlockInFrame(ff, fb, [&] { emitRhs(); fb->registerOutput(rhsV); }, ref.whenFalse);
  }
  Value* out = n->addOutput();
  out->setType(BoolType::get());
  // Statically known as 1.13's CondValue: `False and _` / `_ and False` are False, `True or _` /
  // `_ or True` True, and two known sides decide; a static condition selects one branch of an if.
  auto known = [](Value* v) -> std::optional<bool> {
    auto c = v ? constantValue(v) : std::nullopt;
    if (c && std::holds_alternative<bool>(c->v)) return std::get<bool>(c->v);
    return std::nullopt;
  };
  auto l = known(lhs), r = known(rhsV);
  if (isAnd && ((l && !*l) || (r && !*r))) return e.emitConst(Literal{false});
  if (!isAnd && ((l && *l) || (r && *r))) return e.emitConst(Literal{true});
  if (l && r) return e.emitConst(Literal{isAnd ? (*l && *r) : (*l || *r)});
  return out;
}

std::vector<NamedValue> FunctionEmitter::emitSliceArgs(const SourceRange& loc, const SliceExpr& sl) {
  std::vector<NamedValue> a;
  a.push_back({loc, "", sl.start().present() ? emitExpr(sl.start().value()) : emitNone()});
  a.push_back({loc, "", sl.end().present() ? emitExpr(sl.end().value()) : emitNone()});
  a.push_back({loc, "", sl.step().present() ? emitExpr(sl.step().value()) : emitConst(Literal{int64_t(1)})});
  return a;
}

// The int / slice / None part of a tensor subscript, as 1.13's emitIntAndSliceIndexing: the view
// they select (aten::select, aten::slice, aten::unsqueeze) and the tensor indices left for
// aten::index / aten::index_put_, one per dim of that view up to the last indexed one (None between).
std::pair<Value*, std::vector<Value*>> FunctionEmitter::emitIntAndSliceIndexing(const SourceRange& loc, Value* base,
                                                                                const ListView<Expr>& idxs) {
  // Before an ellipsis, dims count from the front; after it, from the back: an index there works on
  // the dim followed by the original dims the later indices consume (Python's semantics, as 1.13).
  Value* t = base;
  int64_t dim = 0;
  bool afterEllipsis = false;
  std::vector<Value*> tensorIdx;
  auto consumedFrom = [&](size_t first) {  // original dims the indices first.. take
    int64_t n = 0;
    for (size_t j = first; j < idxs.size(); ++j)
      if (idxs[j].kind() != Kind::None && idxs[j].kind() != Kind::Dots) ++n;
    return n;
  };
  for (size_t i = 0; i < idxs.size(); ++i) {
    Expr ix = idxs[i];
    if (ix.kind() == Kind::Dots) {
      afterEllipsis = true;
      continue;
    }
    if (afterEllipsis) dim = ix.kind() == Kind::None ? -consumedFrom(i + 1) - 1 : -consumedFrom(i);
    if (ix.kind() == Kind::None) {
      t = emitBuiltinCall(loc, Symbol::aten("unsqueeze"), {{loc, "", t}, {loc, "", emitConst(Literal{dim})}}, {});
      ++dim;
      continue;
    }
    if (ix.kind() == Kind::SliceExpr) {
      auto a = emitSliceArgs(loc, SliceExpr(ix.get()));
      a.insert(a.begin(), {loc, "", emitConst(Literal{dim})});
      a.insert(a.begin(), {loc, "", t});
      t = emitBuiltinCall(loc, Symbol::aten("slice"), a, {});
      ++dim;
      continue;
    }
    Value* v = emitExpr(ix);
    if (v->type()->kind() == TypeKind::Int) {
      t = emitBuiltinCall(loc, Symbol::aten("select"), {{loc, "", t}, {loc, "", emitConst(Literal{dim})}, {loc, "", v}}, {});
      continue;
    }
    if (isTensor(v->type()) || v->type()->kind() == TypeKind::List) {
      // A list index is a LongTensor (1.13: aten::tensor(list, dtype=long), so [1.0, 0.0] indexes too).
      if (!isTensor(v->type()))
        v = emitBuiltinCall(loc, Symbol::aten("tensor"), {{loc, "", v}}, {{loc, "dtype", emitConst(Literal{int64_t(4)})}});
      if (afterEllipsis) fail(ix.range(), "tensor indices after an ellipsis are not supported");
      while (static_cast<int64_t>(tensorIdx.size()) < dim) tensorIdx.push_back(nullptr);
      tensorIdx.push_back(v);
      ++dim;
      continue;
    }
    fail(ix.range(), "Unsupported operation: indexing tensor with unsupported index type '" + typeName(v->type()) + "'");
  }
  for (auto*& v : tensorIdx)
    if (!v) v = emitNone();
  return {t, tensorIdx};
}

Value* FunctionEmitter::emitSubscript(const Subscript& s) { return emitSubscript(s, emitExpr(s.value())); }

// t[a:b:c] on a tuple, with constant bounds (Python's slice semantics): a new tuple of the elements
// (prim::TupleIndex each, then prim::TupleConstruct, as 1.13).
Value* FunctionEmitter::emitTupleSlice(const SliceExpr& sl, Value* base) {
  auto* tt = base->type()->cast<TupleType>();
  const int64_t n = static_cast<int64_t>(tt->elements().size());
  auto bound = [&](const Maybe<Expr>& e) -> std::optional<int64_t> {
    if (!e.present()) return std::nullopt;
    auto c = constantValue(emitExpr(e.value()));
    if (c && std::holds_alternative<Literal::None>(c->v)) return std::nullopt;
    if (!c || !std::holds_alternative<int64_t>(c->v)) fail(sl.range(), "tuple slice indices must be integer constants");
    return std::get<int64_t>(c->v);
  };
  const std::optional<int64_t> start = bound(sl.start()), end = bound(sl.end()), stepOpt = bound(sl.step());
  const int64_t step = stepOpt.value_or(1);
  if (step == 0) fail(sl.range(), "slice step cannot be zero");
  auto clampIndex = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t i = *v < 0 ? *v + n : *v;
    return step > 0 ? std::clamp<int64_t>(i, 0, n) : std::clamp<int64_t>(i, -1, n - 1);
  };
  const int64_t from = clampIndex(start, step > 0 ? 0 : n - 1), to = clampIndex(end, step > 0 ? n : -1);
  std::vector<Value*> items;
  std::vector<TypePtr> types;
  for (int64_t i = from; step > 0 ? i < to : i > to; i += step) {
    const size_t k = static_cast<size_t>(i);
    items.push_back(base->node()->kind() == prim::TupleConstruct
                        ? base->node()->input(k)
                        : insertNode(*graph_, prim::TupleIndex, {base, emitConst(Literal{i})}, tt->elements()[k]));
    types.push_back(tt->elements()[k]);
  }
  return insertNode(*graph_, prim::TupleConstruct, items, TupleType::create(types));
}

Value* FunctionEmitter::emitSubscript(const Subscript& s, Value* base) {
  auto idxs = s.subscriptExprs();
  const SourceRange& loc = s.range();
  TypeKind bk = base->type()->kind();
  if (bk == TypeKind::Tensor) {
    auto [t, tensorIdx] = emitIntAndSliceIndexing(loc, base, idxs);
    if (!tensorIdx.empty()) {
      Value* list = emitList(OptionalType::create(TensorType::get()), tensorIdx);
      t = emitBuiltinCall(loc, Symbol::aten("index"), {{loc, "", t}, {loc, "", list}}, {});
    }
    return t;
  }
  if (idxs.size() == 1 && idxs[0].kind() != Kind::SliceExpr)
    if (auto* cls = base->type()->cast<ClassType>(); cls && ctx_.userClassTypes.count(cls))
      return emitMagicMethod(loc, base, "__getitem__", {emitExpr(idxs[0])});
  if (idxs.size() != 1) fail(loc, "only tensors support multi-dimensional indexing, not " + typeName(base->type()));
  Expr ix = idxs[0];
  if (bk == TypeKind::Tuple && ix.kind() == Kind::SliceExpr) return emitTupleSlice(SliceExpr(ix.get()), base);
  if (bk == TypeKind::Tuple) {
    auto* tt = base->type()->cast<TupleType>();
    Value* iv = emitExpr(ix);
    auto c = constantValue(iv);
    if (!c || !std::holds_alternative<int64_t>(c->v)) fail(ix.range(), "tuple indices must be integer constants");
    int64_t i = std::get<int64_t>(c->v);
    int64_t n = static_cast<int64_t>(tt->elements().size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) fail(ix.range(), str("Tuple index out of range. Tuple is length ", n, " and index is ", i));
    if (base->node()->kind() == prim::TupleConstruct) return base->node()->input(static_cast<size_t>(i));
    return insertNode(*graph_, prim::TupleIndex, {base, emitConst(Literal{i})}, tt->elements()[static_cast<size_t>(i)]);
  }
  if (ix.kind() == Kind::SliceExpr) {
    auto a = emitSliceArgs(loc, SliceExpr(ix.get()));
    a.insert(a.begin(), {loc, "", base});
    return emitBuiltinCall(loc, Symbol::aten("slice"), a, {});
  }
  TypePtr hint;
  if (auto* d = base->type()->cast<DictType>()) hint = d->keyType();
  Value* iv = emitExpr(ix, hint);
  return emitBuiltinCall(loc, aten::__getitem__, {{loc, "", base}, {loc, "", iv}}, {});
}

// t.tolist() as PyTorch 1.13 emits it: prim::tolist(t, depth, elem) with the list type taken from
// the annotation the result is assigned or returned to (0 = int, 1 = float, 2 = bool).
Value* FunctionEmitter::emitTolist(const SourceRange& loc, Value* t, const TypePtr& hint) {
  if (!hint) fail(loc, "Expected type hint for result of tolist()");
  TypePtr elem = unwrapOptional(hint);
  int64_t depth = 0;
  while (auto* lt = elem->cast<ListType>()) {
    elem = lt->elementType();
    ++depth;
  }
  int64_t code = elem->kind() == TypeKind::Int ? 0 : elem->kind() == TypeKind::Float ? 1 : elem->kind() == TypeKind::Bool ? 2 : -1;
  if (depth == 0 || code < 0)
    fail(loc, "Output annotation element type and runtime tensor element type must match for tolist(): expected a "
              "List of int, float or bool, got " + typeName(hint));
  return insertNode(*graph_, prim::tolist, {t, emitConst(Literal{depth}), emitConst(Literal{code})}, unwrapOptional(hint), loc);
}

SugaredPtr FunctionEmitter::emitSugared(const Expr& e, const TypePtr& hint) {
  const SourceRange& loc = e.range();
  auto value = [](Value* v) -> SugaredPtr { return std::make_shared<SimpleValue>(v); };
  switch (e.kind()) {
    case Kind::Ident:
      return resolveName(Ident(e.get()).name(), loc);
    case Kind::Const: {
      Const c(e.get());
      if (c.isComplex()) return value(emitConst(Literal{std::complex<double>(0.0, c.asFloatingPoint())}, loc));
      if (c.isFloatingPoint()) return value(emitConst(Literal{c.asFloatingPoint()}, loc));
      return value(emitConst(Literal{c.asIntegral()}, loc));
    }
    case Kind::StringLiteral:
      return value(emitConst(Literal{StringLiteral(e.get()).text()}, loc));
    case Kind::True:
      return value(emitConst(Literal{true}, loc));
    case Kind::False:
      return value(emitConst(Literal{false}, loc));
    case Kind::None:
      return value(emitConst(Literal{Literal::None{}}, loc));
    case Kind::Select: {
      Select s(e.get());
      SugaredPtr base = emitSugared(s.value());
      return base->attr(loc, *this, s.selector().name());
    }
    case Kind::Apply: {
      Apply a(e.get());
      // len(self.layers) of a ModuleList / Sequential: a constant, as PyTorch's SugaredTupleValue.
      if (a.callee().kind() == Kind::Ident && Ident(a.callee().get()).name() == "len" && !lookup("len") &&
          a.inputs().size() == 1 && a.attributes().size() == 0 && isModuleContainer(a.inputs()[0])) {
        auto children = containerChildren(emitSugared(a.inputs()[0]));
        return value(emitConst(Literal{static_cast<int64_t>(children->size())}, loc));
      }
      if (a.callee().kind() == Kind::Select && Select(a.callee().get()).selector().name() == "tolist" &&
          a.inputs().size() == 0 && a.attributes().size() == 0) {
        Expr base = Select(a.callee().get()).value();
        Value* t = emitExpr(base);
        if (isTensor(t->type())) return value(emitTolist(loc, t, hint));
        return SimpleValue(t).attr(loc, *this, "tolist")->call(loc, *this, a);
      }
      SugaredPtr callee = emitSugared(a.callee());
      return callee->call(loc, *this, a);
    }
    case Kind::Subscript:
      if (auto m = emitModuleContainerIndex(Subscript(e.get()))) return m;
      return value(emitSubscript(Subscript(e.get())));
    case Kind::TernaryIf: {
      TernaryIf t(e.get());
      Value* c = emitCondition(t.cond());
      // A static condition (a constant, `x is None` on a NoneType value...) emits one side only.
      if (auto k = constantValue(c); k && std::holds_alternative<bool>(k->v))
        return value(emitExpr(std::get<bool>(k->v) ? t.trueExpr() : t.falseExpr(), hint));
      auto ref = refinementsOf(t.cond());
      Node* n = graph_->insert(prim::If, {c}, 0);
      n->setSourceRange(loc);
      Block* tb = n->addBlock();
      Block* fb = n->addBlock();
      Frame tf, ff;
      Value *tv = nullptr, *fv = nullptr;
      emitBlockInFrame(tf, tb, [&] { tv = emitExpr(t.trueExpr(), hint); }, ref.whenTrue);
      emitBlockInFrame(ff, fb, [&] { fv = emitExpr(t.falseExpr(), hint); }, ref.whenFalse);
      auto u = hint ? std::optional<TypePtr>(hint) : unifyTypes(tv->type(), fv->type());
      if (!u)
        fail(loc, "if-expression's true branch has type " + typeName(tv->type()) + " but false branch has type " +
                      typeName(fv->type()));
      tb->registerOutput(tv);
      fb->registerOutput(fv);
      mergeIf(n, tf, ff, loc);  // refined variables flow out too, as in PyTorch
      Value* out = n->insertOutput(0);
      out->setType(*u);
      // Block output 0 (registered first) pairs with node output 0; mergeIf's outputs follow.
      return value(out);
    }
    case Kind::TupleLiteral: {
      std::vector<Value*> vs;
      auto* th = hint ? hint->cast<TupleType>() : nullptr;
      size_t i = 0;
      for (auto x : TupleLiteral(e.get()).inputs()) {
        TypePtr h = th && i < th->elements().size() ? th->elements()[i] : nullptr;
        Value* v = emitExpr(x, h);
        if (h && !v->type()->isSubtypeOf(h))
          if (Value* c = tryConvert(v, h, true)) v = c;
        vs.push_back(v);
        ++i;
      }
      return value(emitTuple(vs));
    }
    case Kind::ListLiteral: {
      TypePtr elemHint;
      if (hint) {
        TypePtr h = unwrapOptional(hint);
        if (auto* lt = h->cast<ListType>()) elemHint = lt->elementType();
      }
      std::vector<Value*> vs;
      for (auto x : ListLiteral(e.get()).inputs()) vs.push_back(emitExpr(x, elemHint));
      TypePtr elem = elemHint;
      if (!elem) {
        if (vs.empty()) {
          elem = TensorType::get();
        } else {
          elem = vs[0]->type();
          for (size_t i = 1; i < vs.size(); ++i) {
            auto u = unifyTypes(elem, vs[i]->type());
            if (!u)
              fail(loc, "Lists must contain only a single type, expected: " + typeName(elem) + " but found " +
                            typeName(vs[i]->type()) + " instead");
            elem = *u;
          }
        }
      } else {
        for (auto*& v : vs)
          if (!v->type()->isSubtypeOf(elem)) {
            Value* c = tryConvert(v, elem, true);
            if (!c)
              fail(loc, "List type annotation `" + typeName(ListType::create(elem)) + "` did not match the types of the given list elements, found " + typeName(v->type()));
            v = c;
          }
      }
      return value(emitList(elem, vs));
    }
    case Kind::DictLiteral: {
      DictLiteral d(e.get());
      TypePtr kh, vh;
      if (hint)
        if (auto* dt = unwrapOptional(hint)->cast<DictType>()) {
          kh = dt->keyType();
          vh = dt->valueType();
        }
      std::vector<Value*> ins;
      TypePtr kt = kh, vt = vh;
      auto keys = d.keyInputs();
      auto vals = d.valueInputs();
      for (size_t i = 0; i < keys.size(); ++i) {
        Value* k = emitExpr(keys[i], kh);
        Value* v = emitExpr(vals[i], vh);
        if (!kt) kt = k->type();
        if (!vt) vt = v->type();
        if (vh && !v->type()->isSubtypeOf(vh))
          if (Value* c = tryConvert(v, vh, true)) v = c;
        if (!v->type()->isSubtypeOf(vt)) {
          auto u = unifyTypes(vt, v->type());
          if (!u) fail(vals[i].range(), "Dict values must contain only a single type, expected: " + typeName(vt) +
                                            " but found " + typeName(v->type()) + " instead");
          vt = *u;
        }
        ins.push_back(k);
        ins.push_back(v);
      }
      if (!kt) kt = StringType::get();
      if (!vt) vt = TensorType::get();
      return value(insertNode(*graph_, prim::DictConstruct, ins, DictType::create(kt, vt), loc));
    }
    case Kind::And:
    case Kind::Or:
      return value(emitShortCircuit(*this, BinOp(e.get())));
    case Kind::Not: {
      Value* v = emitCondition(UnaryOp(e.get()).operand());
      if (auto k = constantValue(v); k && std::holds_alternative<bool>(k->v))  // static stays static
        return value(emitConst(Literal{!std::get<bool>(k->v)}, loc));
      return value(emitBuiltinCall(loc, aten::__not__, {{loc, "", v}}, {}));
    }
    case Kind::Neg: {
      Expr op = UnaryOp(e.get()).operand();
      Value* v = emitExpr(op);
      return value(emitBuiltinCall(loc, aten::neg, {{loc, "", v}}, {}));
    }
    case Kind::Pos:
      return value(emitExpr(UnaryOp(e.get()).operand()));
    case Kind::BitNot: {
      Value* v = emitExpr(UnaryOp(e.get()).operand());
      Symbol s = isTensor(v->type()) ? Symbol::aten("bitwise_not") : Symbol::aten("__invert__");
      return value(emitBuiltinCall(loc, s, {{loc, "", v}}, {}));
    }
    case Kind::In:
    case Kind::NotIn: {
      BinOp b(e.get());
      Value* l = emitExpr(b.lhs());
      Value* r = emitExpr(b.rhs());
      Value* c = emitMagicMethod(loc, r, "__contains__", {l});
      if (!c && r->type()->kind() == TypeKind::Str && l->type()->kind() == TypeKind::Str) {
        // str in str: 1.13's builtin `self.find(key, 0, len(self)) != -1`, inlined.
        Value* len = emitBuiltinCall(loc, Symbol::aten("len"), {{loc, "", r}}, {});
        Value* at = emitBuiltinCall(
            loc, Symbol::aten("find"),
            {{loc, "", r}, {loc, "", l}, {loc, "", emitConst(Literal{int64_t(0)})}, {loc, "", len}}, {});
        c = emitBuiltinCall(loc, Symbol::aten("ne"), {{loc, "", at}, {loc, "", emitConst(Literal{int64_t(-1)})}}, {});
      }
      if (!c) c = emitBuiltinCall(loc, Symbol::aten("__contains__"), {{loc, "", r}, {loc, "", l}}, {});
      if (e.kind() == Kind::NotIn) c = emitBuiltinCall(loc, aten::__not__, {{loc, "", c}}, {});
      return value(c);
    }
    case Kind::Dots:
      fail(loc, "'...' is only supported in tensor subscripts");
    case Kind::ListComp:
      return value(emitListComp(ListComp(e.get()), hint));
    case Kind::DictComp:
      return value(emitDictComp(DictComp(e.get()), hint));
    case Kind::GeneratorExp:
      fail(loc, "comprehensions are not supported");
    case Kind::Lambda:
      fail(loc, "lambda expressions are not supported in TorchScript");
    case Kind::Starred:
      fail(loc, "starred expressions are not supported here");
    default:
      break;
  }
  if (isBinaryOp(e.kind()) || isComparison(e.kind())) {
    BinOp b(e.get());
    Value* l = emitExpr(b.lhs());
    Value* r = emitExpr(b.rhs());
    if (e.kind() == Kind::Is || e.kind() == Kind::IsNot) {
      // 1.13's canBeNone: a NoneType value is always None, an Optional / Union with None maybe,
      // anything else never. `x is None` with one side always None and the other always or never
      // None is a constant (a static if: `if self.proj is not None:` with proj = None drops the body).
      auto noneStatus = [](Value* v) {
        const TypePtr& t = v->type();
        if (t->kind() == TypeKind::None) return 0;
        if (t->kind() == TypeKind::Optional) return 1;
        if (auto* u = t->cast<UnionType>())
          for (const auto& m : u->members())
            if (m->kind() == TypeKind::None) return 1;
        return 2;
      };
      int ls = noneStatus(l), rs = noneStatus(r);
      bool is = e.kind() == Kind::Is;
      if (ls == 0 && rs == 0) return value(emitConst(Literal{is}, loc));
      if ((ls == 0 && rs == 2) || (ls == 2 && rs == 0)) return value(emitConst(Literal{!is}, loc));
    }
    static const std::map<Kind, const char*> magic = {
        {Kind::Add, "__add__"}, {Kind::Sub, "__sub__"}, {Kind::Mul, "__mul__"}, {Kind::Div, "__truediv__"},
        {Kind::FloorDiv, "__floordiv__"}, {Kind::Mod, "__mod__"}, {Kind::Pow, "__pow__"}, {Kind::MatMul, "__matmul__"},
        {Kind::Eq, "__eq__"}, {Kind::Ne, "__ne__"}, {Kind::Lt, "__lt__"}, {Kind::Le, "__le__"}, {Kind::Gt, "__gt__"},
        {Kind::Ge, "__ge__"}, {Kind::BitAnd, "__and__"}, {Kind::BitOr, "__or__"}, {Kind::BitXor, "__xor__"},
        {Kind::LShift, "__lshift__"}, {Kind::RShift, "__rshift__"}};
    if (auto m = magic.find(e.kind()); m != magic.end())
      if (Value* v = emitMagicMethod(loc, l, m->second, {r})) return value(v);
    Symbol sym = binarySymbol(e.kind());
    bool lt = isTensor(l->type()), rt = isTensor(r->type());
    if (e.kind() == Kind::FloorDiv && (lt || rt)) sym = Symbol::aten("floor_divide");
    if (e.kind() == Kind::Mod && l->type()->kind() == TypeKind::Str)  // "%d items" % n
      return value(emitBuiltinCall(loc, Symbol::aten("percentFormat"), {{loc, "", l}, {loc, "", r}}, {}));
    if (!lt && rt && isScalarType(l->type())) {
      // PyTorch's __radd__/__rsub__/... builtins.
      switch (e.kind()) {
        case Kind::Add:
        case Kind::Mul:
          return value(emitBuiltinCall(loc, sym, {{loc, "", r}, {loc, "", l}}, {}));
        case Kind::Sub: {
          Value* n = emitBuiltinCall(loc, aten::neg, {{loc, "", r}}, {});
          return value(emitBuiltinCall(loc, aten::add, {{loc, "", n}, {loc, "", l}}, {}));
        }
        case Kind::Div: {
          Value* rc = emitBuiltinCall(loc, Symbol::aten("reciprocal"), {{loc, "", r}}, {});
          return value(emitBuiltinCall(loc, aten::mul, {{loc, "", rc}, {loc, "", l}}, {}));
        }
        case Kind::Eq:
        case Kind::Ne:
          return value(emitBuiltinCall(loc, sym, {{loc, "", r}, {loc, "", l}}, {}));
        case Kind::Lt:
          return value(emitBuiltinCall(loc, aten::gt, {{loc, "", r}, {loc, "", l}}, {}));
        case Kind::Gt:
          return value(emitBuiltinCall(loc, aten::lt, {{loc, "", r}, {loc, "", l}}, {}));
        case Kind::Le:
          return value(emitBuiltinCall(loc, aten::ge, {{loc, "", r}, {loc, "", l}}, {}));
        case Kind::Ge:
          return value(emitBuiltinCall(loc, aten::le, {{loc, "", r}, {loc, "", l}}, {}));
        default:
          break;
      }
    }
    if (sym == Symbol()) fail(loc, std::string("unsupported operator ") + kindName(e.kind()));
    return value(emitBuiltinCall(loc, sym, {{loc, "", l}, {loc, "", r}}, {}));
  }
  fail(loc, std::string("unsupported expression: ") + kindName(e.kind()));
}

}  // namespace tsjit::frontend::detail

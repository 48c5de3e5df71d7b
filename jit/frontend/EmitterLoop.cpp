// EmitterLoop.cpp — loops: `while`, `for` over lists / strings / dict keys / tensors (rows) /
// range() / enumerate() / zip(), list and dict comprehensions, and iteration over tuples and module
// containers (nn.ModuleList / nn.Sequential), which PyTorch unrolls at compile time (modules are
// not first-class values, tuple elements may differ in type); with len() and constant indexing
// of module containers.
//
// A prim::Loop's carried values are the variables assigned in the body (syntactic pre-scan) that
// exist before the loop; a body containing `return` also carries "$did_ret" (initially false) and
// "$ret" (initially prim::Uninitialized), and its continue-condition is false once it returned.
// Invariants: the body is emitted as a tail statement list, so every path through it ends in an
// exit that set "$cond"; the loop variable and comprehension targets do not leak out of
// comprehensions; unrolled loops emit no prim::Loop and reject break / continue / return.
#include <algorithm>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

namespace {

struct LoopPlan {
  Value* trip = nullptr;
  Value* cond = nullptr;
  std::function<void(Value* idx)> bind;
  std::function<Value*()> next;
};

// Emits prim::Loop. `body` emits the statements of one iteration (after plan.bind).
void emitLoop(FunctionEmitter& e, const SourceRange& loc, const LoopPlan& plan, const std::function<void()>& body,
              const std::vector<std::string>& assigned, bool hasReturn) {
  Graph& g = e.graph();
  std::vector<std::string> carried;
  for (auto& n : assigned) {
    if (n[0] == '$' || std::find(carried.begin(), carried.end(), n) != carried.end()) continue;
    if (e.lookup(n)) carried.push_back(n);
  }
  std::vector<Value*> inputs = {plan.trip, plan.cond};
  std::vector<TypePtr> types;
  for (auto& n : carried) {
    Value* v = e.lookup(n);
    TypePtr t = e.declaredType(n);
    if (!t) t = v->type();
    inputs.push_back(v);
    types.push_back(t);
  }
  if (hasReturn) {
    if (!e.returnType())
      fail(loc, "a return statement inside a loop needs the function's return type to be annotated");
    Value* did = e.lookup("$did_ret");
    if (!did) did = e.emitConst(Literal{false});
    Value* ret = e.lookup("$ret");
    if (!ret || !ret->type()->isSubtypeOf(e.returnType()))
      ret = insertNode(g, prim::Uninitialized, {}, e.returnType());
    carried.push_back("$did_ret");
    inputs.push_back(did);
    types.push_back(BoolType::get());
    carried.push_back("$ret");
    inputs.push_back(ret);
    types.push_back(e.returnType());
  }
  Node* loop = g.insert(prim::Loop, inputs, 0);
  loop->setSourceRange(loc);
  Block* b = loop->addBlock();
  Value* idx = b->addInput();
  idx->setType(IntType::get());
  Frame bf;
  e.pushFrame(bf, b);
  for (size_t i = 0; i < carried.size(); ++i) {
    Value* in = b->addInput();
    in->setType(types[i]);
    bf.vars[carried[i]] = in;
    if (carried[i][0] != '$') in->setDebugName(carried[i]);
  }
  plan.bind(idx);
  LoopContext lc{plan.next, hasReturn, false};
  e.loops.push_back(&lc);
  body();
  if (bf.exit == ExitKind::None) e.emitImplicitExit();
  e.loops.pop_back();
  Value* c = e.lookup("$cond");
  if (!c) c = e.emitConst(Literal{true});  // every path raised
  b->registerOutput(c);
  for (size_t i = 0; i < carried.size(); ++i) {
    Value* v = e.lookup(carried[i]);
    if (!v->type()->isSubtypeOf(types[i])) {
      Value* cv = e.tryConvert(v, types[i], true);
      if (!cv)
        fail(loc, "Variable '" + carried[i] + "' previously had type " + typeName(types[i]) +
                      " but is now being assigned to a value of type " + typeName(v->type()));
      v = cv;
    }
    b->registerOutput(v);
  }
  e.popFrame();
  for (size_t i = 0; i < carried.size(); ++i) {
    Value* out = loop->addOutput();
    out->setType(types[i]);
    e.setVar(carried[i], out, loc);
  }
  if (hasReturn) {
    // The statements after the loop run only if it did not return (guarded by the caller); an
    // enclosing loop stops too: its continue-condition is false on that path.
    e.setVar("$exited", e.lookup("$did_ret"), loc);
    if (!e.loops.empty()) e.setVar("$cond", e.emitConst(Literal{false}), loc);
  }
}

std::string calleeName(const Expr& iter) {
  if (iter.kind() == Kind::Apply && Apply(iter.get()).callee().kind() == Kind::Ident)
    return Ident(Apply(iter.get()).callee().get()).name();
  return "";
}

}  // namespace

void FunctionEmitter::emitWhile(const While& w) {
  LoopPlan p;
  p.trip = emitConst(Literal{int64_t(9223372036854775807LL)});
  p.cond = emitCondition(w.cond());
  p.bind = [](Value*) {};
  Expr cond = w.cond();
  p.next = [this, cond]() { return emitCondition(cond); };
  auto body = toVector(w.body());
  std::vector<std::string> assigned;
  collectAssigned(body, assigned);
  emitLoop(*this, w.range(), p, [&] { emitStatements(body, true); }, assigned, containsReturn(body));
}

void FunctionEmitter::emitFor(const For& f) {
  auto body = toVector(f.body());
  // A real loop's body is a tail list (its end is the next iteration); an unrolled one's is not.
  emitForIn(f.range(), f.target(), f.iter(), [&] { emitStatements(body, !loops.back()->unrolled); }, &body);
}

std::shared_ptr<ModuleInfo> FunctionEmitter::staticModuleOf(const Expr& e) {
  if (e.kind() == Kind::Ident) {
    Value* v = lookup(Ident(e.get()).name());
    if (!v) return nullptr;
    if (auto* cls = v->type()->cast<ClassType>()) {
      if (selfInfo_ && cls == selfInfo_->type.get()) return selfInfo_;
      if (auto it = ctx_.moduleInfos.find(cls); it != ctx_.moduleInfos.end()) return it->second;
    }
    return nullptr;
  }
  if (e.kind() == Kind::Select) {
    auto base = staticModuleOf(Select(e.get()).value());
    if (!base) return nullptr;
    auto it = base->submodules.find(Select(e.get()).selector().name());
    return it == base->submodules.end() ? nullptr : it->second;
  }
  return nullptr;
}

bool FunctionEmitter::isModuleContainer(const Expr& e) {
  auto info = staticModuleOf(e);
  if (!info) return false;
  std::string base = info->type->baseName();
  return base == "ModuleList" || base == "Sequential";
}

std::shared_ptr<std::vector<std::string>> FunctionEmitter::containerChildren(const SugaredPtr& sv) {
  auto* mv = dynamic_cast<ModuleValue*>(sv.get());
  if (!mv) return nullptr;
  std::string base = mv->info->type->baseName();
  if (base != "ModuleList" && base != "Sequential") return nullptr;
  auto out = std::make_shared<std::vector<std::string>>();
  for (const auto& a : mv->info->desc->attributes)
    if (a.kind == ModuleAttrDesc::Kind::Module) out->push_back(a.name);
  return out;
}

SugaredPtr FunctionEmitter::emitModuleContainerIndex(const Subscript& s) {
  if (auto info = staticModuleOf(s.value()); info && info->type->baseName() == "ModuleDict") {
    // self.d["a"]: the child named by a constant string (1.13's ModuleValue::getitem for a DICT).
    if (s.subscriptExprs().size() != 1) fail(s.range(), "a module container takes exactly one index");
    SugaredPtr base = emitSugared(s.value());
    auto key = constantValue(emitExpr(s.subscriptExprs()[0]));
    if (!key || !std::holds_alternative<std::string>(key->v))
      fail(s.subscriptExprs()[0].range(),
           "Unable to extract string literal index. ModuleDict indexing is only supported with string literals. For "
           "example, 'i = \"a\"; self.layers[i](x)' will fail because i is not a literal. Enumeration of ModuleDict is "
           "supported, e.g. 'for k, v in self.items(): out = v(inp)'");
    return base->attr(s.range(), *this, std::get<std::string>(key->v));
  }
  if (!isModuleContainer(s.value())) return nullptr;
  if (s.subscriptExprs().size() != 1) fail(s.range(), "a module container takes exactly one index");
  SugaredPtr base = emitSugared(s.value());
  auto children = containerChildren(base);
  if (!children) return nullptr;
  Expr ix = s.subscriptExprs()[0];
  std::optional<int64_t> k;
  if (ix.kind() == Kind::Const && !Const(ix.get()).isFloatingPoint()) k = Const(ix.get()).asIntegral();
  if (ix.kind() == Kind::Neg && UnaryOp(ix.get()).operand().kind() == Kind::Const &&
      !Const(UnaryOp(ix.get()).operand().get()).isFloatingPoint())
    k = -Const(UnaryOp(ix.get()).operand().get()).asIntegral();
  if (!k)
    fail(ix.range(),
         "Expected integer literal for index but got a variable or non-integer. ModuleList/Sequential indexing is "
         "only supported with integer literals. For example, 'i = 4; self.layers[i](x)' will fail because i is not "
         "a literal. Enumeration is supported, e.g. 'for index, v in enumerate(self): out = v(inp)'");
  int64_t n = static_cast<int64_t>(children->size());
  int64_t i = *k < 0 ? *k + n : *k;
  if (i < 0 || i >= n) fail(ix.range(), str("Index ", *k, " out of range of length ", n));
  return base->attr(s.range(), *this, (*children)[static_cast<size_t>(i)]);
}

void FunctionEmitter::emitForIn(const SourceRange& loc, const Expr& target, const Expr& iter,
                                const std::function<void()>& body, const std::vector<Stmt>* bodyStmts,
                                const std::function<Value*()>& iterValue) {
  std::vector<std::string> assigned;
  if (bodyStmts) {
    if (target.kind() == Kind::Ident) assigned.push_back(Ident(target.get()).name());
    else if (target.kind() == Kind::TupleLiteral || target.kind() == Kind::ListLiteral)
      for (auto x : ListView<Expr>(target.get()->tree(0)))
        if (x.kind() == Kind::Ident) assigned.push_back(Ident(x.get()).name());
    collectAssigned(*bodyStmts, assigned);
  }
  bool hasReturn = bodyStmts && containsReturn(*bodyStmts);
  std::string callee = iterValue ? "" : calleeName(iter);

  // Module containers: unrolled.
  {
    SugaredPtr container;
    std::shared_ptr<std::vector<std::string>> children;
    bool enumerated = false;
    // nn.ModuleDict: `for k in d` / `d.keys()` (the keys, string constants), `d.values()` (the
    // modules), `d.items()` (both), unrolled over the children as 1.13 does.
    enum class DictIter { None, Keys, Values, Items } dictIter = DictIter::None;
    if (!iterValue) {
      Expr d = iter;
      DictIter how = DictIter::Keys;
      if (iter.kind() == Kind::Apply && Apply(iter.get()).callee().kind() == Kind::Select &&
          Apply(iter.get()).inputs().size() == 0 && Apply(iter.get()).attributes().size() == 0) {
        Select sel(Apply(iter.get()).callee().get());
        const std::string& m = sel.selector().name();
        if (m == "keys" || m == "values" || m == "items") {
          d = sel.value();
          how = m == "keys" ? DictIter::Keys : m == "values" ? DictIter::Values : DictIter::Items;
        }
      }
      if (auto info = staticModuleOf(d); info && info->type->baseName() == "ModuleDict") {
        container = emitSugared(d);
        children = std::make_shared<std::vector<std::string>>();
        for (const auto& a : info->desc->attributes)
          if (a.kind == ModuleAttrDesc::Kind::Module) children->push_back(a.name);
        dictIter = how;
      }
    }
    if (children) {
      // (a ModuleDict, above)
    } else if (!iterValue && isModuleContainer(iter)) {
      container = emitSugared(iter);
      children = containerChildren(container);
    } else if (callee == "enumerate" && !lookup("enumerate") && Apply(iter.get()).inputs().size() == 1 &&
               isModuleContainer(Apply(iter.get()).inputs()[0])) {
      container = emitSugared(Apply(iter.get()).inputs()[0]);
      children = containerChildren(container);
      enumerated = true;
    }
    if (children) {
      // PyTorch reads every child first, then emits the body once per child.
      std::vector<SugaredPtr> elems;
      if (dictIter != DictIter::Keys)
        for (const auto& name : *children) elems.push_back(container->attr(loc, *this, name));
      LoopContext lc{nullptr, false, true};
      loops.push_back(&lc);
      for (size_t i = 0; i < children->size(); ++i) {
        if (frame_->exit != ExitKind::None) break;
        if (dictIter == DictIter::Keys) {
          emitAssignTarget(target, emitConst(Literal{(*children)[i]}));
          body();
          continue;
        }
        Value* mod = elems[i]->asValue(loc, *this);
        if (dictIter == DictIter::Items) {
          if (target.kind() != Kind::TupleLiteral && target.kind() != Kind::ListLiteral)
            fail(target.range(), "ModuleDict.items() needs two loop targets");
          ListView<Expr> ts(target.get()->tree(0));
          if (ts.size() != 2) fail(target.range(), "ModuleDict.items() needs two loop targets");
          emitAssignTarget(ts[0], emitConst(Literal{(*children)[i]}));
          emitAssignTarget(ts[1], mod);
        } else if (enumerated) {
          if (target.kind() != Kind::TupleLiteral && target.kind() != Kind::ListLiteral)
            fail(target.range(), "enumerate over a module container needs two loop targets");
          ListView<Expr> ts(target.get()->tree(0));
          if (ts.size() != 2) fail(target.range(), "enumerate over a module container needs two loop targets");
          emitAssignTarget(ts[0], emitConst(Literal{static_cast<int64_t>(i)}));
          emitAssignTarget(ts[1], mod);
        } else {
          if (target.kind() != Kind::Ident) fail(target.range(), "a module can only be bound to a name");
          emitAssignTarget(target, mod);
        }
        body();
      }
      loops.pop_back();
      return;
    }
  }

  LoopPlan p;
  p.cond = emitConst(Literal{true});
  p.next = [this]() { return emitConst(Literal{true}); };
  auto bindTo = [this, target](Value* v) { emitAssignTarget(target, v); };
  auto lenOf = [this, loc](Value* v) { return emitBuiltinCall(loc, aten::len, {{{}, "", v}}, {}); };
  auto elemOf = [this, loc](Value* seq, Value* idx) -> Value* {
    if (isTensor(seq->type()))
      return emitBuiltinCall(loc, Symbol::aten("select"),
                             {{{}, "", seq}, {{}, "", emitConst(Literal{int64_t(0)})}, {{}, "", idx}}, {});
    return emitBuiltinCall(loc, aten::__getitem__, {{{}, "", seq}, {{}, "", idx}}, {});
  };
  auto asSequence = [this, loc](Value* v, const Expr& e) -> Value* {
    if (v->type()->kind() == TypeKind::Dict) return emitBuiltinCall(loc, Symbol::aten("keys"), {{{}, "", v}}, {});
    if (v->type()->kind() == TypeKind::List || v->type()->kind() == TypeKind::Str || isTensor(v->type())) return v;
    fail(e.range(), "'" + typeName(v->type()) + "' object is not iterable");
  };
  if (callee == "range" && !lookup("range")) {
    Apply a(iter.get());
    auto args = a.inputs();
    if (args.size() < 1 || args.size() > 3) fail(iter.range(), "range expected 1 to 3 arguments");
    std::vector<Value*> vs;
    for (auto x : args) {
      Value* v = emitExpr(x);
      if (v->type()->kind() != TypeKind::Int) fail(x.range(), "range: expected int arguments, got " + typeName(v->type()));
      vs.push_back(v);
    }
    if (vs.size() == 1) {
      p.trip = vs[0];
      p.bind = bindTo;
    } else {
      Value* start = vs[0];
      Value* step = vs.size() == 3 ? vs[2] : emitConst(Literal{int64_t(1)});
      p.trip = insertNode(*graph_, Symbol::aten("__range_length"), {start, vs[1], step}, IntType::get());
      p.bind = [this, start, step, bindTo](Value* i) {
        bindTo(insertNode(*graph_, Symbol::aten("__derive_index"), {i, start, step}, IntType::get()));
      };
    }
  } else if ((callee == "enumerate" || callee == "zip") && !lookup(callee)) {
    // zip / enumerate, nested as 1.13 allows (for i, (x, y) in enumerate(zip(a, b))): one loop
    // over the shortest sequence (a huge length for each enumerate, first), the elements read by
    // index and bound to the nested targets directly.
    struct Iterable {
      Value* seq = nullptr;  // a sequence (leaf), else enumerate / zip of `parts`
      bool enumerate = false;
      Value* start = nullptr;  // enumerate(xs, start): the index is range(start, maxint)'s
      std::vector<Iterable> parts;
    };
    std::vector<Value*> lens;
    std::function<Iterable(const Expr&)> collect = [&](const Expr& e) -> Iterable {
      Iterable it;
      const std::string name = calleeName(e);
      if ((name == "enumerate" || name == "zip") && !lookup(name)) {
        Apply a(e.get());
        if (a.inputs().size() == 0) fail(e.range(), name + " expected at least one argument");
        it.enumerate = name == "enumerate";
        std::vector<Expr> seqs;
        for (auto x : a.inputs()) seqs.push_back(x);
        if (it.enumerate) {
          std::optional<Expr> start;
          if (seqs.size() == 2) start = seqs[1], seqs.pop_back();
          for (auto kw : a.attributes()) {
            if (kw.name().name() != "start" || start) fail(kw.range(), "enumerate() got an unexpected keyword argument");
            start = kw.value();
          }
          if (seqs.size() != 1) fail(e.range(), "enumerate expected one iterable and an optional start");
          Value* maxInt = emitConst(Literal{int64_t(9223372036854775807LL)});
          if (start) {  // as 1.13: range(start, maxint) (a negative start overflows to no iterations)
            it.start = emitExpr(*start, IntType::get());
            lens.push_back(insertNode(*graph_, Symbol::aten("__range_length"),
                                      {it.start, maxInt, emitConst(Literal{int64_t(1)})}, IntType::get()));
          } else {
            lens.push_back(maxInt);
          }
        }
        for (const auto& x : seqs) it.parts.push_back(collect(x));
        return it;
      }
      it.seq = asSequence(emitExpr(e), e);
      lens.push_back(lenOf(it.seq));
      return it;
    };
    auto root = std::make_shared<Iterable>(collect(iter));
    Value* list = emitList(IntType::get(), lens);
    p.trip = insertNode(*graph_, prim::min, {list}, IntType::get());
    p.bind = [this, root, target, elemOf](Value* i) {
      std::function<std::vector<Value*>(const Iterable&)> partsOf;
      std::function<Value*(const Iterable&)> valueOf = [&](const Iterable& it) -> Value* {
        return it.seq ? elemOf(it.seq, i) : emitTuple(partsOf(it));
      };
      auto indexOf = [&](const Iterable& it) {
        return it.start ? insertNode(*graph_, Symbol::aten("__derive_index"),
                                     {i, it.start, emitConst(Literal{int64_t(1)})}, IntType::get())
                        : i;
      };
      partsOf = [&](const Iterable& it) {
        std::vector<Value*> vs;
        if (it.enumerate) vs.push_back(indexOf(it));
        for (const auto& part : it.parts) vs.push_back(valueOf(part));
        return vs;
      };
      std::function<void(const Expr&, const Iterable&)> bind = [&](const Expr& t, const Iterable& it) {
        const bool unpack = !it.seq && (t.kind() == Kind::TupleLiteral || t.kind() == Kind::ListLiteral);
        if (!unpack) return emitAssignTarget(t, valueOf(it));
        ListView<Expr> ts(t.get()->tree(0));
        const size_t n = it.parts.size() + (it.enumerate ? 1 : 0);
        if (ts.size() != n) fail(t.range(), "wrong number of loop targets");
        size_t k = 0;
        if (it.enumerate) emitAssignTarget(ts[k++], indexOf(it));
        for (const auto& part : it.parts) bind(ts[k++], part);
      };
      bind(target, *root);
    };
  } else {
    Value* v = iterValue ? iterValue() : emitExpr(iter);
    if (v->type()->kind() == TypeKind::Tuple) {
      // Tuples are unrolled like module containers (their elements may differ in type).
      std::vector<Value*> elems = unpackTuple(v, iter.range());
      LoopContext lc{nullptr, false, true};
      loops.push_back(&lc);
      for (Value* el : elems) {
        if (frame_->exit != ExitKind::None) break;
        emitAssignTarget(target, el);
        body();
      }
      loops.pop_back();
      return;
    }
    Value* seq = asSequence(v, iter);
    p.trip = lenOf(seq);
    p.bind = [bindTo, elemOf, seq](Value* i) { bindTo(elemOf(seq, i)); };
  }
  emitLoop(*this, loc, p, body, assigned, hasReturn);
}

Value* FunctionEmitter::emitListComp(const ListComp& lc, const TypePtr& hint) {
  std::vector<Comprehension> gens;
  for (auto g : lc.generators()) gens.push_back(g);
  for (auto& g : gens)
    if (g.ifs().size() != 0)
      fail(g.ifs()[0].range(),
           "'if' clauses in list comprehensions are not supported in TorchScript (PyTorch 1.13 reads `x if c` as a "
           "conditional expression: expected 'else' here)");
  Expr elt = lc.elt();
  return emitComprehension(lc.range(), [&, elt](const TypePtr& h) { return emitExpr(elt, h); }, gens, 0, hint);
}

// PyTorch 1.13's parser reads the iterable of a `for` clause with the lowest precedence, so it
// swallows the clauses after it: `[e for a in A for b in B]` is `[e for a in [A for b in B]]`.
// Generator k therefore iterates over the comprehension of generator k's iterable over k + 1.
Value* FunctionEmitter::emitComprehension(const SourceRange& loc, const std::function<Value*(const TypePtr&)>& elt,
                                          const std::vector<Comprehension>& gens, size_t k, const TypePtr& hint) {
  const Comprehension& c = gens[k];
  TypePtr listHint = hint && hint->kind() == TypeKind::List ? hint : nullptr;
  TypePtr elemHint = listHint ? listHint->cast<ListType>()->elementType() : nullptr;
  Node* ln = graph_->insert(prim::ListConstruct, {}, 1);
  ln->setSourceRange(loc);
  Value* list = ln->output();
  list->setType(listHint ? listHint : ListType::create(TensorType::get()));
  bool typeSet = listHint != nullptr;
  // The comprehension is its own scope: nothing assigned in it is visible afterwards.
  Frame scope;
  scope.parent = frame_;
  scope.block = frame_->block;
  Frame* saved = frame_;
  frame_ = &scope;
  std::function<Value*()> iterValue;
  if (k + 1 < gens.size()) {
    Expr inner = c.iter();
    iterValue = [this, loc, inner, &gens, k]() {
      return emitComprehension(loc, [this, inner](const TypePtr& h) { return emitExpr(inner, h); }, gens, k + 1,
                               nullptr);
    };
  }
  emitForIn(
      loc, c.target(), c.iter(),
      [&] {
        Value* v = elt(elemHint);
        if (elemHint && !v->type()->isSubtypeOf(elemHint)) {
          Value* cv = tryConvert(v, elemHint, true);
          if (!cv)
            fail(loc, "List comprehension element has type " + typeName(v->type()) + " but the list was annotated as " +
                          typeName(listHint));
          v = cv;
        }
        if (!typeSet) {
          list->setType(ListType::create(v->type()));
          typeSet = true;
        }
        emitBuiltinCall(loc, Symbol::aten("append"), {{loc, "", list}, {loc, "", v}}, {});
      },
      nullptr, iterValue);
  frame_ = saved;
  return list;
}

// `{k: v for x in xs}`: prim::DictConstruct() (typed from the annotation, else from the first key
// and value), then a loop calling aten::_set_item. Later `for` clauses nest into the iterable as
// for list comprehensions.
Value* FunctionEmitter::emitDictComp(const DictComp& dc, const TypePtr& hint) {
  const SourceRange& loc = dc.range();
  std::vector<Comprehension> gens;
  for (auto g : dc.generators()) gens.push_back(g);
  for (auto& g : gens)
    if (g.ifs().size() != 0)
      fail(g.ifs()[0].range(),
           "'if' clauses in dict comprehensions are not supported in TorchScript (PyTorch 1.13 reads `x if c` as a "
           "conditional expression: expected 'else' here)");
  auto* dictHint = hint ? hint->cast<DictType>() : nullptr;
  Node* dn = graph_->insert(prim::DictConstruct, {}, 1);
  dn->setSourceRange(loc);
  Value* dict = dn->output();
  dict->setType(dictHint ? hint : DictType::create(StringType::get(), TensorType::get()));
  bool typeSet = dictHint != nullptr;
  Frame scope;
  scope.parent = frame_;
  scope.block = frame_->block;
  Frame* saved = frame_;
  frame_ = &scope;
  std::function<Value*()> iterValue;
  if (gens.size() > 1) {
    Expr inner = gens[0].iter();
    iterValue = [this, loc, inner, &gens]() {
      return emitComprehension(loc, [this, inner](const TypePtr& h) { return emitExpr(inner, h); }, gens, 1, nullptr);
    };
  }
  Expr key = dc.key(), val = dc.value();
  emitForIn(
      loc, gens[0].target(), gens[0].iter(),
      [&] {
        Value* k = emitExpr(key, dictHint ? dictHint->keyType() : nullptr);
        Value* v = emitExpr(val, dictHint ? dictHint->valueType() : nullptr);
        if (!typeSet) {
          dict->setType(DictType::create(k->type(), v->type()));
          typeSet = true;
        }
        emitBuiltinCall(loc, aten::_set_item, {{loc, "", dict}, {loc, "", k}, {loc, "", v}}, {});
      },
      nullptr, iterValue);
  frame_ = saved;
  return dict;
}

}  // namespace tsjit::frontend::detail

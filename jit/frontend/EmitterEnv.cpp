// EmitterEnv.cpp — the emitter's environment: frames and variable binding, name resolution
// (locals, then Python builtins, torch/math/F, user and library functions), the If merge that
// turns branch assignments into If outputs, and shared helpers.
// Invariant: mergeIf leaves the insertion point after the If node, in the parent frame's block.
#include <algorithm>
#include <limits>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

void fail(const SourceRange& loc, const std::string& msg) { throw CompileError(msg, loc); }

bool isTensor(const TypePtr& t) { return t && t->kind() == TypeKind::Tensor; }

TypePtr unwrapOptional(const TypePtr& t) {
  if (auto* o = t->cast<OptionalType>()) return o->elementType();
  return t;
}

std::string typeName(const TypePtr& t) { return t ? t->annotationStr() : "<none>"; }

std::optional<Literal> constantValue(const Value* v) {
  const Node* n = v->node();
  if (n->kind() != prim::Constant) return std::nullopt;
  if (v->type()->kind() == TypeKind::None) return Literal{Literal::None{}};
  if (!n->hasAttribute(attr::value)) return std::nullopt;
  const AttributeValue& a = n->attr(attr::value);
  switch (v->type()->kind()) {
    case TypeKind::Int:
      if (auto* i = std::get_if<int64_t>(&a)) return Literal{*i};
      break;
    case TypeKind::Bool:
      if (auto* i = std::get_if<int64_t>(&a)) return Literal{*i != 0};
      break;
    case TypeKind::Float:
      if (auto* d = std::get_if<double>(&a)) return Literal{*d};
      break;
    case TypeKind::Str:
      if (auto* s = std::get_if<std::string>(&a)) return Literal{*s};
      break;
    default:
      if (auto* l = std::get_if<Literal>(&a)) return *l;
      if (auto* is = std::get_if<std::vector<int64_t>>(&a)) {
        Literal::List l;
        for (auto x : *is) l.elems.push_back(Literal{x});
        return Literal{l};
      }
      if (auto* fs = std::get_if<std::vector<double>>(&a)) {
        Literal::List l;
        for (auto x : *fs) l.elems.push_back(Literal{x});
        return Literal{l};
      }
  }
  return std::nullopt;
}

TypePtr literalType(const Literal& l) {
  return std::visit(
      [](const auto& x) -> TypePtr {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Literal::None>) return NoneType::get();
        else if constexpr (std::is_same_v<T, bool>) return BoolType::get();
        else if constexpr (std::is_same_v<T, int64_t>) return IntType::get();
        else if constexpr (std::is_same_v<T, double>) return FloatType::get();
        else if constexpr (std::is_same_v<T, std::string>) return StringType::get();
        else if constexpr (std::is_same_v<T, Literal::Tuple>) {
          std::vector<TypePtr> ts;
          for (auto& e : x.elems) ts.push_back(literalType(e));
          return TupleType::create(ts);
        } else if constexpr (std::is_same_v<T, Literal::List>) {
          return ListType::create(x.elems.empty() ? IntType::get() : literalType(x.elems[0]));
        } else if constexpr (std::is_same_v<T, Literal::Enum>) {
          return x.type;
        } else if constexpr (std::is_same_v<T, std::complex<double>>) {
          return ComplexType::get();
        } else {
          return DictType::create(x.keys.empty() ? StringType::get() : literalType(x.keys[0]),
                                  x.values.empty() ? IntType::get() : literalType(x.values[0]));
        }
      },
      l.v);
}

Value* insertNode(Graph& g, Symbol kind, const std::vector<Value*>& inputs, const TypePtr& outType,
                  const SourceRange& loc) {
  Node* n = g.insert(kind, inputs, outType ? 1 : 0);
  if (loc.valid()) n->setSourceRange(loc);
  if (outType) {
    n->output()->setType(outType);
    return n->output();
  }
  return nullptr;
}

std::vector<Stmt> toVector(const ListView<Stmt>& l) {
  std::vector<Stmt> out;
  for (auto s : l) out.push_back(s);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Syntactic scans

bool alwaysExits(const std::vector<Stmt>& stmts) {
  for (const Stmt& s : stmts) {
    switch (s.kind()) {
      case Kind::Return:
      case Kind::Break:
      case Kind::Continue:
      case Kind::Raise:
        return true;
      case Kind::If: {
        If i(s.get());
        if (alwaysExits(toVector(i.trueBranch())) && alwaysExits(toVector(i.falseBranch()))) return true;
        break;
      }
      case Kind::With:  // __exit__ runs on the way out; the body's exits are the statement's
        if (alwaysExits(toVector(With(s.get()).body()))) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

static bool containsJumpImpl(const std::vector<Stmt>& stmts, bool inLoop) {
  for (const Stmt& s : stmts) {
    switch (s.kind()) {
      case Kind::Return:
        return true;
      case Kind::Break:
      case Kind::Continue:
        if (!inLoop) return true;
        break;
      case Kind::If: {
        If i(s.get());
        if (containsJumpImpl(toVector(i.trueBranch()), inLoop) || containsJumpImpl(toVector(i.falseBranch()), inLoop))
          return true;
        break;
      }
      case Kind::For:
        if (containsJumpImpl(toVector(For(s.get()).body()), true)) return true;
        break;
      case Kind::While:
        if (containsJumpImpl(toVector(While(s.get()).body()), true)) return true;
        break;
      case Kind::With:
        if (containsJumpImpl(toVector(With(s.get()).body()), inLoop)) return true;
        break;
      default:
        break;
    }
  }
  return false;
}
bool containsJump(const std::vector<Stmt>& stmts) { return containsJumpImpl(stmts, false); }

bool containsReturn(const std::vector<Stmt>& stmts) {
  for (const Stmt& s : stmts) {
    switch (s.kind()) {
      case Kind::Return:
        return true;
      case Kind::If: {
        If i(s.get());
        if (containsReturn(toVector(i.trueBranch())) || containsReturn(toVector(i.falseBranch()))) return true;
        break;
      }
      case Kind::For:
        if (containsReturn(toVector(For(s.get()).body()))) return true;
        break;
      case Kind::While:
        if (containsReturn(toVector(While(s.get()).body()))) return true;
        break;
      case Kind::With:
        if (containsReturn(toVector(With(s.get()).body()))) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

static void collectTargets(const Expr& e, std::vector<std::string>& out) {
  if (e.kind() == Kind::Ident) {
    out.push_back(Ident(e.get()).name());
  } else if (e.kind() == Kind::TupleLiteral || e.kind() == Kind::ListLiteral) {
    for (auto x : ListView<Expr>(e.get()->tree(0))) collectTargets(x, out);
  } else if (e.kind() == Kind::Starred) {
    collectTargets(Starred(e.get()).expr(), out);
  }
}

void collectAssigned(const std::vector<Stmt>& stmts, std::vector<std::string>& out) {
  for (const Stmt& s : stmts) {
    switch (s.kind()) {
      case Kind::Assign:
        for (auto t : Assign(s.get()).targets()) collectTargets(t, out);
        break;
      case Kind::AugAssign:
        collectTargets(AugAssign(s.get()).lhs(), out);
        break;
      case Kind::If: {
        If i(s.get());
        collectAssigned(toVector(i.trueBranch()), out);
        collectAssigned(toVector(i.falseBranch()), out);
        break;
      }
      case Kind::For: {
        For f(s.get());
        collectTargets(f.target(), out);
        collectAssigned(toVector(f.body()), out);
        break;
      }
      case Kind::While:
        collectAssigned(toVector(While(s.get()).body()), out);
        break;
      case Kind::With: {
        With w(s.get());
        for (auto item : w.items())
          if (item.var().present()) collectTargets(item.var().value(), out);
        collectAssigned(toVector(w.body()), out);
        break;
      }
      case Kind::Return:
        out.push_back("$ret");
        break;
      default:
        break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Frames

FunctionEmitter::FunctionEmitter(CompilerContext& ctx, std::shared_ptr<ModuleInfo> self)
    : ctx_(ctx), selfInfo_(std::move(self)) {}

Value* FunctionEmitter::lookup(const std::string& name) const {
  for (const Frame* f = frame_; f; f = f->parent) {
    auto it = f->vars.find(name);
    if (it != f->vars.end()) return it->second;
  }
  if (outer_ && !name.empty() && name[0] != '$') {  // a forked nested def reads an outer variable
    if (auto it = capturedNames_.find(name); it != capturedNames_.end()) return it->second;
    if (Value* o = outer_->lookup(name)) {
      Value* in = graph_->addInput(name);
      in->setType(o->type());
      captures_.push_back(o);
      capturedNames_[name] = in;
      return in;
    }
  }
  return nullptr;
}

static Value* lookupFrom(const Frame* f, const std::string& name) {
  for (; f; f = f->parent) {
    auto it = f->vars.find(name);
    if (it != f->vars.end()) return it->second;
  }
  return nullptr;
}

TypePtr FunctionEmitter::declaredType(const std::string& name) const {
  for (const Frame* f = frame_; f; f = f->parent) {
    auto it = f->declared.find(name);
    if (it != f->declared.end()) return it->second;
  }
  return nullptr;
}

void FunctionEmitter::setVar(const std::string& name, Value* v, const SourceRange& loc, bool nameValue) {
  if (TypePtr d = declaredType(name)) {
    if (!v->type()->isSubtypeOf(d)) {
      Value* c = tryConvert(v, d, true);
      if (!c)
        fail(loc, "Variable '" + name + "' is annotated with type " + typeName(d) +
                      " but is being assigned to a value of type " + typeName(v->type()));
      v = c;
    }
  }
  // In an if branch, a variable of an enclosing scope keeps its type: 1.13 rejects `y = 1.5` then
  // `if c: y = 3` (a loop body checks its carried variables itself; a comprehension's scope shares
  // its parent's block and is not a branch). Checked in user Python source only: tsjit's autodiff
  // formulas rebind `grad_bias = None` in a branch.
  if (ctx_.options->pythonTorchModule && !name.empty() && name[0] != '$' && frame_->parent && frame_->block && frame_->block != frame_->parent->block &&
      frame_->block->owningNode() && frame_->block->owningNode()->kind() == prim::If && !declaredType(name))
    if (Value* prev = lookupFrom(frame_->parent, name); prev && !v->type()->isSubtypeOf(prev->type()))
      fail(loc, "Variable '" + name + "' previously had type " + typeName(prev->type()) +
                    " but is now being assigned to a value of type " + typeName(v->type()));
  if (!frame_->vars.count(name)) frame_->assignedOrder.push_back(name);
  frame_->vars[name] = v;
  frame_->undefinedReason.erase(name);
  // As PyTorch: a value gets the name it is first bound to; a block input only in its own block
  // (the trip count of `for i in range(n)` is `%i`); names like `_`, `_3` (what the python printer
  // invents) carry no meaning and are not kept, so printed code imports to the same names.
  bool param = v->node()->kind() == prim::Param;
  bool meaningful = name[0] != '$' && (name[0] != '_' || name.find_first_not_of("0123456789", 1) != std::string::npos);
  if (nameValue && !v->hasDebugName() && meaningful && v->node()->kind() != prim::Constant &&
      (!param || v->node()->owningBlock() == frame_->block))
    v->setDebugName(name);
}

// `del name`. 1.13 removes the name from every enclosing block's table but accepts the statement
// only when the function's outermost block binds it ("undefined value t" for a name bound in a loop
// body only, checked on python3-torch 1.13.1); a later use is then "undefined value name" at the
// use, a later assignment binds it afresh. tsjit does the same at the function's top level; a `del`
// inside an if / loop body of a top-level name (which would have to leave that block's merge) is a
// compile error.
void FunctionEmitter::deleteVariable(const std::string& name, const SourceRange& loc) {
  Frame* outermost = frame_;
  while (outermost->parent) outermost = outermost->parent;
  if (!outermost->vars.count(name)) fail(loc, "undefined value " + name);
  if (frame_ != outermost)
    fail(loc, "del " + name + ": deleting a variable inside an if / loop body is not supported by tsjit "
              "(only at the function's top level)");
  frame_->vars.erase(name);
  std::erase(frame_->assignedOrder, name);
  frame_->undefinedReason[name] = "undefined value " + name;
}

void FunctionEmitter::pushFrame(Frame& f, Block* b) {
  f.parent = frame_;
  f.block = b;
  frame_ = &f;
  graph_->setInsertPoint(b);
}

void FunctionEmitter::popFrame() {
  frame_ = frame_->parent;
  graph_->setInsertPoint(frame_->block);
}

void FunctionEmitter::emitBlockInFrame(Frame& f, Block* b, const std::function<void()>& body,
                                       const std::map<std::string, TypePtr>& refine) {
  pushFrame(f, b);
  for (const auto& [name, type] : refine) {
    Value* v = lookup(name);
    if (!v || *v->type() == *type) continue;
    Value* c = insertNode(*graph_, prim::unchecked_cast, {v}, type);
    setVar(name, c, {});
  }
  body();
  popFrame();
}

namespace {
// A branch's did-exit flag: Yes (it exited by return / break / continue), No (it fell through, or
// raised), or Maybe (an If inside it exits on some paths: `value` is that If's flag output).
struct ExitFlag {
  enum { No, Yes, Maybe } state = No;
  Value* value = nullptr;
};
}  // namespace

void FunctionEmitter::mergeIf(Node* ifNode, Frame& t, Frame& f, const SourceRange& loc,
                              const std::vector<std::string>* namedVars) {
  std::vector<std::string> names = t.assignedOrder;
  for (auto& n : f.assignedOrder)
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  Block* tb = ifNode->blocks()[0];
  Block* fb = ifNode->blocks()[1];
  auto flagOf = [](Frame& b) {
    ExitFlag e;
    if (b.exit == ExitKind::Return || b.exit == ExitKind::Loop) {
      e.state = ExitFlag::Yes;
    } else if (b.exit == ExitKind::None) {
      Value* v = lookupFrom(&b, "$exited");
      if (v && !isConstFalse(v)) {
        e.state = ExitFlag::Maybe;
        e.value = v;
      }
    }
    return e;
  };
  ExitFlag tFlag = flagOf(t), fFlag = flagOf(f);
  bool bothExit = t.exit != ExitKind::None && f.exit != ExitKind::None;

  // The value a branch contributes for `name`; nullptr = prim::Uninitialized. `defined` is false
  // when the branch falls through without binding the name.
  auto valueIn = [&](Frame& b, const ExitFlag& fl, const std::string& name, bool& defined) -> Value* {
    defined = true;
    if (b.exit == ExitKind::Raise) return nullptr;
    if (name[0] == '$') {  // exit values: only meaningful on exiting paths
      if (fl.state == ExitFlag::No) return nullptr;
      return lookupFrom(&b, name);
    }
    if (b.exit == ExitKind::Return) return nullptr;
    Value* v = lookupFrom(&b, name);
    if (!v && b.exit == ExitKind::None) defined = false;
    return v;
  };
  for (const std::string& name : names) {
    if (name == "$exited") continue;
    bool tDef, fDef;
    Value* tv = valueIn(t, tFlag, name, tDef);
    Value* fv = valueIn(f, fFlag, name, fDef);
    if (!tDef || !fDef) {
      frame_->undefinedReason[name] =
          name + " is not defined in the " + std::string(!tDef ? "true" : "false") + " branch";
      continue;
    }
    if (!tv && !fv) continue;  // nothing meaningful on either path
    if (tv == fv) {  // unchanged (e.g. only refined then restored)
      setVar(name, tv, loc);
      continue;
    }
    TypePtr type;
    if (TypePtr d = name[0] == '$' ? nullptr : declaredType(name)) {
      type = d;
    } else if (tv && fv) {
      auto u = unifyTypes(tv->type(), fv->type());
      // Two classes returned as the declared interface (or Any): the declared type joins them.
      if (!u && name == "$ret" && hasDeclaredReturn_ && tv->type()->isSubtypeOf(returnType_) &&
          fv->type()->isSubtypeOf(returnType_))
        u = returnType_;
      if (!u) {
        if (name == "$ret")
          fail(loc, "Previous return statement returned a value of type " + typeName(tv->type()) +
                        " but this return statement returns a value of type " + typeName(fv->type()));
        frame_->undefinedReason[name] = "Type mismatch: " + name + " is set to type " + typeName(tv->type()) +
                                        " in the true branch and type " + typeName(fv->type()) +
                                        " in the false branch";
        continue;
      }
      type = *u;
    } else {
      type = tv ? tv->type() : fv->type();
    }
    auto outputOf = [&](Block* b, Value* v) {
      WithInsertPoint guard(b);
      if (!v) return insertNode(*graph_, prim::Uninitialized, {}, type);
      if (!v->type()->isSubtypeOf(type)) {
        Value* c = tryConvert(v, type, true);
        if (c) return c;
      }
      return v;
    };
    tb->registerOutput(outputOf(tb, tv));
    fb->registerOutput(outputOf(fb, fv));
    Value* out = ifNode->addOutput();
    out->setType(type);
    setVar(name, out, loc);
    if (namedVars && std::find(namedVars->begin(), namedVars->end(), name) == namedVars->end())
      out->setDebugName("");
  }
  if (bothExit) {
    auto has = [&](ExitKind k) { return t.exit == k || f.exit == k; };
    frame_->exit = has(ExitKind::Loop) ? ExitKind::Loop : has(ExitKind::Return) ? ExitKind::Return : ExitKind::Raise;
    return;
  }
  if (tFlag.state == ExitFlag::No && fFlag.state == ExitFlag::No) return;
  // Exits on some paths: the did-exit flag becomes an output.
  auto flagValue = [&](Block* b, const ExitFlag& fl) {
    WithInsertPoint guard(b);
    if (fl.state == ExitFlag::Maybe) return fl.value;
    return emitConst(Literal{fl.state == ExitFlag::Yes});
  };
  tb->registerOutput(flagValue(tb, tFlag));
  fb->registerOutput(flagValue(fb, fFlag));
  Value* out = ifNode->addOutput();
  out->setType(BoolType::get());
  setVar("$exited", out, loc);
}

// ---------------------------------------------------------------------------------------------
// Names

static bool isExceptionName(const std::string& n) {
  static const std::set<std::string> names = {
      "Exception", "ValueError", "RuntimeError", "TypeError", "IndexError", "KeyError", "AssertionError",
      "NotImplementedError", "ZeroDivisionError", "ArithmeticError", "AttributeError", "StopIteration"};
  return names.count(n) != 0;
}

SugaredPtr FunctionEmitter::resolveName(const std::string& name, const SourceRange& loc) {
  if (Value* v = lookup(name)) {
    if (selfInfo_ && v->type()->kind() == TypeKind::Class && v->type()->equals(*selfInfo_->type))
      return std::make_shared<ModuleValue>(v, selfInfo_);
    if (auto* cls = v->type()->cast<ClassType>())
      if (auto mi = ctx_.moduleInfos.find(cls); mi != ctx_.moduleInfos.end())
        return std::make_shared<ModuleValue>(v, mi->second);
    return std::make_shared<SimpleValue>(v);
  }
  for (const Frame* f = frame_; f; f = f->parent) {
    auto s = f->sugared.find(name);
    if (s != f->sugared.end()) return s->second;
  }
  for (const Frame* f = frame_; f; f = f->parent) {
    auto it = f->undefinedReason.find(name);
    if (it != f->undefinedReason.end()) fail(loc, it->second);
  }
  static const std::set<std::string> specials = {
      "len",   "range", "int",     "float", "bool",  "str",      "min",        "max",       "abs",
      "isinstance", "print", "list", "sorted", "divmod", "enumerate", "zip", "getattr", "hasattr",
      "annotate", "unchecked_cast", "uninitialized", "round", "sum", "all", "any", "tuple", "dict", "ord", "chr",
      "complex", "hex", "oct", "bin"};
  if (name == "torch") return std::make_shared<BuiltinModule>("torch");
  if (name == "math") return std::make_shared<BuiltinModule>("math");
  if (name == "F") return std::make_shared<BuiltinModule>("F");
  if (name == "nn") return std::make_shared<BuiltinModule>("torch.nn");
  if (name == "ops") return std::make_shared<BuiltinModule>("ops");
  if (name == "__torch__") return std::make_shared<BuiltinModule>("__torch__");
  if (name == "CONSTANTS") return std::make_shared<BuiltinModule>("CONSTANTS");  // archive code's tensor table
  if (name == "warnings") return std::make_shared<BuiltinModule>("warnings");
  if (specials.count(name)) return std::make_shared<SpecialForm>(name);
  if (isExceptionName(name)) return std::make_shared<ExceptionClass>(name);
  if (ctx_.userDefs.count(name)) return std::make_shared<FunctionRef>(name);
  if (TypePtr t = namedTupleType(name)) return std::make_shared<NamedTupleClass>(name, t);
  if (TypePtr t = ctx_.enumType(name)) return std::make_shared<EnumClass>(t);
  if (auto info = ctx_.userClass(name, loc)) return std::make_shared<UserClass>(info);
  if ((name == "fork" || name == "wait") && ctx_.options->allMethods)  // archive code: fork(closure)
    return std::make_shared<SpecialForm>(name);
  // Printed code (archives, the library) writes float("inf") / float("nan") as bare inf / nan
  // (`masked_fill(m, -inf)`); 1.13's source importer defines both names for it, not for user source.
  if ((name == "inf" || name == "nan") &&
      (ctx_.options->allMethods || (loc.valid() && loc.source()->filename().find("code/__torch__") != std::string::npos)))
    return std::make_shared<SimpleValue>(
        emitConst(Literal{name == "inf" ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN()}, loc));
  if (outer_) return outer_->resolveName(name, loc);  // a forked nested def: outer functions, classes
  fail(loc, "undefined value " + name);
}

Value* SugaredValue::asValue(const SourceRange& loc, FunctionEmitter&) {
  fail(loc, kind() + " cannot be used as a value");
}
SugaredPtr SugaredValue::attr(const SourceRange& loc, FunctionEmitter&, const std::string& name) {
  fail(loc, "attribute lookup is not defined on " + kind() + " (looking up '" + name + "')");
}
SugaredPtr SugaredValue::call(const SourceRange& loc, FunctionEmitter&, const Apply&) {
  fail(loc, "cannot call a " + kind());
}

}  // namespace tsjit::frontend::detail

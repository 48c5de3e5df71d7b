// EmitterStmt.cpp — statements: def bodies, assignment (names, tuples, subscripts, attributes),
// augmented assignment (in place for tensors), if statements (the choice between moving the
// statements after an exiting `if` into its other branch and guarding them, see EmitterExit.cpp),
// raise, assert, del, expression statements. Loops are in EmitterLoop.cpp.
// Invariant: after emitStatements returns, frame()->exit says whether control can fall through;
// a tail list never falls through (its end is an implicit return / next iteration).
#include <algorithm>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

namespace {
// The op an augmented assignment emits, as 1.13's getAugOp: tensors and lists (`inplace`) take
// the in-place op for + - * / and fmod_ for %, but the *out-of-place* bitwise_and/or/xor and
// __lshift__ (so `t &= m` rebinds t and `t[0] &= m` writes nothing), __irshift__ for >>; numbers
// take fmod for % (a float, C's sign) and pow for **. //= and @= are rejected (1.13's wording).
Symbol augOpSymbol(const AugAssign& a, bool inplace) {
  switch (a.op()) {
    case Kind::Add: return Symbol::aten(inplace ? "add_" : "add");
    case Kind::Sub: return Symbol::aten(inplace ? "sub_" : "sub");
    case Kind::Mul: return Symbol::aten(inplace ? "mul_" : "mul");
    case Kind::Div: return Symbol::aten(inplace ? "div_" : "div");
    case Kind::Mod: return Symbol::aten(inplace ? "fmod_" : "fmod");
    case Kind::Pow: return Symbol::aten("pow");
    case Kind::BitAnd: return Symbol::aten(inplace ? "bitwise_and" : "__and__");
    case Kind::BitOr: return Symbol::aten(inplace ? "bitwise_or" : "__or__");
    case Kind::BitXor: return Symbol::aten(inplace ? "bitwise_xor" : "__xor__");
    case Kind::LShift: return Symbol::aten("__lshift__");
    case Kind::RShift: return Symbol::aten(inplace ? "__irshift__" : "__rshift__");
    case Kind::FloorDiv:
      throw CompileError("unsupported kind of augumented assignment: FloorDiv", a.range());
    case Kind::MatMul:
      throw CompileError("unsupported kind of augumented assignment: MatMult", a.range());
    default: throw CompileError("unsupported kind of augmented assignment", a.range());
  }
}

bool augInPlace(const TypePtr& t) { return isTensor(t) || t->kind() == TypeKind::List; }
}  // namespace

void FunctionEmitter::emitIf(const If& s, Value* cond, const std::vector<Stmt>& rest, bool moveRest, bool tail) {
  Refinements ref = refinementsOf(s.cond());
  Node* n = graph_->insert(prim::If, {cond}, 0);
  n->setSourceRange(s.range());
  Block* tb = n->addBlock();
  Block* fb = n->addBlock();
  auto tStmts = toVector(s.trueBranch()), fStmts = toVector(s.falseBranch());
  bool tAlways = alwaysExits(tStmts), fAlways = alwaysExits(fStmts);
  Frame tf, ff;
  auto branch = [&](std::vector<Stmt> stmts, bool always) {
    return [this, stmts, always, moveRest, tail, &rest]() mutable {
      bool moving = moveRest && !always;
      if (moving) stmts.insert(stmts.end(), rest.begin(), rest.end());
      emitStatements(stmts, moving && tail);
    };
  };
  emitBlockInFrame(tf, tb, branch(tStmts, tAlways), ref.whenTrue);
  emitBlockInFrame(ff, fb, branch(fStmts, fAlways), ref.whenFalse);
  if (!moveRest) {
    mergeIf(n, tf, ff, s.range());
    return;
  }
  // Only the variables the if statement itself assigns keep their names on the outputs.
  std::vector<std::string> own;
  collectAssigned(tStmts, own);
  collectAssigned(fStmts, own);
  mergeIf(n, tf, ff, s.range(), &own);
}

void FunctionEmitter::emitStatements(const std::vector<Stmt>& stmts, bool tail) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (frame_->exit != ExitKind::None) return;
    const Stmt& s = stmts[i];
    std::vector<Stmt> rest(stmts.begin() + static_cast<long>(i) + 1, stmts.end());
    switch (s.kind()) {
      case Kind::If: {
        If ifs(s.get());
        Value* cond = emitCondition(ifs.cond());
        if (auto c = constantValue(cond); c && std::holds_alternative<bool>(c->v)) {
          // A static if (1.13's CondValue::staticIf: a constant condition, `x is None` decided by
          // types): only the branch taken is compiled, in place, followed by the rest.
          auto chosen = toVector(std::get<bool>(c->v) ? ifs.trueBranch() : ifs.falseBranch());
          chosen.insert(chosen.end(), rest.begin(), rest.end());
          emitStatements(chosen, tail);
          return;
        }
        auto t = toVector(ifs.trueBranch()), f = toVector(ifs.falseBranch());
        bool tJ = containsJump(t), fJ = containsJump(f);
        bool tA = alwaysExits(t), fA = alwaysExits(f);
        if ((tA && tJ && !fJ) || (fA && fJ && !tJ)) {
          // One branch always exits, the other never does: the rest moves into the other branch
          // (what PyTorch's exit transform + inlining of consecutive Ifs produce).
          // Not tail: when the moved rest falls through, "$exited" flows out to the enclosing list.
          emitIf(ifs, cond, rest, !(tA && fA), tail);
          return;
        }
        emitIf(ifs, cond, {}, false, false);
        if (frame_->exit == ExitKind::None && mightHaveExited()) {
          guardRest(rest, tail, s.range());
          return;
        }
        break;
      }
      case Kind::For:
      case Kind::While: {
        auto body = toVector(s.kind() == Kind::For ? For(s.get()).body() : While(s.get()).body());
        if (s.kind() == Kind::For) emitFor(For(s.get()));
        else emitWhile(While(s.get()));
        if (frame_->exit == ExitKind::None && containsReturn(body) && mightHaveExited()) {
          guardRest(rest, tail, s.range());
          return;
        }
        break;
      }
      case Kind::Assign: {
        Assign a(s.get());
        TypePtr declared = a.type().present() ? parseTypeExpr(a.type().value()) : nullptr;
        if (!a.rhs().present()) {
          // `x: T` alone: a declaration.
          if (declared && a.lhs().kind() == Kind::Ident) frame_->declared[Ident(a.lhs().get()).name()] = declared;
          break;
        }
        Expr rhs = a.rhs().value();
        auto targets = a.targets();
        // `a, b = x, y`: no tuple is built.
        if (targets.size() == 1 && rhs.kind() == Kind::TupleLiteral &&
            (targets[0].kind() == Kind::TupleLiteral || targets[0].kind() == Kind::ListLiteral)) {
          ListView<Expr> ls(targets[0].get()->tree(0));
          ListView<Expr> rs(rhs.get()->tree(0));
          if (ls.size() != rs.size())
            fail(a.range(), str("too many values to unpack: need ", ls.size(), " but found ", rs.size()));
          std::vector<Value*> vs;
          for (auto r : rs) vs.push_back(emitExpr(r));
          for (size_t k = 0; k < vs.size(); ++k) {
            if (aliasesInArchiveCode(ls[k], rs[k])) setVar(Ident(ls[k].get()).name(), vs[k], ls[k].range(), false);
            else emitAssignTarget(ls[k], vs[k]);
          }
          break;
        }
        if (declared && targets.size() == 1 && targets[0].kind() == Kind::Ident)
          frame_->declared[Ident(targets[0].get()).name()] = declared;
        SugaredPtr sv = emitSugared(rhs, declared);
        if (targets.size() == 1 && targets[0].kind() == Kind::Ident &&
            (dynamic_cast<FunctionRef*>(sv.get()) || dynamic_cast<BuiltinFunction*>(sv.get()) ||
             dynamic_cast<BuiltinModule*>(sv.get()))) {
          frame_->sugared[Ident(targets[0].get()).name()] = sv;  // `_0 = __torch__.f` in printed code
          break;
        }
        Value* v = sv->asValue(rhs.range(), *this);
        // Archive code: `x = y` (a bare name on the right) aliases y's value without naming it;
        // the printer writes such an assignment only for a value it printed unnamed.
        if (targets.size() == 1 && !declared && aliasesInArchiveCode(targets[0], rhs)) {
          setVar(Ident(targets[0].get()).name(), v, targets[0].range(), /*nameValue=*/false);
          break;
        }
        for (auto t : targets) emitAssignTarget(t, v, declared);
        break;
      }
      case Kind::AugAssign: {
        AugAssign a(s.get());
        Expr lhs = a.lhs();
        if (lhs.kind() == Kind::Subscript) {
          // As 1.13's emitAugAssignmentToSubscript: the container and the index are evaluated once.
          Subscript sub(lhs.get());
          Value* base = emitExpr(sub.value());
          if (isTensor(base->type())) {
            auto [view, indices] = emitIntAndSliceIndexing(sub.range(), base, sub.subscriptExprs());
            Value* r = emitExpr(a.rhs());
            Symbol op = augOpSymbol(a, true);
            if (indices.empty()) {
              emitBuiltinCall(a.range(), op, {{{}, "", view}, {{}, "", r}}, {});
            } else {
              // Advanced indexing: index, the in-place op on that copy, index_put_ back.
              Value* list = emitList(OptionalType::create(TensorType::get()), indices);
              Value* cur = emitBuiltinCall(a.range(), Symbol::aten("index"), {{{}, "", view}, {{}, "", list}}, {});
              Value* nv = emitBuiltinCall(a.range(), op, {{{}, "", cur}, {{}, "", r}}, {});
              emitBuiltinCall(a.range(), Symbol::aten("index_put_"), {{{}, "", view}, {{}, "", list}, {{}, "", nv}}, {});
            }
            break;
          }
          TypeKind bk = base->type()->kind();
          if ((bk == TypeKind::List || bk == TypeKind::Dict) && sub.subscriptExprs().size() == 1 &&
              sub.subscriptExprs()[0].kind() != Kind::SliceExpr) {
            TypePtr hint;
            if (auto* d = base->type()->cast<DictType>()) hint = d->keyType();
            Value* idx = emitExpr(sub.subscriptExprs()[0], hint);
            Value* r = emitExpr(a.rhs());
            Value* cur = emitBuiltinCall(a.range(), aten::__getitem__, {{{}, "", base}, {{}, "", idx}}, {});
            Value* nv = emitBuiltinCall(a.range(), augOpSymbol(a, augInPlace(cur->type())), {{{}, "", cur}, {{}, "", r}}, {});
            emitBuiltinCall(a.range(), aten::_set_item, {{{}, "", base}, {{}, "", idx}, {{}, "", nv}}, {});
            break;
          }
          Value* cur = emitSubscript(sub, base);
          Value* r = emitExpr(a.rhs());
          Value* nv = emitBuiltinCall(a.range(), augOpSymbol(a, augInPlace(cur->type())), {{{}, "", cur}, {{}, "", r}}, {});
          Value* idx = emitExpr(sub.subscriptExprs()[0]);
          emitBuiltinCall(a.range(), aten::_set_item, {{{}, "", base}, {{}, "", idx}, {{}, "", nv}}, {});
          break;
        }
        Value* cur = emitExpr(lhs);
        Value* r = emitExpr(a.rhs());
        Value* nv = emitBuiltinCall(a.range(), augOpSymbol(a, augInPlace(cur->type())), {{{}, "", cur}, {{}, "", r}}, {});
        emitAssignTarget(lhs, nv);
        break;
      }
      case Kind::Return:
        emitReturn(Return(s.get()));
        break;
      case Kind::Break:
      case Kind::Continue:
        emitBreakContinue(s);
        break;
      case Kind::Raise: {
        Raise r(s.get());
        if (!r.expr().present()) fail(s.range(), "a bare 'raise' is not supported");
        SugaredPtr ex = emitSugared(r.expr().value());
        Value* msg = nullptr;
        Value* clsV = nullptr;
        if (auto* inst = dynamic_cast<ExceptionInstance*>(ex.get()); inst && inst->name == "AssertionError") {
          // 1.13 raises AssertionError(m) as an assert does: the message "AssertionError: m" with
          // no class ("RuntimeError: AssertionError: m"; checked on python3-torch 1.13.1).
          const std::string head = "AssertionError: ";
          auto lit = inst->message ? constantValue(inst->message) : std::optional<Literal>(Literal{std::string()});
          if (lit && std::holds_alternative<std::string>(lit->v))
            msg = emitConst(Literal{head + std::get<std::string>(lit->v)});
          else
            msg = emitBuiltinCall(r.range(), aten::add, {{{}, "", emitConst(Literal{head})}, {{}, "", inst->message}}, {});
          clsV = emitNone();
        } else if (auto* inst = dynamic_cast<ExceptionInstance*>(ex.get())) {
          msg = inst->message;
          clsV = emitConst(Literal{"builtins." + inst->name});
        } else if (dynamic_cast<ExceptionClass*>(ex.get())) {
          clsV = emitNone();  // `raise IndexError` (not called): 1.13 raises a plain RuntimeError
        } else {
          fail(r.expr().value().range(), "exceptions must derive from BaseException");
        }
        if (!msg) msg = emitConst(Literal{std::string()});
        Node* n = graph_->insert(prim::RaiseException, {msg, clsV}, 0);
        n->setSourceRange(s.range());
        frame_->exit = ExitKind::Raise;
        break;
      }
      case Kind::Assert: {
        Assert a(s.get());
        Value* cond = emitCondition(a.test());
        Refinements ref = refinementsOf(a.test());
        Value* msg;
        if (a.msg().present()) {
          Value* m = emitExpr(a.msg().value());
          if (auto lit = constantValue(m); lit && std::holds_alternative<std::string>(lit->v)) {
            msg = emitConst(Literal{"AssertionError: " + std::get<std::string>(lit->v)});
          } else {
            if (m->type()->kind() != TypeKind::Str) m = emitBuiltinCall(a.range(), Symbol::aten("str"), {{{}, "", m}}, {});
            msg = emitBuiltinCall(a.range(), aten::add, {{{}, "", emitConst(Literal{std::string("AssertionError: ")})},
                                                         {{}, "", m}}, {});
          }
        } else {
          msg = emitConst(Literal{std::string("AssertionError: ")});
        }
        Node* n = graph_->insert(prim::If, {cond}, 0);
        n->setSourceRange(a.range());
        n->addBlock();
        Block* fb = n->addBlock();
        {
          WithInsertPoint g(fb);
          if (msg->node()->kind() != prim::Constant) {
            // keep the message computation where PyTorch has it: before the If is fine
          }
          graph_->insert(prim::RaiseException, {msg, emitNone()}, 0)->setSourceRange(a.range());
        }
        for (const auto& [name, type] : ref.whenTrue) {
          Value* v = lookup(name);
          if (v && !(*v->type() == *type)) setVar(name, insertNode(*graph_, prim::unchecked_cast, {v}, type), {});
        }
        break;
      }
      case Kind::Delete: {
        for (auto t : Delete(s.get()).targets()) {
          if (t.kind() == Kind::Ident) {
            deleteVariable(Ident(t.get()).name(), t.range());
            continue;
          }
          if (t.kind() != Kind::Subscript) fail(t.range(), "del: only `del name` and `del container[key]` are supported");
          Subscript sub(t.get());
          Value* c = emitExpr(sub.value());
          Value* k = emitExpr(sub.subscriptExprs()[0]);
          emitBuiltinCall(t.range(), Symbol::aten("Delete"), {{{}, "", c}, {{}, "", k}}, {});
        }
        break;
      }
      case Kind::ExprStmt: {
        Expr e = ExprStmt(s.get()).expr();
        if (e.kind() == Kind::StringLiteral) break;  // docstring / comment string
        emitSugared(e);
        break;
      }
      case Kind::Pass:
        break;
      case Kind::Def: {
        // Archive code only (1.13 rejects them in Python source): `def __forked_function():`.
        Def d(s.get());
        if (!ctx_.options->allMethods || !d.decl().params().empty() || d.decl().returnType().present() ||
            !d.decorators().empty())
          fail(s.range(), "nested function definitions are not supported");
        frame_->sugared[d.name().name()] = std::make_shared<NestedDef>(d);
        break;
      }
      case Kind::ClassDef:
        fail(s.range(), "class definitions inside functions are not supported");
      case Kind::With:
        emitWith(With(s.get()));
        if (frame_->exit == ExitKind::None && containsJump(toVector(With(s.get()).body())) && mightHaveExited()) {
          guardRest(rest, tail, s.range());
          return;
        }
        break;
      case Kind::Global:
      case Kind::Nonlocal:
        fail(s.range(), "global/nonlocal declarations are not supported in TorchScript");
      case Kind::Import:
      case Kind::ImportFrom:
        fail(s.range(), "import statements are not supported inside TorchScript functions");
      default:
        fail(s.range(), std::string("unsupported statement: ") + kindName(s.kind()));
    }
  }
  if (tail && frame_->exit == ExitKind::None) emitImplicitExit();
}

bool FunctionEmitter::aliasesInArchiveCode(const Expr& target, const Expr& value) {
  return ctx().options && ctx().options->allMethods && target.kind() == Kind::Ident && value.kind() == Kind::Ident;
}

void FunctionEmitter::emitAssignTarget(const Expr& target, Value* v, const TypePtr& declared) {
  switch (target.kind()) {
    case Kind::Ident:
      setVar(Ident(target.get()).name(), v, target.range());
      return;
    case Kind::TupleLiteral:
    case Kind::ListLiteral: {
      ListView<Expr> ts(target.get()->tree(0));
      std::vector<Value*> parts;
      if (v->type()->kind() == TypeKind::Tuple) {
        parts = unpackTuple(v, target.range());
      } else if (v->type()->kind() == TypeKind::List) {
        Node* n = graph_->insert(prim::ListUnpack, {v}, ts.size());
        for (auto* o : n->outputs()) o->setType(v->type()->cast<ListType>()->elementType());
        parts = n->outputs();
      } else {
        fail(target.range(), "cannot unpack a value of type " + typeName(v->type()));
      }
      if (parts.size() != ts.size())
        fail(target.range(), str("too many values to unpack: need ", ts.size(), " but found ", parts.size()));
      for (size_t i = 0; i < parts.size(); ++i) emitAssignTarget(ts[i], parts[i]);
      return;
    }
    case Kind::Subscript: {
      Subscript sub(target.get());
      Value* base = emitExpr(sub.value());
      if (isTensor(base->type())) {
        emitTensorSubscriptAssign(target.range(), sub, base, v);
        return;
      }
      if (sub.subscriptExprs().size() != 1) fail(target.range(), "only one subscript is supported here");
      Value* idx = emitExpr(sub.subscriptExprs()[0]);
      emitBuiltinCall(target.range(), aten::_set_item, {{{}, "", base}, {{}, "", idx}, {{}, "", v}}, {});
      return;
    }
    case Kind::Select: {
      Select sel(target.get());
      Value* obj = emitExpr(sel.value());
      auto* cls = obj->type()->cast<ClassType>();
      const std::string& name = sel.selector().name();
      if (!cls) fail(target.range(), "cannot assign attribute '" + name + "' of a value of type " + typeName(obj->type()));
      const auto* a = cls->findAttribute(name);
      if (!a && inUserInit && selfInfo() && cls == selfInfo()->type.get()) {
        // A user class's __init__ declares its attributes: the annotation, else the value's type.
        selfInfo()->type->addAttribute(name, declared ? declared : v->type());
        a = cls->findAttribute(name);
      }
      if (!a) fail(target.range(), "Tried to set nonexistent attribute: " + name + ". Did you forget to initialize it in __init__()?");
      if (!v->type()->isSubtypeOf(a->type)) {
        Value* c = tryConvert(v, a->type, true);
        if (!c)
          fail(target.range(), "Wrong type for attribute assignment. Expected " + typeName(a->type) + " but got " +
                                   typeName(v->type()));
        v = c;
      }
      Node* n = graph_->insert(prim::SetAttr, {obj, v}, 0);
      n->s_(attr::name, name);
      n->setSourceRange(target.range());
      return;
    }
    case Kind::Starred:
      fail(target.range(), "starred assignment targets are not supported");
    default:
      (void)declared;
      fail(target.range(), std::string("cannot assign to ") + kindName(target.kind()));
  }
}

}  // namespace tsjit::frontend::detail

namespace tsjit::frontend::detail {

// `with a as x, b:` on user-class objects, in the form 1.13's exit transform leaves it: per item
// prim::Enter(obj) (its result is __enter__'s, bound to the `as` target), the body in place, then
// prim::Exit(obj) per item, innermost first. The engines exit the entered objects when the body
// raises; return / break / continue out of the body pass through the Exits (1.13's exit transform).
void FunctionEmitter::emitWith(const With& w) {
  std::vector<Stmt> body = toVector(w.body());
  std::vector<Value*> entered;
  for (auto item : w.items()) {
    Expr target = item.target();
    SourceRange loc = target.kind() == Kind::Apply ? Apply(target.get()).callee().range() : target.range();
    Value* obj = emitExpr(target);
    auto* cls = obj->type()->cast<ClassType>();
    if (!cls) fail(loc, "With item expression must return an object");  // 1.13's wording
    auto info = ctx_.moduleInfos.count(cls) ? ctx_.moduleInfos.at(cls) : nullptr;
    FunctionInfo* enter = info ? ctx_.getMethod(info, "__enter__", loc) : nullptr;
    FunctionInfo* exit = info ? ctx_.getMethod(info, "__exit__", loc) : nullptr;
    if (!enter || !exit) fail(loc, "Object returned by with item expression does not define __enter__ and __exit__ methods");
    if (exit->argNames.size() != 3)
      fail(loc, "__exit__ of " + cls->qualifiedName() + " must take (exc_type, exc_value, traceback)");
    Value* v = insertNode(*graph_, prim::Enter, {obj}, enter->returnType ? enter->returnType : NoneType::get());
    if (item.var().present()) emitAssignTarget(item.var().value(), v);
    entered.push_back(obj);
  }
  emitStatements(body);
  // Return / break / continue out of the body are exit-transformed like any exit (the flags and
  // values flow out of the body), so the Exits below run on those paths too, exactly once; the
  // statements after the `with` are guarded by the caller. A body that raises on every path
  // gets no Exit: the engines exit while unwinding.
  if (frame_->exit == ExitKind::Raise) return;
  for (auto it = entered.rbegin(); it != entered.rend(); ++it)
    insertNode(*graph_, prim::Exit, {*it}, TensorType::get());  // 1.13 types the output Tensor
}

// As 1.13's emitSubscriptAssign: the int / slice indexing gives a view; a scalar value becomes a
// tensor of the view's dtype and device; with no tensor index the view is copy_'d into, otherwise
// aten::index_put_(view, indices, value, False) writes through the tensor indices.
void FunctionEmitter::emitTensorSubscriptAssign(const SourceRange& loc, const Subscript& sub, Value* base, Value* v) {
  auto [view, indices] = emitIntAndSliceIndexing(sub.range(), base, sub.subscriptExprs());
  Value* src = v;
  if (!isTensor(v->type())) {
    Value* dt = insertNode(*graph_, prim::dtype, {view}, IntType::get());
    Value* dev = insertNode(*graph_, prim::device, {view}, DeviceObjType::get());
    src = emitBuiltinCall(loc, Symbol::aten("tensor"), {{{}, "", v}},
                          {{{}, "dtype", dt}, {{}, "device", dev}, {{}, "requires_grad", emitConst(Literal{false})}});
  }
  if (indices.empty()) {
    emitBuiltinCall(loc, Symbol::aten("copy_"), {{{}, "", view}, {{}, "", src}}, {});
    return;
  }
  Value* list = emitList(OptionalType::create(TensorType::get()), indices);
  emitBuiltinCall(loc, Symbol::aten("index_put_"), {{{}, "", view}, {{}, "", list}, {{}, "", src}}, {});
}

}  // namespace tsjit::frontend::detail

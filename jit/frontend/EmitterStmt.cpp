// EmitterStmt.cpp — statements: def bodies, assignment (names, tuples, subscripts, attributes),
// augmented assignment (in place for tensors), if / for / while with the exit transform
// (return / break / continue move the following statements into the other branch), raise,
// assert, del, expression statements.
// Invariant: after emitStatements returns, frame()->exit says whether control can fall through.
#include <algorithm>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

namespace {
Symbol augOpSymbol(Kind k, bool inplace, bool tensorLhs) {
  switch (k) {
    case Kind::Add: return Symbol::aten(inplace ? "add_" : "add");
    case Kind::Sub: return Symbol::aten(inplace ? "sub_" : "sub");
    case Kind::Mul: return Symbol::aten(inplace ? "mul_" : "mul");
    case Kind::Div: return Symbol::aten(inplace ? "div_" : "div");
    case Kind::Mod: return Symbol::aten(inplace ? "remainder_" : "remainder");
    case Kind::Pow: return Symbol::aten(inplace ? "pow_" : "pow");
    case Kind::FloorDiv: return Symbol::aten(inplace ? "floor_divide_" : (tensorLhs ? "floor_divide" : "floordiv"));
    case Kind::BitAnd: return Symbol::aten(inplace ? "__iand__" : "__and__");
    case Kind::BitOr: return Symbol::aten(inplace ? "__ior__" : "__or__");
    case Kind::BitXor: return Symbol::aten(inplace ? "__ixor__" : "__xor__");
    case Kind::LShift: return Symbol::aten(inplace ? "__ilshift__" : "__lshift__");
    case Kind::RShift: return Symbol::aten(inplace ? "__irshift__" : "__rshift__");
    case Kind::MatMul: return Symbol::aten("matmul");
    default: return Symbol::aten("add");
  }
}
}  // namespace

void FunctionEmitter::emitIf(const If& s, const std::vector<Stmt>& rest, bool moveRest) {
  Value* cond = emitCondition(s.cond());
  Refinements ref = refinementsOf(s.cond());
  Node* n = graph_->insert(prim::If, {cond}, 0);
  n->setSourceRange(s.range());
  Block* tb = n->addBlock();
  Block* fb = n->addBlock();
  auto tStmts = toVector(s.trueBranch()), fStmts = toVector(s.falseBranch());
  bool tAlways = alwaysExits(tStmts), fAlways = alwaysExits(fStmts);
  Frame tf, ff;
  auto branch = [&](std::vector<Stmt> stmts, bool always) {
    return [this, stmts, always, moveRest, &rest, &s]() mutable {
      bool moving = moveRest && !always;
      if (moving) stmts.insert(stmts.end(), rest.begin(), rest.end());
      emitStatements(stmts);
      if (moving && frame_->exit == ExitKind::None) {
        // Falling off the end of a moved continuation: the implicit return / next iteration.
        if (!loops.empty()) {
          setVar("$cond", loops.back()->continueCondition(), {});
        } else {
          if (hasDeclaredReturn_ && !NoneType::get()->isSubtypeOf(returnType_))
            fail(s.range(), "Function was annotated as returning " + typeName(returnType_) +
                                " but does not return along all paths");
          setVar("$ret", emitNone(), {});
        }
        frame_->exit = ExitKind::Jump;
      }
    };
  };
  emitBlockInFrame(tf, tb, branch(tStmts, tAlways), ref.whenTrue);
  emitBlockInFrame(ff, fb, branch(fStmts, fAlways), ref.whenFalse);
  mergeIf(n, tf, ff, s.range());
}

void FunctionEmitter::emitStatements(const std::vector<Stmt>& stmts) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (frame_->exit != ExitKind::None) return;
    const Stmt& s = stmts[i];
    std::vector<Stmt> rest(stmts.begin() + static_cast<long>(i) + 1, stmts.end());
    switch (s.kind()) {
      case Kind::If: {
        If ifs(s.get());
        auto t = toVector(ifs.trueBranch()), f = toVector(ifs.falseBranch());
        bool tJ = containsJump(t), fJ = containsJump(f);
        bool tA = alwaysExits(t), fA = alwaysExits(f);
        if ((tJ || fJ) && !(tA && fA)) {
          if (!tA && !fA)
            fail(s.range(),
                 "unsupported control flow: an early return/break/continue that does not leave on every path "
                 "of its branch while the other branch continues");
          emitIf(ifs, rest, true);
          return;
        }
        emitIf(ifs, {}, false);
        break;
      }
      case Kind::For:
        emitFor(For(s.get()), rest);
        break;
      case Kind::While:
        emitWhile(While(s.get()), rest);
        break;
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
          for (size_t k = 0; k < vs.size(); ++k) emitAssignTarget(ls[k], vs[k]);
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
        for (auto t : targets) emitAssignTarget(t, v, declared);
        break;
      }
      case Kind::AugAssign: {
        AugAssign a(s.get());
        Expr lhs = a.lhs();
        if (lhs.kind() == Kind::Subscript) {
          Subscript sub(lhs.get());
          Value* cur = emitSubscript(sub);
          Value* r = emitExpr(a.rhs());
          if (isTensor(cur->type())) {
            emitBuiltinCall(a.range(), augOpSymbol(a.op(), true, true), {{{}, "", cur}, {{}, "", r}}, {});
          } else {
            Value* nv = emitBuiltinCall(a.range(), augOpSymbol(a.op(), false, false), {{{}, "", cur}, {{}, "", r}}, {});
            Value* container = emitExpr(sub.value());
            Value* idx = emitExpr(sub.subscriptExprs()[0]);
            emitBuiltinCall(a.range(), aten::_set_item, {{{}, "", container}, {{}, "", idx}, {{}, "", nv}}, {});
          }
          break;
        }
        Value* cur = emitExpr(lhs);
        Value* r = emitExpr(a.rhs());
        bool tensor = isTensor(cur->type());
        Value* nv = emitBuiltinCall(a.range(), augOpSymbol(a.op(), tensor && a.op() != Kind::MatMul, tensor),
                                    {{{}, "", cur}, {{}, "", r}}, {});
        emitAssignTarget(lhs, nv);
        break;
      }
      case Kind::Return: {
        Return r(s.get());
        if (!loops.empty()) fail(s.range(), "return statements inside loops are not supported");
        Value* v = r.expr().present() ? emitExpr(r.expr().value(), returnType_) : emitNone();
        if (hasDeclaredReturn_ && !v->type()->isSubtypeOf(returnType_)) {
          Value* c = tryConvert(v, returnType_, true);
          if (!c)
            fail(s.range(), "Return value was annotated as having type " + typeName(returnType_) +
                                " but is actually of type " + typeName(v->type()));
          v = c;
        }
        setVar("$ret", v, s.range());
        frame_->exit = ExitKind::Jump;
        break;
      }
      case Kind::Break:
      case Kind::Continue: {
        if (loops.empty())
          fail(s.range(), std::string("'") + (s.kind() == Kind::Break ? "break" : "continue") + "' outside loop");
        Value* c = s.kind() == Kind::Break ? emitConst(Literal{false}) : loops.back()->continueCondition();
        setVar("$cond", c, s.range());
        frame_->exit = ExitKind::Jump;
        break;
      }
      case Kind::Raise: {
        Raise r(s.get());
        if (!r.expr().present()) fail(s.range(), "a bare 'raise' is not supported");
        SugaredPtr ex = emitSugared(r.expr().value());
        std::string cls = "Exception";
        Value* msg = nullptr;
        if (auto* inst = dynamic_cast<ExceptionInstance*>(ex.get())) {
          cls = inst->name;
          msg = inst->message;
        } else if (auto* c = dynamic_cast<ExceptionClass*>(ex.get())) {
          cls = c->name;
        } else {
          fail(r.expr().value().range(), "exceptions must derive from BaseException");
        }
        if (!msg) msg = emitConst(Literal{std::string()});
        Value* clsV = emitConst(Literal{"builtins." + cls});
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
          if (t.kind() != Kind::Subscript) fail(t.range(), "del: only `del container[key]` is supported");
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
      case Kind::Def:
        fail(s.range(), "nested function definitions are not supported");
      case Kind::ClassDef:
        fail(s.range(), "class definitions inside functions are not supported");
      case Kind::With:
        fail(s.range(), "'with' statements are not supported");
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
        Value* view = emitSubscript(sub);
        Value* src = v;
        if (!isTensor(v->type())) {
          Value* dt = insertNode(*graph_, prim::dtype, {view}, IntType::get());
          Value* dev = insertNode(*graph_, prim::device, {view}, DeviceObjType::get());
          src = emitBuiltinCall(target.range(), Symbol::aten("tensor"),
                                {{{}, "", v}}, {{{}, "dtype", dt}, {{}, "device", dev}, {{}, "requires_grad", emitConst(Literal{false})}});
        }
        emitBuiltinCall(target.range(), Symbol::aten("copy_"), {{{}, "", view}, {{}, "", src}}, {});
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

// ---------------------------------------------------------------------------------------------
// Loops

namespace {
struct LoopPlan {
  Value* trip;
  Value* cond;
  std::function<void(Value* idx)> bind;
  std::function<Value*()> next;
};
}  // namespace

static void emitLoop(FunctionEmitter& e, const SourceRange& loc, const LoopPlan& plan, const std::vector<Stmt>& body,
                     const std::vector<std::string>& extraAssigned) {
  Graph& g = e.graph();
  std::vector<std::string> assigned = extraAssigned;
  collectAssigned(body, assigned);
  std::vector<std::string> carried;
  for (auto& n : assigned) {
    if (n == "$ret" || std::find(carried.begin(), carried.end(), n) != carried.end()) continue;
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
  LoopContext lc{plan.next};
  e.loops.push_back(&lc);
  e.emitStatements(body);
  if (bf.exit == ExitKind::None) e.setVar("$cond", plan.next(), {});
  e.loops.pop_back();
  Value* c = e.lookup("$cond");
  if (!c) c = e.emitConst(Literal{true});
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
}

void FunctionEmitter::emitWhile(const While& w, const std::vector<Stmt>&) {
  LoopPlan p;
  p.trip = emitConst(Literal{int64_t(9223372036854775807LL)});
  p.cond = emitCondition(w.cond());
  p.bind = [](Value*) {};
  Expr cond = w.cond();
  p.next = [this, cond]() { return emitCondition(cond); };
  emitLoop(*this, w.range(), p, toVector(w.body()), {});
}

void FunctionEmitter::emitFor(const For& f, const std::vector<Stmt>&) {
  LoopPlan p;
  p.cond = emitConst(Literal{true});
  p.next = [this]() { return emitConst(Literal{true}); };
  Expr target = f.target();
  Expr iter = f.iter();
  std::vector<std::string> extra;
  auto bindTo = [this, target](Value* v) { emitAssignTarget(target, v); };
  auto lenOf = [this, &f](Value* v) {
    return emitBuiltinCall(f.range(), aten::len, {{{}, "", v}}, {});
  };
  auto elemOf = [this, &f](Value* seq, Value* idx) -> Value* {
    if (isTensor(seq->type()))
      return emitBuiltinCall(f.range(), Symbol::aten("select"),
                             {{{}, "", seq}, {{}, "", emitConst(Literal{int64_t(0)})}, {{}, "", idx}}, {});
    return emitBuiltinCall(f.range(), aten::__getitem__, {{{}, "", seq}, {{}, "", idx}}, {});
  };
  auto asSequence = [this, &f](Value* v) -> Value* {
    if (v->type()->kind() == TypeKind::Dict)
      return emitBuiltinCall(f.range(), Symbol::aten("keys"), {{{}, "", v}}, {});
    if (v->type()->kind() == TypeKind::List || v->type()->kind() == TypeKind::Str || isTensor(v->type())) return v;
    fail(f.iter().range(), "'" + typeName(v->type()) + "' object is not iterable");
  };
  std::string callee;
  if (iter.kind() == Kind::Apply && Apply(iter.get()).callee().kind() == Kind::Ident)
    callee = Ident(Apply(iter.get()).callee().get()).name();
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
    Apply a(iter.get());
    std::vector<Value*> seqs;
    for (auto x : a.inputs()) seqs.push_back(asSequence(emitExpr(x)));
    if (seqs.empty()) fail(iter.range(), callee + " expected at least one argument");
    std::vector<Value*> lens;
    if (callee == "enumerate") lens.push_back(emitConst(Literal{int64_t(9223372036854775807LL)}));
    for (auto* s : seqs) lens.push_back(lenOf(s));
    Value* list = emitList(IntType::get(), lens);
    p.trip = insertNode(*graph_, prim::min, {list}, IntType::get());
    bool isEnum = callee == "enumerate";
    p.bind = [this, seqs, isEnum, target, elemOf](Value* i) {
      std::vector<Value*> parts;
      if (isEnum) parts.push_back(i);
      for (auto* s : seqs) parts.push_back(elemOf(s, i));
      if (target.kind() == Kind::TupleLiteral || target.kind() == Kind::ListLiteral) {
        ListView<Expr> ts(target.get()->tree(0));
        if (ts.size() != parts.size()) fail(target.range(), "wrong number of loop targets");
        for (size_t k = 0; k < parts.size(); ++k) emitAssignTarget(ts[k], parts[k]);
      } else {
        emitAssignTarget(target, emitTuple(parts));
      }
    };
  } else {
    Value* seq = asSequence(emitExpr(iter));
    p.trip = lenOf(seq);
    p.bind = [bindTo, elemOf, seq](Value* i) { bindTo(elemOf(seq, i)); };
  }
  emitLoop(*this, f.range(), p, toVector(f.body()), extra);
}

}  // namespace tsjit::frontend::detail

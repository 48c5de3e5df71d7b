// EmitterExit.cpp — the exit transform, done while emitting: return / break / continue, the
// implicit exit at the end of a function or loop body, and the guard of the statements after a
// statement that exits on some paths only.
//
// PyTorch 1.13 emits prim::ReturnStmt / BreakStmt / ContinueStmt and rewrites them afterwards
// (exit_transforms.cpp): an If that exits on some paths gets a did-exit flag and the exit values as
// outputs (prim::Uninitialized on the paths that do not exit), the statements after it move into
// the false branch of prim::If(flag), and a loop whose body returns carries the flag and the
// returned value and stops when the flag is set. Consecutive Ifs whose flag is a constant in
// each branch are then merged (the rest lands in the non-exiting branch). This file produces the
// same shapes directly: exit values are pseudo-variables ("$ret", "$cond", "$did_ret") merged by
// mergeIf like any variable, "$exited" is the flag.
// Invariant: every exit sets frame()->exit; a loop body with a return sets "$did_ret" on every
// exit (true for return, false for break / continue / the end of the body).
#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

bool isConstFalse(const Value* v) {
  auto c = constantValue(v);
  return c && std::holds_alternative<bool>(c->v) && !std::get<bool>(c->v);
}

bool FunctionEmitter::mightHaveExited() {
  Value* v = lookup("$exited");
  return v && !isConstFalse(v);
}

void FunctionEmitter::emitReturn(const Return& r) {
  if (!loops.empty() && loops.back()->unrolled)
    fail(r.range(), "return statements inside a loop over a module container are not supported");
  Value* v = r.expr().present() ? emitExpr(r.expr().value(), returnType_) : emitNone();
  if (hasDeclaredReturn_ && !v->type()->isSubtypeOf(returnType_)) {
    Value* c = tryConvert(v, returnType_, true);
    if (!c)
      fail(r.range(), "Return value was annotated as having type " + typeName(returnType_) +
                          " but is actually of type " + typeName(v->type()));
    v = c;
  }
  setVar("$ret", v, r.range());
  if (!loops.empty()) {
    setVar("$did_ret", emitConst(Literal{true}), {});
    setVar("$cond", emitConst(Literal{false}), {});
  }
  frame_->exit = ExitKind::Return;
}

void FunctionEmitter::emitBreakContinue(const Stmt& s) {
  bool isBreak = s.kind() == Kind::Break;
  if (loops.empty()) fail(s.range(), std::string("'") + (isBreak ? "break" : "continue") + "' outside loop");
  if (loops.back()->unrolled)
    fail(s.range(),
         "Because we emit iteration over modulelists or tuples as unrolled loops, we do not support break or "
         "continue inside the body of these loops");
  setVar("$cond", isBreak ? emitConst(Literal{false}) : loops.back()->continueCondition(), s.range());
  if (loops.back()->hasReturn) setVar("$did_ret", emitConst(Literal{false}), {});
  frame_->exit = ExitKind::Loop;
}

void FunctionEmitter::emitImplicitExit() {
  if (!loops.empty() && !loops.back()->unrolled) {
    setVar("$cond", loops.back()->continueCondition(), {});
    if (loops.back()->hasReturn) setVar("$did_ret", emitConst(Literal{false}), {});
    frame_->exit = ExitKind::Loop;
    return;
  }
  if (hasDeclaredReturn_ && !NoneType::get()->isSubtypeOf(returnType_))
    fail(defRange, "Function was annotated as returning " + typeName(returnType_) +
                       " but does not return along all paths");
  setVar("$ret", emitNone(), {});
  frame_->exit = ExitKind::Return;
}

void FunctionEmitter::guardRest(const std::vector<Stmt>& rest, bool tail, const SourceRange& loc) {
  if (rest.empty() && !tail) return;  // the flag flows out to the enclosing statement list
  Value* flag = lookup("$exited");
  Node* n = graph_->insert(prim::If, {flag}, 0);
  n->setSourceRange(loc);
  Block* tb = n->addBlock();
  Block* fb = n->addBlock();
  Frame tf, ff;
  bool inLoop = !loops.empty() && !loops.back()->unrolled;
  emitBlockInFrame(
      tf, tb,
      [&] { frame_->exit = inLoop ? ExitKind::Loop : ExitKind::Return; },
      {});
  emitBlockInFrame(
      ff, fb,
      [&] {
        setVar("$exited", emitConst(Literal{false}), {});
        emitStatements(rest, tail);
      },
      {});
  const std::vector<std::string> none;
  mergeIf(n, tf, ff, loc, &none);
}

}  // namespace tsjit::frontend::detail

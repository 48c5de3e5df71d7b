// EmitterFork.cpp — torch.jit.fork / torch.jit.wait, as PyTorch 1.13 emits them:
//
//   fut = torch.jit.fork(work, x, 2)     %fut : Future[Tensor] = prim::fork_0(%x, %2)
//   y = torch.jit.wait(fut)              %y : Tensor = aten::wait(%fut)
//   with prim::fork_0 = graph(%x : Tensor, %k : int):
//     %1 : Function = prim::Constant[name="work"]()
//     %2 : Tensor = prim::CallFunction(%1, %x, %k)
//     return (%2)
//
// The arguments given are the fork node's inputs and its Subgraph's parameters; the Subgraph calls
// the function as a direct call would (defaults materialised and conversions inside it), never
// inlined, as in 1.13. A value passed twice is one input. The callee may be a TorchScript function,
// a method of self (self becomes the first input) or a builtin op (the Subgraph holds the op's node:
// torch.jit.fork(torch.add, x, x, alpha=2) -> prim::fork_0(%x, %2) { aten::add(%x, %x, %2) }) or a
// method of a tensor, list or string (torch.jit.fork(x.add, x, alpha=2) is the same fork: x, the
// method's self, is the first input; l.append / s.upper likewise, as 1.13 accepts them).
// Archive code spells a fork as 1.13's printer writes it — `def __forked_function(): return ...`
// then `fut = fork(__forked_function)` — : the nested def's body becomes the Subgraph and the outer
// variables it reads, in first-read order, the fork's inputs (FunctionEmitter::outer_).
#include <map>
#include <utility>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

SugaredPtr FunctionEmitter::emitFork(const SourceRange& loc, const Apply& apply) {
  auto in = apply.inputs();
  if (in.empty()) fail(loc, "fork() expects a function to call and its arguments");
  SugaredPtr callee = emitSugared(in[0]);
  if (auto* nested = dynamic_cast<NestedDef*>(callee.get())) {
    // fork(__forked_function), as 1.13 prints a fork: the def's body is the Subgraph, the outer
    // variables it reads (in first-read order) the fork's inputs and the Subgraph's parameters.
    if (in.size() != 1 || !apply.attributes().empty()) fail(loc, "fork() of a nested function takes no arguments");
    FunctionEmitter body(ctx_);
    body.outer_ = this;
    FunctionInfo info;
    info.qualifiedName = nested->def.name().name();
    body.emitDef(nested->def, info);
    std::shared_ptr<Graph> sub = info.function->graph();
    static const Symbol kForkClosure = Symbol::prim("fork");
    Node* fork = graph_->insert(kForkClosure, body.captures_, 1);
    fork->g_(attr::Subgraph, sub);
    fork->output()->setType(FutureType::create(info.returnType));
    fork->setSourceRange(loc);
    return std::make_shared<SimpleValue>(fork->output());
  }
  auto* ref = dynamic_cast<FunctionRef*>(callee.get());
  auto* builtin = dynamic_cast<BuiltinFunction*>(callee.get());
  auto* method = dynamic_cast<ModuleMethod*>(callee.get());
  auto* valueMethod = dynamic_cast<MethodValue*>(callee.get());  // x.relu, l.append, s.upper
  FunctionInfo* fn = nullptr;
  if (ref) {
    fn = ctx_.getFunction(ref->qualifiedName, loc);
    if (!fn) fail(in[0].range(), "unknown function " + ref->qualifiedName);
  } else if (method) {
    fn = ctx_.getMethod(method->info, method->name, loc);
    if (!fn) fail(in[0].range(), "unknown method " + method->name);
  } else if (!builtin && !valueMethod) {
    fail(in[0].range(), "torch.jit.fork: tsjit forks TorchScript functions, methods and builtin ops, not a " +
                            callee->kind());
  }
  std::vector<NamedValue> args;
  for (size_t i = 1; i < in.size(); ++i) args.push_back({in[i].range(), "", emitExpr(in[i])});
  std::vector<NamedValue> kwargs = emitKwargs(apply.attributes());
  // The arguments given become the fork's inputs and its Subgraph's parameters (keywords after
  // positionals); inside, the call binds them as a direct call would (defaults materialised there).
  auto sub = std::make_shared<Graph>();
  sub->setInsertPoint(sub->block());
  std::vector<Value*> forkInputs;
  std::map<Value*, Value*> parameterOf;  // a value passed twice is one input (1.13's captures)
  auto toParameter = [&](Value* outer) {
    if (auto it = parameterOf.find(outer); it != parameterOf.end()) return it->second;
    Value* p = sub->addInput();
    p->setType(outer->type());
    if (outer->hasDebugName()) p->setDebugName(outer->debugName());
    forkInputs.push_back(outer);
    parameterOf[outer] = p;
    return p;
  };
  Value* self = method ? toParameter(method->self) : valueMethod ? toParameter(valueMethod->self) : nullptr;
  for (auto& a : args) a.value = toParameter(a.value);
  for (auto& a : kwargs) a.value = toParameter(a.value);
  Value* result = nullptr;
  std::swap(graph_, sub);
  try {
    if (valueMethod) {
      result = valueMethod->callWith(loc, *this, self, std::move(args), std::move(kwargs));
    } else if (builtin) {
      if (builtin->inputIsSelf)  // F.relu(input=x): the schema's `self`, as a direct call renames it
        if (const ops::OpInfo* op = ops::findOp(builtin->symbol)) {
          bool hasInput = false;
          for (const auto& ov : op->overloads()) hasInput = hasInput || ov->schema().argumentIndex("input").has_value();
          for (auto& kw : kwargs)
            if (kw.name == "input" && !hasInput) kw.name = "self";
        }
      result = emitBuiltinCall(loc, builtin->symbol, std::move(args), std::move(kwargs));
    } else {
      result = emitUserCall(loc, *fn, self, method != nullptr, method ? method->name : "", std::move(args),
                            std::move(kwargs));
    }
  } catch (...) {
    std::swap(graph_, sub);
    throw;
  }
  std::swap(graph_, sub);
  sub->registerOutput(result);
  static const Symbol kFork = Symbol::prim("fork");
  Node* fork = graph_->insert(kFork, forkInputs, 1);
  fork->g_(attr::Subgraph, sub);
  fork->output()->setType(FutureType::create(result->type()));
  fork->setSourceRange(loc);
  return std::make_shared<SimpleValue>(fork->output());
}

SugaredPtr FunctionEmitter::emitWait(const SourceRange& loc, const Apply& apply) {
  auto in = apply.inputs();
  if (in.size() != 1) fail(loc, str("wait() expected exactly 1 argument but received ", in.size()));
  Value* fut = emitExpr(in[0]);
  if (fut->type()->kind() != TypeKind::Future)
    fail(in[0].range(), "torch.jit.wait expects a Future, got a value of type " + typeName(fut->type()));
  return std::make_shared<SimpleValue>(emitBuiltinCall(loc, Symbol::aten("wait"), {{{}, "", fut}}, {}));
}

}  // namespace tsjit::frontend::detail

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
// inlined, as in 1.13. Only TorchScript functions of the file / library can be forked.
#include <utility>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

SugaredPtr FunctionEmitter::emitFork(const SourceRange& loc, const Apply& apply) {
  auto in = apply.inputs();
  if (in.empty()) fail(loc, "fork() expects a function to call and its arguments");
  SugaredPtr callee = emitSugared(in[0]);
  auto* ref = dynamic_cast<FunctionRef*>(callee.get());
  if (!ref)
    fail(in[0].range(), "torch.jit.fork: tsjit forks only TorchScript functions (a def of this file), not a " +
                            callee->kind());
  FunctionInfo* fn = ctx_.getFunction(ref->qualifiedName, loc);
  if (!fn) fail(in[0].range(), "unknown function " + ref->qualifiedName);
  std::vector<NamedValue> args;
  for (size_t i = 1; i < in.size(); ++i) args.push_back({in[i].range(), "", emitExpr(in[i])});
  std::vector<NamedValue> kwargs = emitKwargs(apply.attributes());
  // The arguments given become the fork's inputs and its Subgraph's parameters (keywords after
  // positionals); inside, the call binds them as a direct call would (defaults materialised there).
  auto sub = std::make_shared<Graph>();
  sub->setInsertPoint(sub->block());
  std::vector<Value*> forkInputs;
  auto toParameter = [&](NamedValue& a) {
    Value* p = sub->addInput();
    p->setType(a.value->type());
    if (a.value->hasDebugName()) p->setDebugName(a.value->debugName());
    forkInputs.push_back(a.value);
    a.value = p;
  };
  for (auto& a : args) toParameter(a);
  for (auto& a : kwargs) toParameter(a);
  Value* result = nullptr;
  std::swap(graph_, sub);
  try {
    result = emitUserCall(loc, *fn, nullptr, false, "", std::move(args), std::move(kwargs));
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

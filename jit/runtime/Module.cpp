// Module.cpp — Module and Method (Module.h).
#include "jit/runtime/Module.h"

#include "jit/ir/Graph.h"
#include "jit/support/Error.h"

namespace tsjit::runtime {

Module::Module(IValue object, ExecutorOptions options) : object_(std::move(object)), options_(std::move(options)) {
  if (!object_.isObject()) throw CompileError(str("a module must be an object, got a ", object_.tagName()));
}

Method Module::method(const std::string& name) {
  Function* fn = type().findMethod(name);
  if (!fn) throw CompileError(str("module ", type().qualifiedName(), " has no method '", name, "'"));
  return Method(this, fn);
}

GraphExecutor& Module::executorFor(const Function& fn) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto& slot = executors_[&fn];
  if (!slot) {
    if (!fn.graph()) throw CompileError(str("method ", fn.qualifiedName(), " has no graph"));
    slot = std::make_unique<GraphExecutor>(fn.graph(), options_);
  }
  return *slot;
}

std::vector<IValue> Method::run(std::vector<IValue> args) const {
  Stack st;
  st.reserve(args.size() + 1);
  st.push_back(owner_->object());
  for (auto& a : args) st.push_back(std::move(a));
  GraphExecutor& ex = owner_->executorFor(*fn_);
  if (st.size() != ex.graph().inputs().size())
    throw CompileError(str("method ", fn_->qualifiedName(), " takes ", ex.graph().inputs().size() - 1,
                           " arguments but ", st.size() - 1, " were given"));
  ex.run(st);
  return st;
}

IValue Method::operator()(std::vector<IValue> args) const {
  std::vector<IValue> outs = run(std::move(args));
  if (outs.size() == 1) return std::move(outs[0]);
  return makeTuple(std::move(outs));
}

}  // namespace tsjit::runtime

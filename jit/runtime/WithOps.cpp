// WithOps.cpp — prim::Enter / prim::Exit and the unwinding of entered objects (see WithOps.h).
#include "jit/runtime/WithOps.h"

#include <map>
#include <mutex>
#include <vector>

#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/runtime/Interpreter.h"

namespace tsjit::runtime {

namespace {

struct Entered {
  IValue object;
  CompileOptions options;
};
thread_local std::vector<Entered> tEntered;

// Compiles a method's graph once per (function, graph) and runs it.
class MethodRunner {
 public:
  explicit MethodRunner(CompileOptions options) : options_(std::move(options)) {}
  std::vector<IValue> call(const IValue& self, const std::string& name, std::vector<IValue> args) {
    const Object& obj = self.toObjectRef();
    Function* fn = obj.type->findMethod(name);
    if (!fn || !fn->graph())
      throw UnsupportedOperator(str("with: ", obj.type->qualifiedName(), " has no method '", name, "'"),
                                "prim::Enter/Exit " + name);
    std::shared_ptr<const Code> code;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto& slot = codes_[fn];
      if (!slot.code || slot.graph != fn->graph()) slot = {fn->graph(), Code::compile(fn->graph(), options_)};
      code = slot.code;
    }
    args.insert(args.begin(), self);
    InterpreterState state(std::move(code));
    return state.call(std::move(args));
  }

 private:
  struct Compiled {
    std::shared_ptr<Graph> graph;
    std::shared_ptr<const Code> code;
  };
  CompileOptions options_;
  std::mutex mutex_;
  std::map<const Function*, Compiled> codes_;
};

std::vector<IValue> noneArgs() { return {IValue(), IValue(), IValue()}; }

}  // namespace

size_t enteredDepth() { return tEntered.size(); }

void exitEnteredDownTo(size_t depth) {
  while (tEntered.size() > depth) {
    Entered e = std::move(tEntered.back());
    tEntered.pop_back();
    try {
      MethodRunner(e.options).call(e.object, "__exit__", noneArgs());
    } catch (...) {
      // 1.13 keeps the error being unwound (checked on python3-torch 1.13.1).
    }
  }
}

std::optional<kernels::Operation> withOperation(const Node& node, const CompileOptions& options) {
  bool enter = node.kind() == prim::Enter;
  if (!enter && node.kind() != prim::Exit) return std::nullopt;
  CompileOptions nested;
  nested.resolveFunction = options.resolveFunction;
  auto runner = std::make_shared<MethodRunner>(nested);
  if (enter) {
    return kernels::Operation([runner, nested](Stack& s, size_t) {
      IValue self = s.back();
      std::vector<IValue> out = runner->call(self, "__enter__", {});
      tEntered.push_back({self, nested});  // entered once __enter__ returned
      s.back() = out.empty() ? IValue() : std::move(out[0]);
    });
  }
  return kernels::Operation([runner](Stack& s, size_t) {
    IValue self = s.back();
    TSJIT_CHECK(!tEntered.empty() && tEntered.back().object.isSameIdentity(self),
                "prim::Exit of an object that is not the innermost entered one");
    tEntered.pop_back();
    std::vector<IValue> out = runner->call(self, "__exit__", noneArgs());
    s.back() = out.empty() ? IValue() : std::move(out[0]);
  });
}

}  // namespace tsjit::runtime

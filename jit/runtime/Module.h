// Module.h — a scripted module for the JIT: an Object (ClassType + attribute slots: parameters,
// buffers, attributes, submodules) whose class holds the methods (Function with a graph taking
// `self` first). Method binds a module and a Function and runs it through a GraphExecutor (one
// per method, created on first use and cached in the Module), passing the module as `self`.
// Modules share state like Python's: copies of a Module refer to the same Object.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/runtime/GraphExecutor.h"

namespace tsjit::runtime {

class Module;

class Method {
 public:
  Method(Module* owner, Function* fn) : owner_(owner), fn_(fn) {}
  const std::string& name() const { return fn_->qualifiedName(); }
  const Function& function() const { return *fn_; }
  // Runs the method with `args` (self excluded) and returns its single output.
  IValue operator()(std::vector<IValue> args) const;
  std::vector<IValue> run(std::vector<IValue> args) const;

 private:
  Module* owner_;
  Function* fn_;
};

class Module {
 public:
  explicit Module(IValue object, ExecutorOptions options = {});
  const IValue& object() const { return object_; }
  Object& objectRef() const { return object_.toObjectRef(); }
  const ClassType& type() const { return *objectRef().type; }

  // The method `name`; CompileError naming the class when it has none.
  Method method(const std::string& name);
  bool hasMethod(const std::string& name) const { return type().findMethod(name) != nullptr; }
  IValue forward(std::vector<IValue> args) { return method("forward")(std::move(args)); }
  const IValue& attr(const std::string& name) const { return objectRef().attr(name); }
  void setAttr(const std::string& name, IValue v) { objectRef().setAttr(name, std::move(v)); }

  // The executor running `fn` (created on first use).
  GraphExecutor& executorFor(const Function& fn);

 private:
  IValue object_;
  ExecutorOptions options_;
  std::mutex mutex_;
  std::map<const Function*, std::unique_ptr<GraphExecutor>> executors_;
};

}  // namespace tsjit::runtime

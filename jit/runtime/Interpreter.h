// Interpreter.h — runs a Code: InterpreterState holds the register banks and one reusable operand
// stack; run() executes the instruction list.
//
// Calling convention (the same as kernels'): run(stack) consumes the Code's inputs from the top of
// `stack` (first input deepest) and pushes its outputs. Registers are cleared after every run (also
// when it throws), so a state keeps no values alive between runs; its buffers are reused.
// Nested calls (prim::CallMethod / CallFunction) run the callee's Code, compiled once per call site
// and function, in a fresh state; deeper than 200 nested calls raises RuntimeError.
// A state is not thread-safe; use one per thread (a Code may be shared).
//
// Observation (differential testing): a Code compiled with CompileOptions::observe reports every op
// node it executes to the state's ExecutionObserver, in execution order, inside If / Loop bodies
// and nested calls too: beforeOp with the node's inputs just before it runs, afterOp with its
// outputs once it returned. A node that raises gets beforeOp only (the exception then leaves
// run()). The values are the interpreter's own (inputs are moved or mutated afterwards, outputs
// consumed): an observer that keeps them must copy them during the call. Without an observer, or
// for a Code compiled without `observe`, nothing is reported.
#pragma once

#include <memory>
#include <vector>

#include "jit/runtime/Code.h"

namespace tsjit::runtime {

class ExecutionObserver {
 public:
  virtual ~ExecutionObserver() = default;
  // `node` belongs to the graph given to Code::compile, or to the one CompileOptions::nodeOrigins
  // maps it to (GraphExecutor: the graph it was constructed with).
  virtual void beforeOp(const Node& node, const IValue* inputs, size_t numInputs) = 0;
  virtual void afterOp(const Node& node, const IValue* outputs, size_t numOutputs) = 0;
};

class InterpreterState {
 public:
  explicit InterpreterState(std::shared_ptr<const Code> code);
  void run(Stack& stack);
  // Convenience: runs on `inputs` (exactly the Code's inputs) and returns the outputs.
  std::vector<IValue> call(std::vector<IValue> inputs);
  const Code& code() const { return *code_; }
  // Reports op nodes to `observer` (nullptr: to nobody) when the Code was compiled with
  // CompileOptions::observe; nested calls report to the same observer.
  void setObserver(ExecutionObserver* observer) { observer_ = observer; }

 private:
  void execute(Stack& caller);
  void invoke(const CallSite& site, const Function& fn, Stack& st, size_t numInputs);
  void observe(const Instruction& ins);

  std::shared_ptr<const Code> code_;
  ExecutionObserver* observer_ = nullptr;
  std::vector<IValue> regs_;
  std::vector<int64_t> scalars_;
  Stack stack_;
};

// Compiles and runs `graph` once (convenience for tests and tools).
std::vector<IValue> runGraph(std::shared_ptr<Graph> graph, std::vector<IValue> inputs,
                             const CompileOptions& options = {});

}  // namespace tsjit::runtime

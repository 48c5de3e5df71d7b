// Interpreter.h — runs a Code: InterpreterState holds the register banks and one reusable operand
// stack; run() executes the instruction list.
//
// Calling convention (the same as kernels'): run(stack) consumes the Code's inputs from the top of
// `stack` (first input deepest) and pushes its outputs. Registers are cleared after every run (also
// when it throws), so a state keeps no values alive between runs; its buffers are reused.
// Nested calls (prim::CallMethod / CallFunction) run the callee's Code, compiled once per call site
// and function, in a fresh state; deeper than 200 nested calls raises RuntimeError.
// A state is not thread-safe; use one per thread (a Code may be shared).
#pragma once

#include <memory>
#include <vector>

#include "jit/runtime/Code.h"

namespace tsjit::runtime {

class InterpreterState {
 public:
  explicit InterpreterState(std::shared_ptr<const Code> code);
  void run(Stack& stack);
  // Convenience: runs on `inputs` (exactly the Code's inputs) and returns the outputs.
  std::vector<IValue> call(std::vector<IValue> inputs);
  const Code& code() const { return *code_; }

 private:
  void execute(Stack& caller);
  void invoke(const CallSite& site, const Function& fn, Stack& st, size_t numInputs);

  std::shared_ptr<const Code> code_;
  std::vector<IValue> regs_;
  std::vector<int64_t> scalars_;
  Stack stack_;
};

// Compiles and runs `graph` once (convenience for tests and tools).
std::vector<IValue> runGraph(std::shared_ptr<Graph> graph, std::vector<IValue> inputs,
                             const CompileOptions& options = {});

}  // namespace tsjit::runtime

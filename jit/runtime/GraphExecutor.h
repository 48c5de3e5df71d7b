// GraphExecutor.h — runs a Graph, caching one compiled plan per input specialization.
//
// ArgumentSpec: what a specialization depends on. Per input: for a tensor its dtype, rank,
// requires_grad (false while grad mode is off, as 1.13), device and whether it is defined; for other
// values only the value's kind (tag).
// The spec carries a hash combined from all of them; equal specs hit the same plan.
// A plan is the graph copied, its tensor inputs typed from the ArgumentSpec (specializeTypes: dtype,
// device, rank, requires_grad, as 1.13's ArgumentSpecCreator), run through the executor's pass
// pipeline (by default jit/passes' default pipeline, PyTorch 1.13's graph-executor order), and
// compiled to Code; when the specialization needs a gradient and an autodiff pass is registered
// (GradientPass.h), the pass (differentiable subgraphs + requires-grad checks) runs after the
// pipeline. Plans are made on the first execution of each specialization only.
// Thread safety: run() may be called concurrently (the plan cache is locked; each call uses its
// own InterpreterState).
// Observation: with ExecutorOptions::compile.observe, plans are compiled with observe sites and
// mapped back (CompileOptions::nodeOrigins) so that run(stack, observer) reports the nodes of the
// graph the executor was constructed with (a node a pass created reports its own copy).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "jit/runtime/Code.h"

namespace tsjit::runtime {

class ExecutionObserver;

class ArgumentSpec {
 public:
  struct Arg {
    uint8_t tag = 0;          // IValue::Tag
    bool defined = false;     // tensors
    bool requiresGrad = false;
    int8_t dtype = -1;
    int32_t rank = -1;
    int8_t deviceType = 0;
    int32_t deviceIndex = -1;
    bool operator==(const Arg&) const = default;
  };
  static ArgumentSpec of(const IValue* inputs, size_t n);
  static ArgumentSpec of(const std::vector<IValue>& inputs) { return of(inputs.data(), inputs.size()); }
  const std::vector<Arg>& args() const { return args_; }
  size_t hash() const { return hash_; }
  bool operator==(const ArgumentSpec& o) const { return hash_ == o.hash_ && args_ == o.args_; }
  std::string str() const;  // "(Float[rank 2], int)"

 private:
  std::vector<Arg> args_;
  size_t hash_ = 0;
};

// Sets the types of the graph's Tensor / Optional[Tensor] inputs that the spec says are defined
// tensors: dtype, device, rank (sizes unknown) and requires_grad.
void specializeTypes(Graph& graph, const ArgumentSpec& spec);

struct ArgumentSpecHash {
  size_t operator()(const ArgumentSpec& s) const { return s.hash(); }
};

struct ExecutorOptions {
  // Pass pipeline ("dce,cse"). Empty or "default": the default pipeline (PassRegistry.h) — except
  // with compile.observe, where empty means no passes (observed nodes map 1:1 onto the graph's).
  // "none": no passes. Function constants resolve through compile.resolveFunction (for inline too).
  std::string pipeline;
  CompileOptions compile;
};

class GraphExecutor {
 public:
  explicit GraphExecutor(std::shared_ptr<Graph> graph, ExecutorOptions options = {});

  // Consumes the graph's inputs from the top of the stack and pushes its outputs.
  void run(Stack& stack);
  std::vector<IValue> call(std::vector<IValue> inputs);
  // The same, reporting op nodes to `observer` (Interpreter.h); requires options.compile.observe.
  void run(Stack& stack, ExecutionObserver* observer);
  std::vector<IValue> call(std::vector<IValue> inputs, ExecutionObserver* observer);

  // The plan for these inputs (compiled on a miss).
  std::shared_ptr<const Code> planFor(const IValue* inputs, size_t n);
  const Graph& graph() const { return *graph_; }
  size_t hits() const { return hits_; }
  size_t misses() const { return misses_; }
  size_t numPlans() const;

 private:
  std::shared_ptr<Graph> graph_;
  ExecutorOptions options_;
  mutable std::mutex mutex_;
  std::unordered_map<ArgumentSpec, std::shared_ptr<const Code>, ArgumentSpecHash> plans_;
  size_t hits_ = 0, misses_ = 0;
};

}  // namespace tsjit::runtime

// Evaluator.h — the reference evaluator: runs a Graph on IValues by walking its blocks node by node.
//
// It is the unoptimized statement of TorchScript's semantics (architecture section 1): no passes,
// no fusion, no memory reuse, never jit/kernels. Structural kinds (prim::Constant, prim::If,
// prim::Loop, list/tuple/dict construction, attribute access, calls, raise...) are interpreted
// here; every other node runs the ReferenceKernel of the overload ops::resolveOverload picks.
//
// Errors:
//   * NotSupported: the graph uses something the reference cannot run yet (no matching overload,
//     no reference kernel, an opaque tensor constant, a call target that is not available). The
//     conformance runner counts these as "not yet supported", apart from failures.
//   * ScriptException (a RuntimeError): prim::RaiseException — what Python sees as torch.jit.Error.
//   * RuntimeError from kernels: an operator failed as PyTorch's would.
//   * CompileError: the graph is malformed for evaluation (wrong arity of a structural node...).
// pythonLastLine() renders any of them as the last line of the message Python would print, and
// pythonExceptionType() names the Python exception class.
//
// Invariants: run() never mutates the graph; values live in a per-call environment; containers
// keep reference semantics (IValue copies alias), so in-place ops on lists/dicts/tensors are
// seen by every holder. The evaluator is not thread-safe per instance; separate instances may run
// concurrently (kernel lookup goes through the thread-safe op table).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "jit/ir/Function.h"
#include "jit/ir/IValue.h"
#include "jit/support/Error.h"

namespace tsjit {
class Graph;
class Block;
class Node;
class Value;
}  // namespace tsjit

namespace tsjit::ops {
class OpOverload;
}

namespace tsjit::reference {

struct ReferenceKernel;

// The reference cannot run this graph yet (as opposed to: it ran and got a wrong answer).
class NotSupported : public std::runtime_error {
 public:
  // `what` is the full message; `feature` names the missing piece ("aten::foo.bar" or
  // "prim::CallFunction 'relu'") so reports can group by it.
  NotSupported(const std::string& what, std::string feature)
      : std::runtime_error(what), feature_(std::move(feature)) {}
  const std::string& feature() const { return feature_; }

 private:
  std::string feature_;
};

// A TorchScript `raise` / failed `assert` (prim::RaiseException(msg, cls)).
class ScriptException : public RuntimeError {
 public:
  // cls: the qualified Python class as the graph names it ("builtins.ValueError"), or "" when the
  // graph passed None (assert and re-raised errors: PyTorch prints them as "RuntimeError: msg").
  ScriptException(std::string message, std::string cls);
  const std::string& scriptMessage() const { return message_; }
  const std::string& cls() const { return cls_; }
  // "builtins.ValueError: negative n: -2" / "RuntimeError: AssertionError: expected a 2-D input".
  std::string lastLine() const;

 private:
  std::string message_;
  std::string cls_;
};

// The last non-empty line of the message Python shows for an error the evaluator raised, as
// PyTorch 1.13's interpreter words it: a ScriptException as above; every other error (whatever
// its C++ class or RuntimeError::pythonType) as "RuntimeError: <last line of what()>".
std::string pythonLastLine(const std::exception& e);
// The Python exception class the call raises: "Error" (torch.jit.Error) for ScriptException,
// "NotImplementedError" for RuntimeErrors of that pythonType, "RuntimeError" otherwise.
std::string pythonExceptionType(const std::exception& e);

struct EvaluatorOptions {
  // Nested prim::CallMethod / prim::CallFunction deeper than this raise RuntimeError
  // ("maximum recursion depth exceeded").
  size_t maxCallDepth = 200;
  // Resolves `prim::Constant[name="foo"]()` of type Function. Without a resolver (or when it
  // returns nullptr) the constant evaluates to a Function value that raises NotSupported when
  // called.
  std::function<Function*(const std::string& name)> resolveFunction;
  // Where aten::warn writes "UserWarning: <message>" lines; nullptr silences warnings.
  std::ostream* warnings = nullptr;
  // Called with each node before it runs (tests, tracing); may be empty.
  std::function<void(const Node&)> onNode;
  // Lockstep hooks (differential testing, fuzz/lib/Property.h). For every op node the evaluator
  // executes — every node for which isOpNode() holds, in nested blocks and calls too —
  // onOpBegin(node, inputs) runs before the node, and onOpEnd(node, inputs, outputs) once the
  // evaluator computed the node's outputs from those inputs. onOpEnd may REPLACE `outputs` (keeping
  // their count); the evaluation continues with the replacements, so downstream nodes and control
  // flow see them. A node that raises gets onOpBegin only. Either may be empty.
  std::function<void(const Node& node, const std::vector<IValue>& inputs)> onOpBegin;
  std::function<void(const Node& node, const std::vector<IValue>& inputs, std::vector<IValue>& outputs)> onOpEnd;
};

// Whether `node` is an op node for the lockstep hooks: every kind except the structural ones that
// only route values (prim::Constant, If, Loop, Uninitialized, unchecked_cast,
// unchecked_unwrap_optional) and calls (prim::CallMethod, CallFunction: their callee's nodes count).
bool isOpNode(const Node& node);

class Evaluator {
 public:
  explicit Evaluator(EvaluatorOptions options = {});
  ~Evaluator();
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  // Runs `graph` on `inputs` (one per graph input, `self` first for methods) and returns its
  // outputs. Throws CompileError when the input count does not match.
  std::vector<IValue> run(const Graph& graph, std::vector<IValue> inputs);
  // Runs a function's graph (same as run(*fn.graph(), inputs), counted as a call).
  std::vector<IValue> call(const Function& fn, std::vector<IValue> inputs);

  const EvaluatorOptions& options() const { return options_; }
  // Number of nodes executed since construction (loops count each iteration).
  size_t nodesExecuted() const { return nodesExecuted_; }

 private:
  using Env = std::unordered_map<const Value*, IValue>;
  std::vector<IValue> runGraph(const Graph& graph, std::vector<IValue> inputs);
  // Runs the nodes of `block` with its inputs bound to `inputs`; returns the block's outputs.
  std::vector<IValue> runBlock(const Block& block, std::vector<IValue> inputs, Env& env);
  void runNode(const Node& node, Env& env);
  void runNodeImpl(const Node& node, Env& env);
  void runKernel(const Node& node, std::vector<IValue> args, Env& env);
  std::vector<IValue> callFunction(const Function& fn, std::vector<IValue> args, const Node& site);
  const IValue& lookup(const Env& env, const Value* v) const;
  const ReferenceKernel* kernelFor(const Node& node);
  // Kernels the evaluator states itself for ops no family has registered yet (aten::item,
  // prim::tolist); nullptr for every other overload.
  static const ReferenceKernel* builtinFallback(const ops::OpOverload& overload);

  EvaluatorOptions options_;
  size_t depth_ = 0;
  size_t nodesExecuted_ = 0;
  std::unordered_map<const Node*, const ReferenceKernel*> kernelCache_;
  // Function values for names the resolver did not know (so the value can still be passed around).
  std::unordered_map<std::string, std::unique_ptr<Function>> unresolvedFunctions_;
};

// Convenience: a fresh Evaluator with default options running `graph` on `inputs`.
std::vector<IValue> evaluate(const Graph& graph, std::vector<IValue> inputs);

}  // namespace tsjit::reference

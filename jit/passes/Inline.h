// Inline.h — the `inline` pass: replaces prim::CallMethod and prim::CallFunction nodes by a copy of
// the callee's graph, as PyTorch 1.13's Inline (torch/csrc/jit/passes/inliner.cpp) does on the
// first step of the graph executor.
//
// Which callees are known:
//   * prim::CallMethod[name="m"](%self, ...): the method `m` of %self's ClassType (its Function's
//     graph, with self as the first input);
//   * prim::CallFunction(%fn, ...): %fn must be a `prim::Constant[name="f"]()` of type Function,
//     resolved by the FunctionResolver in effect (InlineResolverScope; the GraphExecutor installs
//     the one of its CompileOptions). With no resolver, or one that does not know the name, the
//     call stays (the interpreter resolves it at run time).
// Invariants: the callee graph is never modified (its nodes are cloned); calls inside an inlined
// body are inlined too, up to kMaxInlineDepth nested levels (TorchScript has no recursion; a
// deeper chain stays as calls); a callee whose input/output count does not match the call is left
// alone. Mutation cannot interfere: the callee's nodes run in the same order on the same values.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tsjit {

class Graph;
class Node;
class Value;
class Function;

using FunctionResolver = std::function<Function*(const std::string& name)>;

// Installs `resolver` for inlineCalls() on this thread for the scope's lifetime (nests).
class InlineResolverScope {
 public:
  explicit InlineResolverScope(FunctionResolver resolver);
  ~InlineResolverScope();
  InlineResolverScope(const InlineResolverScope&) = delete;
  InlineResolverScope& operator=(const InlineResolverScope&) = delete;

 private:
  FunctionResolver previous_;
};

constexpr int kMaxInlineDepth = 32;

// The registered pass. True when a call was replaced.
bool inlineCalls(std::shared_ptr<Graph>& graph);

// Copies the nodes of `callee` before `before` (in before's graph), with callee's inputs bound
// to `inputs`; returns the values standing for callee's outputs.
std::vector<Value*> insertGraphCopy(const Graph& callee, const std::vector<Value*>& inputs, Node* before);

}  // namespace tsjit

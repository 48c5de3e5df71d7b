// AutodiffSubgraphs.h — grouping differentiable nodes into prim::DifferentiableGraph nodes
// (1.13's CreateAutodiffSubgraphs) and guarding them with prim::RequiresGradCheck (1.13's
// profiling executor specialization), plus the operator a DifferentiableGraph node runs.
//
// createAutodiffSubgraphs(g, minSize): in every block, maximal runs of consecutive nodes that
// differentiate() accepts (a formula, a zero-gradient op, or no Tensor output; never a node with
// blocks, never a write) become one prim::DifferentiableGraph node whose `Subgraph` attribute holds
// them; a node whose inputs or outputs may alias memory that some node of the graph writes stays
// outside too (AliasDb: in-place ops and what they touch run under autograd). Runs with fewer than
// minSize nodes (constants not counted) stay inline, as 1.13's
// min_subgraph_size (2 in its executor). Requires-grad profiling: a run whose tensor inputs all
// have a static type saying requires_grad=0 needs no gradient and is not grouped (1.13 groups only
// what the profile says requires grad); a run with unknown types is grouped. Constants a run uses
// are copied into its subgraph. Returns whether the graph changed.
//
// insertRequiresGradChecks(g): each DifferentiableGraph node D(inputs) becomes
//   %ins..., %ok = prim::RequiresGradCheck[types=[...]](inputs)
//   %outs = prim::If(%ok) { D(%ins...) } else { the subgraph's nodes inlined (the fallback) }
// where `types` are the profiled tensor types of the inputs (their static types). The check
// passes when each tensor input's requires_grad equals its type's (PyTorch: the specialization is
// valid). prim::RequiresGradCheck's operation is requiresGradCheckOperation below.
//
// The DifferentiableGraph operation (differentiableGraphOperation) differentiates the subgraph
// once (autodiff::differentiate), runs the forward graph on the inputs with a GraphRunner (the
// interpreter or the reference: the layer that owns one passes it), and when some input requires
// grad hands (inputs, outputs, saved values, backward graph) to the AutogradHooks the autograd
// runtime registers, which attaches a grad_fn running the backward graph. Until hooks are
// registered, it runs the forward and returns the outputs without a grad_fn.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "jit/autodiff/Differentiate.h"
#include "jit/ir/IValue.h"

namespace tsjit::autodiff {

bool createAutodiffSubgraphs(std::shared_ptr<Graph>& graph, size_t minSubgraphSize = 2,
                             const FormulaSet& formulas = builtinFormulas());

bool insertRequiresGradChecks(std::shared_ptr<Graph>& graph);

// Runs a graph on inputs (the jit's interpreter, or the reference evaluator).
using GraphRunner = std::function<std::vector<IValue>(const std::shared_ptr<Graph>& graph, std::vector<IValue> inputs)>;

// What the autograd runtime (jit/autograd) implements and registers once, in its initialize().
struct AutogradHooks {
  // Whether a value requires grad (a tensor with requires_grad, under grad mode).
  std::function<bool(const IValue& value)> requiresGrad;
  // Attaches to `outputs` (the forward's first numOutputs values) a grad_fn node whose
  // apply(grad outputs) runs `backward` on (grad outputs..., saved...) with `runner` and
  // returns one gradient per `wrt` input; `inputs` are the forward's inputs (the edges).
  std::function<void(const Gradient& gradient, const std::vector<IValue>& inputs, std::vector<IValue>& outputs,
                     std::vector<IValue> saved, const GraphRunner& runner)>
      attachGradFn;
};
void setAutogradHooks(AutogradHooks hooks);
const AutogradHooks* autogradHooks();  // nullptr until registered

// The stack operation of a prim::DifferentiableGraph node (inputs are the last numInputs values of
// the stack, outputs pushed in order), differentiating its Subgraph once.
std::function<void(Stack& stack, size_t numInputs)> differentiableGraphOperation(const Node& node, GraphRunner runner);
// The same for an already differentiated subgraph. The forward runs on detached aliases of the
// inputs with grad mode off (nothing inside is recorded by autograd); the hooks attach the grad_fn
// when grad mode is on and a `wrt` input requires grad.
std::function<void(Stack& stack, size_t numInputs)> differentiableGraphOperation(std::shared_ptr<const Gradient> gradient,
                                                                                 GraphRunner runner);

// The stack operation of a prim::RequiresGradCheck node: pushes its inputs back, then whether each
// tensor input's requires_grad matches the node's `types` (a missing hook: requires_grad is false).
std::function<void(Stack& stack, size_t numInputs)> requiresGradCheckOperation(const Node& node);

}  // namespace tsjit::autodiff

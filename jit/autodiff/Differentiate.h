// Differentiate.h — symbolic reverse-mode differentiation of a Graph with the formulas of a
// FormulaSet (1.13's torch/csrc/jit/runtime/autodiff.cpp, in tsjit's own terms).
//
// gradientGraph(g) builds one straight graph H with inputs (g's inputs..., one grad per output of
// g) and outputs (g's outputs..., one gradient per input in `wrt`): g's nodes, then for each node
// with a formula, in reverse order, the formula's nodes (its result mapped to the node's output,
// its grad input to the gradient accumulated for that output), gradients of a value used twice
// summed with aten::add. An input in `wrt` that nothing differentiable reaches gets zeros_like.
// H is itself a graph the same differentiate() can take, which is how second order is checked.
//
// differentiate(g) splits H: nodes that depend on a grad input form the backward graph, the others
// the forward graph. Forward: inputs = g's inputs; outputs = g's outputs then the saved values
// (forward values the backward uses; constants are re-created in the backward instead).
// Backward: inputs = one grad per output of g, then the saved values in the same order;
// outputs = one gradient per `wrt` input. Running forward then backward computes what H computes.
//
// What is differentiable: a value is "requires grad" when it is a `wrt` input or a Tensor output
// of a node with a formula and a requires-grad input. Nodes in kZeroGradientOps (comparisons,
// sign, *_like factories, detach, size queries...) never produce one. A node with a requires-grad
// input, a Tensor output and no formula, or control flow carrying a requires-grad tensor, is a
// NotDifferentiable error naming the node (straight-line graphs only, as 1.13's differentiable
// subgraphs; control flow on non-tensor values is fine).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "jit/autodiff/Formula.h"
#include "jit/ir/Graph.h"

namespace tsjit::autodiff {

class NotDifferentiable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Gradient {
  std::shared_ptr<Graph> forward;
  std::shared_ptr<Graph> backward;
  size_t numOutputs = 0;      // outputs of the original graph (the first outputs of forward)
  size_t numSaved = 0;        // saved values (the remaining outputs of forward)
  std::vector<size_t> wrt;    // the inputs backward returns gradients for, in order
  size_t numSourceNodes = 0;  // non-constant nodes of the differentiated graph (reports)
};

// The indices of g's inputs that are Tensors (the default `wrt`).
std::vector<size_t> tensorInputs(const Graph& g);

// Whether node n can be differentiated: it has a formula in `formulas`, or is a zero-gradient op,
// or produces no Tensor.
bool isDifferentiable(const Node& n, const FormulaSet& formulas = builtinFormulas());

std::shared_ptr<Graph> gradientGraph(const Graph& g, const std::vector<size_t>& wrt,
                                     const FormulaSet& formulas = builtinFormulas());
Gradient differentiate(const Graph& g, const std::vector<size_t>& wrt,
                       const FormulaSet& formulas = builtinFormulas());
inline Gradient differentiate(const Graph& g) { return differentiate(g, tensorInputs(g)); }

}  // namespace tsjit::autodiff

// DifferentiableGraphOp.h — symbolic autodiff inside the executors: the operations of
// prim::DifferentiableGraph / prim::RequiresGradCheck and the grad_fn a DifferentiableGraph
// attaches, wired to jit/autograd (the autograd runtime) and registered for the interpreter.
//
// initialize() (idempotent, thread-safe): autograd::initialize(); the AutogradHooks of
// AutodiffSubgraphs.h implemented with jit/autograd (requiresGrad = a defined tensor requiring
// grad while grad mode is on; attachGradFn = a DifferentiableGraphBackward node); and, through
// kernels::registerNodeOperation, the operations of the two node kinds: a DifferentiableGraph
// differentiates its Subgraph once when its Code is compiled (wrt: the tensor inputs whose type
// does not say requires_grad=false), compiles the forward and backward graphs with the
// interpreter (the context's compileGraph) and runs as differentiableGraphOperation says.
// The executors get the pass through runtime::registerAutodiffPass — done by a layer that sees
// both (tools/, conformance/, perf/), since the runtime may not include jit/autodiff.
//
// autodiffExecutorPass(g): attribute reads (prim::GetAttr) hoisted to their object's definition
// when the graph writes no attribute (so parameter reads do not split runs: 1.13 merges across them
// by moving nodes), then 1.13's executor order — createAutodiffSubgraphs (min size 2), every
// subgraph checked by differentiate() (one that fails is inlined back: it runs under autograd),
// then insertRequiresGradChecks. Returns whether the graph changed.
//
// DifferentiableGraphBackward: edges to the `wrt` inputs; apply() runs the backward graph on
// (grad outputs — zeros for an output no gradient reached —, saved values) with grad mode off and
// returns one gradient per edge, summed to the input's shape and cast to its dtype. Saved tensors
// are autograd SavedTensors (version-checked like any grad_fn's; released after backward unless
// retained). numSymbolicNodes() is the number of forward nodes whose gradient this node computes.
#pragma once

#include <memory>
#include <vector>

#include "jit/autodiff/AutodiffSubgraphs.h"
#include "jit/autograd/Node.h"

namespace tsjit::autodiff {

void initialize();

bool autodiffExecutorPass(std::shared_ptr<Graph>& graph);

class DifferentiableGraphBackward : public autograd::Node {
 public:
  DifferentiableGraphBackward(const Gradient& gradient, GraphRunner runner);
  std::vector<Tensor> apply(std::vector<Tensor> gradOutputs) override;
  std::string name() const override { return "DifferentiableGraphBackward"; }
  void release() override;
  size_t numSymbolicNodes() const { return gradient_.numSourceNodes; }

  // Filled by attach(): the forward's inputs (edges) and outputs (history), the saved values.
  void attach(const std::vector<IValue>& inputs, std::vector<IValue>& outputs, std::vector<IValue> saved);

 private:
  struct SavedValue {
    autograd::SavedTensor tensor;  // a tensor (undefined tensors are kept as `value`)
    IValue value;                  // anything else
    bool isTensor = false;
  };
  struct OutputInfo {
    bool tensor = false;
    std::vector<int64_t> sizes;
    ScalarType dtype = ScalarType::Double;
  };
  Gradient gradient_;
  GraphRunner runner_;
  std::vector<SavedValue> saved_;
  std::vector<OutputInfo> outputs_;
  std::vector<std::vector<int64_t>> inputSizes_;
  std::vector<ScalarType> inputDtypes_;
};

}  // namespace tsjit::autodiff

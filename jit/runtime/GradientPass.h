// GradientPass.h — where the executors meet symbolic autodiff without including it (the
// architecture's rule: upward needs are inverted through registration).
//
// 1.13's executors, when a plan is specialized for inputs that need a gradient (grad mode on and
// some input may require grad), carve the differentiable parts of the graph into
// prim::DifferentiableGraph nodes guarded by prim::RequiresGradCheck (CreateAutodiffSubgraphs +
// the requires-grad guard) and skip the whole-graph fusion; everything outside the subgraphs then
// runs under autograd (the interpreter's autograd hook records its grad_fns). jit/autodiff
// provides that pass; a layer that may see both the runtime and autodiff (tools/, conformance/,
// perf/) registers it here once. Without a registered pass plans are built as before.
// The operations of the two node kinds are registered through kernels::registerNodeOperation by
// jit/autodiff's initialize().
// Thread-safe.
#pragma once

#include <functional>
#include <memory>

namespace tsjit {
class Graph;
}

namespace tsjit::runtime {

using AutodiffPass = std::function<bool(std::shared_ptr<Graph>&)>;
// nullptr unregisters.
void registerAutodiffPass(AutodiffPass pass);
AutodiffPass currentAutodiffPass();

// 1.13's needsGradient on a specialized graph: grad mode is on and some value may require grad —
// any value whose tensor type says requires_grad=true, or, with `unknownMayRequireGrad` (the
// ArgumentSpec executor, whose graph knows only its inputs), a graph input whose type does not
// know (tensors, optionals and containers of tensors; objects whose class holds a tensor
// attribute, as 1.13's ClassType::requires_grad). The profiling executor passes false: its types
// are what the profiled runs observed, so an unknown requires_grad was never seen true.
bool needsGradient(const Graph& graph, bool unknownMayRequireGrad);

}  // namespace tsjit::runtime

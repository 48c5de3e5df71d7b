// Tracer.h — `torch.jit.trace` for tsjit: runs a compiled function or module method on example
// inputs and records the straight-line graph of the tensor operations it executed, as PyTorch
// 1.13's tracer does.
//
// The run is concrete: every node of the (compiled, calls inlined) graph executes on real values
// through the engine the caller gives (TraceGraphRunner: the jit's interpreter or the reference
// evaluator, each given a one-node graph), so
//   * loops are unrolled and branches resolved by the values of this run;
//   * an op whose outputs hold a tensor is recorded (aten:: and other non-prim kinds, in-place
//     ops and factories included), its tensor outputs typed completely (dtype, sizes, strides,
//     requires_grad, device) from the values computed;
//   * ops that turn tensors into Python values (aten::size, dim, item, Int, Bool, Float, ...) and
//     every computation on Python values are not recorded: their results enter the trace as
//     constants where a recorded op uses them (ints, floats, lists of them, None, strings);
//     aten::Bool/Int/Float/item/tolist of a traced tensor add 1.13's TracerWarning;
//   * prim:: plumbing (list/tuple construct and unpack, casts, NumToTensor) is not recorded: a list
//     or tuple a recorded op takes is rebuilt in the trace (prim::ListConstruct of its elements'
//     traced values or constants), a tensor no recorded op produced (a constant tensor, a tensor
//     made from a number) enters as a tensor constant;
//   * module methods: prim::GetAttr on the traced module records a GetAttr; a call of a submodule's
//     method is recorded as prim::CallMethod (its body is run, not recorded), as 1.13 traces
//     submodules separately; calls of free functions are traced through;
//   * prim::fork (torch.jit.fork) is recorded as 1.13 records it: a prim::fork whose Subgraph is
//     the trace of the forked work (run at once), its inputs the traced values that work reads,
//     then aten::wait of the (already complete) future like any op.
// Invariants: the traced graph has one input per graph input (complete tensor types), only the
// nodes described above, and computes the same outputs as the run on these inputs. Errors raised
// by the program propagate unchanged; nodes the tracer cannot run (e.g. an unresolved function)
// raise CompileError naming the node.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"

namespace tsjit::frontend {

// Runs a graph of one node (no sub-blocks) on concrete inputs and returns its outputs; in-place
// ops must write into the given tensors, as both engines do.
using TraceGraphRunner = std::function<std::vector<IValue>(const std::shared_ptr<Graph>&, std::vector<IValue>)>;

struct TraceResult {
  std::shared_ptr<Graph> graph;
  std::vector<IValue> outputs;        // what the traced run returned
  std::vector<std::string> warnings;  // TracerWarnings, in the order they were raised
};

// Traces `graph` (a function's graph, or a method's with the module object as inputs[0]) on
// `inputs`. The inputs are used as given (an in-place op of the program writes into them). Graph
// inputs past `inputs` take their default from `defaults` (one per graph input, as
// Function::Signature): as in Python, they are plain values of the run, not inputs of the trace.
TraceResult traceGraph(const Graph& graph, std::vector<IValue> inputs, const TraceGraphRunner& run,
                       const std::vector<std::optional<Literal>>& defaults = {});

}  // namespace tsjit::frontend

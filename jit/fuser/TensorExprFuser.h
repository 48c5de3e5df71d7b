// TensorExprFuser.h — the fusion pass (PyTorch 1.13's tensorexpr_fuser, simplified): groups
// fusible nodes into prim::TensorExprGroup subgraphs behind a type guard.
//
// Fusible node: an elementwise op (unary, binary, ternary such as where / clamp / lerp, a
// comparison; not an in-place or .out variant) or a dtype conversion (aten::to.dtype,
// aten::type_as), or a simple reduction (aten::sum.dim_IntList / aten::mean.dim over the last
// dims of its input: constant dims, constant keepdim, dtype None), with one Tensor output, whose tensor inputs and output have complete types
// (dtype, sizes, strides, device — the profiling executor puts the observed types on the
// values), all on one device, none requiring grad, none Half/BFloat16 on CPU (1.13 does not fuse
// them there), and whose other inputs are int/float/bool (constants are copied into the group,
// runtime scalars become group inputs) or a None constant. AliasDb: a node none of whose inputs
// or outputs may be written by any node of the graph (no fusion across writes; moving the node
// down to its group cannot change what it reads).
// Grouping: per block, consumers in reverse order absorb fusible producers of the same block
// whose every use is in the group or after it (the group sits where its last node was). Groups
// with fewer than kMinGroupSize ops (1.13: 2) are left alone. A group becomes
//   %t..., %ok = prim::TypeCheck[types=[...]](tensor inputs)
//   %o... = prim::If(%ok)
//     block0(): %g... = prim::TensorExprGroup_0(%t..., scalars...)   -> (%g...)
//     block1(): %f... = prim::FallbackGraph_1(inputs...)               -> (%f...)
// where the fallback's subgraph is the same nodes with unspecialized tensor types.
// Idempotent on its output (groups are not fused again). Returns whether it changed the graph.
#pragma once

#include <memory>

#include "jit/support/Symbol.h"

namespace tsjit {
class Graph;
}

namespace tsjit::fuser {

inline constexpr size_t kMinGroupSize = 2;

Symbol tensorExprGroupSymbol();  // prim::TensorExprGroup
bool fuseTensorExprs(std::shared_ptr<Graph>& graph);

// Registers the pass as `tensorexpr_fuser` in the PassRegistry (for `tsjit opt`; the profiling
// executor gets it through runtime::registerFusionPass). Idempotent.
void registerFusionPassInRegistry();

}  // namespace tsjit::fuser

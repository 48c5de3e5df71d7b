// ShapePropagation.h — the `shape_propagation` pass: tensor types (dtype, device, sizes,
// requires_grad) propagated from the graph's input types through the graph, as PyTorch 1.13's
// PropagateInputShapes (torch/csrc/jit/passes/shape_analysis.cpp) does after the graph executor
// specialized the inputs to an ArgumentSpec.
//
// Specialization (not a pass, called by whoever knows the inputs):
//   * specializeInputTypes(graph, examples): each input declared Tensor or Optional[Tensor] that
//     receives a defined tensor gets its complete type (dtype, device, sizes, strides,
//     requires_grad) — what `tsjit conform --compare-optimized` and the pass harness use;
//   * the GraphExecutor sets dtype, device, rank and requires_grad from its ArgumentSpec
//     (sizes unknown), as 1.13's ArgumentSpecCreator::specializeTypes.
// Propagation: every Tensor-typed output of every node (nested blocks included) gets the type its
// rule computes from the input types, or the plain `Tensor` when no rule applies or an input fact
// is unknown (1.13's setUnshapedType): a type never claims what the inputs do not prove. Rules:
// dtype-preserving unary ops, same-dtype binary arithmetic and comparisons with broadcasting,
// tensor-scalar arithmetic on floating tensors, mm / matmul / addmm / t / transpose on matrices.
// prim::If outputs get the facts both branches agree on; prim::Loop carried values are iterated
// to a fixed point (facts that change between iterations are dropped). requires_grad of a result
// is stated only when it is false (no input requires grad). Strides are only stated for
// inputs. Idempotent; the pass harness checks every static type against the values the reference
// computes.
#pragma once

#include <memory>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ir/Type.h"

namespace tsjit {

class Graph;

// The complete type of a concrete value for a graph input: a TensorType for a defined tensor,
// else nullptr (the declared type stays).
TypePtr exampleTensorType(const IValue& v);
// Refines the graph's input types from example inputs (see above). The counts must match.
void specializeInputTypes(Graph& graph, const std::vector<IValue>& examples);
// The facts two tensor types agree on (the join), e.g. for the outputs of an If.
TypePtr mergeTensorTypes(const TypePtr& a, const TypePtr& b);

bool propagateShapes(std::shared_ptr<Graph>& graph);

}  // namespace tsjit

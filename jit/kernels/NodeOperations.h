// NodeOperations.h — operations for node kinds that a library above the runtime implements
// (the fuser's prim::TensorExprGroup, autodiff's prim::DifferentiableGraph), registered by that
// library's initialize() and looked up by the interpreter's compiler (jit/runtime/CodeBuilder).
//
// The runtime may not include those libraries and they may not include the runtime (the layering
// of docs/architecture.md), so the factory receives what it needs from the runtime in a context:
// `compileGraph` turns a Graph into an Operation that runs it with the interpreter (it pops the
// graph's inputs and pushes its outputs), e.g. for a group whose kernel cannot be generated.
// Invariants: one factory per kind (registering a kind twice replaces it); the factory runs once
// per node when the node's Code is compiled, never while the Code runs; thread-safe.
#pragma once

#include <functional>
#include <memory>

#include "jit/kernels/Kernel.h"

namespace tsjit {
class Graph;
class Node;
}  // namespace tsjit

namespace tsjit::kernels {

struct NodeOperationContext {
  std::function<Operation(std::shared_ptr<Graph> graph)> compileGraph;
};

using NodeOperationFactory = std::function<Operation(const Node& node, const NodeOperationContext& context)>;

void registerNodeOperation(Symbol kind, NodeOperationFactory factory);
// The factory registered for `kind`, or nullptr.
std::shared_ptr<const NodeOperationFactory> findNodeOperation(Symbol kind);

}  // namespace tsjit::kernels

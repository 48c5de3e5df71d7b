// CorePasses.h — the alias-aware passes of PyTorch 1.13's graph executor that live in jit/passes,
// one .cpp file each (registered in PassRegistry.cpp's registerAllPasses()). Each returns whether
// it changed the graph and leaves a graph that verifies.
//
//   eliminateDeadCode      dce: removes nodes whose results are unused, keeping side effects and
//                          writes to memory that is observed (live values, graph inputs/outputs)
//   eliminateCommonSubexpression  cse: merges identical pure nodes whose memory has no writers
//   propagateConstants     constant_propagation: folds pure deterministic nodes on constants with
//                          the jit's kernels (see setConstantEvaluator), prunes constant If/Loop
//   poolConstants          constant_pooling: one node per distinct constant, hoisted to the top
//   peepholeOptimize       peephole: facts from types (sizes, dims, dtypes, None tests), len of
//                          list literals, exact integer identities
//   removeMutation         remove_mutation: in-place ops on private fresh tensors to functional ops
//   canonicalize           canonicalize: value ids renumbered in program order
//   batchMatmuls           batch_mm: trees of added mm's to one mm of concatenations, and mm's
//                          sharing an operand batched side by side (no mutation in the graph)
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "jit/ir/IValue.h"

namespace tsjit {

class Graph;
class Node;

bool eliminateDeadCode(std::shared_ptr<Graph>& graph);
bool eliminateCommonSubexpression(std::shared_ptr<Graph>& graph);
bool propagateConstants(std::shared_ptr<Graph>& graph);
bool poolConstants(std::shared_ptr<Graph>& graph);
bool peepholeOptimize(std::shared_ptr<Graph>& graph);
bool removeMutation(std::shared_ptr<Graph>& graph);
bool canonicalize(std::shared_ptr<Graph>& graph);
bool batchMatmuls(std::shared_ptr<Graph>& graph);

// Runs one node on constant inputs and returns its outputs, or nullopt when it cannot (no kernel,
// an error). jit/runtime registers the one backed by the optimized kernels (the layer that owns
// them); without one, constant_propagation folds control flow only.
using ConstantEvaluator =
    std::function<std::optional<std::vector<IValue>>(const Node& node, std::vector<IValue> inputs)>;
void setConstantEvaluator(ConstantEvaluator evaluator);
bool hasConstantEvaluator();

}  // namespace tsjit

// ConstantEvaluator.h — registers the jit's node evaluator with constant_propagation
// (jit/passes/CorePasses.h): a node on constant inputs runs through the same operation the
// interpreter would compile for it (prim operations, else the overload's optimized kernel).
#pragma once

#include <optional>
#include <vector>

#include "jit/ir/IValue.h"

namespace tsjit {
class Node;
}

namespace tsjit::runtime {

// Runs n on `inputs`; nullopt when there is no operation for it or it throws (prim::Constant
// nodes evaluate to their value).
std::optional<std::vector<IValue>> evaluateNode(const Node& n, std::vector<IValue> inputs);

// Idempotent, thread-safe: setConstantEvaluator(evaluateNode) once.
void registerConstantEvaluator();

}  // namespace tsjit::runtime

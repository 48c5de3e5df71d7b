// ConstantEvaluator.cpp — the evaluator behind constant_propagation (ConstantEvaluator.h).
#include "jit/runtime/ConstantEvaluator.h"

#include <mutex>

#include "jit/ir/Graph.h"
#include "jit/kernels/Kernel.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/passes/CorePasses.h"
#include "jit/runtime/PrimOps.h"

namespace tsjit::runtime {

std::optional<std::vector<IValue>> evaluateNode(const Node& n, std::vector<IValue> inputs) {
  try {
    if (n.kind() == prim::Constant) {
      if (n.numOutputs() != 1 || n.output()->type()->kind() == TypeKind::Function) return std::nullopt;
      if (n.hasAttribute(attr::value) && n.kindOfAttribute(attr::value) == AttributeKind::t &&
          n.t(attr::value).opaque)
        return std::nullopt;
      return std::vector<IValue>{constantValue(n)};
    }
    kernels::Operation op;
    if (auto p = primOperation(n)) {
      op = std::move(*p);
    } else {
      const ops::OpOverload* ov = ops::resolveOverload(n);
      if (!ov) return std::nullopt;
      const kernels::OptimizedKernel* k = kernels::findKernel(*ov);
      if (!k) return std::nullopt;
      op = k->run;
    }
    Stack stack(std::make_move_iterator(inputs.begin()), std::make_move_iterator(inputs.end()));
    op(stack, n.numInputs());
    if (stack.size() != n.numOutputs()) return std::nullopt;
    return std::vector<IValue>(std::make_move_iterator(stack.begin()), std::make_move_iterator(stack.end()));
  } catch (const std::exception&) {
    return std::nullopt;  // the error stays in the graph, for run time
  }
}

void registerConstantEvaluator() {
  static std::once_flag once;
  std::call_once(once, [] {
    kernels::registerAllKernels();
    setConstantEvaluator(evaluateNode);
  });
}

}  // namespace tsjit::runtime

// ExecutorVjp.h — the gradient of a graph as the JIT's executors compute it (GradExecutor.h:
// DifferentiableGraphs + autograd), as a plain function for checkers that compare it with finite
// differences (fuzz --target grad). Separate from GradExecutor.h so that it can be included next to
// GradCheck.h (whose GradEngine enum shares a name with GradConformAutograd.h's struct).
#pragma once

#include <vector>

#include "jit/ir/IValue.h"

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

// d(Σ_k <gradOutputs[k], outputs[k]>)/d inputs[wrt[i]] with `graph` run by the profiling executor
// (or the GraphExecutor when `legacyExecutor`) on inputs whose floating `wrt` tensors are leaves
// requiring grad: one profiled call on copies, then the measured call, then autograd::grad over the
// floating tensor outputs (flattened depth first, paired with the flattened gradOutputs). An input
// the outputs do not depend on gets zeros. `symbolicNodes` (optional): forward nodes whose gradient
// came from DifferentiableGraphs.
std::vector<Tensor> executorVjp(const Graph& graph, const std::vector<IValue>& inputs,
                                const std::vector<IValue>& gradOutputs, const std::vector<size_t>& wrt,
                                bool legacyExecutor = false, size_t* symbolicNodes = nullptr);

}  // namespace tsjit::conformance

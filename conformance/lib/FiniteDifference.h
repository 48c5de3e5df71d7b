// FiniteDifference.h — the gradient oracle: vector-Jacobian products by central finite differences
// in float64, of any function of IValues and in particular of a graph run by the REFERENCE
// evaluator. Symbolic autodiff and the autograd runtime are both checked against this, never
// against each other alone.
//
// finiteDifferenceVjp(f, inputs, gradOutputs, wrt) returns, for each i in wrt, the float64 tensor
//     d/d inputs[wrt[i]]  of  L(inputs) = Σ_k <gradOutputs[k], f(inputs)[k]>
// shaped like inputs[wrt[i]] (its logical elements: an expanded input is materialized first, so
// each logical element is perturbed on its own, which is the gradient autograd reports).
// Invariants:
//   * every input listed in wrt must be a floating-point tensor; it is converted to a contiguous
//     float64 copy before any evaluation, and f sees that copy (so the derivative is the one of
//     the computation in double, as the reference computes);
//   * f is always called with fresh deep copies of the inputs (ValueClone.h), so a function that
//     writes into its inputs cannot disturb the next evaluation;
//   * element j of an input is perturbed by ±h with h = eps · max(1, |x_j|) (a relative step for
//     large values) and the derivative is (L(x + h) − L(x − h)) / 2h;
//   * gradOutputs holds one value per output of f: a tensor (any floating dtype, same number of
//     elements as the output, read in logical order) or a double for a float output, None for an
//     output that does not count, and a list or tuple of those for a list or tuple output;
//     integer and boolean outputs never count;
//   * a mismatch between gradOutputs and f's outputs (count, kinds, element counts) throws
//     std::invalid_argument naming the output's path; an error raised by f propagates.
// Accuracy: the truncation error is O(h²·f''') and the rounding error O(ε_double·|L| / h); with the
// default eps = 1e-6 that is about 1e-10·|L| + 1e-12·|f'''| — callers compare with a tolerance
// well above that (and must avoid kinks: |x| within h of a kink of relu/abs gives a one-sided mix).
#pragma once

#include <functional>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/tensor/Tensor.h"

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

using GraphFn = std::function<std::vector<IValue>(std::vector<IValue>)>;

std::vector<Tensor> finiteDifferenceVjp(const GraphFn& f, const std::vector<IValue>& inputs,
                                        const std::vector<IValue>& gradOutputs,
                                        const std::vector<size_t>& wrt, double eps = 1e-6);

// The same with f = the reference evaluator running `graph` (reference::evaluate).
std::vector<Tensor> referenceVjp(const Graph& graph, const std::vector<IValue>& inputs,
                                 const std::vector<IValue>& gradOutputs,
                                 const std::vector<size_t>& wrt, double eps = 1e-6);

// L = Σ_k <gradOutputs[k], outputs[k]> in double, with the same pairing rules and errors.
double contractWithGradOutputs(const std::vector<IValue>& outputs, const std::vector<IValue>& gradOutputs);

}  // namespace tsjit::conformance

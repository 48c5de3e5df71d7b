// OpErrorBound.h — how far one op's float result may legitimately be from the reference's,
// element by element: the per-op, per-element form of Compare.h's reduction rule.
//
// For one execution of an op node (its resolved overload, its argument values, the reference's
// outputs) compareOptionsForOp() gives, for each output, the CompareOptions to judge another
// engine's (or PyTorch's) value of that output. For ops with a reduction tolerance the options
// carry an absolute bound per output element (CompareOptions::elementBound):
//   * sums of terms (sum, mean, cumsum, the matmul family, einsum, trace, convolutions, average
//     pools, scatter_add, index_add, prod): bound_i = k * n_i * eps_acc * S_i, where n_i is the number
//     of terms actually reduced into element i (the op run on ones: K+1 for addmm, the window of a
//     pool, the padded window of a convolution) and S_i = Σ|terms| of element i (the op run on the
//     operands' magnitudes); eps_acc is the accumulation dtype's epsilon (PyTorch accumulates
//     Half/BFloat16 in float, so float's eps for those, double's for double);
//   * softmax / log_softmax: from the row's exponent spread and length (relative bound for
//     softmax, absolute for log_softmax);
//   * layer_norm, batch_norm, group_norm, instance_norm: from the group's length, |x - mean|,
//     mean|x|, 1/std, |weight| and |bias|.
//   An element that a non-finite term reaches gets a NaN bound (Compare.h: then only a
//   non-finite value on both sides agrees); one whose terms' magnitudes overflow the
//   accumulation dtype gets +inf (anything agrees: the order of the terms decides).
//   Compare.h adds the output's own rounding (CompareOptions::roundingUlps: 1 ulp, 2 for mean and
//   average pools, which PyTorch rounds twice in the dtype) to every bound.
// Ops without a per-element model (other reduction-class ops: std, var, norms, losses, logsumexp,
// linalg) get the scalar rule with n = terms per element (input/output numel) and Σ|terms| from
// the op run on magnitudes where that is an upper bound, else the operands' magnitude.
#pragma once

#include <vector>

#include "conformance/lib/Compare.h"
#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit::conformance {

// One CompareOptions per output of `overload` run on `inputs` (the reference's `outputs` give the
// output dtypes and shapes). `overload` may be null (structural nodes): exact options then.
// `tolerance` is the op's tolerance (the overload's, or the op's when it has no overload).
std::vector<CompareOptions> compareOptionsForOp(const ops::OpOverload* overload, ops::Tolerance tolerance,
                                                const std::vector<IValue>& inputs, const std::vector<IValue>& outputs);

// Options for the inputs an op updates although its schema does not say so (batch_norm's and
// instance_norm's running_mean / running_var, which are averages of the input).
CompareOptions compareOptionsForUpdatedState(const std::vector<IValue>& inputs);

}  // namespace tsjit::conformance

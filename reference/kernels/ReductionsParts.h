// ReductionsParts.h — the parts of the reference Reductions family and the grouping they share.
//
// A reduction over a set of dims splits the input into groups: one group per position of the
// kept dims (row-major, which is also the row-major order of the result, keepdim or not), each
// holding the elements of the reduced dims in row-major order. Grouping::arrange permutes a
// tensor (kept dims first, reduced dims last) so that element r of group g is at logical index
// g * groupSize + r. Scans and softmax use the same grouping with one reduced dim and write their
// result through the same permutation of a contiguous output of the input's shape.
#pragma once

#include <cstdint>
#include <vector>

#include "jit/tensor/Tensor.h"

namespace tsjit::reference {

void registerReductionsSumKernels();     // ReductionsSum.cpp: sum, mean, prod, std, var, norms...
void registerReductionsMinMaxKernels();  // ReductionsMinMax.cpp: max, min, amax, amin, argmax...
void registerReductionsScanKernels();    // ReductionsScan.cpp: cumsum, cumprod, softmax, log_softmax
void registerReductionsSelectKernels();  // ReductionsSelect.cpp: median, mode, kthvalue, aminmax, cummax...
void registerReductionsMoreKernels();    // ReductionsMore.cpp: var_mean, nansum, diff, histc, searchsorted...

struct Grouping {
  std::vector<int64_t> perm;      // kept dims, then reduced dims
  int64_t groups = 1;             // product of the kept sizes
  int64_t groupSize = 1;          // product of the reduced sizes
  std::vector<int64_t> outSizes;  // the result shape (reduced dims dropped, or 1 with keepdim)
  Tensor arrange(const Tensor& t) const { return t.permute(perm); }
};

// dims: wrapped, without duplicates (TensorArgs' dimListArg).
Grouping groupingOf(const std::vector<int64_t>& sizes, const std::vector<int64_t>& dims, bool keepdim);

}  // namespace tsjit::reference

// Reductions.cpp — entry point of the reference Reductions family (registers every part, see
// ReductionsParts.h) and the grouping of elements into reduction groups.
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ReductionsParts.h"

namespace tsjit::reference {

Grouping groupingOf(const std::vector<int64_t>& sizes, const std::vector<int64_t>& dims, bool keepdim) {
  Grouping g;
  std::vector<bool> reduced(sizes.size(), false);
  for (int64_t d : dims) reduced[static_cast<size_t>(d)] = true;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (reduced[d]) continue;
    g.perm.push_back(static_cast<int64_t>(d));
    g.groups *= sizes[d];
  }
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!reduced[d]) continue;
    g.perm.push_back(static_cast<int64_t>(d));
    g.groupSize *= sizes[d];
  }
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!reduced[d])
      g.outSizes.push_back(sizes[d]);
    else if (keepdim)
      g.outSizes.push_back(1);
  }
  return g;
}

void registerReductionsKernels() {
  registerReductionsSumKernels();
  registerReductionsMinMaxKernels();
  registerReductionsScanKernels();
  registerReductionsSelectKernels();
  registerReductionsMoreKernels();
}

}  // namespace tsjit::reference

// LoopAccess.h — memory safety of a lowered kernel, independent of the backend and its optimizer.
// Backends evaluate a nest's `let`s and selects eagerly (the LLVM code loads both arms of a select
// and every let, live or not, until an optimizer proves it dead), so every Load in the IR must be
// in bounds whenever its statement runs, not only when its value is used.
//
//   removeDeadLets: drops the `let`s whose variable nothing reads, repeatedly (a chain of dead
//     lets goes at once). The lowering emits a let for every node a nest's outputs depend on,
//     including nodes whose value is never used (aten::type_as(self, other) takes only other's
//     dtype): those lets may load from tensors of an unrelated shape, even empty ones.
//   checkAccessesInBounds: interval analysis of every Load / Store index over the loop ranges
//     (constant or interval bounds; a loop that may run no iteration is skipped only when it surely
//     runs none); InternalError when an index may leave [0, extent) of its buffer, where extent is
//     1 + the largest element offset (0 for an empty buffer: no access at all is allowed).
// Invariant after both: every access any backend makes is inside its buffer.
#pragma once

#include "jit/tensorexpr/LoopIR.h"

namespace tsjit::tensorexpr {

StmtPtr removeDeadLets(const StmtPtr& s);

// The number of elements from the data pointer a buffer spans (0 when it holds none).
int64_t bufferExtent(const Buffer& b);

void checkAccessesInBounds(const LoopKernel& k);

}  // namespace tsjit::tensorexpr

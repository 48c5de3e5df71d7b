// KnownMismatches.h — ops the generator leaves out because the jit-vs-reference property already
// found them failing (reported to the owners of jit/kernels, jit/runtime and reference/), each with
// the reason. These are findings, not accepted behaviour: when an owner fixes one, they delete its
// line, and `tsjit fuzz --target ops --include-known` runs them all anyway. The campaign summary
// prints every entry under "excluded ops".
#pragma once

#include "jit/ops/OpTable.h"

namespace tsjit::fuzz {

// The known-mismatch reason for an overload, or nullptr.
const char* knownMismatch(const ops::OpOverload& overload);

}  // namespace tsjit::fuzz

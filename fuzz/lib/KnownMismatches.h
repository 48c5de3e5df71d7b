// KnownMismatches.h — differences between the jit and the reference that the property already found
// and that are narrowed to a PRECONDITION ON THE NODE'S INPUTS (e.g. "a float32 matrix that is
// singular in float32"), never to a whole op: the op is generated like any other, and a failure at
// one of its nodes is excused only when the precondition holds on the inputs the node saw. Everything
// else about the op is still checked. These are findings, not accepted behaviour: when an owner fixes
// one, they delete its line; `tsjit fuzz --include-known` reports them as failures anyway. The
// campaign summary lists every entry and counts the cases each one excused.
#pragma once

#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit::fuzz {

struct KnownMismatch {
  const char* pattern;       // op kind ("aten::linalg_inv"), overload, "aten::div[scalar]", or "[inplace]"
  const char* precondition;  // the inputs it is limited to, in words
  bool (*holds)(const std::vector<IValue>& inputs);
  const char* reason;        // the symptom and which side is wrong, if known
};

// Every entry (for the summary).
const std::vector<KnownMismatch>& knownMismatches();

// The entry of `overload` whose precondition holds on `inputs`, or nullptr.
const KnownMismatch* knownMismatchFor(const ops::OpOverload& overload, const std::vector<IValue>& inputs);

}  // namespace tsjit::fuzz

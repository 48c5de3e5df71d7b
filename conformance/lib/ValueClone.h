// ValueClone.h — deep copies of run inputs, so that a graph that writes into its inputs (in-place
// ops on graph inputs or views of them) cannot leak one run's writes into the next run.
//
// A copy keeps every tensor's sizes, strides, storage offset, dtype and wrapped-number flag (an
// expanded or transposed input stays expanded or transposed) on fresh storage; lists and tuples
// are rebuilt around copies of their items (their element types kept); other values (scalars,
// strings, None, devices, objects) are shared, as they are immutable or owned by the caller.
#pragma once

#include <vector>

#include "jit/ir/IValue.h"

namespace tsjit::conformance {

IValue cloneValue(const IValue& value);
std::vector<IValue> cloneValues(const std::vector<IValue>& values);

}  // namespace tsjit::conformance

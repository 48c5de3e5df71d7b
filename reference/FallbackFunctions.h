// FallbackFunctions.h — the reference's own lookup for a Function constant its options do not
// resolve (`prim::Constant[name="get_enum"]` in a recorded 1.13 graph): a process-wide resolver
// registered from above (the conformance harness registers the frontend's built-in TorchScript
// library). Written separately from the jit's (jit/runtime/FallbackFunctions.h), as the reference
// shares no runtime code. Without one, the constant stays an unresolved Function.
// Invariant: a resolved Function lives for the whole process.
#pragma once

#include <functional>
#include <string>

#include "jit/ir/Function.h"

namespace tsjit::reference {

using FunctionLookup = std::function<Function*(const std::string& name)>;

void setFunctionLookup(FunctionLookup lookup);  // nullptr unregisters; thread-safe
Function* lookUpFunction(const std::string& name);  // nullptr when none is registered or it does not know the name

}  // namespace tsjit::reference

// FallbackFunctions.h — where a Function constant that the compile options do not resolve is
// looked up next: a process-wide resolver that the layer above registers (upward needs inverted
// through registration, as the autograd hook): the tools register the frontend's built-in
// TorchScript library, so a recorded 1.13 graph that calls `prim::Constant[name="get_enum"]`
// runs. Without a registration, or when it does not know the name, the constant stays an
// unresolved Function (calling it is an UnsupportedOperator).
// Invariant: a resolved Function lives for the whole process.
#pragma once

#include <functional>
#include <string>

#include "jit/ir/Function.h"

namespace tsjit::runtime {

using FallbackFunctionResolver = std::function<Function*(const std::string& name)>;

// Registers the resolver (nullptr unregisters); thread-safe.
void setFallbackFunctionResolver(FallbackFunctionResolver resolver);
// The registered resolver's answer for `name`, or nullptr.
Function* resolveFallbackFunction(const std::string& name);

}  // namespace tsjit::runtime

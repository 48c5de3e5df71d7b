// LibraryFunctions.h — the functions of the built-in TorchScript library (Library.cpp) by the
// name 1.13's graphs give them: a recorded graph keeps some library calls as
// `prim::Constant[name="get_enum"]` + prim::CallFunction, naming the function without its module.
// Invariant: each name compiles at most once per process and the Function lives until exit.
#pragma once

#include <string>

#include "jit/ir/Function.h"

namespace tsjit::frontend {

// The library def whose name (without its module) is `name`, compiled; nullptr when no module or
// several define it, or when it does not compile.
Function* builtinLibraryFunction(const std::string& name);

}  // namespace tsjit::frontend

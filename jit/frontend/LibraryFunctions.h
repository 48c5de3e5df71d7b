// LibraryFunctions.h — the functions of the built-in TorchScript library (Library.cpp) by the
// name 1.13's graphs give them: a recorded graph keeps some library calls as
// `prim::Constant[name="get_enum"]` + prim::CallFunction, naming the function without its module.
// Invariant: each name compiles at most once per process and the Function lives until exit.
#pragma once

#include <string>

#include "jit/ir/Function.h"

namespace tsjit::frontend {

// The library helper whose name (without its module) is `name` — a def of torch.nn._reduction or a
// private `_name` def — compiled; nullptr when no module or several define it, when it does not
// compile, or for a public name (a graph calling `dropout` by name calls a function of its own).
Function* builtinLibraryFunction(const std::string& name);

// The class of the built-in library with this qualified name
// (`__torch__.torch.autograd.grad_mode.no_grad`, which 1.13's graphs of `with torch.no_grad():`
// create and enter), compiled with every method; nullptr when the library has no such class.
ClassTypePtr builtinLibraryClass(const std::string& qualifiedName);

}  // namespace tsjit::frontend

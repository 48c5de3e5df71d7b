// WithOps.h — `with obj:` in the interpreter: prim::Enter(%obj) calls obj.__enter__() and records
// obj as entered; prim::Exit(%obj) calls obj.__exit__(None, None, None) and forgets it. The record
// is a per-thread stack shared by nested calls: InterpreterState::run notes its depth on entry and,
// when an exception leaves the run, calls __exit__(None, None, None) on every object the run
// entered and did not exit (innermost first) before rethrowing, as 1.13's interpreter unwinds
// its entered objects. An exception raised by such an __exit__ is dropped: the original error
// propagates, as in 1.13.
#pragma once

#include <optional>

#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"

namespace tsjit::runtime {

// The operation of a prim::Enter / prim::Exit node; nullopt for other kinds.
std::optional<kernels::Operation> withOperation(const Node& node, const CompileOptions& options);
// How many objects this thread has entered and not exited.
size_t enteredDepth();
// Exits (innermost first) the entered objects above `depth`, ignoring errors of their __exit__.
void exitEnteredDownTo(size_t depth);

}  // namespace tsjit::runtime

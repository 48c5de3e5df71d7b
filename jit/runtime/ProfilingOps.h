// ProfilingOps.h — the interpreter's operations for the profiling executor's node kinds:
//   prim::profile[index=K](%v) -> %v        records %v's type into slot K of the Code's
//                                            ProfilingRecord (CompileOptions::profiling; without
//                                            one it only passes the value through);
//   prim::TypeCheck[types=[T...]](%a...) -> (%a..., %ok)
//                                            passes its inputs through and pushes whether each
//                                            tensor matches its complete type T exactly: defined,
//                                            dtype, device, sizes, strides, requires_grad (1.13:
//                                            under the current grad mode, off = false);
//   prim::FallbackGraph[Subgraph=g](%a...)   runs g (CompileOptions::compileFallback, else the
//                                            interpreter): the unspecialized code a failed guard
//                                            takes.
// kernels::NodeOperations registered by other libraries (the fuser's group) are compiled here too,
// with a context whose compileGraph runs a graph with the interpreter.
#pragma once

#include <optional>

#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"

namespace tsjit::runtime {

// prim::FallbackGraph (interned here; the fuser creates it by name).
Symbol fallbackGraphSymbol();
// An Operation running `code` in a fresh InterpreterState per call.
kernels::Operation interpreterOperation(std::shared_ptr<const Code> code);
// Whether a concrete value matches a complete tensor type (the TypeCheck rule above).
bool matchesCompleteType(const IValue& value, const TensorType& type);
// The operation for one of the kinds above or a registered NodeOperation; nullopt for others.
std::optional<kernels::Operation> profilingOperation(const Node& node, const CompileOptions& options);

}  // namespace tsjit::runtime

// Fork.h — torch.jit.fork in the interpreter: prim::fork[Subgraph=g](%a...) -> Future[T] starts g
// on the fork pool and pushes its future at once; aten::wait (an optimized kernel) blocks on it.
//
// The pool: a fixed set of worker threads (hardware concurrency, at least 2) started on first use.
// A future's task is claimed once (FutureObj): a wait() that finds it unstarted runs it inline, so
// nested forks and waits never deadlock however busy the pool is. An error inside the fork is
// stored in the future and rethrown by wait(), as in 1.13.
#pragma once

#include <optional>

#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"

namespace tsjit::runtime {

// The operation of a prim::fork node; nullopt for other kinds.
std::optional<kernels::Operation> forkOperation(const Node& node, const CompileOptions& options);

}  // namespace tsjit::runtime

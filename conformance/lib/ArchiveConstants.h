// ArchiveConstants.h — replaces the lossy tensor constants of a recorded graph (`{-3.14174}`,
// `<Tensor>`) with the exact ones of the case's archive (constants.pkl). See the .cpp for the
// matching rule; nothing changes unless every constant matches.
#pragma once

#include <vector>

#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"

namespace tsjit::conformance {

// Whether the graph (nested blocks included) uses a tensor constant: only then is the archive read.
bool usesTensorConstants(Graph& graph);

// True when the graph's tensor constants were replaced by `archiveConstants` (CONSTANTS.c<i>).
bool useArchiveTensorConstants(Graph& graph, const std::vector<IValue>& archiveConstants);

}  // namespace tsjit::conformance

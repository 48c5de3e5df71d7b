// SourceCase.h — compiles a corpus case from its TorchScript `source` with jit/frontend, for
// `tsjit conform --source`.
//
//   function cases: compileFunctions(source, entry) with the case's archive_code as library code,
//                   then the entry's graph with every prim::CallFunction inlined (as PyTorch's
//                   inlined_graph; the engines run graphs, not compilation units).
//   module cases:   the module tree of `module_state` (section 6 of FORMAT.md) as a ModuleDesc —
//                   attribute values decoded bit-exactly, constants baked in — and
//                   compileModule(source, entry, desc); the graph to run is `forward` (self first),
//                   prim::CallMethod stays (both engines call the compiled methods) and every
//                   method's prim::CallFunction of library code is inlined.
// Traced cases have no source (`hasSource` is false). Compile errors propagate as CompileError
// (message with the source line and a caret); a malformed module_state raises CorpusError.
#pragma once

#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "conformance/lib/CorpusReader.h"
#include "jit/frontend/Module.h"
#include "jit/ir/IValue.h"

namespace tsjit::conformance {

// True for function and module cases with a non-empty source and entry.
bool hasSource(const Case& c);

struct SourceProgram {
  std::shared_ptr<Graph> graph;  // what the engine runs
  std::optional<IValue> self;    // module cases: the module object (first graph input)
  std::shared_ptr<void> owner;   // keeps the compilation unit (functions, class types) alive
  std::vector<std::optional<Literal>> defaults;  // the entry's parameter defaults, one per graph input
};

// Compiles `c` (hasSource(c) must hold). Throws CompileError / CorpusError.
SourceProgram compileCaseSource(const Case& c);

// The module tree of a `module_state` JSON object as the emitter's ModuleDesc.
std::shared_ptr<frontend::ModuleDesc> decodeModuleDesc(const nlohmann::json& state, ClassRegistry& classes);

}  // namespace tsjit::conformance

// TraceCase.h — the corpus's traced cases (`kind: traced`) through tsjit's tracer: the case's
// source is compiled with the script frontend (as a function, or as a module with its recorded
// module_state), then traced (jit/frontend/Tracer.h) on the case's `trace_inputs`, as PyTorch
// 1.13 traced it on the same inputs.
//
// The comparison with PyTorch's recorded traced graph is by node kinds: nodeKinds() lists the
// kinds of every node but prim::Constant, in program order (constants differ in form: 1.13
// makes 0-dim tensor constants of Python numbers and tsjit keeps the scripted overload).
#pragma once

#include <string>
#include <vector>

#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/SourceCase.h"
#include "jit/frontend/Tracer.h"

namespace tsjit::conformance {

// A traced case with a source and an entry.
bool isTracedSourceCase(const Case& c);

struct TracedCase {
  SourceProgram program;         // the compiled source (keeps classes and methods alive)
  frontend::TraceResult trace;   // the traced graph, the outputs of the traced run, warnings
  std::vector<IValue> traceInputs;  // what was traced on (the module object first for modules)
};

// Compiles and traces `c` (isTracedSourceCase(c) must hold) with `run` computing the values.
// CompileError / CorpusError for a case that does not compile or has no trace_inputs.
TracedCase traceCase(const Case& c, const frontend::TraceGraphRunner& run);

// The kinds of the graph's nodes but prim::Constant, in order (blocks included, depth first).
std::vector<std::string> nodeKinds(const Graph& graph);

}  // namespace tsjit::conformance

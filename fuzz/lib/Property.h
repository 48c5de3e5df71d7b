// Property.h — the differential property of generated cases: jit(g)(x) == reference(g)(x) under
// THE comparison rule (conformance/lib/Compare.h: compareValues with compareOptionsForGraph).
//
// A case passes when
//   * both engines return, and every output agrees (the graph's loosest op tolerance; the reduction
//     bound's n is the largest numel the generator saw), and neither engine changed its inputs
//     (generated graphs are functional); or
//   * both engines raise, with the same last line as Python would print it
//     (reference::pythonLastLine), e.g. "RuntimeError: ZeroDivisionError".
// It fails otherwise — including an InternalError, a CompileError or an unsupported operator in
// either engine, since the generator only draws well-formed graphs of ops both engines implement. Every engine run gets fresh inputs
// (GeneratedCase::makeInputs).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/lib/Program.h"

namespace tsjit::fuzz {

// Runs a graph on inputs and returns its outputs; throws what the program raises.
using EngineFn = std::function<std::vector<IValue>(const std::shared_ptr<Graph>& graph, std::vector<IValue> inputs)>;

struct PropertyEngines {
  std::string expectedName = "reference";
  EngineFn expected;
  std::string actualName = "jit";
  EngineFn actual;
};

// The reference evaluator (expected) vs the jit (actual): a fresh runtime::GraphExecutor per case,
// the engine behind `tsjit run --engine jit`.
PropertyEngines jitVsReference();
// The reference against itself (plumbing tests).
PropertyEngines referenceVsReference();

struct PropertyResult {
  bool passed = true;
  bool bothRaised = false;  // an error case where both engines raised the same error
  std::string message;      // why it failed
};

PropertyResult checkCase(const GeneratedCase& c, const PropertyEngines& engines);

}  // namespace tsjit::fuzz

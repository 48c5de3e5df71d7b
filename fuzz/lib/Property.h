// Property.h — the differential property of generated cases: the jit computes what the reference
// computes, under THE comparison rule (conformance/lib/Compare.h).
//
// Two modes (PropertyEngines::mode):
//
// Lockstep (the default, `tsjit fuzz`): every op node is checked on identical inputs.
//   1. The actual engine (the jit) runs with an ExecutionObserver that records, for each op node it
//      executes (jit/runtime/Interpreter.h; If / Loop bodies included), the node, deep copies of its
//      inputs and outputs (one copy per live jit tensor, so identities carry over), or that it
//      raised.
//   2. The reference evaluator runs, on copies of the jit's inputs, in lockstep
//      (reference::EvaluatorOptions::onOpBegin/onOpEnd):
//      its k-th op node execution must be the jit's k-th (else "control flow diverged"); it must see
//      exactly the inputs the jit's node saw (else the interpreter routed a wrong value); its
//      outputs, computed from those inputs, must agree with the jit's under that node's OWN
//      tolerance (the overload's Tolerance; the reduction bound's n = the node's largest input
//      numel, and for the matmul family its S = the largest Σ|terms| of an output element, from the
//      reference run on the operands' magnitudes); then the reference continues with the jit's
//      outputs, so rounding differences never compound along chains nor flip discontinuous ops
//      (floor, comparisons, If conditions).
//   3. Errors: if the jit raised at its k-th node, the reference must raise the same error (Python's
//      last line and exception class) at its k-th node, on the same inputs; a reference error where
//      the jit returned is a failure.
//   4. The final outputs — the jit's values routed by the reference's control flow — must equal the
//      jit's final outputs EXACTLY (a difference is an interpreter or control-flow bug); neither
//      engine may modify its inputs (generated graphs are functional).
//   Failures name the node: "op node #3 `%y : Tensor = aten::frac(%x)` (aten::frac): output 0 ...".
//
// EndToEnd (`tsjit conform`'s rule, kept for comparison and plumbing tests): both engines run
//   independently; every final output must agree under the graph's loosest op tolerance (the
//   reduction bound's n is the largest numel the generator saw), or both must raise the same error.
//
// In both modes an InternalError, a CompileError or an unsupported operator in either engine is a
// failure, since the generator only draws well-formed graphs of ops both engines implement. Every
// engine run gets fresh inputs.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/lib/Program.h"

namespace tsjit::runtime {
class ExecutionObserver;
}

namespace tsjit::fuzz {

struct KnownMismatch;

enum class PropertyMode { Lockstep, EndToEnd };

// Runs a graph on inputs and returns its outputs; throws what the program raises.
using EngineFn = std::function<std::vector<IValue>(const std::shared_ptr<Graph>& graph, std::vector<IValue> inputs)>;
// The same, reporting every op node it executes — with the Node* of `graph` — to `observer`.
using ObservedEngineFn = std::function<std::vector<IValue>(const std::shared_ptr<Graph>& graph,
                                                           std::vector<IValue> inputs,
                                                           runtime::ExecutionObserver& observer)>;

struct PropertyEngines {
  PropertyMode mode = PropertyMode::Lockstep;
  std::string expectedName = "reference";
  EngineFn expected;  // EndToEnd (Lockstep always runs reference::Evaluator with its lockstep hooks)
  std::string actualName = "jit";
  EngineFn actual;          // EndToEnd
  ObservedEngineFn observed;  // Lockstep
  // Lockstep: a difference at a node whose inputs meet a known mismatch's precondition
  // (KnownMismatches.h) passes, with PropertyResult::known set; false reports it as a failure.
  bool excuseKnown = true;
};

// The reference evaluator (expected) vs the jit (actual): a fresh runtime::GraphExecutor per case,
// the engine behind `tsjit run --engine jit` (compiled with observe sites in lockstep mode).
PropertyEngines jitVsReference(PropertyMode mode = PropertyMode::Lockstep);
// The reference against itself (plumbing tests).
PropertyEngines referenceVsReference(PropertyMode mode = PropertyMode::Lockstep);

struct PropertyResult {
  bool passed = true;
  bool bothRaised = false;  // an error case where both engines raised the same error
  std::string message;      // why it failed
  // Lockstep: the node of the checked graph the failure is about (nullptr: not tied to one node),
  // and its position in the execution order (0-based op node count).
  const Node* node = nullptr;
  size_t opIndex = 0;
  size_t opsChecked = 0;  // lockstep: op node executions compared
  const KnownMismatch* known = nullptr;  // passed only because this known mismatch's precondition held
};

PropertyResult checkCase(const GeneratedCase& c, const PropertyEngines& engines);

// The property on any graph: `makeInputs` returns fresh inputs on every call; `maxNumel` is the
// EndToEnd reduction bound's n. `trace` (optional, lockstep only) gets one line per op node
// execution: its index, IR line and verdict ("ok", or what differed).
PropertyResult checkGraph(const std::shared_ptr<Graph>& graph, const std::function<std::vector<IValue>()>& makeInputs,
                          const PropertyEngines& engines, int64_t maxNumel = 1, std::ostream* trace = nullptr);

// "op node #3 `%y : Tensor = aten::frac(%x)`" (the IR line of the node, without its blocks).
std::string describeOpNode(const Node& node, size_t index);

}  // namespace tsjit::fuzz

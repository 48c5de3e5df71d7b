// SourceCampaign.h — the source-level fuzzer with two oracles (`tsjit fuzz --target source`):
// programs from SourceGen.h are compiled by tsjit's frontend and run on the reference evaluator
// and on the jit (GraphExecutor with its default pass pipeline), and the same text runs under
// CPython. The three must return the same value (compared exactly: ints, bools and strings equal,
// floats bit for bit, lists and tuples element-wise, through one canonical text) or raise the
// same exception class (tsjit's `builtins.ValueError` is Python's ValueError).
//
// Programs run in batches: one python3 process runs a batch of functions and prints one line per
// function. A program tsjit does not compile is a failure too (every generated program is valid
// TorchScript by construction). A failure is reduced by deleting top-level statements, then lines
// with their blocks (or block headers alone), while the same kind of disagreement remains (the kind: which side differs and how: compile, value, raise), then
// written as OUT/source-<seed>-<i>.py with the three results in its header.
// Programs with tensors (a share of them, `tensorShare`; SourceGen.h) cannot run on CPython without
// torch: they are compiled once and checked jit vs reference in lockstep (fuzz/lib/Property.h: every
// op node on identical inputs under its own tolerance, control flow and errors alike, the routed
// final outputs exactly), and reduced the same way while the lockstep failure stays at the same op
// kind. `saveProgramsDir` (`tsjit fuzz --target source --save-cases DIR`) keeps their text for the opt-in sweep on PyTorch 1.13
// (scripts/source_torch_sweep.py).
// The campaign stops after `seconds` (if > 0) or `maxPrograms` (if > 0), or `maxFailures`.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "fuzz/lib/Property.h"

namespace tsjit::fuzz {

struct SourceCampaignOptions {
  double seconds = 0;
  size_t maxPrograms = 0;
  uint64_t seed = 1;
  size_t batch = 50;
  size_t statements = 8;      // top-level statements per program
  size_t maxFailures = 10;
  std::string outDir = "results/fuzz-failures";
  std::string python = "python3";
  double tensorShare = 0.5;      // the share of programs with tensors (checked in lockstep)
  std::string saveProgramsDir;   // when set, every tensor program is written there as NAME.py
  // The engines of the lockstep check (tests swap in a faulty jit); default jitVsReference().
  std::optional<PropertyEngines> tensorEngines;
  std::ostream* progress = nullptr;  // a progress line, when given
  // Tests: a top-level statement inserted into every program at a random position (e.g. one whose
  // TorchScript meaning differs from Python's), to check that disagreements are found and reduced.
  std::string plantedStatement;
};

struct SourceFailure {
  std::string kind;      // "compile", "value", "raise", "lockstep (KIND)"
  std::string message;   // the three results
  std::string program;   // the original program
  std::string reduced;   // after reduction
  std::string path;      // the file written
};

struct SourceCampaignResult {
  size_t programs = 0;
  size_t pythonRaised = 0;   // programs whose CPython run raised (and tsjit agreed or not)
  size_t tensorPrograms = 0;  // programs with tensors, checked in lockstep
  size_t tensorRaised = 0;    // of them, those where both engines raised the same error
  size_t opsChecked = 0;      // op node executions compared in lockstep
  size_t statementsRun = 0;  // top-level statements over all programs
  double seconds = 0;
  std::vector<SourceFailure> failures;
};

SourceCampaignResult runSourceCampaign(const SourceCampaignOptions& options);

// The canonical text of a value (what the Python harness prints too), for tests.
struct SourceOutcome {
  bool raised = false;
  std::string value;  // canonical value, or the exception's class name ("ValueError")
  bool compiled = true;
};

// Runs one program's text through CPython (one process) and through both tsjit engines.
SourceOutcome runSourceOnPython(const std::string& text, const std::string& name, const std::string& python = "python3");
SourceOutcome runSourceOnTsjit(const std::string& text, const std::string& name, bool jit);

// A tensor program's lockstep check: "" when the engines agree, else "compile" or "lockstep (KIND)"
// (KIND: the op node the difference is at) with the message in `message`.
std::string checkTensorSource(const std::string& text, const std::string& name, const PropertyEngines& engines,
                              std::string& message, PropertyResult* result = nullptr);

}  // namespace tsjit::fuzz

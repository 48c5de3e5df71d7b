// CorpusRunner.h — replays corpus cases through an engine and judges them against PyTorch's
// recorded behaviour; renders the summary table and the JSON report of `tsjit conform`.
//
// A case passes when the engine returns the recorded output (compareValues with the tolerance of
// the ops each output depends on, GraphTolerance.h) and leaves the inputs as `inputs_after` records
// them (or unchanged when the case records no mutation); an error case passes only when the
// engine raises the exception class and last line PyTorch recorded (`error.type`,
// `error.last_line`) and leaves the inputs as PyTorch did before raising. It is "not yet supported" when the engine throws
// reference::NotSupported; it fails otherwise (wrong value, unexpected error, missing error,
// unparsable graph, corrupt case file). Nothing a case contains can crash the runner.
//
// With RunnerOptions::archive, every case is loaded from its torch.jit.save archive
// (jit/serialization: zip, pickles, the archive's own code compiled by jit/frontend) and its
// forward runs with the loaded module as self; a load error fails the case (CaseResult::compileError).
//
// Caching: with an engine session (the jit's GraphExecutor) each case also runs several times on
// one executor and with inputs of other specializations (RunnerOptions::runs); a stale plan fails
// the case ("caching: ...").
//
// With RunnerOptions::source, function and module cases are compiled from their TorchScript
// `source` by jit/frontend (SourceCase.h) instead of parsing a recorded graph; a compile error
// fails the case (CaseResult::compileError holds the whole message). Traced cases have no source
// and are replayed from their recorded graph (CaseResult::fromSource is false).
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/lib/CorpusReader.h"
#include "jit/ir/IValue.h"

namespace tsjit::conformance {

// An engine runs a graph on inputs (self first for module graphs) and returns its outputs.
// `session` (optional) binds one graph to one long-lived executor and returns a function that
// runs it: the runner calls it several times, with several specializations (RunnerOptions::runs).
struct Engine {
  using RunFn = std::function<std::vector<IValue>(std::vector<IValue> inputs)>;
  std::string name;
  std::function<std::vector<IValue>(const Graph& graph, std::vector<IValue> inputs)> run;
  std::function<RunFn(const Graph& graph)> session;
};

// The reference evaluator as an engine (warnings silenced).
Engine referenceEngine();

enum class Outcome { Passed, Failed, NotSupported };
const char* toString(Outcome o);

struct CaseResult {
  std::string name;
  std::string category = "?";
  std::string file;
  Outcome outcome = Outcome::Failed;
  std::string reason;     // why it failed / is not supported; empty when passed
  std::string graphUsed;  // graph, inlined_graph, inlined_graph (fallback: ...), source
  bool fromSource = false;   // compiled from `source` (--source, function and module cases)
  bool fromArchive = false;  // loaded from the case's .pt archive (--archive)
  std::string compileError;  // --source: the frontend's whole message (source line, caret)
  bool errorCase = false;
  std::string expectedLastLine;  // error cases
  std::string actualLastLine;    // error cases that raised
  std::string expectedType;      // error cases: PyTorch's exception class ("Error", "RuntimeError")
  std::string actualType;        // error cases that raised
  bool lastLineMatches = false;  // error cases that raised: same last line and same class
  double seconds = 0;
};

struct RunnerOptions {
  GraphChoice graph = GraphChoice::Graph;
  // Also require the strides PyTorch recorded for output tensors (dims of size > 1). On by default
  // (issue 9): `tsjit conform --no-strides` compares values only.
  bool checkStrides = true;
  // Compile function and module cases from `source` (traced cases still run their graph).
  bool source = false;
  // Engines with a session: after the first run, the case runs `runs` more times on ONE session
  // (the same GraphExecutor), each judged like the first; then with its floating tensor inputs
  // requiring grad, in float64 and in a non-contiguous layout (other specializations, which fail
  // the profiling executor's guards on requires_grad, dtype and strides: the session must agree
  // with a fresh engine.run on them), and once more with the recorded inputs. 0: only the first
  // run. The jit's profiling executor needs 1 profiling run + 1 to build its optimized plan, so
  // runs >= 2 reaches the fused code (tsjit conform raises a smaller positive value to 2).
  int runs = 2;
  // Load every case from its torch.jit.save archive (jit/serialization) and run its forward.
  bool archive = false;
};

// Runs one case file (reading it; a corrupt file becomes a failed result named after the file).
CaseResult runCaseFile(const std::string& path, const Engine& engine, const RunnerOptions& options = {});
CaseResult runCase(const Case& c, const Engine& engine, const RunnerOptions& options = {});

struct Summary {
  std::string engine;
  std::string graph;  // "graph", "inlined_graph" or "both"
  bool source = false;  // --source: the table says how many cases came from source / graph
  bool archive = false;  // --archive: every case was loaded from its .pt archive
  std::vector<CaseResult> results;
  size_t passed() const;
  size_t failed() const;
  size_t notSupported() const;
};

// The per-category table, the failures with reasons (an error case whose class or last line
// differs is one), the not-yet-supported cases, and the final line "N passed, N failed, N not yet supported (of N)".
// With `source`, the table has a "from graph" column (traced cases: no source) and a
// "compile err" column; `verbose` then also prints every compile error in full.
void printSummary(std::ostream& os, const Summary& s, bool verbose = false);
// {"engine", "graph", "cases", "passed", "failed": [{"name","reason"}], "not_supported": [...],
//  "results": [{"name","category","outcome","graph_used",...}]}; with `source` also "source": true,
//  "compile_errors" and per result "from_source" and, when it failed to compile, "compile_error".
nlohmann::json summaryJson(const Summary& s);

}  // namespace tsjit::conformance

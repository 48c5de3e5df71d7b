// PassCampaign.h — the pass harness (`tsjit fuzz --target passes`): every registered pass, and
// random pipelines of them, checked on generated graphs with no per-pass code.
//
// Case i draws a graph G: even cases from the ops generator (Program.h: op graphs with control
// flow), odd cases from PassGraphGen.h (loops, tuples, calls, addmm, aliasing: graphs the passes
// fire on). For each selected pass P (and `randomPipelines` random pipelines of 2-4 of them), on a
// copy of G whose tensor inputs carry the complete types of the case's inputs (and, for a pass
// declaring needsShapes, after the registered shape_propagation):
//   1. P(G) verifies (runPipeline with verification; a pass that throws fails too);
//   2. "unchanged" means unchanged: a pass that returns false prints identically (and a pass that
//      returns true does not);
//   3. deterministic: P on another copy prints identically;
//   4. idempotent passes (PassProperties::idempotent) change nothing the second time;
//   5. semantics, on `inputSets` input sets: reference(G), reference(P(G)) and jit(P(G)) agree
//      under conformance/lib/Compare.h's rule on outputs, inputs after the call (mutation) and
//      errors (both raise, with the same last line; G raising first is accepted when P(G) has fewer
//      nodes: a dropped dead node that raises, as 1.13 allows); the jit runs every set on ONE
//      GraphExecutor;
//   6. every static tensor type of P(G) (dtype, known sizes, requires_grad, device) describes the
//      value the reference computes for it (what shape_propagation promises).
// Caching: per case, one GraphExecutor with the default pipeline runs G on input set 0, set 1, set
// 0 with requires_grad tensors, set 1 in float64, and set 0 again; each run must agree with the
// reference and the executor must have compiled exactly one plan per distinct ArgumentSpec.
// A failure is reduced by dropping generator steps while the same pass (or the caching check)
// still fails, and written as OUT/passes-<seed>-<case>.{ir,json,txt} (the .txt names the pass).
// Deterministic in (seed, cases, passes). A pass added to the registry joins with no other code.
// Isolation (Isolation.h, as the ops campaign): the cases run in a forked worker process that
// counts in shared memory. When it dies by a signal (a pass that crashes), ends with another
// status (a sanitizer's report) or makes no progress for `caseTimeoutSeconds` (a hang), the case
// and pipeline it was in become a failure: reduced by dropping steps with each candidate replayed in
// its own child (kept when it ends the same way; a hang: at most 6 candidates, each costs the
// timeout), written as above with the signal in the .txt, and a new worker goes on with the next
// case.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "fuzz/lib/Shard.h"

namespace tsjit {
class PassRegistry;
}

namespace tsjit::fuzz {

struct PassCampaignOptions {
  double seconds = 0;     // > 0: stop after this long
  int64_t maxCases = -1;  // >= 0: stop after this many cases
  uint64_t seed = 1;
  uint64_t firstCase = 0;  // the campaign runs cases firstCase, firstCase + 1, ...
  Shard shard;             // ... of which only the indices the shard owns (Shard.h)
  std::string passes;  // comma-separated pass names; empty: every registered pass
  std::string outDir = "fuzz-failures";
  int maxSteps = 14;
  size_t inputSets = 3;
  size_t randomPipelines = 2;
  size_t maxFailures = 5;
  size_t maxShrinkRuns = 400;
  std::ostream* progress = nullptr;
  const PassRegistry* registry = nullptr;  // default: the global registry (registerAllPasses())
  bool isolate = true;                     // false: run in this process (a crash ends it)
  double caseTimeoutSeconds = 60;          // isolated: a pipeline (or reduction run) taking longer hangs
};

struct PassCoverage {
  uint64_t graphs = 0, changed = 0, failures = 0;
};

struct PassCampaignFailure {
  std::string pass;  // a pass name, a pipeline "a,b", "(executor caching)" or "(building the graph)"
  uint64_t caseIndex = 0;
  std::string message;
  std::string irPath, jsonPath, notePath;
  size_t steps = 0, originalSteps = 0;
};

struct PassCampaignResult {
  uint64_t cases = 0, opsGraphs = 0, passGraphs = 0, skippedGraphs = 0;
  // Input sets where jit(G) and reference(G) already differ (an engine matter, not the pass's):
  // the cross-engine comparison of P(G) is skipped there.
  uint64_t crossChecksSkipped = 0;
  // Comparisons where G raised and P(G), having fewer nodes, returned: a dropped dead node that
  // raises, which 1.13's dead code elimination allows (never the other way round).
  uint64_t droppedErrors = 0;
  double seconds = 0;
  std::map<std::string, PassCoverage> coverage;  // per pass; "(random pipelines)", "(executor caching)"
  std::vector<PassCampaignFailure> failures;
  bool ok() const { return failures.empty(); }
};

PassCampaignResult runPassCampaign(const PassCampaignOptions& options);

// Cases, throughput, the coverage table (pass, graphs, changed, failures) and the failures with
// their files.
void printPassCampaignSummary(std::ostream& os, const PassCampaignResult& r, const PassCampaignOptions& options);

}  // namespace tsjit::fuzz

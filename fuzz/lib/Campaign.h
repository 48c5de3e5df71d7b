// Campaign.h — a fuzz campaign over generated op graphs (`tsjit fuzz --target ops`).
//
// Case i draws a ProgramDesc from genProgram() with RapidCheck's Random seeded by (seed, i), builds
// it (buildCase) and checks the property (checkCase: jit vs reference). A failing case is shrunk
// greedily through RapidCheck's shrink tree (the first shrink that still fails is taken, until no
// shrink fails or the shrink budget is spent) and the reduced case is written with writeCase()
// as OUT/ops-<seed>-<i>.{ir,json,txt}. The campaign stops after `seconds` (if > 0) or `maxCases`
// (if >= 0), whichever comes first; it is deterministic in (seed, maxCases).
// Crashes are failures too (see CampaignOptions::isolate and Campaign.cpp).
// With a progress stream, a line "fuzz: cases N  R cases/s  failures F" goes through a
// ProgressReporter (jit/support/Progress.h): redrawn ~4x/s on a terminal, a plain line every
// `progressPeriodSeconds` in a log.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "fuzz/lib/Program.h"
#include "fuzz/lib/Property.h"
#include "fuzz/lib/Shard.h"
#include "jit/support/Progress.h"

#ifndef TSJIT_FUZZ_EXPECTED_OVERLOADS
#define TSJIT_FUZZ_EXPECTED_OVERLOADS ""
#endif

namespace tsjit::fuzz {

struct CampaignOptions {
  double seconds = 0;     // > 0: stop after this long
  int64_t maxCases = -1;  // >= 0: stop after this many cases
  uint64_t seed = 1;
  Shard shard;  // runs only the case indices the shard owns (Shard.h)
  std::string outDir = "results/fuzz-failures";
  int maxSteps = 30;
  size_t maxShrinkRuns = 3000;  // property runs spent shrinking one failure
  size_t maxFailures = 10;      // stop after this many (reduced and written) failures
  std::ostream* progress = nullptr;
  ProgressReporter::Style progressStyle = ProgressReporter::Style::Terminal;
  double progressPeriodSeconds = 10;
  std::string progressLabel = "fuzz";
  PropertyEngines engines = jitVsReference();
  // Run the cases in a forked worker process, so that a crash is reported (and shrunk) as a failure.
  bool isolate = true;
  // Report differences under a known mismatch's precondition (KnownMismatches.h) as failures too.
  bool includeKnown = false;
  // Comma-separated op kinds / overload names to generate exclusively (OpCatalog::get); empty: all.
  std::string onlyOps;
  // Non-empty: every case whose engines agree is also written there (as `tsjit run` replays it),
  // for a third implementation to check (scripts/oracle_sweep.py runs them on real PyTorch).
  std::string saveCasesDir;
  // The generator's swarm: features a case may draw (Program.h), and whether ops are subset.
  uint32_t features = kAllFeatures;
  bool swarmOps = true;
  // Non-empty: the summary and the coverage table are also written there as JSON.
  std::string jsonPath;
  // The committed list of overloads the catalog must generate (one qualified name per line); each
  // one missing is reported as a failure. Empty or unreadable: not checked. Ignored with onlyOps.
  std::string expectedOverloadsPath = TSJIT_FUZZ_EXPECTED_OVERLOADS;
};

struct CampaignFailure {
  uint64_t caseIndex = 0;
  std::string message;  // of the reduced case
  std::string signature;  // node kind and kind of difference (Reducer.h); crashes: the signal
  std::string irPath, jsonPath;
  size_t nodes = 0;          // of the reduced graph (crashes: generator steps)
  size_t originalNodes = 0;  // before shrinking
  std::string unit = "nodes";
  size_t shrinkRuns = 0;
};

struct CampaignResult {
  uint64_t cases = 0;
  uint64_t errorCases = 0;  // both engines raised the same error
  uint64_t totalNodes = 0, totalOpNodes = 0;
  double seconds = 0;  // wall time, shrinking included
  double shrinkSeconds = 0;
  std::vector<CampaignFailure> failures;
  std::map<std::string, uint64_t> overloadUses;  // qualified overload name -> op nodes
  // Coverage: graphs containing each Hit (Program.h), graphs with a tensor input of each dtype,
  // prim node counts by kind, and cases that had each swarm feature enabled.
  std::array<uint64_t, kNumHits> hitCases{};
  std::map<std::string, uint64_t> dtypeCases;
  std::map<std::string, uint64_t> structuralNodes;
  std::map<std::string, uint64_t> featureCases;
  std::map<std::string, uint64_t> knownExcused;  // KnownMismatch pattern -> cases it excused
  bool ok() const { return failures.empty(); }
};

CampaignResult runOpsCampaign(const CampaignOptions& options);

// The final summary: cases, throughput, nodes per graph, ops exercised, excluded ops, failures with
// the paths of their reduced files.
void printCampaignSummary(std::ostream& os, const CampaignResult& r, const CampaignOptions& options);
// The coverage table (printed by printCampaignSummary): features hit (% of graphs), dtypes, node
// kinds, overloads (generated and in-place), swarm features drawn.
void printCoverageTable(std::ostream& os, const CampaignResult& r, const CampaignOptions& options);
// The summary and coverage as JSON (CampaignOptions::jsonPath); throws RuntimeError when it cannot.
void writeCampaignJson(const std::string& path, const CampaignResult& r, const CampaignOptions& options);

}  // namespace tsjit::fuzz

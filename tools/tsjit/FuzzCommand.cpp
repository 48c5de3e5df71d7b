// FuzzCommand.cpp — `tsjit fuzz --target ops --time S [--cases N] [--seed N] [--out DIR] [--ops LIST]`:
// a fuzz campaign (fuzz/lib/Campaign.h) with a live progress line on stderr, a final summary on
// stdout (cases, throughput, excluded ops, failures with their reduced .ir/.json files) and exit
// status 1 when any case failed. Without --time and --cases it runs 60 seconds. The same --seed and
// --cases replay the same cases. The property is checked in lockstep (fuzz/lib/Property.h) unless
// --end-to-end asks for the old final-outputs-only rule.
// `--target grad` checks symbolic gradients of generated graphs (fuzz/lib/GradCampaign.h).
// `--target passes [--passes a,b]` runs the pass harness (fuzz/lib/PassCampaign.h) instead: every
// registered pass (or the listed ones) and random pipelines on generated graphs, with a coverage
// table. `--target fuser` runs the fuser's kernel harness (fuzz/lib/FuserCampaign.h). Targets
// autodiff, serialization are not written yet.
// `--shard I/N` runs only the case indices i with i % N == I (targets ops, passes, fuser, grad; with
// --cases K the N shards together run exactly the K cases of the unsharded run); `--result-dir DIR`
// writes the shard's summary, coverage and failures as DIR/<target>-shard-I-of-N.json
// (fuzz/lib/ShardResult.h). `tsjit fuzz merge DIR... [--json OUT] [--same-as DIR]` merges them.
#include <unistd.h>

#include <chrono>
#include <iomanip>
#include <iostream>
#include <optional>
#include <random>

#include "fuzz/lib/Campaign.h"
#include "fuzz/lib/FuserCampaign.h"
#include "fuzz/lib/GradCampaign.h"
#include "fuzz/lib/PassCampaign.h"
#include "fuzz/lib/OpCatalog.h"
#include "fuzz/lib/ShardResult.h"
#include "jit/support/Error.h"
#include "fuzz/lib/SourceCampaign.h"
#include "jit/support/Progress.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

namespace {

struct FuzzOptions {
  std::string target;
  double seconds = 0;
  int64_t cases = -1;
  std::optional<uint64_t> seed;  // default: a fresh random seed (printed in the summary)
  std::string out = "results/fuzz-failures";
  int maxSteps = 30;
  size_t maxFailures = 10;
  size_t shrinkRuns = 3000;
  bool quiet = false;
  bool includeKnown = false;
  std::string ops;
  std::string passes;
  std::string saveCases;
  bool endToEnd = false;
  std::string json;
  bool noSwarm = false;
  bool listOverloads = false;
  uint64_t firstCase = 0;
  double caseTimeout = 60;
  double tensorShare = 0.5;  // source: the share of programs with tensors
  std::string shard;      // "I/N"; empty: the whole campaign
  std::string resultDir;  // non-empty: write the ShardResult JSON there
};

struct MergeOptions {
  std::vector<std::string> inputs;
  std::string json;
  std::string sameAs;
};

fuzz::Shard shardOf(const FuzzOptions& o) { return o.shard.empty() ? fuzz::Shard{} : fuzz::parseShard(o.shard); }

// --result-dir: the shard's result as JSON (the campaign's own summary still goes to stdout).
template <class Result, class Options>
void writeResultDir(const FuzzOptions& o, const Result& r, const Options& co) {
  if (o.resultDir.empty()) return;
  std::string path = fuzz::writeShardResult(o.resultDir, fuzz::shardResultOf(r, co, shardOf(o)));
  std::cerr << "fuzz: shard result written to " << path << "\n";
}

// The campaign seed: --seed, else a fresh random one (the summary prints it, so a run replays).
uint64_t campaignSeed(const FuzzOptions& o) {
  return o.seed ? *o.seed : (static_cast<uint64_t>(std::random_device{}()) << 20) % 1000000007ULL;
}

// What every campaign takes from the command line: budget (60 s when neither --time nor --cases),
// seed, failure folder, failure limit and the progress line.
template <class CampaignOptions>
void setCommonOptions(CampaignOptions& c, const FuzzOptions& o) {
  c.seconds = o.seconds;
  c.maxCases = o.cases;
  if (c.seconds <= 0 && c.maxCases < 0) c.seconds = 60;
  c.seed = campaignSeed(o);
  c.shard = shardOf(o);
  c.outDir = o.out;
  c.maxFailures = o.maxFailures;
  if (!o.quiet) c.progress = &std::cerr;
}

int runPassesFuzz(const FuzzOptions& o) {
  fuzz::PassCampaignOptions po;
  setCommonOptions(po, o);
  po.passes = o.passes;
  if (o.maxSteps != 30) po.maxSteps = o.maxSteps;
  po.firstCase = o.firstCase;
  po.caseTimeoutSeconds = o.caseTimeout;
  fuzz::PassCampaignResult r = fuzz::runPassCampaign(po);
  fuzz::printPassCampaignSummary(std::cout, r, po);
  writeResultDir(o, r, po);
  return r.ok() ? 0 : 1;
}

int runSourceFuzz(const FuzzOptions& o) {
  fuzz::SourceCampaignOptions so;
  so.seconds = o.seconds;
  so.maxPrograms = o.cases > 0 ? static_cast<size_t>(o.cases) : 0;
  if (so.seconds <= 0 && so.maxPrograms == 0) so.seconds = 60;
  so.seed = campaignSeed(o);
  so.outDir = o.out;
  so.maxFailures = o.maxFailures;
  so.tensorShare = o.tensorShare;
  so.saveProgramsDir = o.saveCases;
  if (!o.quiet) so.progress = &std::cerr;
  fuzz::SourceCampaignResult r = fuzz::runSourceCampaign(so);
  std::cout << "fuzz source (seed " << so.seed << "): " << r.programs << " programs in " << std::fixed
            << std::setprecision(1) << r.seconds << " s (" << r.statementsRun << " top-level statements; CPython raised in "
            << r.pythonRaised << "), oracles: CPython, reference, jit\n";
  if (r.tensorPrograms > 0)
    std::cout << "  of them " << r.tensorPrograms << " with tensors, jit vs reference in lockstep: " << r.opsChecked
              << " op node executions compared, both engines raised the same error in " << r.tensorRaised << "\n";
  for (const auto& f : r.failures)
    std::cout << "FAILURE (" << f.kind << "): " << f.path << "\n" << f.message << "\n";
  std::cout << (r.failures.empty() ? "no failure" : std::to_string(r.failures.size()) + " failure(s)") << "\n";
  return r.failures.empty() ? 0 : 1;
}

int runFuserFuzz(const FuzzOptions& o) {
  fuzz::FuserCampaignOptions fo;
  setCommonOptions(fo, o);
  fuzz::FuserCampaignResult r = fuzz::runFuserCampaign(fo);
  fuzz::printFuserCampaignSummary(std::cout, r, fo);
  writeResultDir(o, r, fo);
  return r.ok() ? 0 : 1;
}

int runGradFuzz(const FuzzOptions& o) {
  fuzz::GradCampaignOptions go;
  setCommonOptions(go, o);
  fuzz::GradCampaignResult r = fuzz::runGradCampaign(go);
  fuzz::printGradCampaignSummary(std::cout, r, go);
  writeResultDir(o, r, go);
  return r.ok() && r.checked > 0 ? 0 : 1;
}

int runFuzz(const FuzzOptions& o) {
  if (o.target.empty()) throw CompileError("fuzz: --target is required (ops, passes, source, fuser or grad)");
  if (o.target == "source" && (!o.shard.empty() || !o.resultDir.empty()))
    throw CompileError("fuzz: --shard and --result-dir apply to targets ops, passes, fuser and grad, not source");
  if (o.target == "passes") return runPassesFuzz(o);
  if (o.target == "source") return runSourceFuzz(o);
  if (o.target == "fuser") return runFuserFuzz(o);
  if (o.target == "grad") {
    if (!o.passes.empty()) throw CompileError("fuzz: --passes applies to --target passes");
    return runGradFuzz(o);
  }
  if (!o.passes.empty()) throw CompileError("fuzz: --passes applies to --target passes");
  if (o.firstCase) throw CompileError("fuzz: --first-case applies to --target passes");
  if (o.target != "ops")
    throw CompileError("fuzz: target '" + o.target + "' is not available (available: ops, passes, source, fuser, grad)");
  if (o.listOverloads) {  // the format of fuzz/expected_overloads.txt
    const fuzz::OpCatalog& cat = fuzz::OpCatalog::get(o.includeKnown, o.ops);
    std::cout << "# Overloads `tsjit fuzz --target ops` generates (tsjit fuzz --target ops --list-overloads);\n"
              << "# a campaign fails when one of them is no longer generated.\n";
    for (const auto& e : cat.entries()) std::cout << e.overload->qualifiedName() << "\n";
    for (const auto& e : cat.inplaceEntries()) std::cout << e.overload->qualifiedName() << "\n";
    return 0;
  }
  fuzz::CampaignOptions co;
  co.seconds = o.seconds;
  co.maxCases = o.cases;
  if (co.seconds <= 0 && co.maxCases < 0) co.seconds = 60;
  co.seed = campaignSeed(o);
  co.shard = shardOf(o);
  co.outDir = o.out;
  co.maxSteps = o.maxSteps;
  co.maxFailures = o.maxFailures;
  co.maxShrinkRuns = o.shrinkRuns;
  co.includeKnown = o.includeKnown;
  co.onlyOps = o.ops;
  co.saveCasesDir = o.saveCases;
  co.jsonPath = o.json;
  if (o.noSwarm) {
    co.features = 0;
    co.swarmOps = false;
  }
  if (o.endToEnd) co.engines = fuzz::jitVsReference(fuzz::PropertyMode::EndToEnd);
  co.engines.excuseKnown = !o.includeKnown;
  if (!o.quiet) {
    co.progress = &std::cerr;
    co.progressStyle = ProgressReporter::styleFor(STDERR_FILENO);
  }
  fuzz::CampaignResult r = fuzz::runOpsCampaign(co);
  fuzz::printCampaignSummary(std::cout, r, co);
  if (!co.jsonPath.empty()) fuzz::writeCampaignJson(co.jsonPath, r, co);
  writeResultDir(o, r, co);
  return r.ok() ? 0 : 1;
}

// `tsjit fuzz merge`: exit 0 when merged (and, with --same-as, equal to that result), 1 when they
// differ; shards of different campaigns or a missing shard are errors (exit 2 via the caller).
int runMerge(const MergeOptions& m) {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<fuzz::ShardResult> shards;
  for (const std::string& f : fuzz::shardFilesIn(m.inputs)) shards.push_back(fuzz::readShardResult(f));
  fuzz::ShardResult merged = fuzz::mergeShards(shards);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  fuzz::printShardResult(std::cout, merged);
  std::cout << "merged " << shards.size() << " shard result(s) in " << std::fixed << std::setprecision(1) << ms << " ms\n";
  if (!m.json.empty()) fuzz::writeShardJson(m.json, merged);
  if (m.sameAs.empty()) return 0;
  std::vector<fuzz::ShardResult> other;
  for (const std::string& f : fuzz::shardFilesIn({m.sameAs})) other.push_back(fuzz::readShardResult(f));
  std::vector<std::string> diffs = fuzz::resultDifferences(merged, fuzz::mergeShards(other));
  for (const std::string& d : diffs) std::cout << "DIFFERS: " << d << "\n";
  std::cout << (diffs.empty() ? "same as " : "NOT the same as ") << m.sameAs
            << " (failures by signature, coverage tables, summary counts, cases)\n";
  return diffs.empty() ? 0 : 1;
}

}  // namespace

void setupFuzzCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<FuzzOptions>();
  CLI::App* sub = app.add_subcommand("fuzz", "Run a fuzz campaign: generated programs, jit vs reference");
  sub->add_option("--target", opts->target, "what to fuzz: ops, passes, source, fuser or grad (symbolic gradients vs reference finite differences)");
  sub->add_option("--passes", opts->passes,
                  "--target passes: the passes to check, comma-separated (default: every registered pass)");
  sub->add_option("--time", opts->seconds, "seconds to run (default 60 when --cases is not given)");
  sub->add_option("--cases", opts->cases, "number of cases to run");
  sub->add_option("--seed", opts->seed, "campaign seed (default: random; the summary prints it)");
  sub->add_option("--out", opts->out, "directory for reduced failing cases (default results/fuzz-failures)");
  sub->add_option("--max-steps", opts->maxSteps, "largest program, in generator steps (default 30: about 20 nodes per graph)");
  sub->add_option("--max-failures", opts->maxFailures, "stop after this many failures (default 10)");
  sub->add_option("--shrink-runs", opts->shrinkRuns, "property runs spent shrinking each failure (default 3000)");
  sub->add_flag("--include-known", opts->includeKnown,
                "report differences under a known mismatch's input precondition (fuzz/lib/KnownMismatches.cpp) as failures");
  sub->add_option("--ops", opts->ops,
                  "generate only these ops: comma-separated kinds or overloads (aten::fmod,aten::add.Tensor); "
                  "known mismatches among them are included");
  sub->add_flag("--end-to-end", opts->endToEnd,
                "compare only final outputs under the graph's loosest tolerance (the old rule) instead of "
                "checking every op node in lockstep");
  sub->add_option("--save-cases", opts->saveCases,
                  "also write every case the engines agree on to this directory (.ir + .json, for "
                  "scripts/oracle_sweep.py to run on real PyTorch; target source: every program with tensors as "
                  "NAME.py, for scripts/source_torch_sweep.py)");
  sub->add_option("--json", opts->json, "also write the summary and the coverage table as JSON to this file");
  sub->add_flag("--no-swarm", opts->noSwarm,
                "v1 programs: no in-place / list / data-loop / raise steps, no special values, every op in every case");
  sub->add_flag("--list-overloads", opts->listOverloads,
                "print the overloads the generator draws from (fuzz/expected_overloads.txt) and exit");
  sub->add_option("--first-case", opts->firstCase,
                  "--target passes: start at this case index (replays case N of a seed: --first-case N --cases 1)");
  sub->add_option("--case-timeout", opts->caseTimeout,
                  "--target passes: seconds one pipeline may run before the case counts as hung (default 60)");
  sub->add_option("--shard", opts->shard,
                  "run shard I of N (I/N): the case indices i with i % N == I (with --cases K: of the K cases)");
  sub->add_option("--result-dir", opts->resultDir,
                  "write this run's summary, coverage and failures as DIR/<target>-shard-I-of-N.json (for fuzz merge)");
  sub->add_flag("--quiet", opts->quiet, "no live progress line");
  sub->add_option("--tensor-share", opts->tensorShare,
                  "source: the share of programs with tensor statements, checked jit vs reference in lockstep "
                  "(default 0.5; 0: CPython-comparable programs only)")
      ->check(CLI::Range(0.0, 1.0));
  auto merge = std::make_shared<MergeOptions>();
  CLI::App* msub = sub->add_subcommand("merge", "Merge shard results (--result-dir folders) into one summary");
  msub->add_option("dirs", merge->inputs, "result folders or shard JSON files")->required();
  msub->add_option("--json", merge->json, "write the merged result as JSON to this file");
  msub->add_option("--same-as", merge->sameAs,
                   "compare with another result folder (e.g. the unsharded run's): exit 1 when they differ");
  msub->callback([merge, &exitCode] { exitCode = runMerge(*merge); });
  sub->callback([opts, msub, &exitCode] {
    if (msub->parsed()) return;
    exitCode = runFuzz(*opts);
  });
}

}  // namespace tsjit::tool

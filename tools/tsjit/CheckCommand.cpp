// CheckCommand.cpp — `tsjit check`: what a user's CI job runs. One table of steps (kSteps below):
// the corpus replay on both engines in every mode that exists (recorded graph, inlined graph,
// compiled from source, loaded from .pt archives, the reference through the default pipeline), a
// fuzz campaign of --time seconds split over the fuzz targets (ops, passes), and with
// --bench the benchmarks into the history database. Prints one summary table (stdout), writes the
// JSON report and the JUnit XML report (conformance/lib/CheckReport.h), exits 1 when any case
// failed or any step could not run. Progress goes to stderr: a redrawn line on a terminal, a plain
// line per step and every few seconds otherwise (CI logs).
//
// Adding a mode is one line in kSteps (a conformance mode, a fuzz target in kFuzzTargets).
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>

#include "conformance/lib/CheckReport.h"
#include "conformance/lib/CorpusReplay.h"
#include "fuzz/lib/Campaign.h"
#include "conformance/lib/CompareCode.h"
#include "conformance/lib/GradConform.h"
#include "conformance/lib/GradConformAutograd.h"
#include "conformance/lib/GradExecutor.h"
#include "fuzz/lib/FuserCampaign.h"
#include "fuzz/lib/GradCampaign.h"
#include "fuzz/lib/PassCampaign.h"
#include "fuzz/lib/SourceCampaign.h"
#include "jit/support/Error.h"
#include "jit/support/Progress.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/JitEngine.h"

namespace tsjit::tool {

namespace {

namespace fs = std::filesystem;
using conformance::CheckCase;
using conformance::CheckReport;
using conformance::CheckStep;

struct CheckOptions {
  double fuzzSeconds = 60;
  std::optional<uint64_t> seed;
  std::string corpus;
  std::string results = "results";
  std::string json, junit;  // default: <results>/check.json, <results>/check-junit.xml
  std::vector<std::string> only;
  bool bench = false;
  std::vector<std::string> benchArgs;
  bool list = false;
};

// What every step may read: the options, the resolved seed and fuzz budget per target.
struct CheckContext {
  const CheckOptions& options;
  uint64_t seed = 0;
  double fuzzSecondsPerTarget = 0;
  CLI::App* app = nullptr;  // the whole `tsjit` app (the bench hook looks for `bench` there)
};

using StepFn = std::function<void(const CheckContext&, CheckStep&)>;

enum class When { Always, Fuzz, Bench };

struct StepSpec {
  const char* id;
  const char* title;
  When when;
  StepFn run;
};

ProgressReporter::Style progressStyle() { return ProgressReporter::styleFor(STDERR_FILENO); }

// ---- conformance modes -------------------------------------------------------------------------

enum class Mode { Graph, InlinedGraph, Source, Archive, ReferencePipeline };

StepFn conformStep(const char* engineName, Mode mode) {
  return [engineName, mode](const CheckContext& cx, CheckStep& step) {
    conformance::Engine engine = engineNamed(engineName, "check");
    if (mode == Mode::ReferencePipeline) engine = referenceWithPipeline("default");  // the reference on P(G)
    conformance::ReplayRequest req;
    req.corpusDir = cx.options.corpus;
    req.graphs = {mode == Mode::InlinedGraph ? conformance::GraphChoice::InlinedGraph : conformance::GraphChoice::Graph};
    req.source = mode == Mode::Source;
    req.archive = mode == Mode::Archive;
    ProgressReporter progress(std::cerr, "check " + step.id, progressStyle());
    conformance::Summary s = conformance::replayCorpus(req, engine, &progress);
    size_t fromSource = 0;
    for (const conformance::CaseResult& r : s.results) {
      CheckCase c;
      c.name = r.name;
      c.seconds = r.seconds;
      fromSource += r.fromSource ? 1 : 0;
      if (r.outcome == conformance::Outcome::Failed) {
        c.status = CheckCase::Status::Failed;
        c.message = r.reason.empty() ? "failed" : r.reason;
        if (!r.compileError.empty()) c.message += "\n" + r.compileError;
      } else if (r.outcome == conformance::Outcome::NotSupported) {
        c.status = CheckCase::Status::Skipped;
        c.message = "not yet supported: " + r.reason;
      }
      step.cases.push_back(std::move(c));
    }
    if (mode == Mode::Source)
      step.detail = std::to_string(fromSource) + " compiled from source (traced cases traced from it), " +
                    std::to_string(s.results.size() - fromSource) + " without a source from their recorded graph";
  };
}

// ---- fuzz targets ------------------------------------------------------------------------------

// Each fuzz target gets an equal share of --time. Targets other than `ops` (passes, grad, fuser,
// source, serialization) join here as they are written.
StepFn fuzzOpsStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    fuzz::CampaignOptions co;
    co.seconds = cx.fuzzSecondsPerTarget;
    co.seed = cx.seed;
    co.outDir = (fs::path(cx.options.results) / "fuzz-failures").string();
    co.progress = &std::cerr;
    co.progressStyle = progressStyle();
    co.progressLabel = "check " + step.id;
    fuzz::CampaignResult r = fuzz::runOpsCampaign(co);
    step.bulkCases = r.cases;
    for (const fuzz::CampaignFailure& f : r.failures) {
      CheckCase c;
      c.name = "seed " + std::to_string(co.seed) + " case " + std::to_string(f.caseIndex);
      c.status = CheckCase::Status::Failed;
      c.message = f.message;
      if (!f.irPath.empty())
        c.message += "\nreduced to " + std::to_string(f.nodes) + " " + f.unit + ": " + f.irPath + " " + f.jsonPath +
                     "\nreplay: tsjit run " + f.irPath + " --inputs " + f.jsonPath + " --engine jit";
      step.cases.push_back(std::move(c));
    }
    std::ostringstream d;
    d << std::fixed << std::setprecision(0) << "seed " << co.seed << ", " << r.cases << " generated graphs in "
      << std::setprecision(1) << r.seconds << " s";
    if (!r.failures.empty()) d << ", failures reduced into " << co.outDir;
    step.detail = d.str();
  };
}

// The pass harness (fuzz/lib/PassCampaign.h): every registered pass and random pipelines.
StepFn fuzzPassesStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    fuzz::PassCampaignOptions po;
    po.seconds = cx.fuzzSecondsPerTarget;
    po.seed = cx.seed;
    po.outDir = (fs::path(cx.options.results) / "fuzz-failures").string();
    fuzz::PassCampaignResult r = fuzz::runPassCampaign(po);
    step.bulkCases = r.cases;
    for (const fuzz::PassCampaignFailure& f : r.failures) {
      CheckCase c;
      c.name = "seed " + std::to_string(po.seed) + " case " + std::to_string(f.caseIndex) + " pass " + f.pass;
      c.status = CheckCase::Status::Failed;
      c.message = f.message;
      if (!f.irPath.empty()) c.message += "\nreduced: " + f.irPath + " " + f.jsonPath;
      step.cases.push_back(std::move(c));
    }
    std::ostringstream d;
    d << "seed " << po.seed << ", " << r.cases << " generated graphs through every registered pass";
    if (!r.failures.empty()) d << ", failures reduced into " << po.outDir;
    step.detail = d.str();
  };
}

// ---- gradients and printed code --------------------------------------------------------------

// `conform --grad`: PyTorch's recorded gradients through the autograd runtime (engine "autograd"),
// the JIT's executor (engine "jit": DifferentiableGraphs + autograd) or symbolic autodiff of the
// whole graph (engine "symbolic"; cases it cannot differentiate are skipped with the reason, never
// passed).
StepFn gradStep(const std::string& engine) {
  return [engine](const CheckContext& cx, CheckStep& step) {
    std::string dir = conformance::defaultCorpusDir(cx.options.corpus);
    if (engine == "autograd" || engine == "jit") {
      conformance::GradSummary s = conformance::runGradCorpus(
          dir, engine == "jit" ? conformance::jitGradEngine() : conformance::autogradEngine(), {});
      for (const auto& r : s.results) {
        CheckCase c;
        c.name = r.name;
        c.seconds = r.seconds;
        if (r.outcome == conformance::Outcome::Failed) c.status = CheckCase::Status::Failed, c.message = r.reason;
        if (r.outcome == conformance::Outcome::NotSupported)
          c.status = CheckCase::Status::Skipped, c.message = "not yet supported: " + r.reason;
        step.cases.push_back(std::move(c));
      }
      return;
    }
    conformance::GradConformSummary s = conformance::gradConformJit(dir);
    for (const auto& r : s.cases) {
      CheckCase c;
      c.name = r.name;
      if (r.status == conformance::GradCaseResult::Status::Fail) c.status = CheckCase::Status::Failed, c.message = r.message;
      if (r.status == conformance::GradCaseResult::Status::NotSupported)
        c.status = CheckCase::Status::Skipped, c.message = "not yet supported: " + r.message;
      step.cases.push_back(std::move(c));
    }
  };
}

// `conform --compare-code`: tsjit's printed code of every case against PyTorch's recorded `code`.
StepFn compareCodeStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    for (const auto& f : conformance::listCaseFiles(conformance::defaultCorpusDir(cx.options.corpus))) {
      conformance::CodeComparison r = conformance::compareCaseCode(f);
      CheckCase c;
      c.name = r.name;
      if (!r.matches) {
        c.status = CheckCase::Status::Failed;
        c.message = r.error.empty() ? "printed code differs from PyTorch's:\n" + r.diff : r.error;
      }
      step.cases.push_back(std::move(c));
    }
  };
}

// The fuser harness (fuzz/lib/FuserCampaign.h): generated fusible groups, fused vs reference vs unfused.
StepFn fuzzFuserStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    fuzz::FuserCampaignOptions fo;
    fo.seconds = cx.fuzzSecondsPerTarget;
    fo.seed = cx.seed;
    fo.outDir = (fs::path(cx.options.results) / "fuzz-failures").string();
    fuzz::FuserCampaignResult r = fuzz::runFuserCampaign(fo);
    step.bulkCases = r.cases;
    for (const auto& f : r.failures) {
      CheckCase c;
      c.name = "seed " + std::to_string(fo.seed) + " case " + std::to_string(f.caseIndex);
      c.status = CheckCase::Status::Failed;
      c.message = f.message + (f.irPath.empty() ? "" : "\nreduced: " + f.irPath + " " + f.jsonPath);
      step.cases.push_back(std::move(c));
    }
    step.detail = "seed " + std::to_string(fo.seed) + ", " + std::to_string(r.cases) + " generated fusion groups, " +
                  std::to_string(r.compiled) + " compiled";
  };
}

// Symbolic gradients of generated graphs against reference finite differences.
StepFn fuzzGradStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    fuzz::GradCampaignOptions go;
    go.seconds = cx.fuzzSecondsPerTarget;
    go.seed = cx.seed;
    go.outDir = (fs::path(cx.options.results) / "fuzz-failures").string();
    fuzz::GradCampaignResult r = fuzz::runGradCampaign(go);
    step.bulkCases = r.cases;
    for (const auto& f : r.failures) {
      CheckCase c;
      c.name = "seed " + std::to_string(go.seed);
      c.status = CheckCase::Status::Failed;
      c.message = f;
      step.cases.push_back(std::move(c));
    }
    step.detail = "seed " + std::to_string(go.seed) + ", " + std::to_string(r.checked) + " of " +
                  std::to_string(r.cases) + " generated graphs differentiated and checked";
  };
}

// The source-level fuzzer (fuzz/lib/SourceCampaign.h): generated programs on CPython and both engines.
StepFn fuzzSourceStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    fuzz::SourceCampaignOptions so;
    so.seconds = cx.fuzzSecondsPerTarget;
    so.seed = cx.seed;
    so.outDir = (fs::path(cx.options.results) / "fuzz-failures").string();
    fuzz::SourceCampaignResult r = fuzz::runSourceCampaign(so);
    step.bulkCases = r.programs;
    for (const fuzz::SourceFailure& f : r.failures) {
      CheckCase c;
      c.name = "seed " + std::to_string(so.seed) + " " + f.path;
      c.status = CheckCase::Status::Failed;
      c.message = f.kind + "\n" + f.message + "\nreduced program: " + f.path;
      step.cases.push_back(std::move(c));
    }
    std::ostringstream d;
    d << "seed " << so.seed << ", " << r.programs << " generated programs on CPython, the reference and the jit";
    if (!r.failures.empty()) d << ", failures reduced into " << so.outDir;
    step.detail = d.str();
  };
}

// ---- benchmarks (--bench) ----------------------------------------------------------------------

// The hook for `tsjit bench record` (runs the benchmark suites into <results>/history.sqlite).
// When a `bench` subcommand is part of this build, the step runs `tsjit bench record ARGS...`
// (ARGS from --bench-arg) as a child process and passes when it exits 0; until then --bench is
// refused up front (see benchAvailable), never reported as passed.
bool benchAvailable(CLI::App* app) {
  try {
    return app && app->get_subcommand("bench") != nullptr;
  } catch (const CLI::OptionNotFound&) {
    return false;
  }
}

StepFn benchStep() {
  return [](const CheckContext& cx, CheckStep& step) {
    std::vector<std::string> args = {"/proc/self/exe", "bench", "record"};
    args.insert(args.end(), cx.options.benchArgs.begin(), cx.options.benchArgs.end());
    std::string cmd;
    for (const auto& a : args) cmd += (cmd.empty() ? "" : " ") + a;
    std::cerr << "check bench: running " << cmd << "\n" << std::flush;
    pid_t pid = fork();
    if (pid < 0) throw RuntimeError("check: cannot fork for the benchmarks");
    if (pid == 0) {
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      dup2(STDERR_FILENO, STDOUT_FILENO);  // the child's report goes to the log, not into our table
      execv(argv[0], argv.data());
      _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CheckCase c;
    c.name = "bench record";
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      c.status = CheckCase::Status::Failed;
      c.message = cmd + " exited with " +
                  (WIFEXITED(status) ? "status " + std::to_string(WEXITSTATUS(status)) : std::string("a signal"));
    }
    step.cases.push_back(std::move(c));
    step.detail = cmd;
  };
}

// ---- the table ---------------------------------------------------------------------------------

const std::vector<StepSpec>& steps() {
  static const std::vector<StepSpec> kSteps = {
      {"conform.reference.graph", "corpus replay: reference engine, recorded graphs", When::Always,
       conformStep("reference", Mode::Graph)},
      {"conform.jit.graph", "corpus replay: jit engine, recorded graphs", When::Always, conformStep("jit", Mode::Graph)},
      {"conform.reference.inlined", "corpus replay: reference engine, inlined graphs", When::Always,
       conformStep("reference", Mode::InlinedGraph)},
      {"conform.jit.inlined", "corpus replay: jit engine, inlined graphs", When::Always,
       conformStep("jit", Mode::InlinedGraph)},
      {"conform.reference.source", "corpus replay: reference engine, compiled from TorchScript source", When::Always,
       conformStep("reference", Mode::Source)},
      {"conform.jit.source", "corpus replay: jit engine, compiled from TorchScript source", When::Always,
       conformStep("jit", Mode::Source)},
      // Later conformance modes (passes, gradients, archives) go here, one line each.
      {"conform.reference.archive", "corpus replay: reference engine, modules loaded from their .pt archives",
       When::Always, conformStep("reference", Mode::Archive)},
      {"conform.jit.archive", "corpus replay: jit engine, modules loaded from their .pt archives", When::Always,
       conformStep("jit", Mode::Archive)},
      {"conform.reference.pipeline", "corpus replay: reference engine on the graphs after the default pass pipeline",
       When::Always, conformStep("reference", Mode::ReferencePipeline)},
      {"conform.autograd.grad", "gradients vs PyTorch's recorded ones: the autograd runtime", When::Always,
       gradStep("autograd")},
      {"conform.jit.grad", "gradients vs PyTorch's recorded ones: the executor (DifferentiableGraphs + autograd)",
       When::Always, gradStep("jit")},
      {"conform.symbolic.grad", "gradients vs PyTorch's recorded ones: symbolic autodiff of the whole graph only",
       When::Always, gradStep("symbolic")},
      {"conform.code", "printed code vs PyTorch's recorded code", When::Always, compareCodeStep()},
      {"fuzz.ops", "fuzz campaign: generated op graphs, jit vs reference in lockstep", When::Fuzz, fuzzOpsStep()},
      {"fuzz.passes", "fuzz campaign: every registered pass and random pipelines on generated graphs", When::Fuzz,
       fuzzPassesStep()},
      {"fuzz.fuser", "fuzz campaign: generated fusion groups, fused kernels vs reference and unfused jit", When::Fuzz,
       fuzzFuserStep()},
      {"fuzz.grad", "fuzz campaign: symbolic gradients of generated graphs vs reference finite differences",
       When::Fuzz, fuzzGradStep()},
      {"fuzz.source", "fuzz campaign: generated TorchScript programs, CPython vs reference vs jit", When::Fuzz,
       fuzzSourceStep()},
      {"bench", "benchmarks into the history database (tsjit bench record)", When::Bench, benchStep()},
  };
  return kSteps;
}

bool selected(const StepSpec& s, const CheckOptions& o) {
  if (s.when == When::Fuzz && o.fuzzSeconds <= 0) return false;
  if (s.when == When::Bench && !o.bench) return false;
  if (o.only.empty()) return true;
  for (const auto& prefix : o.only)
    if (std::string(s.id).rfind(prefix, 0) == 0) return true;
  return false;
}

void writeFile(const std::string& path, const std::function<void(std::ostream&)>& body) {
  fs::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
  std::ofstream out(path);
  if (!out) throw CompileError("check: cannot write '" + path + "'");
  body(out);
  if (!out) throw CompileError("check: cannot write '" + path + "'");
}

int runCheck(const CheckOptions& o, CLI::App* app) {
  using Clock = std::chrono::steady_clock;
  if (o.list) {
    for (const StepSpec& s : steps()) {
      const char* when = s.when == When::Always ? "" : s.when == When::Fuzz ? "  (with --time > 0)" : "  (with --bench)";
      std::cout << std::left << std::setw(28) << s.id << s.title << when << "\n";
    }
    return 0;
  }
  if (o.fuzzSeconds < 0) throw CompileError("check: --time must be >= 0 (got " + std::to_string(o.fuzzSeconds) + ")");
  if (o.bench && !benchAvailable(app))
    throw CompileError("check: --bench needs the `tsjit bench record` subcommand, which this build does not have yet "
                       "(the hook is benchStep() in tools/tsjit/CheckCommand.cpp)");
  for (const auto& prefix : o.only) {
    bool any = false;
    for (const StepSpec& s : steps()) any = any || std::string(s.id).rfind(prefix, 0) == 0;
    if (!any) throw CompileError("check: --only '" + prefix + "' names no step (see tsjit check --list)");
  }

  std::vector<const StepSpec*> chosen;
  size_t fuzzTargets = 0;
  for (const StepSpec& s : steps())
    if (selected(s, o)) {
      chosen.push_back(&s);
      fuzzTargets += s.when == When::Fuzz ? 1 : 0;
    }
  CheckContext cx{o};
  cx.app = app;
  cx.seed = o.seed ? *o.seed : (static_cast<uint64_t>(std::random_device{}()) << 20) % 1000000007ULL;
  cx.fuzzSecondsPerTarget = fuzzTargets ? o.fuzzSeconds / static_cast<double>(fuzzTargets) : 0;

  CheckReport report;
  auto t0 = Clock::now();
  for (size_t i = 0; i < chosen.size(); ++i) {
    const StepSpec& spec = *chosen[i];
    CheckStep step;
    step.id = spec.id;
    step.title = spec.title;
    std::cerr << "check: [" << i + 1 << "/" << chosen.size() << "] " << spec.id << ": " << spec.title << "\n"
              << std::flush;
    auto ts = Clock::now();
    try {
      spec.run(cx, step);
    } catch (const std::exception& e) {
      step.error = e.what();
    }
    step.seconds = std::chrono::duration<double>(Clock::now() - ts).count();
    std::cerr << "check: [" << i + 1 << "/" << chosen.size() << "] " << spec.id << ": " << step.status() << " ("
              << step.total() << " cases, " << step.failed() << " failed, " << std::fixed << std::setprecision(1)
              << step.seconds << " s)\n"
              << std::defaultfloat << std::flush;
    report.steps.push_back(std::move(step));
  }
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  report.notes.push_back("corpus " + conformance::defaultCorpusDir(o.corpus));
  if (fuzzTargets) report.notes.push_back("fuzz seed " + std::to_string(cx.seed) + " (--seed " + std::to_string(cx.seed) + " replays it)");
  if (!o.bench) report.notes.push_back("benchmarks not run (--bench runs them into the history database)");

  std::string json = o.json.empty() ? (fs::path(o.results) / "check.json").string() : o.json;
  std::string junit = o.junit.empty() ? (fs::path(o.results) / "check-junit.xml").string() : o.junit;
  report.notes.push_back("reports: " + json + ", " + junit);
  writeFile(json, [&](std::ostream& os) { os << conformance::checkJson(report).dump(2) << "\n"; });
  writeFile(junit, [&](std::ostream& os) { conformance::writeJunitXml(os, report); });
  conformance::printCheckTable(std::cout, report);
  return report.exitCode();
}

}  // namespace

void setupCheckCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* sub = app.add_subcommand(
      "check", "What a CI job runs: corpus replay on both engines in every mode, a fuzz budget, benchmarks on request");
  sub->add_option("--time", opts->fuzzSeconds,
                  "fuzz budget in seconds, split over the fuzz targets (default 60; 0 runs no fuzzing)");
  sub->add_option("--seed", opts->seed, "fuzz seed (default: random; the summary prints it)");
  sub->add_option("--corpus", opts->corpus,
                  "corpus folder (default: $TSJIT_CORPUS, else conformance/corpus/torch-1.13 of the checkout)");
  sub->add_option("--results", opts->results,
                  "folder for the reports and reduced fuzz failures (default results)");
  sub->add_option("--json", opts->json, "JSON report (default RESULTS/check.json)");
  sub->add_option("--junit", opts->junit, "JUnit XML report (default RESULTS/check-junit.xml)");
  sub->add_option("--only", opts->only, "run only the steps whose id starts with this (repeatable; see --list)");
  sub->add_flag("--bench", opts->bench, "also run the benchmarks into the history database (tsjit bench record)");
  sub->add_option("--bench-arg", opts->benchArgs, "an argument passed on to `tsjit bench record` (repeatable)");
  sub->add_flag("--list", opts->list, "list the steps and exit");
  CLI::App* root = &app;
  sub->callback([opts, root, &exitCode] { exitCode = runCheck(*opts, root); });
}

}  // namespace tsjit::tool

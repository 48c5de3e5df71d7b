// PassCampaign.cpp — the pass harness (PassCampaign.h): subjects from two generators, the checks
// of one pipeline on one subject, the caching check, step-dropping reduction and the summary.
#include "fuzz/lib/PassCampaign.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <sstream>
#include <variant>

#include <rapidcheck.h>

#include "conformance/lib/Compare.h"
#include "conformance/lib/ValueCodec.h"
#include "fuzz/lib/Isolation.h"
#include "fuzz/lib/OpCatalog.h"
#include "fuzz/lib/PassGraphGen.h"
#include "fuzz/lib/Program.h"
#include "jit/ir/Graph.h"
#include "jit/ir/Verifier.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/Inline.h"
#include "jit/passes/PassRegistry.h"
#include "jit/passes/ShapePropagation.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/Interpreter.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::fuzz {

namespace {

using Clock = std::chrono::steady_clock;
using Desc = std::variant<ProgramDesc, PassGraphDesc>;

uint64_t mix(uint64_t seed, uint64_t i) {
  uint64_t z = seed * 0x9e3779b97f4a7c15ULL + i * 0xd1b54a32d192ed03ULL + 0x2545f4914f6cdd1dULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A graph and its input sets (fresh values on every call).
struct Subject {
  std::shared_ptr<Graph> graph;
  std::function<std::vector<IValue>(int k)> inputs;
  int64_t maxNumel = 16;
};

std::optional<Subject> buildSubject(const Desc& d) {
  Subject s;
  if (const auto* pd = std::get_if<PassGraphDesc>(&d)) {
    s.graph = buildPassGraph(*pd);
    uint64_t seed = pd->dataSeed;
    s.inputs = [seed](int k) { return passGraphInputs(seed, k); };
    return s;
  }
  const auto& od = std::get<ProgramDesc>(d);
  GeneratedCase c;
  try {
    c = buildCase(od, OpCatalog::get());
  } catch (const std::exception&) {
    return std::nullopt;  // the generator's own failures are the ops campaign's business
  }
  s.graph = c.graph;
  s.maxNumel = std::max<int64_t>(c.maxNumel, 16);
  std::vector<InputSpec> specs = c.inputs;
  s.inputs = [specs](int k) {
    std::vector<IValue> out;
    for (InputSpec spec : specs) {
      spec.seed += static_cast<uint64_t>(k) * 7919;
      out.push_back(makeInput(spec));
    }
    return out;
  };
  return s;
}

size_t stepsOf(const Desc& d) {
  return std::visit([](const auto& x) { return x.steps.size(); }, d);
}
Desc withoutStep(const Desc& d, size_t i) {
  return std::visit(
      [i](auto x) -> Desc {
        x.steps.erase(x.steps.begin() + static_cast<std::ptrdiff_t>(i));
        return x;
      },
      d);
}

size_t countNodes(const Block& b) {
  size_t n = 0;
  for (const Node* node : b.nodes()) {
    ++n;
    for (const Block* inner : node->blocks()) n += countNodes(*inner);
  }
  return n;
}

// One run of an engine: outputs and inputs after the call, or the error's last line.
struct Run {
  bool raised = false;
  std::string error;
  std::vector<IValue> outputs, inputsAfter;
};

template <typename F>
Run capture(std::vector<IValue> inputs, F&& engine) {
  Run r;
  std::vector<IValue> callerView;
  for (const IValue& v : inputs) callerView.push_back(v);  // tensors shared: mutations show
  try {
    r.outputs = engine(std::move(inputs));
  } catch (const runtime::ScriptRaise& e) {
    r.raised = true;
    r.error = reference::pythonLastLine(reference::ScriptException(e.scriptMessage(), e.cls()));
  } catch (const InternalError&) {
    throw;
  } catch (const std::exception& e) {
    r.raised = true;
    r.error = reference::pythonLastLine(e);
  }
  r.inputsAfter = std::move(callerView);
  return r;
}

std::string typeMismatch(const TypePtr& type, const IValue& v) {
  const auto* t = type->cast<TensorType>();
  if (!t || t->isPlain()) return "";
  if (!v.isTensor()) return "a " + t->str() + " value is not a tensor";
  Tensor x = v.toTensor();
  if (!x.defined()) return "";
  if (t->dtype() && *t->dtype() != x.dtype()) return "type " + t->str() + " but the value is " + irName(x.dtype());
  if (t->sizes()) {
    const auto& dims = *t->sizes();
    if (dims.size() != static_cast<size_t>(x.dim())) return "type " + t->str() + " but the value has rank " + std::to_string(x.dim());
    for (size_t i = 0; i < dims.size(); ++i)
      if (dims[i] && *dims[i] != x.sizes()[i]) return "type " + t->str() + " but dim " + std::to_string(i) + " is " + std::to_string(x.sizes()[i]);
  }
  if (t->requiresGrad() && *t->requiresGrad() != x.requiresGrad()) return "type " + t->str() + " but requires_grad differs";
  return "";
}

// What the checks count besides failures (in a campaign's shared memory, or local to a replay).
struct CheckCounters {
  std::atomic<uint64_t> engineDisagreements{0};  // input sets where jit(G) and reference(G) already differ
  std::atomic<uint64_t> droppedErrors{0};  // comparisons where only G raised and P(G), with fewer nodes, returned
};

class Checker {
 public:
  Checker(const PassCampaignOptions& o, const PassRegistry& reg, CheckCounters& counters)
      : o_(o), reg_(reg), counters_(counters) {}

  Run reference(const Graph& g, std::vector<IValue> in, std::string* typeError = nullptr) {
    reference::EvaluatorOptions eo;
    eo.resolveFunction = resolvePassLibraryFunction;
    if (typeError)
      eo.onOpEnd = [typeError](const Node& n, const std::vector<IValue>&, std::vector<IValue>& outs) {
        for (size_t i = 0; i < outs.size() && i < n.numOutputs() && typeError->empty(); ++i) {
          std::string m = typeMismatch(n.outputs()[i]->type(), outs[i]);
          if (!m.empty()) *typeError = "static type of %" + n.outputs()[i]->debugName() + " (" + n.kind().toQualString() + "): " + m;
        }
      };
    reference::Evaluator ev(eo);
    return capture(std::move(in), [&](std::vector<IValue> x) { return ev.run(g, std::move(x)); });
  }

  // Empty when a and b agree (outputs, inputs after, errors). With `droppedNodes` (b runs the
  // pass's result, which has fewer nodes than a's graph), a raising where b returns or raises a later
  // error is accepted:
  // an optimized graph may drop a dead node that raises, as 1.13's EliminateDeadCode does; it may
  // never raise where the original returned, nor return other values.
  std::string compare(const Run& a, const Run& b, const std::vector<conformance::CompareOptions>& cmps,
                      const char* what, bool droppedNodes = false) {
    if (a.raised && droppedNodes && (!b.raised || a.error != b.error)) {
      // G raised first in a node P(G) dropped; P(G) then returns, or raises in a later live node.
      ++counters_.droppedErrors;
      return "";
    }
    if (a.raised != b.raised)
      return str(what, ": ", a.raised ? "only the first raised: " + a.error : "only the second raised: " + b.error);
    if (a.raised) return a.error == b.error ? "" : str(what, ": different errors: '", a.error, "' vs '", b.error, "'");
    auto agree = [&](const IValue& x, const IValue& y) -> std::string {
      std::string first;
      for (const auto& c : cmps) {
        auto r = conformance::compareValues(x, y, c);
        if (r) return "";
        if (first.empty()) first = r.message;
      }
      return first;
    };
    if (a.outputs.size() != b.outputs.size()) return str(what, ": output counts differ");
    for (size_t i = 0; i < a.outputs.size(); ++i)
      if (std::string m = agree(a.outputs[i], b.outputs[i]); !m.empty()) return str(what, ": output ", i, " ", m);
    for (size_t i = 0; i < a.inputsAfter.size() && i < b.inputsAfter.size(); ++i)
      if (std::string m = agree(a.inputsAfter[i], b.inputsAfter[i]); !m.empty())
        return str(what, ": input ", i, " after the call ", m);
    return "";
  }

  std::vector<conformance::CompareOptions> optionsFor(const Graph& g, const Graph& pg, const Subject& s) {
    std::vector<conformance::CompareOptions> out;
    double mag = conformance::operandMagnitude(s.inputs(0));
    for (const Graph* x : {&g, &pg}) {
      auto c = conformance::compareOptionsForGraph(*x);
      c.reductionTerms = s.maxNumel;
      c.operandMagnitude = std::max(c.operandMagnitude, mag);
      // Whole graphs, not one node: Σ|terms| of a reduction is not known per element here, so it is
      // bounded by its term count times the operands' magnitude (as the end-to-end property does).
      // A pass that reassociates a sum (batch_mm: one mm over the concatenated K instead of a sum
      // of mm's) then stays within the rule, while a wrong value still fails.
      c.sumAbs = static_cast<double>(c.reductionTerms) * c.operandMagnitude;
      out.push_back(c);
    }
    return out;
  }

  // The checks of one pipeline on one subject (see the header); empty when all hold. `changed`
  // tells whether the pipeline changed the graph.
  std::string check(const Subject& s, const std::vector<const PassInfo*>& pipeline, bool& changed) {
    changed = false;
    bool needsShapes = false;
    for (const PassInfo* p : pipeline) needsShapes |= p->properties.needsShapes;
    const PassInfo* shapes = needsShapes ? reg_.find("shape_propagation") : nullptr;
    auto specialized = [&] {
      auto g = s.graph->copy();
      specializeInputTypes(*g, s.inputs(0));
      if (shapes) runPipeline(g, {shapes});  // a pass that needs shapes gets them first
      return g;
    };
    std::shared_ptr<Graph> pg = specialized();
    std::string before = pg->toString(false);
    PipelineOptions po;
    po.verify = true;
    InlineResolverScope resolver(resolvePassLibraryFunction);
    try {
      changed = runPipeline(pg, pipeline, po);
    } catch (const PassVerificationError& e) {
      return std::string("the verifier rejects the result: ") + e.what();
    } catch (const std::exception& e) {
      return std::string("the pass threw: ") + e.what();
    }
    std::string after = pg->toString(false);
    if (!changed && after != before) return "the pass returned 'unchanged' but the graph changed";
    if (changed && after == before) return "the pass returned 'changed' but the graph prints identically";
    {
      auto again = specialized();
      runPipeline(again, pipeline, po);
      if (again->toString(false) != after) return "not deterministic: a second run on a copy prints differently";
    }
    if (pipeline.size() == 1 && pipeline[0]->properties.idempotent) {
      bool c2 = runPipeline(pg, pipeline, po);
      if (c2 || pg->toString(false) != after) return "declared idempotent, but the second run changed the graph";
    }
    auto cmps = optionsFor(*s.graph, *pg, s);
    const bool dropped = countNodes(*pg->block()) < countNodes(*s.graph->block());
    runtime::ExecutorOptions plain, none;
    plain.pipeline = none.pipeline = "none";
    plain.compile.resolveFunction = none.compile.resolveFunction = resolvePassLibraryFunction;
    runtime::GraphExecutor jitG(s.graph->copy(), plain), jitPG(pg->copy(), none);
    for (size_t k = 0; k < o_.inputSets; ++k) {
      int ki = static_cast<int>(k);
      Run refG = reference(*s.graph, s.inputs(ki));
      std::string typeError;
      Run refPG = reference(*pg, s.inputs(ki), &typeError);
      if (!typeError.empty()) return "input set " + std::to_string(k) + ": " + typeError;
      if (auto m = compare(refG, refPG, cmps, "reference(G) vs reference(P(G))", dropped); !m.empty())
        return "input set " + std::to_string(k) + ": " + m;
      Run jG = capture(s.inputs(ki), [&](std::vector<IValue> x) { return jitG.call(std::move(x)); });
      Run jPG = capture(s.inputs(ki), [&](std::vector<IValue> x) { return jitPG.call(std::move(x)); });
      if (auto m = compare(jG, jPG, cmps, "jit(G) vs jit(P(G))", dropped); !m.empty()) return "input set " + std::to_string(k) + ": " + m;
      // Cross-engine: a difference the unoptimized graph shows too is the engines' (the ops
      // campaign's business), not the pass's.
      if (compare(refG, jG, cmps, "").empty()) {
        if (auto m = compare(refG, jPG, cmps, "reference(G) vs jit(P(G))", dropped); !m.empty())
          return "input set " + std::to_string(k) + ": " + m;
      } else {
        ++counters_.engineDisagreements;
      }
    }
    return "";
  }

  // One executor with the default pipeline over several specializations.
  std::string checkCaching(const Subject& s) {
    runtime::ExecutorOptions eo;
    eo.compile.resolveFunction = resolvePassLibraryFunction;
    runtime::GraphExecutor ex(s.graph, eo);
    auto withGrad = [](std::vector<IValue> in) {
      for (IValue& v : in)
        if (v.isTensor() && v.toTensor().defined() && isFloatingType(v.toTensor().dtype())) v.toTensor().setRequiresGrad(true);
      return in;
    };
    auto asDouble = [](std::vector<IValue> in) {
      for (IValue& v : in)
        if (v.isTensor() && v.toTensor().defined() && isFloatingType(v.toTensor().dtype()))
          v = IValue(v.toTensor().to(ScalarType::Double));
      return in;
    };
    std::vector<std::pair<const char*, std::function<std::vector<IValue>()>>> runs = {
        {"input set 0", [&] { return s.inputs(0); }},
        {"input set 1", [&] { return s.inputs(1); }},
        {"input set 0 with requires_grad", [&] { return withGrad(s.inputs(0)); }},
        {"input set 1 in float64", [&] { return asDouble(s.inputs(1)); }},
        {"input set 0 again", [&] { return s.inputs(0); }},
    };
    std::vector<runtime::ArgumentSpec> specs;
    for (auto& [what, make] : runs) {
      std::vector<IValue> probe = make();
      runtime::ArgumentSpec spec = runtime::ArgumentSpec::of(probe);
      if (std::find(specs.begin(), specs.end(), spec) == specs.end()) specs.push_back(spec);
      Run ref = reference(*s.graph, make());
      Run jit = capture(make(), [&](std::vector<IValue> x) { return ex.call(std::move(x)); });
      auto cmps = optionsFor(*s.graph, *s.graph, s);
      for (auto& c : cmps) c.tolerance = ops::Tolerance::reduction(4);  // float64 runs, pipelines
      if (compare(ref, jit, cmps, "").empty()) continue;
      // Only a difference that a fresh executor (no cached plan) does not show is a caching bug.
      runtime::GraphExecutor fresh(s.graph, eo);
      Run jitFresh = capture(make(), [&](std::vector<IValue> x) { return fresh.call(std::move(x)); });
      if (auto m = compare(jitFresh, jit, cmps, "fresh executor vs the cached one"); !m.empty())
        return std::string(what) + ": " + m;
    }
    if (ex.misses() != specs.size())
      return str("the executor compiled ", ex.misses(), " plans for ", specs.size(), " distinct specializations");
    return "";
  }

 private:
  const PassCampaignOptions& o_;
  const PassRegistry& reg_;
  CheckCounters& counters_;
};

// The files of a failure: OUT/passes-<seed>-<case>.{ir,json,txt}.
PassCampaignFailure failureFiles(const PassCampaignOptions& o, uint64_t i) {
  PassCampaignFailure f;
  f.caseIndex = i;
  std::string stem = o.outDir + "/passes-" + std::to_string(o.seed) + "-" + std::to_string(i);
  f.irPath = stem + ".ir";
  f.jsonPath = stem + ".json";
  f.notePath = stem + ".txt";
  return f;
}

void writeSubject(const PassCampaignFailure& f, const Subject& s) {
  std::filesystem::create_directories(std::filesystem::path(f.irPath).parent_path());
  std::ofstream(f.irPath) << s.graph->toString(false);
  std::ofstream(f.jsonPath) << conformance::encodeValues(s.inputs(0)).dump() << "\n";
}

void writeNote(const PassCampaignOptions& o, const PassCampaignFailure& f) {
  std::filesystem::create_directories(std::filesystem::path(f.notePath).parent_path());
  std::ofstream(f.notePath) << "tsjit fuzz --target passes --seed " << o.seed << ": case " << f.caseIndex
                            << "\npass: " << f.pass << "\nreplay: tsjit opt " << f.irPath << " --passes=" << f.pass
                            << "\nfailure: " << f.message << "\n";
}

// Drops generator steps, last first, while `stillFails` holds; at most maxRuns candidates.
Desc reduceSteps(Desc best, const std::function<bool(const Desc&)>& stillFails, size_t maxRuns) {
  size_t runs = 0;
  bool improved = true;
  while (improved && runs < maxRuns) {
    improved = false;
    for (size_t k = stepsOf(best); k-- > 0 && runs < maxRuns;) {
      ++runs;
      Desc cand = withoutStep(best, k);
      if (stillFails(cand)) best = std::move(cand), improved = true;
    }
  }
  return best;
}

// A case's pipelines, in the order they run: each selected pass alone, the random pipelines, then
// the caching check (an empty pipeline named "(executor caching)").
using Pipelines = std::vector<std::pair<std::string, std::vector<const PassInfo*>>>;
constexpr const char* kCaching = "(executor caching)";
constexpr const char* kRandom = "(random pipelines)";
constexpr const char* kBuilding = "(building the graph)";

void copyText(char* dst, size_t cap, const std::string& s) {
  size_t n = std::min(cap - 1, s.size());
  std::memcpy(dst, s.data(), n);
  dst[n] = 0;
}

// The campaign's memory shared with its worker child: what the worker counted survives its crash,
// and `current`/`pipeline` say what a crash happened in. Followed in the mapping by one Slot per
// coverage row and `maxFailures` failure records.
struct SharedState {
  std::atomic<uint64_t> heartbeat, current, cases, opsGraphs, passGraphs, skippedGraphs, failures;
  std::atomic<int64_t> pipeline;  // index into the case's Pipelines; -1 while building the subject
  CheckCounters counters;
};
struct Slot {
  std::atomic<uint64_t> graphs, changed, failures;
};
struct FailureRecord {
  uint64_t caseIndex, steps, originalSteps;
  char pass[512], message[4096], ir[1024], json[1024], note[1024];
};

class Campaign {
 public:
  explicit Campaign(const PassCampaignOptions& o)
      : o_(o), reg_(o.registry ? *o.registry : PassRegistry::global()), opsGen_(genProgram(GenOptions{o.maxSteps})) {
    if (o.passes.empty()) {
      for (const PassInfo& p : reg_.passes()) selected_.push_back(&p);
    } else {
      selected_ = reg_.parsePipeline(o.passes);
    }
    slotNames_ = {};
    for (const PassInfo* p : selected_) slotNames_.push_back(p->name);
    slotNames_.push_back(kRandom);
    slotNames_.push_back(kCaching);
    slotNames_.push_back(kBuilding);
    size_t bytes = sizeof(SharedState) + sizeof(Slot) * slotNames_.size() + sizeof(FailureRecord) * std::max<size_t>(o.maxFailures, 1);
    region_ = std::make_unique<SharedRegion>(bytes);
    sh_ = new (region_->data()) SharedState();
    slots_ = new (static_cast<char*>(region_->data()) + sizeof(SharedState)) Slot[slotNames_.size()]();
    records_ = reinterpret_cast<FailureRecord*>(reinterpret_cast<char*>(slots_) + sizeof(Slot) * slotNames_.size());
  }

  PassCampaignResult run() {
    t0_ = Clock::now();
    uint64_t next = o_.firstCase;
    while (!done(next)) {
      if (!o_.isolate) {
        worker(next);
        break;
      }
      ForkOptions fo;
      fo.stallSeconds = o_.caseTimeoutSeconds;
      fo.heartbeat = &sh_->heartbeat;
      ChildOutcome end = runForked([&] { return worker(next); }, fo);
      if (end.ok()) break;
      uint64_t at = sh_->current.load();
      record(reduceCrash(at, sh_->pipeline.load(), end));
      next = at + 1;
    }
    if (o_.progress) *o_.progress << "\r\x1b[K" << std::flush;
    PassCampaignResult res;
    res.seconds = std::chrono::duration<double>(Clock::now() - t0_).count();
    res.cases = sh_->cases.load();
    res.opsGraphs = sh_->opsGraphs.load();
    res.passGraphs = sh_->passGraphs.load();
    res.skippedGraphs = sh_->skippedGraphs.load();
    res.crossChecksSkipped = sh_->counters.engineDisagreements.load();
    res.droppedErrors = sh_->counters.droppedErrors.load();
    for (size_t k = 0; k < slotNames_.size(); ++k) {
      if (slotNames_[k] == kBuilding && slots_[k].failures.load() == 0) continue;
      PassCoverage& c = res.coverage[slotNames_[k]];
      c.graphs = slots_[k].graphs.load();
      c.changed = slots_[k].changed.load();
      c.failures = slots_[k].failures.load();
    }
    for (uint64_t k = 0; k < sh_->failures.load(); ++k) {
      const FailureRecord& r = records_[k];
      PassCampaignFailure f;
      f.caseIndex = r.caseIndex;
      f.steps = r.steps;
      f.originalSteps = r.originalSteps;
      f.pass = r.pass, f.message = r.message, f.irPath = r.ir, f.jsonPath = r.json, f.notePath = r.note;
      res.failures.push_back(std::move(f));
    }
    return res;
  }

 private:
  bool done(uint64_t i) const {
    if (o_.maxCases >= 0 && i - o_.firstCase >= static_cast<uint64_t>(o_.maxCases)) return true;
    if (o_.seconds > 0 && std::chrono::duration<double>(Clock::now() - t0_).count() >= o_.seconds) return true;
    if (o_.maxCases < 0 && o_.seconds <= 0) return true;
    return sh_->failures.load() >= o_.maxFailures;
  }
  void beat() { sh_->heartbeat.fetch_add(1, std::memory_order_relaxed); }

  Desc descFor(uint64_t i) {
    uint64_t seed = mix(o_.seed, i);
    return i % 2 ? Desc(randomPassGraphDesc(seed, o_.maxSteps)) : Desc(opsGen_(rc::Random(seed), 60).value());
  }

  Pipelines pipelinesFor(uint64_t i) const {
    Pipelines out;
    for (const PassInfo* p : selected_) out.push_back({p->name, {p}});
    std::mt19937_64 rng(mix(o_.seed, i));
    for (size_t r = 0; r < o_.randomPipelines && selected_.size() > 1; ++r) {
      std::vector<const PassInfo*> pl;
      size_t len = 2 + rng() % 3;
      for (size_t k = 0; k < len; ++k) pl.push_back(selected_[rng() % selected_.size()]);
      out.push_back({pipelineToString(pl), pl});
    }
    out.push_back({kCaching, {}});
    return out;
  }
  // The coverage row of pipeline j (j < 0: building the subject).
  size_t slotOf(const Pipelines& pls, int64_t j) const {
    if (j < 0) return selected_.size() + 2;
    if (pls[j].first == kCaching) return selected_.size() + 1;
    return static_cast<size_t>(j) < selected_.size() ? static_cast<size_t>(j) : selected_.size();
  }

  static std::string runOne(Checker& checker, const Subject& s, const Pipelines::value_type& pl, bool& changed) {
    try {
      if (pl.first == kCaching) return checker.checkCaching(s);
      return checker.check(s, pl.second, changed);
    } catch (const std::exception& e) {
      return std::string("internal error: ") + e.what();
    }
  }

  void record(const PassCampaignFailure& f) {
    uint64_t n = sh_->failures.load();
    if (n >= std::max<size_t>(o_.maxFailures, 1)) return;
    FailureRecord& r = records_[n];
    r.caseIndex = f.caseIndex;
    r.steps = f.steps;
    r.originalSteps = f.originalSteps;
    copyText(r.pass, sizeof(r.pass), f.pass);
    copyText(r.message, sizeof(r.message), f.message);
    copyText(r.ir, sizeof(r.ir), f.irPath);
    copyText(r.json, sizeof(r.json), f.jsonPath);
    copyText(r.note, sizeof(r.note), f.notePath);
    sh_->failures.store(n + 1);
  }

  // Runs cases from `start` until done; property failures are reduced and recorded here, crashes
  // and hangs end the (child) process and are handled by run().
  int worker(uint64_t start) {
    Checker checker(o_, reg_, sh_->counters);
    auto lastProgress = Clock::now();
    for (uint64_t i = start; !done(i); ++i) {
      if (!o_.shard.owns(i)) continue;
      sh_->current.store(i);
      sh_->pipeline.store(-1);
      beat();
      ++sh_->cases;
      Desc desc = descFor(i);
      Pipelines pls = pipelinesFor(i);
      std::optional<Subject> subject;
      try {
        subject = buildSubject(desc);
      } catch (const std::exception& e) {  // the pass generator's graphs must build
        PassCampaignFailure f = failureFiles(o_, i);
        f.pass = kBuilding;
        f.message = std::string("building the graph failed: ") + e.what();
        f.irPath = f.jsonPath = "";
        f.steps = f.originalSteps = stepsOf(desc);
        writeNote(o_, f);
        ++slots_[slotOf(pls, -1)].failures;
        record(f);
        continue;
      }
      if (!subject) {
        ++sh_->skippedGraphs;
        continue;
      }
      ++(i % 2 ? sh_->passGraphs : sh_->opsGraphs);
      for (size_t j = 0; j < pls.size() && sh_->failures.load() < o_.maxFailures; ++j) {
        sh_->pipeline.store(static_cast<int64_t>(j));
        beat();
        Slot& slot = slots_[slotOf(pls, static_cast<int64_t>(j))];
        bool changed = false;
        std::string message = runOne(checker, *subject, pls[j], changed);
        ++slot.graphs;
        if (changed) ++slot.changed;
        if (message.empty()) continue;
        ++slot.failures;
        PassCampaignFailure f = failureFiles(o_, i);
        f.pass = pls[j].first;
        f.originalSteps = stepsOf(desc);
        Subject bestSubject = *subject;
        std::string bestMessage = message;
        Desc best = reduceSteps(desc, [&](const Desc& cand) {
          beat();
          std::optional<Subject> cs;
          try {
            cs = buildSubject(cand);
          } catch (const std::exception&) {
            return false;
          }
          if (!cs) return false;
          bool c2 = false;
          std::string m2 = runOne(checker, *cs, pls[j], c2);
          if (m2.empty()) return false;
          bestSubject = *cs, bestMessage = m2;  // the last candidate kept is the final one
          return true;
        }, o_.maxShrinkRuns);
        f.steps = stepsOf(best);
        f.message = bestMessage;
        writeSubject(f, bestSubject);
        writeNote(o_, f);
        record(f);
      }
      if (o_.progress && std::chrono::duration<double>(Clock::now() - lastProgress).count() > 0.25) {
        lastProgress = Clock::now();
        double elapsed = std::chrono::duration<double>(Clock::now() - t0_).count();
        *o_.progress << "\rcases " << sh_->cases.load() << "  " << std::fixed << std::setprecision(0)
                     << sh_->cases.load() / std::max(elapsed, 1e-9) << " cases/s  failures " << sh_->failures.load()
                     << std::flush;
      }
    }
    return 0;
  }

  // The worker ended abnormally (`end`) in case i, pipeline j: reduce with one forked child per
  // candidate (kept when it ends the same way), then a child writes the graph and its inputs.
  PassCampaignFailure reduceCrash(uint64_t i, int64_t j, const ChildOutcome& end) {
    Pipelines pls = pipelinesFor(i);
    ++slots_[slotOf(pls, j)].failures;
    PassCampaignFailure f = failureFiles(o_, i);
    f.pass = j < 0 ? kBuilding : pls[j].first;
    f.message = end.describe() + (j < 0 ? " while building the graph" : " in " + f.pass) +
                " (the worker process ended; the campaign went on with the next case)";
    Desc desc = descFor(i);
    f.originalSteps = stepsOf(desc);
    ForkOptions quiet;
    quiet.quiet = true;
    quiet.stallSeconds = o_.caseTimeoutSeconds;
    auto replay = [&](const Desc& d, bool write) {
      return runForked([&] {
        try {
          CheckCounters local;
          Checker checker(o_, reg_, local);
          std::optional<Subject> s = buildSubject(d);
          if (!s) return 0;
          if (write) writeSubject(f, *s);
          bool changed = false;
          if (j >= 0) runOne(checker, *s, pls[j], changed);
        } catch (...) {  // an error is not the way the worker ended (exit 1 is a sanitizer's)
        }
        return 0;
      }, quiet);
    };
    // A hanging candidate costs the whole timeout: a hang gets a few candidates only.
    size_t runs = end.stalled ? std::min<size_t>(o_.maxShrinkRuns, 6) : o_.maxShrinkRuns;
    Desc best = reduceSteps(desc, [&](const Desc& cand) { return replay(cand, false).sameAs(end); }, runs);
    f.steps = stepsOf(best);
    std::filesystem::remove(f.irPath);
    replay(best, /*write=*/true);
    if (!std::filesystem::exists(f.irPath)) f.irPath = f.jsonPath = "";
    writeNote(o_, f);
    return f;
  }

  const PassCampaignOptions& o_;
  const PassRegistry& reg_;
  std::vector<const PassInfo*> selected_;
  std::vector<std::string> slotNames_;  // selected passes, kRandom, kCaching, kBuilding
  rc::Gen<ProgramDesc> opsGen_;
  std::unique_ptr<SharedRegion> region_;  // holds *sh_, slots_, records_
  SharedState* sh_ = nullptr;
  Slot* slots_ = nullptr;
  FailureRecord* records_ = nullptr;
  Clock::time_point t0_;
};

}  // namespace

PassCampaignResult runPassCampaign(const PassCampaignOptions& o) {
  registerAllPasses();
  kernels::registerAllKernels();
  reference::registerAllKernels();
  return Campaign(o).run();
}

void printPassCampaignSummary(std::ostream& os, const PassCampaignResult& r, const PassCampaignOptions& o) {
  os << "tsjit fuzz --target passes --seed " << o.seed << (o.passes.empty() ? "" : " --passes " + o.passes) << "\n";
  os << "cases: " << r.cases << " (" << r.opsGraphs << " from the ops generator, " << r.passGraphs
     << " from the pass generator, " << r.skippedGraphs << " not built) in " << std::fixed << std::setprecision(1)
     << r.seconds << " s, " << std::setprecision(0) << r.cases / std::max(r.seconds, 1e-9) << " cases/s\n";
  os << std::left << std::setw(28) << "pass" << std::right << std::setw(10) << "graphs" << std::setw(10) << "changed"
     << std::setw(10) << "failures" << "\n";
  for (const auto& [name, c] : r.coverage) {
    bool caching = name == "(executor caching)";  // runs G itself: nothing to change
    os << std::left << std::setw(28) << name << std::right << std::setw(10) << c.graphs << std::setw(10)
       << (caching ? std::string("-") : std::to_string(c.changed)) << std::setw(10) << c.failures << "\n";
  }
  os << "cross-engine checks skipped because jit(G) and reference(G) already differ: " << r.crossChecksSkipped
     << "\n";
  os << "comparisons where only G raised and P(G) (fewer nodes) returned, accepted as dropped dead code: "
     << r.droppedErrors << "\n";
  if (r.failures.empty()) {
    os << "no failure\n";
    return;
  }
  os << r.failures.size() << " failure(s):\n";
  for (const auto& f : r.failures)
    os << "  case " << f.caseIndex << ", pass " << f.pass << ": " << f.message.substr(0, 600) << "\n    reduced to "
       << f.steps << " generator steps (from " << f.originalSteps << "): " << f.irPath << " " << f.jsonPath << " "
       << f.notePath << "\n";
}

}  // namespace tsjit::fuzz

// Campaign.cpp — generation, checking, greedy shrinking and reporting of an ops campaign
// (see Campaign.h).
//
// Isolation (CampaignOptions::isolate, Isolation.h): the cases run in a forked worker process so that a crash
// (SIGSEGV in a kernel, an abort) becomes a reported failure instead of ending the campaign. The
// worker publishes its progress in a shared anonymous mapping; on a property failure it shrinks,
// writes the files, reports the failure there and exits 1; the parent restarts a worker after it.
// When a worker dies by a signal, the parent regenerates that case, shrinks it with every
// candidate run in its own forked child (keeping candidates that still crash), and a last child
// writes the files while replaying it (buildCase's beforeKernel hook writes the graph ending at each
// top-level node before its kernel runs, so a crash while building leaves the crashing graph).
#include "fuzz/lib/Campaign.h"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <set>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "fuzz/lib/CaseWriter.h"
#include "fuzz/lib/Isolation.h"
#include "fuzz/lib/KnownMismatches.h"
#include "fuzz/lib/Reducer.h"
#include "fuzz/lib/OpCatalog.h"
#include "jit/support/Progress.h"

namespace tsjit::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

uint64_t caseSeed(uint64_t seed, uint64_t i) {
  uint64_t z = seed * 0x9e3779b97f4a7c15ULL + i * 0xd1b54a32d192ed03ULL + 0x632be59bd9b4e019ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Outcome {
  GeneratedCase c;
  PropertyResult r;
};

Outcome evaluate(const ProgramDesc& d, const OpCatalog& catalog, const PropertyEngines& engines) {
  Outcome o;
  try {
    o.c = buildCase(d, catalog);
  } catch (const std::exception& e) {
    o.r.passed = false;
    o.r.message = std::string("generator failed: ") + e.what();
    return o;
  }
  try {
    o.r = checkCase(o.c, engines);
  } catch (const std::exception& e) {
    o.r.passed = false;
    o.r.message = std::string("property check failed: ") + e.what();
  }
  return o;
}

std::string firstLine(const std::string& s) {
  auto nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl) + " ...";
}

std::string stemFor(const CampaignOptions& o, uint64_t i) {
  return "ops-" + std::to_string(o.seed) + "-" + std::to_string(i);
}

std::string noteFor(const CampaignOptions& o, uint64_t i, const std::string& message, size_t nodes, size_t original,
                    const ProgramDesc& d, const std::vector<std::string>& overloads = {}) {
  std::ostringstream note;
  note << "tsjit fuzz --target ops --seed " << o.seed << (o.includeKnown ? " --include-known" : "")
       << (o.onlyOps.empty() ? "" : " --ops " + o.onlyOps) << ": case " << i << "\n";
  if (!overloads.empty()) {
    note << "overloads:";
    for (const std::string& ov : overloads) note << " " << ov;
    note << "\n";
  }
  note
       << "failure: " << message << "\n"
       << "nodes: " << nodes << " (before shrinking: " << original << ")\n"
       << "description: " << d << "\n";
  return note.str();
}

// Prim kinds the coverage table counts (the generator's structural nodes).
constexpr const char* kStructural[] = {"prim::If",         "prim::Loop",       "prim::ListConstruct",
                                       "prim::TupleConstruct", "prim::TupleIndex", "prim::TupleUnpack",
                                       "prim::RaiseException", "prim::ListUnpack"};
constexpr size_t kNumStructural = sizeof(kStructural) / sizeof(kStructural[0]);

// What a worker shares with the parent.
struct Shared {
  std::atomic<uint64_t> current, cases, errorCases, totalNodes, totalOpNodes, shrinkRuns;
  std::atomic<uint64_t> heartbeat;  // bumped per case and per shrink run: a stalled worker is hung
  std::atomic<int> shrinking;
  // A property failure the worker reduced and wrote (valid when it exits with status 1).
  uint64_t failCase, failNodes, failOriginalNodes, failShrinkRuns;
  double failShrinkSeconds;
  char failMessage[4096], failIr[1024], failJson[1024], failSignature[512];
  std::atomic<uint64_t> known[16];  // cases excused per KnownMismatches entry
  std::atomic<uint64_t> hits[kNumHits], dtypes[kNumScalarTypes], structural[kNumStructural], features[32];
  std::atomic<uint64_t> uses[1];  // one counter per op-table overload (allocated with the mapping)
};

void copyString(char* dst, size_t cap, const std::string& s) {
  size_t n = std::min(cap - 1, s.size());
  std::memcpy(dst, s.data(), n);
  dst[n] = 0;
}

class Runner {
 public:
  explicit Runner(const CampaignOptions& o) : o_(o), catalog_(OpCatalog::get(o.includeKnown, o.onlyOps)) {
    GenOptions go;
    go.maxSteps = o.maxSteps;
    go.features = o.features;
    go.swarmOps = o.swarmOps;
    gen_ = genProgram(go);
    for (const ops::OpInfo* op : ops::allOps())
      for (const auto& ov : op->overloads()) {
        entryIndex_[ov->qualifiedName()] = overloadNames_.size();
        overloadNames_.push_back(ov->qualifiedName());
      }
    region_ = std::make_unique<SharedRegion>(sizeof(Shared) + sizeof(std::atomic<uint64_t>) * (overloadNames_.size() + 1));
    sh_ = new (region_->data()) Shared();
  }

  CampaignResult run() {
    t0_ = Clock::now();
    uint64_t next = 0;
    while (!done(next)) {
      if (!o_.isolate) {
        worker(next);
        break;
      }
      ChildOutcome child = runForked([&] { return worker(next); }, {.stallSeconds = kStallSeconds, .heartbeat = &sh_->heartbeat});
      int code = child.code();
      uint64_t at = sh_->current.load();
      if (code == 0) break;
      if (child.stalled) {  // a kernel that does not return (in a case, or in a shrink candidate of one)
        bool whileShrinking = sh_->shrinking.exchange(0) != 0;
        sh_->cases.fetch_add(1);
        res_.failures.push_back(hungCase(at, whileShrinking));
        next = at + 1;
        continue;
      }
      if (code == 1) {
        CampaignFailure f;
        f.caseIndex = sh_->failCase;
        f.message = sh_->failMessage;
        f.signature = sh_->failSignature;
        f.irPath = sh_->failIr;
        f.jsonPath = sh_->failJson;
        f.nodes = sh_->failNodes;
        f.originalNodes = sh_->failOriginalNodes;
        f.shrinkRuns = sh_->failShrinkRuns;
        res_.shrinkSeconds += sh_->failShrinkSeconds;
        res_.failures.push_back(std::move(f));
      } else {
        sh_->cases.fetch_add(1);
        res_.failures.push_back(shrinkCrash(at, code - 128));
      }
      next = at + 1;
    }
    res_.cases = sh_->cases.load();
    res_.errorCases = sh_->errorCases.load();
    res_.totalNodes = sh_->totalNodes.load();
    res_.totalOpNodes = sh_->totalOpNodes.load();
    for (size_t i = 0; i < overloadNames_.size(); ++i)
      if (uint64_t n = sh_->uses[i].load()) res_.overloadUses[overloadNames_[i]] = n;
    for (uint32_t h = 0; h < kNumHits; ++h) res_.hitCases[h] = sh_->hits[h].load();
    for (size_t k = 0; k < knownMismatches().size() && k < 16; ++k)
      res_.knownExcused[knownMismatches()[k].pattern] = sh_->known[k].load();
    for (int d = 0; d < kNumScalarTypes; ++d)
      if (uint64_t n = sh_->dtypes[d].load()) res_.dtypeCases[irName(static_cast<ScalarType>(d))] = n;
    for (size_t k = 0; k < kNumStructural; ++k)
      if (uint64_t n = sh_->structural[k].load()) res_.structuralNodes[kStructural[k]] = n;
    for (uint32_t bit = 1; bit < kAllFeatures; bit <<= 1)
      res_.featureCases[featureName(bit)] = sh_->features[__builtin_ctz(bit)].load();
    res_.seconds = secondsSince(t0_);
    draw(true);
    return std::move(res_);
  }

 private:
  bool done(uint64_t i) const {
    if (o_.maxCases >= 0 && static_cast<int64_t>(i) >= o_.maxCases) return true;
    if (o_.seconds > 0 && secondsSince(t0_) >= o_.seconds) return true;
    return res_.failures.size() >= o_.maxFailures;
  }

  void draw(bool final) {
    if (!o_.progress) return;
    if (!reporter_)
      reporter_ = std::make_unique<ProgressReporter>(*o_.progress, o_.progressLabel, o_.progressStyle,
                                                     o_.progressPeriodSeconds, /*redrawSeconds=*/0.25);
    double el = std::max(secondsSince(t0_), 1e-9);
    uint64_t cases = sh_->cases.load();
    std::ostringstream text;
    text << "cases " << cases << "  " << std::fixed << std::setprecision(0) << static_cast<double>(cases) / el
         << " cases/s  failures " << res_.failures.size();
    if (sh_->shrinking.load()) text << "  (shrinking: " << sh_->shrinkRuns.load() << " runs)";
    if (final) reporter_->finish(text.str());
    else reporter_->update(text.str());
  }

  // Runs cases from `start`; returns 0 when done, 1 after reporting a failure in `sh_`.
  int worker(uint64_t start) {
    for (uint64_t i = start; !done(i); ++i) {
      if (!o_.shard.owns(i)) continue;
      sh_->current.store(i);
      sh_->heartbeat.fetch_add(1);
      rc::Shrinkable<ProgramDesc> shr = gen_(rc::Random(caseSeed(o_.seed, i)), 100);
      Outcome out = evaluate(shr.value(), catalog_, o_.engines);
      sh_->cases.fetch_add(1);
      sh_->totalNodes.fetch_add(out.c.numNodes);
      sh_->totalOpNodes.fetch_add(out.c.numOpNodes);
      if (out.r.bothRaised) sh_->errorCases.fetch_add(1);
      noteCoverage(shr.value(), out.c);
      if (out.r.known) {
        const auto& all = knownMismatches();
        for (size_t k = 0; k < all.size() && k < 16; ++k)
          if (&all[k] == out.r.known) sh_->known[k].fetch_add(1);
      }
      if (out.r.passed && !o_.saveCasesDir.empty() && out.c.graph) {
        try {
          writeCase(out.c, o_.saveCasesDir, stemFor(o_, i), out.r.bothRaised ? "both engines raised" : "");
        } catch (const std::exception&) {
          // a full disk must not stop the campaign; the sweep sees fewer cases
        }
      }
      for (const std::string& name : out.c.overloadsUsed) {
        auto it = entryIndex_.find(name);
        if (it != entryIndex_.end()) sh_->uses[it->second].fetch_add(1);
      }
      if (!out.r.passed) {
        CampaignFailure f = shrinkAndWrite(i, std::move(shr), std::move(out));
        if (!o_.isolate) {
          res_.failures.push_back(std::move(f));
          continue;
        }
        sh_->failCase = f.caseIndex;
        sh_->failNodes = f.nodes;
        sh_->failOriginalNodes = f.originalNodes;
        sh_->failShrinkRuns = f.shrinkRuns;
        copyString(sh_->failMessage, sizeof(sh_->failMessage), f.message);
        copyString(sh_->failSignature, sizeof(sh_->failSignature), f.signature);
        copyString(sh_->failIr, sizeof(sh_->failIr), f.irPath);
        copyString(sh_->failJson, sizeof(sh_->failJson), f.jsonPath);
        return 1;
      }
      if (!o_.isolate) draw(false);
      else if (o_.progress && i % 16 == 0) draw(false);
    }
    return 0;
  }

  // Greedy shrinking in-process (property failures, not crashes).
  CampaignFailure shrinkAndWrite(uint64_t i, rc::Shrinkable<ProgramDesc> shr, Outcome out) {
    auto ts = Clock::now();
    CampaignFailure f;
    f.caseIndex = i;
    f.originalNodes = out.c.numNodes;
    const std::string originalMessage = out.r.message;
    const FailureSignature signature = signatureOf(out.r);  // shrinking keeps it: same node kind, same difference
    sh_->shrinking.store(1);
    bool improved = true;
    while (improved && f.shrinkRuns < o_.maxShrinkRuns) {
      improved = false;
      rc::Seq<rc::Shrinkable<ProgramDesc>> shrinks = shr.shrinks();
      while (auto cand = shrinks.next()) {
        if (++f.shrinkRuns > o_.maxShrinkRuns) break;
        sh_->shrinkRuns.store(f.shrinkRuns);
        sh_->heartbeat.fetch_add(1);
        Outcome so = evaluate(cand->value(), catalog_, o_.engines);
        if (!so.r.passed && signatureOf(so.r) == signature) {
          shr = std::move(*cand);
          out = std::move(so);
          improved = true;
          break;
        }
      }
      if (o_.isolate && o_.progress) draw(false);
    }
    sh_->shrinking.store(0);
    f.message = out.r.message;
    f.signature = signature.str();
    f.nodes = out.c.numNodes;
    if (out.c.graph) {
      try {
        WrittenCase w = writeCase(out.c, o_.outDir, stemFor(o_, i),
                                  noteFor(o_, i, f.message, f.nodes, f.originalNodes, shr.value(), out.c.overloadsUsed) +
                                      "signature: " + signature.str() + "\noriginal failure (before shrinking): " +
                                      originalMessage + "\n");
        f.irPath = w.irPath;
        f.jsonPath = w.jsonPath;
      } catch (const std::exception& e) {
        f.message += std::string(" (could not write the case: ") + e.what() + ")";
      }
    }
    double secs = secondsSince(ts);
    if (o_.isolate) sh_->failShrinkSeconds = secs;
    else res_.shrinkSeconds += secs;
    return f;
  }

  // A case whose worker died by signal `sig`: shrink with one forked child per candidate.
  CampaignFailure shrinkCrash(uint64_t i, int sig) {
    auto ts = Clock::now();
    CampaignFailure f;
    f.caseIndex = i;
    std::string what = std::string("crashed with signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")";
    rc::Shrinkable<ProgramDesc> shr = gen_(rc::Random(caseSeed(o_.seed, i)), 100);
    auto crashes = [&](const ProgramDesc& d) {
      return runForked([&] {
               evaluate(d, catalog_, o_.engines);
               return 0;
             }, {.quiet = true}).code() >= 128;
    };
    sh_->shrinking.store(1);
    bool improved = true;
    while (improved && f.shrinkRuns < o_.maxShrinkRuns) {
      improved = false;
      rc::Seq<rc::Shrinkable<ProgramDesc>> shrinks = shr.shrinks();
      while (auto cand = shrinks.next()) {
        if (++f.shrinkRuns > o_.maxShrinkRuns) break;
        sh_->shrinkRuns.store(f.shrinkRuns);
        sh_->heartbeat.fetch_add(1);
        if (crashes(cand->value())) {
          shr = std::move(*cand);
          improved = true;
          break;
        }
        draw(false);
      }
    }
    sh_->shrinking.store(0);
    ProgramDesc d = shr.value();
    writeReplay(f, d, what, "crashed", {.quiet = true});
    f.message = what;
    f.signature = "(crash): signal " + std::to_string(sig);
    f.nodes = d.steps.size();
    f.originalNodes = gen_(rc::Random(caseSeed(o_.seed, i)), 100).value().steps.size();
    f.unit = "steps";
    res_.shrinkSeconds += secondsSince(ts);
    return f;
  }

  // Replays program `d` of failure f in a child that writes the case files as it goes (the last
  // write before the child crashed or hung stays) and sets f's file paths when they were written.
  void writeReplay(CampaignFailure& f, const ProgramDesc& d, const std::string& what, const char* how, ForkOptions fo) {
    std::string stem = stemFor(o_, f.caseIndex);
    std::string note = noteFor(o_, f.caseIndex, what, 0, 0, d);
    runForked([&] {
      GeneratedCase c = buildCase(d, catalog_, [&](const GeneratedCase& partial) {
        writeCase(partial, o_.outDir, stem, note + "(the graph ends at the node whose reference kernel " + how + ")\n");
      });
      writeCase(c, o_.outDir, stem, note);
      checkCase(c, o_.engines);
      return 0;
    }, fo);
    std::string base = o_.outDir + "/" + stem;
    if (access((base + ".ir").c_str(), F_OK) == 0) {
      f.irPath = base + ".ir";
      f.jsonPath = base + ".json";
    }
  }

  // A case that made no progress for kStallSeconds (an engine that loops forever): reported with its
  // program as generated (shrinking would rerun the hang), written by a child that is killed too.
  static constexpr double kStallSeconds = 120;
  CampaignFailure hungCase(uint64_t i, bool whileShrinking) {
    CampaignFailure f;
    f.caseIndex = i;
    f.message = "hung: no progress for " + std::to_string(static_cast<int>(kStallSeconds)) + " s (killed)" +
                (whileShrinking ? " while shrinking a failure of this case (the program written is the unshrunk one)" : "");
    f.signature = "(hang)";
    ProgramDesc d = gen_(rc::Random(caseSeed(o_.seed, i)), 100).value();
    std::atomic<uint64_t> none{0};
    writeReplay(f, d, f.message, "hung", {.quiet = true, .stallSeconds = kStallSeconds, .heartbeat = &none});
    f.nodes = f.originalNodes = d.steps.size();
    f.unit = "steps";
    return f;
  }

  const CampaignOptions& o_;
  void noteCoverage(const ProgramDesc& d, const GeneratedCase& c) {
    for (uint32_t h = 0; h < kNumHits; ++h)
      if (c.hits & (1u << h)) sh_->hits[h].fetch_add(1, std::memory_order_relaxed);
    for (int t = 0; t < kNumScalarTypes; ++t)
      if (c.dtypes & (1u << t)) sh_->dtypes[t].fetch_add(1, std::memory_order_relaxed);
    for (const auto& [kind, n] : c.structuralKinds)
      for (size_t k = 0; k < kNumStructural; ++k)
        if (kind == kStructural[k]) sh_->structural[k].fetch_add(n, std::memory_order_relaxed);
    for (uint32_t bit = 1; bit < kAllFeatures; bit <<= 1)
      if (d.features & bit) sh_->features[__builtin_ctz(bit)].fetch_add(1, std::memory_order_relaxed);
  }

  const OpCatalog& catalog_;
  std::vector<std::string> overloadNames_;
  rc::Gen<ProgramDesc> gen_ = genProgram();
  std::unordered_map<std::string, size_t> entryIndex_;
  std::unique_ptr<SharedRegion> region_;  // holds *sh_
  Shared* sh_ = nullptr;
  CampaignResult res_;
  Clock::time_point t0_;
  std::unique_ptr<ProgressReporter> reporter_;
};

}  // namespace

// The catalog against the committed list of overloads it generated (fuzz/expected_overloads.txt):
// an overload that is no longer generated (a kernel that lost its registration, an argument the
// planner stopped understanding) is a failure, since the campaign would otherwise just stop testing
// it. Lines starting with '#' are comments. Overloads generated but not listed are fine.
std::vector<CampaignFailure> checkCatalog(const CampaignOptions& o) {
  std::vector<CampaignFailure> out;
  if (!o.onlyOps.empty() || o.expectedOverloadsPath.empty()) return out;
  std::ifstream in(o.expectedOverloadsPath);
  if (!in) return out;
  const OpCatalog& cat = OpCatalog::get(o.includeKnown, o.onlyOps);
  std::set<std::string> have;
  for (const CatalogEntry& e : cat.entries()) have.insert(e.overload->qualifiedName());
  for (const CatalogEntry& e : cat.inplaceEntries()) have.insert(e.overload->qualifiedName());
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || have.count(line)) continue;
    CampaignFailure f;
    f.message = "catalog: " + line + " (listed in " + o.expectedOverloadsPath +
                ") is no longer generated (lost a kernel or an argument plan; see 'overloads not generated')";
    out.push_back(std::move(f));
  }
  return out;
}

CampaignResult runOpsCampaign(const CampaignOptions& options) {
  std::vector<CampaignFailure> lost = checkCatalog(options);
  if (!lost.empty()) {  // reported at once: the cases would not exercise what is missing
    CampaignResult r;
    r.failures = std::move(lost);
    return r;
  }
  return Runner(options).run();
}

void printCampaignSummary(std::ostream& os, const CampaignResult& r, const CampaignOptions& options) {
  const OpCatalog& catalog = OpCatalog::get(options.includeKnown, options.onlyOps);
  double genSeconds = std::max(r.seconds - r.shrinkSeconds, 1e-9);
  double n = std::max<double>(static_cast<double>(r.cases), 1);
  os << std::fixed << std::setprecision(1);
  os << "fuzz ops (seed " << options.seed << "): " << r.cases << " cases in " << r.seconds << " s ("
     << static_cast<double>(r.cases) / genSeconds << " cases/s";
  if (r.shrinkSeconds > 0) os << " excluding " << r.shrinkSeconds << " s of shrinking";
  os << "), " << static_cast<double>(r.totalNodes) / n << " nodes/graph (" << static_cast<double>(r.totalOpNodes) / n
     << " op nodes), " << r.errorCases << " error cases (both engines raised the same error)\n";
  size_t generatedHit = 0;
  for (const CatalogEntry& e : catalog.entries()) generatedHit += r.overloadUses.count(e.overload->qualifiedName());
  os << "overloads exercised: " << generatedHit << " of " << catalog.entries().size() << " generated\n";
  os << catalog.summary();
  os << "known mismatches (excused only when the node's inputs meet the precondition"
     << (options.includeKnown ? "; --include-known: reported as failures" : "") << "):\n";
  for (const KnownMismatch& k : knownMismatches()) {
    auto it = r.knownExcused.find(k.pattern);
    os << "  " << k.pattern << " on " << k.precondition << ": " << (it == r.knownExcused.end() ? 0 : it->second)
       << " cases excused (" << k.reason << ")\n";
  }
  printCoverageTable(os, r, options);
  if (r.failures.empty()) {
    os << "failures: none\n";
    return;
  }
  os << "failures: " << r.failures.size() << "\n";
  for (const CampaignFailure& f : r.failures) {
    if (f.message.rfind("catalog: ", 0) == 0) {
      os << "  " << f.message << "\n";
      continue;
    }
    os << "  case " << f.caseIndex << ": " << firstLine(f.message) << "\n";
    if (!f.irPath.empty())
      os << "    reduced to " << f.nodes << " " << f.unit << " (from " << f.originalNodes << ", " << f.shrinkRuns
         << " shrink runs): " << f.irPath << " " << f.jsonPath << "\n";
  }
}

}  // namespace tsjit::fuzz

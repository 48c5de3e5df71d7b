// ShardResult.cpp — conversion of each campaign's result into the target-neutral ShardResult, its
// JSON form, the merge of shards and the comparison of two results (see ShardResult.h).
#include "fuzz/lib/ShardResult.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "fuzz/lib/Campaign.h"
#include "fuzz/lib/FuserCampaign.h"
#include "fuzz/lib/GradCampaign.h"
#include "fuzz/lib/PassCampaign.h"
#include "fuzz/lib/Program.h"
#include "jit/support/Error.h"

namespace tsjit::fuzz {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

ShardResult base(const std::string& target, uint64_t seed, int64_t cases, const Shard& s) {
  ShardResult r;
  r.target = target;
  r.seed = seed;
  r.casesRequested = cases;
  r.shardCount = s.count;
  r.shards = {s.index};
  return r;
}

// Keeps one failure per signature (the lowest case), counting the cases; sorts by (case, signature).
void dedupe(std::vector<ShardFailure>& fs) {
  std::map<std::string, ShardFailure> by;
  for (ShardFailure& f : fs) {
    auto [it, fresh] = by.try_emplace(f.signature, f);
    if (fresh) continue;
    ShardFailure& kept = it->second;
    if (f.occurrences == 0 || kept.occurrences == 0) kept.occurrences = std::max(kept.occurrences, f.occurrences);
    else kept.occurrences += f.occurrences;
    if (f.caseIndex < kept.caseIndex) {
      kept.caseIndex = f.caseIndex;
      kept.message = f.message;
      kept.file = f.file;
    }
  }
  fs.clear();
  for (auto& [sig, f] : by) fs.push_back(std::move(f));
  std::sort(fs.begin(), fs.end(), [](const ShardFailure& a, const ShardFailure& b) {
    return std::tie(a.caseIndex, a.signature) < std::tie(b.caseIndex, b.signature);
  });
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

std::string kindOfDifference(const std::string& message) {
  std::string line = firstLine(message), out;
  for (size_t i = 0; i < line.size() && out.size() < 100; ++i) {
    if (std::isdigit(static_cast<unsigned char>(line[i]))) {
      while (i + 1 < line.size() && (std::isdigit(static_cast<unsigned char>(line[i + 1])) || line[i + 1] == '.' ||
                                     line[i + 1] == 'e' || line[i + 1] == '-'))
        ++i;
      out += 'N';
    } else {
      out += line[i];
    }
  }
  return out;
}

ShardResult shardResultOf(const CampaignResult& r, const CampaignOptions& o, const Shard& s) {
  ShardResult out = base("ops", o.seed, o.maxCases, s);
  out.options = std::string(o.includeKnown ? "--include-known " : "") + (o.onlyOps.empty() ? "" : "--ops " + o.onlyOps + " ") +
                "--max-steps " + std::to_string(o.maxSteps) + (o.features == 0 ? " --no-swarm" : "") +
                (o.engines.mode == PropertyMode::EndToEnd ? " --end-to-end" : "");
  out.cases = r.cases;
  out.seconds = out.wallSeconds = r.seconds;
  out.stoppedEarly = r.failures.size() >= o.maxFailures;
  out.counters = {{"cases", r.cases}, {"error_cases", r.errorCases}, {"nodes", r.totalNodes}, {"op_nodes", r.totalOpNodes}};
  auto& hits = out.coverage["features_hit"];
  for (uint32_t h = 0; h < kNumHits; ++h) hits[trimmed(hitName(h))] = r.hitCases[h];
  out.coverage["dtypes"] = r.dtypeCases;
  out.coverage["prim_nodes"] = r.structuralNodes;
  out.coverage["overloads"] = r.overloadUses;
  out.coverage["swarm_features"] = r.featureCases;
  out.coverage["known_excused"] = r.knownExcused;
  for (const CampaignFailure& f : r.failures) {
    bool campaignWide = f.message.rfind("catalog: ", 0) == 0;
    out.failures.push_back({f.signature.empty() ? "ops: " + kindOfDifference(f.message) : f.signature, f.caseIndex,
                            campaignWide ? 0u : 1u, firstLine(f.message), f.irPath});
  }
  dedupe(out.failures);
  return out;
}

ShardResult shardResultOf(const PassCampaignResult& r, const PassCampaignOptions& o, const Shard& s) {
  ShardResult out = base("passes", o.seed, o.maxCases, s);
  out.options = "--passes " + (o.passes.empty() ? std::string("(all)") : o.passes) + " --max-steps " + std::to_string(o.maxSteps);
  out.cases = r.cases;
  out.seconds = out.wallSeconds = r.seconds;
  out.stoppedEarly = r.failures.size() >= o.maxFailures;
  out.counters = {{"cases", r.cases},
                  {"ops_graphs", r.opsGraphs},
                  {"pass_graphs", r.passGraphs},
                  {"skipped_graphs", r.skippedGraphs},
                  {"cross_checks_skipped", r.crossChecksSkipped},
                  {"dropped_errors", r.droppedErrors}};
  for (const auto& [pass, c] : r.coverage) {
    out.coverage["graphs"][pass] = c.graphs;
    out.coverage["changed"][pass] = c.changed;
    out.coverage["failures"][pass] = c.failures;
  }
  for (const PassCampaignFailure& f : r.failures)
    out.failures.push_back({f.pass + ": " + kindOfDifference(f.message), f.caseIndex, 1, firstLine(f.message), f.irPath});
  dedupe(out.failures);
  return out;
}

ShardResult shardResultOf(const FuserCampaignResult& r, const FuserCampaignOptions& o, const Shard& s) {
  ShardResult out = base("fuser", o.seed, o.maxCases, s);
  out.cases = r.cases;
  out.seconds = out.wallSeconds = r.seconds;
  out.stoppedEarly = r.failures.size() >= o.maxFailures;
  out.counters = {{"cases", r.cases},           {"compiled", r.compiled},
                  {"refused", r.refused},       {"both_raised", r.bothRaised},
                  {"interpreted_checks", r.interpretedChecks}, {"nodes_checked", r.nodesChecked},
                  {"bit_identical", r.bitIdentical}};
  out.coverage["refused_reasons"] = r.refusedReasons;
  out.coverage["fused_ops"] = r.opCounts;
  out.coverage["dtypes"] = r.dtypeCounts;
  out.coverage["features"] = r.features;
  for (const FuserFailure& f : r.failures)
    out.failures.push_back({f.signature.empty() ? "fuser: " + kindOfDifference(f.message) : f.signature, f.caseIndex, 1,
                            firstLine(f.message), f.irPath});
  dedupe(out.failures);
  return out;
}

ShardResult shardResultOf(const GradCampaignResult& r, const GradCampaignOptions& o, const Shard& s) {
  ShardResult out = base("grad", o.seed, o.maxCases, s);
  out.options = "--max-steps " + std::to_string(o.maxSteps);
  out.cases = r.cases;
  out.stoppedEarly = r.failures.size() >= o.maxFailures;
  out.counters = {{"cases", r.cases},
                  {"checked", r.checked},
                  {"not_differentiable", r.notDifferentiable},
                  {"with_control_flow", r.withControlFlow},
                  {"gradients", r.gradients}};
  out.maxima["worst_error"] = r.worstError;
  static const std::regex caseLine(R"(^case (\d+): (.*))");
  for (const std::string& line : r.failures) {
    std::smatch m;
    uint64_t index = 0;
    std::string why = line;
    if (std::regex_search(line, m, caseLine)) {
      index = std::stoull(m[1].str());
      why = m[2].str();
    }
    out.failures.push_back({"grad: " + kindOfDifference(why), index, 1, firstLine(why), ""});
  }
  dedupe(out.failures);
  return out;
}

namespace {

json toJson(const ShardResult& r) {
  json j;
  j["target"] = r.target;
  j["options"] = r.options;
  j["seed"] = r.seed;
  j["cases_requested"] = r.casesRequested;
  j["shard_count"] = r.shardCount;
  j["shards"] = r.shards;
  j["cases"] = r.cases;
  j["seconds"] = r.seconds;
  j["wall_seconds"] = r.wallSeconds;
  j["stopped_early"] = r.stoppedEarly;
  j["summary"] = r.counters;
  j["coverage"] = r.coverage;
  j["maxima"] = r.maxima;
  json fails = json::array();
  for (const ShardFailure& f : r.failures)
    fails.push_back({{"signature", f.signature}, {"case", f.caseIndex}, {"occurrences", f.occurrences},
                     {"message", f.message}, {"file", f.file}});
  j["failures"] = fails;
  return j;
}

ShardResult fromJson(const json& j) {
  ShardResult r;
  r.target = j.at("target").get<std::string>();
  r.options = j.at("options").get<std::string>();
  r.seed = j.at("seed").get<uint64_t>();
  r.casesRequested = j.at("cases_requested").get<int64_t>();
  r.shardCount = j.at("shard_count").get<uint64_t>();
  r.shards = j.at("shards").get<std::vector<uint64_t>>();
  r.cases = j.at("cases").get<uint64_t>();
  r.seconds = j.at("seconds").get<double>();
  r.wallSeconds = j.at("wall_seconds").get<double>();
  r.stoppedEarly = j.at("stopped_early").get<bool>();
  r.counters = j.at("summary").get<std::map<std::string, uint64_t>>();
  r.coverage = j.at("coverage").get<std::map<std::string, std::map<std::string, uint64_t>>>();
  r.maxima = j.at("maxima").get<std::map<std::string, double>>();
  for (const json& f : j.at("failures"))
    r.failures.push_back({f.at("signature").get<std::string>(), f.at("case").get<uint64_t>(),
                          f.at("occurrences").get<uint64_t>(), f.at("message").get<std::string>(),
                          f.at("file").get<std::string>()});
  return r;
}

}  // namespace

void writeShardJson(const std::string& path, const ShardResult& r) {
  std::ofstream out(path, std::ios::trunc);
  out << toJson(r).dump(1) << "\n";
  if (!out) throw RuntimeError("fuzz: cannot write '" + path + "'");
}

std::string writeShardResult(const std::string& dir, const ShardResult& r) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw RuntimeError("fuzz: cannot create result folder '" + dir + "': " + ec.message());
  std::string path = dir + "/" + r.target + "-shard-" + std::to_string(r.shards.empty() ? 0 : r.shards[0]) + "-of-" +
                     std::to_string(r.shardCount) + ".json";
  writeShardJson(path, r);
  return path;
}

ShardResult readShardResult(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw RuntimeError("fuzz merge: cannot read '" + path + "'");
  try {
    return fromJson(json::parse(in));
  } catch (const json::exception& e) {
    throw RuntimeError("fuzz merge: '" + path + "' is not a shard result: " + e.what());
  }
}

std::vector<std::string> shardFilesIn(const std::vector<std::string>& paths) {
  static const std::regex name(R"(.*-shard-\d+-of-\d+\.json)");
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) {
      out.push_back(p);
      continue;
    }
    if (!fs::is_directory(p, ec)) throw RuntimeError("fuzz merge: no result folder or file '" + p + "'");
    size_t before = out.size();
    for (const auto& e : fs::directory_iterator(p))
      if (e.is_regular_file() && std::regex_match(e.path().filename().string(), name)) out.push_back(e.path().string());
    if (out.size() == before) throw RuntimeError("fuzz merge: no *-shard-I-of-N.json in '" + p + "'");
  }
  std::sort(out.begin(), out.end());
  return out;
}

ShardResult mergeShards(const std::vector<ShardResult>& shards) {
  if (shards.empty()) throw RuntimeError("fuzz merge: no shard results");
  const ShardResult& first = shards[0];
  ShardResult m = base(first.target, first.seed, first.casesRequested, Shard{0, first.shardCount});
  m.options = first.options;
  m.shards.clear();
  std::set<uint64_t> seen;
  for (const ShardResult& s : shards) {
    auto mismatch = [&](const std::string& what, const std::string& a, const std::string& b) {
      return RuntimeError("fuzz merge: shards of different campaigns: " + what + " '" + a + "' vs '" + b + "'");
    };
    if (s.target != first.target) throw mismatch("target", first.target, s.target);
    if (s.options != first.options) throw mismatch("options", first.options, s.options);
    if (s.seed != first.seed) throw mismatch("seed", std::to_string(first.seed), std::to_string(s.seed));
    if (s.casesRequested != first.casesRequested)
      throw mismatch("--cases", std::to_string(first.casesRequested), std::to_string(s.casesRequested));
    if (s.shardCount != first.shardCount)
      throw mismatch("shard count", std::to_string(first.shardCount), std::to_string(s.shardCount));
    for (uint64_t i : s.shards) {
      if (i >= s.shardCount) throw RuntimeError("fuzz merge: shard index " + std::to_string(i) + " out of range");
      if (!seen.insert(i).second) throw RuntimeError("fuzz merge: shard " + std::to_string(i) + " appears twice");
      m.shards.push_back(i);
    }
    m.cases += s.cases;
    m.seconds += s.seconds;
    m.wallSeconds = std::max(m.wallSeconds, s.wallSeconds);
    m.stoppedEarly = m.stoppedEarly || s.stoppedEarly;
    for (const auto& [k, v] : s.counters) m.counters[k] += v;
    for (const auto& [table, rows] : s.coverage)
      for (const auto& [k, v] : rows) m.coverage[table][k] += v;
    for (const auto& [k, v] : s.maxima) m.maxima[k] = std::max(m.maxima.count(k) ? m.maxima[k] : v, v);
    m.failures.insert(m.failures.end(), s.failures.begin(), s.failures.end());
  }
  std::string missing;
  for (uint64_t i = 0; i < first.shardCount; ++i)
    if (!seen.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
  if (!missing.empty())
    throw RuntimeError("fuzz merge: shard(s) " + missing + " of " + std::to_string(first.shardCount) +
                       " missing (the merged campaign would be smaller than the one asked for)");
  std::sort(m.shards.begin(), m.shards.end());
  dedupe(m.failures);
  return m;
}

std::vector<std::string> resultDifferences(const ShardResult& a, const ShardResult& b) {
  std::vector<std::string> d;
  auto cmp = [&](const std::string& what, const auto& x, const auto& y) {
    if (x != y) d.push_back(what + " differs");
  };
  cmp("target", a.target, b.target);
  cmp("options", a.options, b.options);
  cmp("seed", a.seed, b.seed);
  if (a.cases != b.cases) d.push_back("cases: " + std::to_string(a.cases) + " vs " + std::to_string(b.cases));
  std::set<std::string> names;
  for (const auto& [k, v] : a.counters) names.insert(k);
  for (const auto& [k, v] : b.counters) names.insert(k);
  for (const std::string& k : names) {
    uint64_t x = a.counters.count(k) ? a.counters.at(k) : 0, y = b.counters.count(k) ? b.counters.at(k) : 0;
    if (x != y) d.push_back("summary " + k + ": " + std::to_string(x) + " vs " + std::to_string(y));
  }
  std::set<std::string> tables;
  for (const auto& [t, rows] : a.coverage) tables.insert(t);
  for (const auto& [t, rows] : b.coverage) tables.insert(t);
  for (const std::string& t : tables) {
    std::map<std::string, uint64_t> ra = a.coverage.count(t) ? a.coverage.at(t) : std::map<std::string, uint64_t>{};
    std::map<std::string, uint64_t> rb = b.coverage.count(t) ? b.coverage.at(t) : std::map<std::string, uint64_t>{};
    std::set<std::string> keys;
    for (const auto& [k, v] : ra) keys.insert(k);
    for (const auto& [k, v] : rb) keys.insert(k);
    for (const std::string& k : keys) {
      uint64_t x = ra.count(k) ? ra[k] : 0, y = rb.count(k) ? rb[k] : 0;
      if (x != y) d.push_back("coverage " + t + " / " + k + ": " + std::to_string(x) + " vs " + std::to_string(y));
    }
  }
  if (a.maxima != b.maxima) d.push_back("maxima differ");
  std::map<std::string, const ShardFailure*> fa, fb;
  for (const ShardFailure& f : a.failures) fa[f.signature] = &f;
  for (const ShardFailure& f : b.failures) fb[f.signature] = &f;
  for (const auto& [sig, f] : fa) {
    auto it = fb.find(sig);
    if (it == fb.end()) d.push_back("failure only in the first: " + sig + " (case " + std::to_string(f->caseIndex) + ")");
    else if (it->second->caseIndex != f->caseIndex || it->second->occurrences != f->occurrences)
      d.push_back("failure " + sig + ": case " + std::to_string(f->caseIndex) + " x" + std::to_string(f->occurrences) +
                  " vs case " + std::to_string(it->second->caseIndex) + " x" + std::to_string(it->second->occurrences));
  }
  for (const auto& [sig, f] : fb)
    if (!fa.count(sig)) d.push_back("failure only in the second: " + sig + " (case " + std::to_string(f->caseIndex) + ")");
  return d;
}

void printShardResult(std::ostream& os, const ShardResult& r) {
  os << std::fixed << std::setprecision(1);
  os << "fuzz " << r.target << " (seed " << r.seed << ", " << r.shards.size() << " of " << r.shardCount
     << " shard(s)" << (r.options.empty() ? "" : ", " + trimmed(r.options)) << "): " << r.cases << " cases, "
     << r.seconds << " s of worker time, longest shard " << r.wallSeconds << " s\n";
  os << "summary:";
  for (const auto& [k, v] : r.counters) os << " " << k << " " << v;
  for (const auto& [k, v] : r.maxima) os << " " << k << " " << std::setprecision(3) << std::scientific << v << std::fixed;
  os << "\n";
  for (const auto& [table, rows] : r.coverage) {
    uint64_t total = 0;
    for (const auto& [k, v] : rows) total += v;
    os << "coverage " << table << " (" << rows.size() << " rows, " << total << " counted):";
    size_t shown = 0;
    for (const auto& [k, v] : rows) {
      if (shown++ == 12) {
        os << " ...";
        break;
      }
      os << " " << k << " " << v;
    }
    os << "\n";
  }
  if (r.stoppedEarly) os << "note: a shard stopped at --max-failures; its later cases did not run\n";
  if (r.failures.empty()) {
    os << "failures: none\n";
    return;
  }
  os << "failures: " << r.failures.size() << " distinct signature(s)\n";
  for (const ShardFailure& f : r.failures)
    os << "  " << f.signature << "  (case " << f.caseIndex << ", " << f.occurrences << " case(s)): " << f.message
       << (f.file.empty() ? "" : "  " + f.file) << "\n";
}

}  // namespace tsjit::fuzz

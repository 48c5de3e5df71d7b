// Coverage.cpp — the coverage table of an ops campaign and its JSON form (Campaign.h): which
// generator features the graphs contained (percent of graphs), the dtypes of their tensor inputs,
// the node kinds and overloads they exercised, and the swarm features the cases drew.
// Invariant: every number printed comes from CampaignResult (counted by the workers); nothing here
// is estimated.
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>

#include <nlohmann/json.hpp>

#include "fuzz/lib/Campaign.h"
#include "fuzz/lib/OpCatalog.h"
#include "jit/support/Error.h"

namespace tsjit::fuzz {

namespace {

double pct(uint64_t n, uint64_t of) { return of ? 100.0 * static_cast<double>(n) / static_cast<double>(of) : 0; }

std::string kindOf(const std::string& overload) {
  auto dot = overload.find('.');
  return dot == std::string::npos ? overload : overload.substr(0, dot);
}

struct KindCounts {
  std::map<std::string, uint64_t> kinds;  // node kind -> op nodes
  size_t inplaceHit = 0, inplaceTotal = 0, generatedHit = 0, generatedTotal = 0;
};

KindCounts countKinds(const CampaignResult& r, const CampaignOptions& o) {
  KindCounts k;
  for (const auto& [ov, n] : r.overloadUses) k.kinds[kindOf(ov)] += n;
  for (const auto& [kind, n] : r.structuralNodes) k.kinds[kind] += n;
  const OpCatalog& cat = OpCatalog::get(o.includeKnown, o.onlyOps);
  for (const CatalogEntry& e : cat.inplaceEntries()) {
    ++k.inplaceTotal;
    k.inplaceHit += r.overloadUses.count(e.overload->qualifiedName());
  }
  for (const CatalogEntry& e : cat.entries()) {
    ++k.generatedTotal;
    k.generatedHit += r.overloadUses.count(e.overload->qualifiedName());
  }
  return k;
}

}  // namespace

void printCoverageTable(std::ostream& os, const CampaignResult& r, const CampaignOptions& options) {
  const uint64_t n = r.cases;
  os << std::fixed << std::setprecision(1);
  os << "coverage (graphs containing, of " << n << "):\n";
  for (uint32_t h = 0; h < kNumHits; ++h)
    os << "  " << std::left << std::setw(40) << hitName(h) << std::right << std::setw(6) << pct(r.hitCases[h], n)
       << " %  (" << r.hitCases[h] << ")\n";
  os << "dtypes (graphs with a tensor input of):";
  for (const auto& [dt, c] : r.dtypeCases) os << " " << dt << " " << pct(c, n) << " %";
  os << "\n";
  KindCounts k = countKinds(r, options);
  os << "node kinds hit: " << k.kinds.size() << " (prim:";
  for (const auto& [kind, c] : r.structuralNodes) os << " " << kind.substr(6) << " " << c;
  os << ")\n";
  os << "overloads hit: " << r.overloadUses.size() << " (generated " << k.generatedHit << " of " << k.generatedTotal
     << ", in-place " << k.inplaceHit << " of " << k.inplaceTotal << ")\n";
  os << "swarm (cases that drew the feature):";
  for (const auto& [f, c] : r.featureCases) os << " " << f << " " << pct(c, n) << " %";
  os << "\n";
}

void writeCampaignJson(const std::string& path, const CampaignResult& r, const CampaignOptions& options) {
  using nlohmann::json;
  json j;
  j["seed"] = options.seed;
  j["cases"] = r.cases;
  j["seconds"] = r.seconds;
  j["shrink_seconds"] = r.shrinkSeconds;
  j["error_cases"] = r.errorCases;
  j["nodes_per_graph"] = r.cases ? static_cast<double>(r.totalNodes) / static_cast<double>(r.cases) : 0.0;
  json hits = json::object();
  for (uint32_t h = 0; h < kNumHits; ++h) {
    std::string name = hitName(h);
    name.erase(0, name.find_first_not_of(' '));
    hits[name] = {{"graphs", r.hitCases[h]}, {"percent", pct(r.hitCases[h], r.cases)}};
  }
  j["features_hit"] = hits;
  j["dtypes"] = r.dtypeCases;
  KindCounts k = countKinds(r, options);
  j["node_kinds"] = k.kinds;
  j["overloads"] = r.overloadUses;
  j["generated_overloads"] = {{"hit", k.generatedHit}, {"total", k.generatedTotal}};
  j["inplace_overloads"] = {{"hit", k.inplaceHit}, {"total", k.inplaceTotal}};
  j["swarm_features"] = r.featureCases;
  json fails = json::array();
  for (const CampaignFailure& f : r.failures)
    fails.push_back({{"case", f.caseIndex}, {"message", f.message}, {"ir", f.irPath}, {"json", f.jsonPath},
                     {"nodes", f.nodes}, {"original_nodes", f.originalNodes}});
  j["failures"] = fails;
  std::ofstream out(path, std::ios::trunc);
  out << j.dump(1) << "\n";
  if (!out) throw RuntimeError("fuzz: cannot write '" + path + "'");
}

}  // namespace tsjit::fuzz

// History.cpp — see History.h.
#include "perf/history/History.h"

#include <cstdio>
#include <map>
#include <regex>
#include <sstream>

namespace tsjit::benchhistory {

std::vector<Series> loadHistory(Store& store, const std::string& nameRegex, const std::string& metric,
                                const ChangePointOptions& options) {
  std::optional<std::regex> re;
  if (!nameRegex.empty()) re.emplace(nameRegex);
  std::map<std::pair<std::string, std::string>, Series> byKey;
  std::vector<std::pair<std::string, std::string>> order;
  for (const RunInfo& run : store.runs()) {
    if (run.kind != "record") continue;
    for (const StoredResult& r : store.results(run.id)) {
      std::string key = r.suite + "/" + r.name;
      if (re && !std::regex_search(key, *re)) continue;
      auto k = std::make_pair(key, run.machineFingerprint);
      auto it = byKey.find(k);
      if (it == byKey.end()) {
        it = byKey.emplace(k, Series{}).first;
        it->second.key = key;
        it->second.machine = run.machineFingerprint;
        it->second.cpuModel = run.machine.cpuModel;
        order.push_back(k);
      }
      Series& s = it->second;
      if (!r.unit.empty()) s.unit = r.unit;
      SeriesPoint p;
      p.run = run;
      p.status = r.status;
      p.message = r.message;
      p.instructions = r.instructions;
      p.pytorchNs = r.pytorchNs;
      const std::vector<double>& v = metric == "real_time" ? r.realNs : r.cpuNs;
      p.n = v.size();
      if (r.status == BenchStatus::Ok && !v.empty()) {
        p.median = median(v);
        p.ci = bootstrapMedian(v);
        s.okPoints.push_back(s.points.size());
      }
      s.points.push_back(std::move(p));
    }
  }
  std::vector<Series> out;
  for (auto& k : order) {
    Series s = std::move(byKey[k]);
    std::vector<double> medians;
    for (size_t i : s.okPoints) medians.push_back(s.points[i].median);
    s.changes = detectChangePoints(medians, options);
    out.push_back(std::move(s));
  }
  return out;
}

std::string historyText(const std::vector<Series>& series) {
  std::ostringstream os;
  char line[512];
  for (const Series& s : series) {
    size_t failures = s.points.size() - s.okPoints.size();
    os << s.key << "  [machine " << s.machine << ", " << s.cpuModel << "]: " << s.okPoints.size() << " timed run(s)";
    if (failures) os << ", " << failures << " wrong/failed";
    os << "\n";
    if (s.changes.empty()) {
      os << "  no change point\n";
      continue;
    }
    for (const ChangePoint& c : s.changes) {
      const SeriesPoint& before = s.points[s.okPoints[c.index - 1]];
      const SeriesPoint& after = s.points[s.okPoints[c.index]];
      std::snprintf(line, sizeof line,
                    "  change at run %lld (%s): %+.1f %% (%.4g -> %.4g ns, p = %.3f); commits %.12s%s .. %.12s%s\n",
                    static_cast<long long>(after.run.id), after.run.uid.c_str(), c.relStep * 100, c.before, c.after,
                    c.pValue, before.run.commit.c_str(), before.run.dirty ? "+dirty" : "", after.run.commit.c_str(),
                    after.run.dirty ? "+dirty" : "");
      os << line;
    }
  }
  if (series.empty()) os << "no recorded runs match\n";
  return os.str();
}

Side sideFromStored(const std::vector<StoredResult>& results, const std::string& metric, const std::string& label) {
  Side s;
  s.label = label;
  for (const StoredResult& r : results) {
    Side::Entry e;
    e.key = r.suite + "/" + r.name;
    e.status = r.status;
    e.message = r.message;
    e.values = metric == "real_time" ? r.realNs : r.cpuNs;
    e.instructions = r.instructions;
    s.entries.push_back(std::move(e));
  }
  return s;
}

}  // namespace tsjit::benchhistory

// Compare.cpp — see Compare.h.
#include "perf/history/Compare.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace tsjit::benchhistory {

Side sideFromRun(const RunRecord& run, const std::string& metric, const std::string& label) {
  Side s;
  s.label = label;
  for (const BenchResult& r : run.results) {
    Side::Entry e;
    e.key = r.suite + "/" + r.name;
    e.status = r.status;
    e.message = r.message;
    for (const Sample& smp : r.samples) e.values.push_back(metric == "real_time" ? smp.realNs : smp.cpuNs);
    e.instructions = r.instructions;
    s.entries.push_back(std::move(e));
  }
  return s;
}

int Comparison::regressions() const {
  int n = 0;
  for (auto& r : rows)
    if (r.note.empty() && r.verdict == Verdict::Regressed) ++n;
  return n;
}

Comparison compareSides(const Side& a, const Side& b, const std::string& metric, const VerdictRule& rule) {
  Comparison c;
  c.labelA = a.label;
  c.labelB = b.label;
  c.metric = metric;
  c.rule = rule;
  std::map<std::string, const Side::Entry*> byKeyB;
  for (auto& e : b.entries) byKeyB[e.key] = &e;
  std::vector<size_t> tested;
  for (const auto& ea : a.entries) {
    BenchComparison row;
    row.key = ea.key;
    auto it = byKeyB.find(ea.key);
    if (it == byKeyB.end()) {
      row.note = "only in A";
      c.rows.push_back(row);
      continue;
    }
    const auto& eb = *it->second;
    byKeyB.erase(it);
    row.instrA = ea.instructions;
    row.instrB = eb.instructions;
    if (ea.status != BenchStatus::Ok || eb.status != BenchStatus::Ok) {
      row.note = std::string("A ") + toString(ea.status) + ", B " + toString(eb.status) +
                 (ea.status != BenchStatus::Ok ? ": " + ea.message : ": " + eb.message);
      c.rows.push_back(row);
      continue;
    }
    row.na = ea.values.size();
    row.nb = eb.values.size();
    row.medianA = median(ea.values);
    row.medianB = median(eb.values);
    row.ratio = row.medianB / row.medianA;
    row.ci = bootstrapMedianRatio(ea.values, eb.values);
    row.p = mannWhitneyU(ea.values, eb.values).p;
    tested.push_back(c.rows.size());
    c.rows.push_back(row);
  }
  for (const auto& eb : b.entries)
    if (byKeyB.count(eb.key)) {
      BenchComparison row;
      row.key = eb.key;
      row.note = "only in B";
      c.rows.push_back(row);
    }
  std::vector<double> ps;
  for (size_t i : tested) ps.push_back(c.rows[i].p);
  std::vector<double> qs = benjaminiHochberg(ps);
  for (size_t k = 0; k < tested.size(); ++k) {
    BenchComparison& row = c.rows[tested[k]];
    row.q = qs[k];
    row.verdict = decide(row.ratio, row.ci, row.q, row.na, row.nb, rule);
  }
  return c;
}

namespace {
std::string fmtTime(double ns) {
  char buf[64];
  if (ns >= 1e9) std::snprintf(buf, sizeof buf, "%.3g s", ns / 1e9);
  else if (ns >= 1e6) std::snprintf(buf, sizeof buf, "%.4g ms", ns / 1e6);
  else if (ns >= 1e3) std::snprintf(buf, sizeof buf, "%.4g us", ns / 1e3);
  else std::snprintf(buf, sizeof buf, "%.4g ns", ns);
  return buf;
}
std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}
}  // namespace

std::string comparisonTable(const Comparison& c) {
  std::ostringstream os;
  os << "A: " << c.labelA << "\nB: " << c.labelB << "\nmetric: " << c.metric << " (median of repetitions), "
     << "threshold " << fmt("%.1f", c.rule.threshold * 100) << " %, alpha " << c.rule.alpha
     << " (Benjamini-Hochberg q)\n\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-44s %4s %4s %11s %11s %7s %17s %9s %9s  %s\n", "benchmark", "nA", "nB",
                "median A", "median B", "B/A", "95% CI", "p", "q", "verdict");
  os << line;
  for (const auto& r : c.rows) {
    if (!r.note.empty()) {
      std::snprintf(line, sizeof line, "%-44s %s\n", r.key.c_str(), ("not compared: " + r.note).c_str());
      os << line;
      continue;
    }
    std::string ci = "[" + fmt("%.3f", r.ci.lo) + ", " + fmt("%.3f", r.ci.hi) + "]";
    std::string verdict = toString(r.verdict);
    if (r.instrA && r.instrB)
      verdict += "  (instructions B/A " + fmt("%.4f", *r.instrB / *r.instrA) + ")";
    std::snprintf(line, sizeof line, "%-44s %4zu %4zu %11s %11s %7.3f %17s %9.2g %9.2g  %s\n", r.key.c_str(), r.na,
                  r.nb, fmtTime(r.medianA).c_str(), fmtTime(r.medianB).c_str(), r.ratio, ci.c_str(), r.p, r.q,
                  verdict.c_str());
    os << line;
  }
  int inconclusive = 0;
  for (auto& r : c.rows)
    if (r.note.empty() && r.verdict == Verdict::Inconclusive) ++inconclusive;
  os << "\n" << c.regressions() << " significant regression(s) beyond the threshold";
  if (inconclusive) os << ", " << inconclusive << " inconclusive (beyond the threshold, interval not: repeat with more repetitions)";
  os << "\n";
  return os.str();
}

nlohmann::json comparisonJson(const Comparison& c) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : c.rows) {
    nlohmann::json j = {{"benchmark", r.key}};
    if (!r.note.empty()) {
      j["note"] = r.note;
    } else {
      j.update({{"n_a", r.na}, {"n_b", r.nb}, {"median_a_ns", r.medianA}, {"median_b_ns", r.medianB},
                {"ratio", r.ratio}, {"ci_low", r.ci.lo}, {"ci_high", r.ci.hi}, {"p", r.p}, {"q", r.q},
                {"verdict", toString(r.verdict)}});
    }
    if (r.instrA) j["instructions_a"] = *r.instrA;
    if (r.instrB) j["instructions_b"] = *r.instrB;
    rows.push_back(j);
  }
  return {{"a", c.labelA},       {"b", c.labelB},       {"metric", c.metric}, {"threshold", c.rule.threshold},
          {"alpha", c.rule.alpha}, {"regressions", c.regressions()}, {"benchmarks", rows}};
}

Comparison comparisonFromJson(const nlohmann::json& j) {
  Comparison c;
  c.labelA = j.value("a", "");
  c.labelB = j.value("b", "");
  c.metric = j.value("metric", "");
  c.rule.threshold = j.value("threshold", 0.05);
  c.rule.alpha = j.value("alpha", 0.05);
  for (const auto& r : j.value("benchmarks", nlohmann::json::array())) {
    BenchComparison row;
    row.key = r.value("benchmark", "");
    row.note = r.value("note", "");
    row.na = r.value("n_a", size_t{0});
    row.nb = r.value("n_b", size_t{0});
    row.medianA = r.value("median_a_ns", 0.0);
    row.medianB = r.value("median_b_ns", 0.0);
    row.ratio = r.value("ratio", 0.0);
    row.ci = {r.value("ci_low", 0.0), r.value("ci_high", 0.0)};
    row.p = r.value("p", 1.0);
    row.q = r.value("q", 1.0);
    std::string v = r.value("verdict", "same");
    row.verdict = v == "regressed" ? Verdict::Regressed : v == "improved" ? Verdict::Improved
                  : v == "inconclusive" ? Verdict::Inconclusive : v == "too-few" ? Verdict::TooFew : Verdict::Same;
    c.rows.push_back(row);
  }
  return c;
}

}  // namespace tsjit::benchhistory

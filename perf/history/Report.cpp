// Report.cpp — see Report.h. Plot geometry: every chart is an SVG with a viewBox, drawn from
// data-space to pixel-space by a Scale; all text is HTML-escaped.
#include "perf/history/Report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <ctime>
#include <sstream>

#include <nlohmann/json.hpp>

#include "perf/history/Compare.h"
#include "perf/history/History.h"

namespace tsjit::benchhistory {

namespace {
std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

std::string num(double v, const char* f = "%.1f") {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// A readable unit for values up to `maxNs`.
std::string autoUnit(double maxNs) { return maxNs >= 1e7 ? "ms" : maxNs >= 1e4 ? "us" : "ns"; }

double unitScale(const std::string& unit) {
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return 1;
}

std::string date(int64_t t) {
  std::time_t tt = static_cast<std::time_t>(t);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&tt));
  return buf;
}

struct Scale {
  double d0, d1, p0, p1;
  double operator()(double v) const { return d1 == d0 ? (p0 + p1) / 2 : p0 + (v - d0) / (d1 - d0) * (p1 - p0); }
};

const char* kStyle = R"CSS(
body { font-family: sans-serif; margin: 24px; color: #222; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; } h3 { font-size: 14px; margin: 16px 0 4px; }
table { border-collapse: collapse; font-size: 11px; } td { white-space: nowrap; } td, th { border: 1px solid #ccc; padding: 2px 6px; }
.plot { display: inline-block; margin: 6px 12px 6px 0; vertical-align: top; }
.note { color: #555; font-size: 12px; }
svg text { font-family: sans-serif; }
)CSS";

const char* kScript = R"JS(
window.addEventListener('load', function () {
  var plots = document.querySelectorAll('svg.plot-svg');
  var rendered = 0;
  plots.forEach(function (svg) {
    var data = svg.querySelectorAll('.data');
    var ok = data.length > 0;
    data.forEach(function (el) { var b = el.getBBox(); if (!(b.width > 0 || b.height > 0)) ok = false; });
    if (ok) rendered++;
  });
  document.body.setAttribute('data-plots-total', String(plots.length));
  document.body.setAttribute('data-plots-rendered', String(rendered));
});
)JS";

std::string seriesPlot(const Series& s) {
  const double W = 560, H = 220, L = 70, R = 14, T = 24, B = 34;
  double lo = INFINITY, hi = -INFINITY;
  for (size_t i : s.okPoints) {
    const SeriesPoint& p = s.points[i];
    lo = std::min({lo, p.median, std::isfinite(p.ci.lo) ? p.ci.lo : p.median});
    hi = std::max({hi, p.median, std::isfinite(p.ci.hi) ? p.ci.hi : p.median});
  }
  // The PyTorch 1.13 reference: the latest recorded figure, drawn as a level across the plot when
  // it is on the scale of the series (within 2x), else written as text.
  std::optional<double> ref;
  for (const auto& p : s.points)
    if (p.pytorchNs) ref = *p.pytorchNs;
  bool refOnScale = ref && (!std::isfinite(lo) || (*ref >= lo / 2 && *ref <= hi * 2));
  if (refOnScale) {
    lo = std::min(lo, *ref);
    hi = std::max(hi, *ref);
  }
  if (!std::isfinite(lo)) lo = 0, hi = 1;
  std::string unit = autoUnit(hi);
  double k = unitScale(unit);
  double pad = (hi - lo) * 0.1 + hi * 0.01 + 1e-9;
  Scale y{std::max(0.0, lo - pad) / k, (hi + pad) / k, H - B, T};
  Scale x{0, static_cast<double>(std::max<size_t>(s.points.size(), 2) - 1), L, W - R};
  std::ostringstream os;
  os << "<svg class=\"plot-svg\" width=\"" << W << "\" height=\"" << H << "\" viewBox=\"0 0 " << W << " " << H
     << "\" xmlns=\"http://www.w3.org/2000/svg\">\n";
  os << "<rect x=\"0\" y=\"0\" width=\"" << W << "\" height=\"" << H << "\" fill=\"#fff\" stroke=\"#ddd\"/>\n";
  os << "<text x=\"" << L << "\" y=\"15\" font-size=\"12\" font-weight=\"bold\">" << esc(s.key)
     << "</text><text x=\"" << W - R << "\" y=\"15\" font-size=\"10\" text-anchor=\"end\" fill=\"#666\">machine "
     << esc(s.machine) << "</text>\n";
  // Axes and y ticks.
  os << "<line x1=\"" << L << "\" y1=\"" << T << "\" x2=\"" << L << "\" y2=\"" << H - B << "\" stroke=\"#999\"/>";
  os << "<line x1=\"" << L << "\" y1=\"" << H - B << "\" x2=\"" << W - R << "\" y2=\"" << H - B
     << "\" stroke=\"#999\"/>\n";
  for (int t = 0; t <= 4; ++t) {
    double v = y.d0 + (y.d1 - y.d0) * t / 4;
    os << "<text x=\"" << L - 4 << "\" y=\"" << num(y(v) + 3) << "\" font-size=\"10\" text-anchor=\"end\">"
       << num(v, "%.4g") << "</text>";
  }
  os << "<text x=\"12\" y=\"" << (T + H - B) / 2 << "\" font-size=\"10\" transform=\"rotate(-90 12 " << (T + H - B) / 2
     << ")\" text-anchor=\"middle\">median " << esc(unit) << " (95% CI)</text>\n";
  os << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 6
     << "\" font-size=\"10\" text-anchor=\"middle\">run (oldest to newest)</text>\n";
  // Change points.
  for (const ChangePoint& c : s.changes) {
    size_t at = s.okPoints[c.index];
    size_t prev = s.okPoints[c.index - 1];
    double px = (x(static_cast<double>(at)) + x(static_cast<double>(prev))) / 2;
    os << "<line class=\"changepoint\" x1=\"" << num(px) << "\" y1=\"" << T << "\" x2=\"" << num(px) << "\" y2=\""
       << H - B << "\" stroke=\"#d62728\" stroke-dasharray=\"5,3\"/><text x=\"" << num(px + 3) << "\" y=\"" << T + 10
       << "\" font-size=\"10\" fill=\"#d62728\">" << (c.relStep >= 0 ? "+" : "") << num(c.relStep * 100)
       << "%</text>\n";
  }
  // PyTorch reference.
  if (ref) {
    std::string label = "PyTorch 1.13: " + num(*ref / k, "%.4g") + " " + unit;
    if (refOnScale)
      os << "<path class=\"reference\" d=\"M" << L << "," << num(y(*ref / k)) << " H" << W - R
         << "\" fill=\"none\" stroke=\"#888\" stroke-dasharray=\"3,3\"/>";
    else
      label += *ref > hi ? " (above the scale)" : " (below the scale)";
    os << "<text x=\"" << W - R << "\" y=\"" << T + 10 << "\" font-size=\"10\" text-anchor=\"end\" fill=\"#666\">"
       << esc(label) << (refOnScale ? " (dashed)" : "") << "</text>\n";
  }
  // Intervals, the median line, points.
  std::string line;
  for (size_t i : s.okPoints) {
    const SeriesPoint& p = s.points[i];
    double px = x(static_cast<double>(i));
    if (std::isfinite(p.ci.lo))
      os << "<path class=\"interval\" d=\"M" << num(px) << "," << num(y(p.ci.lo / k)) << " L" << num(px) << ","
         << num(y(p.ci.hi / k)) << " M" << num(px - 3) << "," << num(y(p.ci.lo / k)) << " h6 M" << num(px - 3) << ","
         << num(y(p.ci.hi / k)) << " h6\" stroke=\"#1f77b4\" stroke-width=\"1\" fill=\"none\"/>";
    line += (line.empty() ? "M" : " L") + num(px) + "," + num(y(p.median / k));
  }
  if (!line.empty())
    os << "<path class=\"data series-line\" d=\"" << line << (s.okPoints.size() == 1 ? " h0.01" : "")
       << "\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\"/>\n";
  for (size_t i : s.okPoints) {
    const SeriesPoint& p = s.points[i];
    os << "<circle cx=\"" << num(x(static_cast<double>(i))) << "\" cy=\"" << num(y(p.median / k))
       << "\" r=\"2.5\" fill=\"#1f77b4\"><title>run " << p.run.id << " " << esc(p.run.commit.substr(0, 12))
       << (p.run.dirty ? "+dirty" : "") << ": " << num(p.median / k, "%.4g") << " " << esc(unit) << " [" << num(p.ci.lo / k, "%.4g")
       << ", " << num(p.ci.hi / k, "%.4g") << "]</title></circle>";
  }
  for (size_t i = 0; i < s.points.size(); ++i) {
    const SeriesPoint& p = s.points[i];
    if (p.status == BenchStatus::Ok && p.n > 0) continue;
    double px = x(static_cast<double>(i)), py = H - B - 8;
    os << "<path class=\"data failure\" d=\"M" << num(px - 4) << "," << num(py - 4) << " l8,8 m0,-8 l-8,8\" stroke=\"#d62728\" "
       << "stroke-width=\"2\"><title>run " << p.run.id << ": " << toString(p.status) << ": " << esc(p.message)
       << "</title></path>";
  }
  os << "\n</svg>";
  return os.str();
}

std::string comparisonPlot(const Comparison& c) {
  std::vector<const BenchComparison*> rows;
  for (auto& r : c.rows)
    if (r.note.empty()) rows.push_back(&r);
  const double W = 760, rowH = 22, T = 30, L = 300, R = 20;
  double H = T + rowH * static_cast<double>(std::max<size_t>(rows.size(), 1)) + 34;
  double lo = 1 / (1 + c.rule.threshold), hi = 1 + c.rule.threshold;
  for (auto* r : rows) {
    lo = std::min({lo, r->ci.lo, r->ratio});
    hi = std::max({hi, r->ci.hi, r->ratio});
  }
  double pad = (hi - lo) * 0.08;
  Scale x{lo - pad, hi + pad, L, W - R};
  std::ostringstream os;
  os << "<svg class=\"plot-svg\" width=\"" << W << "\" height=\"" << H << "\" viewBox=\"0 0 " << W << " " << H
     << "\" xmlns=\"http://www.w3.org/2000/svg\">\n";
  os << "<rect x=\"0\" y=\"0\" width=\"" << W << "\" height=\"" << H << "\" fill=\"#fff\" stroke=\"#ddd\"/>\n";
  os << "<rect x=\"" << num(x(1 / (1 + c.rule.threshold))) << "\" y=\"" << T - 6 << "\" width=\""
     << num(x(1 + c.rule.threshold) - x(1 / (1 + c.rule.threshold))) << "\" height=\"" << H - T - 28
     << "\" fill=\"#eee\"/>";
  os << "<line x1=\"" << num(x(1)) << "\" y1=\"" << T - 6 << "\" x2=\"" << num(x(1)) << "\" y2=\"" << H - 34
     << "\" stroke=\"#444\"/>";
  os << "<text x=\"10\" y=\"16\" font-size=\"12\" font-weight=\"bold\">B/A ratio of median " << esc(c.metric)
     << " with bootstrap 95% CI; grey band = ±" << num(c.rule.threshold * 100) << "% threshold</text>\n";
  for (int t = 0; t <= 4; ++t) {
    double v = x.d0 + (x.d1 - x.d0) * t / 4;
    os << "<text x=\"" << num(x(v)) << "\" y=\"" << H - 18 << "\" font-size=\"10\" text-anchor=\"middle\">"
       << num(v, "%.3f") << "</text>";
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const BenchComparison& r = *rows[i];
    double cy = T + rowH * static_cast<double>(i) + rowH / 2;
    const char* color = r.verdict == Verdict::Regressed ? "#d62728"
                        : r.verdict == Verdict::Improved ? "#2ca02c"
                        : r.verdict == Verdict::Inconclusive ? "#ff7f0e" : "#555";
    os << "<text x=\"" << L - 8 << "\" y=\"" << num(cy + 4) << "\" font-size=\"11\" text-anchor=\"end\">" << esc(r.key)
       << "</text>";
    os << "<path class=\"data ci\" d=\"M" << num(x(r.ci.lo)) << "," << num(cy) << " L" << num(x(r.ci.hi)) << "," << num(cy)
       << " M" << num(x(r.ci.lo)) << "," << num(cy - 4) << " v8 M" << num(x(r.ci.hi)) << "," << num(cy - 4)
       << " v8\" stroke=\"" << color << "\" stroke-width=\"1.5\" fill=\"none\"/>";
    os << "<circle cx=\"" << num(x(r.ratio)) << "\" cy=\"" << num(cy) << "\" r=\"4\" fill=\"" << color << "\"><title>"
       << esc(r.key) << ": " << num(r.ratio, "%.3f") << " [" << num(r.ci.lo, "%.3f") << ", " << num(r.ci.hi, "%.3f")
       << "] q=" << num(r.q, "%.2g") << " " << toString(r.verdict) << "</title></circle>\n";
  }
  os << "</svg>";
  return os.str();
}

std::string runsTable(const std::vector<RunInfo>& runs, Store& store) {
  std::ostringstream os;
  os << "<table><tr><th>id</th><th>uid</th><th>kind</th><th>started</th><th>commit</th><th>branch</th>"
        "<th>build</th><th>compiler</th><th>flags</th><th>CPU</th><th>cores</th><th>memory</th><th>kernel</th>"
        "<th>load</th><th>reps</th><th>instructions</th><th>results</th><th>label</th></tr>\n";
  for (const RunInfo& r : runs) {
    int bad = 0;
    for (auto& x : store.results(r.id))
      if (x.status != BenchStatus::Ok) ++bad;
    os << "<tr><td>" << r.id << "</td><td>" << esc(r.uid) << "</td><td>" << esc(r.kind) << "</td><td>"
       << date(r.startedAt) << "</td><td>" << esc(r.commit.substr(0, 12)) << (r.dirty ? "+dirty" : "") << "</td><td>"
       << esc(r.branch) << "</td><td>" << esc(r.buildType) << "</td><td>" << esc(r.compiler) << "</td><td>"
       << esc(r.flags) << "</td><td>" << esc(r.machine.cpuModel) << "</td><td>" << r.machine.cores << "</td><td>"
       << num(static_cast<double>(r.machine.memKiB) / (1024 * 1024), "%.1f") << " GiB</td><td>" << esc(r.machine.kernel)
       << "</td><td>" << num(r.load1, "%.2f") << "</td><td>" << r.repetitions << "</td><td>"
       << esc(r.instrTool.empty() ? "none" : r.instrTool) << "</td><td>" << r.nResults << (bad ? " (" + std::to_string(bad) + " failed)" : "")
       << "</td><td>" << esc(r.label) << "</td></tr>\n";
  }
  os << "</table>";
  return os.str();
}
}  // namespace

std::string renderReport(Store& store, const std::string& metric, const ChangePointOptions& options) {
  std::vector<RunInfo> runs = store.runs();
  std::vector<Series> series = loadHistory(store, "", metric, options);
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tsjit benchmark history</title>"
     << "<style>" << kStyle << "</style></head>\n<body>\n<h1>tsjit benchmark history</h1>\n";
  os << "<p class=\"note\">" << runs.size() << " run(s) in " << esc(store.db().path()) << "; metric: median "
     << esc(metric) << " per repetition; change points: E-divisive means (permutation test, p &le; "
     << num(options.alpha, "%.3g") << "). Generated " << date(static_cast<int64_t>(std::time(nullptr))) << ".</p>\n";
  os << "<h2>Latest A/B comparison</h2>\n";
  if (auto saved = store.latestComparison()) {
    Comparison c = comparisonFromJson(nlohmann::json::parse(saved->body));
    os << "<p class=\"note\">A = " << esc(saved->baseLabel) << "<br>B = " << esc(saved->headLabel) << "<br>"
       << date(saved->createdAt) << "; " << c.regressions() << " significant regression(s)</p>\n<div class=\"plot\">"
       << comparisonPlot(c) << "</div>\n";
    std::vector<std::string> skipped;
    for (auto& r : c.rows)
      if (!r.note.empty()) skipped.push_back(r.key + ": " + r.note);
    if (!skipped.empty()) {
      os << "<p class=\"note\">Not compared:";
      for (auto& s : skipped) os << "<br>" << esc(s);
      os << "</p>\n";
    }
  } else {
    os << "<p class=\"note\">No comparison stored yet (run <code>tsjit bench compare</code>).</p>\n";
  }
  os << "<h2>History per benchmark</h2>\n";
  for (const Series& s : series) os << "<div class=\"plot\">" << seriesPlot(s) << "</div>\n";
  if (series.empty()) os << "<p class=\"note\">No recorded runs.</p>\n";
  os << "<h2>Runs: machine and build</h2>\n" << runsTable(runs, store) << "\n";
  os << "<script>" << kScript << "</script>\n</body></html>\n";
  return os.str();
}

}  // namespace tsjit::benchhistory

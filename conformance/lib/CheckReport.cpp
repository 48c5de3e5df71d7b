// CheckReport.cpp — the summary table, JSON and JUnit XML of `tsjit check` (CheckReport.h).
#include "conformance/lib/CheckReport.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace tsjit::conformance {

using nlohmann::json;

const char* toString(CheckCase::Status s) {
  switch (s) {
    case CheckCase::Status::Passed: return "passed";
    case CheckCase::Status::Failed: return "failed";
    case CheckCase::Status::Skipped: return "skipped";
  }
  return "?";
}

namespace {

uint64_t countStatus(const CheckStep& s, CheckCase::Status st) {
  return static_cast<uint64_t>(
      std::count_if(s.cases.begin(), s.cases.end(), [&](const CheckCase& c) { return c.status == st; }));
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

std::string firstLine(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (line.size() > 160) line = line.substr(0, 157) + "...";
  return line;
}

// Number of <testcase> elements the JUnit rendering writes for `s`.
uint64_t junitTests(const CheckStep& s) {
  if (!s.error.empty()) return 1;
  if (s.bulkCases > 0) return (s.passed() > 0 ? 1 : 0) + s.cases.size();
  return s.cases.size();
}

}  // namespace

uint64_t CheckStep::total() const {
  return bulkCases > 0 ? std::max<uint64_t>(bulkCases, cases.size()) : cases.size();
}
uint64_t CheckStep::failed() const { return countStatus(*this, CheckCase::Status::Failed); }
uint64_t CheckStep::skipped() const { return countStatus(*this, CheckCase::Status::Skipped); }
uint64_t CheckStep::passed() const {
  if (bulkCases > 0) return total() - failed() - skipped();
  return countStatus(*this, CheckCase::Status::Passed);
}
const char* CheckStep::status() const { return !error.empty() ? "error" : failed() ? "failed" : "passed"; }

bool CheckReport::ok() const {
  return std::all_of(steps.begin(), steps.end(), [](const CheckStep& s) { return s.ok(); });
}

void printCheckTable(std::ostream& os, const CheckReport& r, size_t maxFailuresPerStep) {
  char line[256];
  std::snprintf(line, sizeof line, "%-26s %8s %8s %7s %8s %9s  %s\n", "step", "cases", "passed", "failed", "skipped",
                "seconds", "status");
  os << line;
  uint64_t cases = 0, passed = 0, failed = 0, skipped = 0;
  for (const CheckStep& s : r.steps) {
    std::snprintf(line, sizeof line, "%-26s %8llu %8llu %7llu %8llu %9.1f  %s\n", s.id.c_str(),
                  static_cast<unsigned long long>(s.total()), static_cast<unsigned long long>(s.passed()),
                  static_cast<unsigned long long>(s.failed()), static_cast<unsigned long long>(s.skipped()), s.seconds,
                  s.status());
    os << line;
    cases += s.total();
    passed += s.passed();
    failed += s.failed();
    skipped += s.skipped();
  }
  std::snprintf(line, sizeof line, "%-26s %8llu %8llu %7llu %8llu %9.1f\n", "total", static_cast<unsigned long long>(cases),
                static_cast<unsigned long long>(passed), static_cast<unsigned long long>(failed),
                static_cast<unsigned long long>(skipped), r.seconds);
  os << line;
  for (const CheckStep& s : r.steps) {
    if (!s.detail.empty()) os << "  " << s.id << ": " << s.detail << "\n";
    if (!s.error.empty()) os << "  " << s.id << ": could not run: " << firstLine(s.error) << "\n";
    size_t shown = 0;
    for (const CheckCase& c : s.cases) {
      if (c.status != CheckCase::Status::Failed) continue;
      if (shown++ == maxFailuresPerStep) {
        os << "  " << s.id << ": ... and " << (s.failed() - maxFailuresPerStep) << " more failures (see the JSON)\n";
        break;
      }
      os << "  " << s.id << ": FAIL " << c.name << ": " << firstLine(c.message) << "\n";
    }
  }
  for (const std::string& n : r.notes) os << "  " << n << "\n";
  os << (r.ok() ? "check: PASSED" : "check: FAILED") << " (" << r.steps.size() << " steps, " << failed << " failed, "
     << std::count_if(r.steps.begin(), r.steps.end(), [](const CheckStep& s) { return !s.error.empty(); })
     << " could not run)\n";
}

json checkJson(const CheckReport& r) {
  json steps = json::array();
  uint64_t cases = 0, passed = 0, failed = 0, skipped = 0, errors = 0;
  for (const CheckStep& s : r.steps) {
    json failures = json::array(), skips = json::array();
    for (const CheckCase& c : s.cases) {
      if (c.status == CheckCase::Status::Failed) failures.push_back({{"name", c.name}, {"message", c.message}});
      if (c.status == CheckCase::Status::Skipped) skips.push_back({{"name", c.name}, {"message", c.message}});
    }
    steps.push_back({{"id", s.id}, {"title", s.title}, {"status", s.status()}, {"cases", s.total()},
                     {"passed", s.passed()}, {"failed", s.failed()}, {"skipped", s.skipped()},
                     {"seconds", s.seconds}, {"detail", s.detail}, {"error", s.error}, {"failures", failures},
                     {"skipped_cases", skips}});
    cases += s.total();
    passed += s.passed();
    failed += s.failed();
    skipped += s.skipped();
    errors += s.error.empty() ? 0 : 1;
  }
  return {{"tool", "tsjit check"},
          {"format_version", 1},
          {"ok", r.ok()},
          {"exit_code", r.exitCode()},
          {"seconds", r.seconds},
          {"notes", r.notes},
          {"totals", {{"cases", cases}, {"passed", passed}, {"failed", failed}, {"skipped", skipped}, {"errors", errors}}},
          {"steps", steps}};
}

std::string xmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    unsigned char u = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (u < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') out += '?';
        else out += ch;
    }
  }
  return out;
}

void writeJunitXml(std::ostream& os, const CheckReport& r) {
  uint64_t tests = 0, failures = 0, errors = 0, skipped = 0;
  for (const CheckStep& s : r.steps) {
    // A step that could not run is one test with an error; a fuzz campaign is its cases.
    tests += junitTests(s);
    failures += s.failed();
    skipped += s.skipped();
    errors += s.error.empty() ? 0 : 1;
  }
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  os << "<testsuites name=\"tsjit check\" tests=\"" << tests << "\" failures=\"" << failures << "\" errors=\""
     << errors << "\" skipped=\"" << skipped << "\" time=\"" << seconds(r.seconds) << "\">\n";
  for (const CheckStep& s : r.steps) {
    std::string cls = xmlEscape(s.id);
    bool err = !s.error.empty();
    os << "  <testsuite name=\"" << cls << "\" tests=\"" << junitTests(s) << "\" failures=\"" << s.failed()
       << "\" errors=\"" << (err ? 1 : 0) << "\" skipped=\"" << s.skipped() << "\" time=\"" << seconds(s.seconds)
       << "\">\n";
    if (!s.title.empty() || !s.detail.empty())
      os << "    <properties><property name=\"title\" value=\"" << xmlEscape(s.title)
         << "\"/><property name=\"detail\" value=\"" << xmlEscape(s.detail) << "\"/></properties>\n";
    if (err) {
      os << "    <testcase classname=\"" << cls << "\" name=\"" << cls << "\" time=\"" << seconds(s.seconds) << "\">\n"
         << "      <error message=\"" << xmlEscape(firstLine(s.error)) << "\">" << xmlEscape(s.error) << "</error>\n"
         << "    </testcase>\n";
    } else if (s.bulkCases > 0 && s.passed() > 0) {
      // The generated cases that passed, as one test case carrying their count.
      uint64_t ok = s.passed();
      os << "    <testcase classname=\"" << cls << "\" name=\"" << ok << " generated cases passed\" time=\""
         << seconds(s.seconds) << "\"/>\n";
    }
    for (const CheckCase& c : s.cases) {
      os << "    <testcase classname=\"" << cls << "\" name=\"" << xmlEscape(c.name) << "\" time=\"" << seconds(c.seconds)
         << "\"";
      if (c.status == CheckCase::Status::Passed) {
        os << "/>\n";
        continue;
      }
      os << ">\n";
      if (c.status == CheckCase::Status::Failed)
        os << "      <failure message=\"" << xmlEscape(firstLine(c.message)) << "\">" << xmlEscape(c.message)
           << "</failure>\n";
      else
        os << "      <skipped message=\"" << xmlEscape(firstLine(c.message)) << "\"/>\n";
      os << "    </testcase>\n";
    }
    os << "  </testsuite>\n";
  }
  os << "</testsuites>\n";
}

}  // namespace tsjit::conformance

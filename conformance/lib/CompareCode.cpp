// CompareCode.cpp — `tsjit conform --compare-code` (CompareCode.h).
#include "conformance/lib/CompareCode.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "conformance/lib/SourceCase.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/serialization/PythonPrint.h"
#include "jit/support/Error.h"

namespace tsjit::conformance {

namespace {

std::vector<std::string> splitLines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

std::string lineDiff(const std::string& a, const std::string& b) {
  auto x = splitLines(a), y = splitLines(b);
  // Longest common subsequence of lines (cases are small).
  std::vector<std::vector<int>> lcs(x.size() + 1, std::vector<int>(y.size() + 1, 0));
  for (size_t i = x.size(); i-- > 0;)
    for (size_t j = y.size(); j-- > 0;)
      lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::string out;
  size_t i = 0, j = 0;
  while (i < x.size() || j < y.size()) {
    if (i < x.size() && j < y.size() && x[i] == y[j]) {
      out += "  " + x[i++] + "\n";
      ++j;
    } else if (j < y.size() && (i == x.size() || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out += "+ " + y[j++] + "\n";
    } else {
      out += "- " + x[i++] + "\n";
    }
  }
  return out;
}

PrintedCase printCase(const Case& c) {
  PrintedCase p;
  std::function<const Function*(const std::string&)> resolve;
  if (hasSource(c)) {
    p.from = "source";
    frontend::CompileOptions opts;
    opts.libraryCode = c.archiveCode;
    opts.pythonTorchModule = true;
    std::string filename = c.name + ".py";
    std::shared_ptr<frontend::CompilationUnit> cu;
    if (c.kind == "module") {
      if (!c.isModule()) throw CorpusError(c.file + ": a module case without module_state");
      auto valueClasses = std::make_shared<ClassRegistry>();
      auto desc = decodeModuleDesc(c.moduleState, *valueClasses);
      frontend::CompiledModule mod = frontend::compileModule(c.source, c.entry, *desc, opts, filename);
      cu = std::static_pointer_cast<frontend::CompilationUnit>(mod.unit);
      for (const auto& m : mod.info->type->methods())
        if (m->name() == "forward") p.function = m;
      if (!p.function) throw CompileError("module '" + c.entry + "' has no forward method");
      p.isMethod = true;
      auto keep = std::make_shared<std::pair<std::shared_ptr<void>, std::shared_ptr<ClassRegistry>>>(mod.unit, valueClasses);
      p.owner = keep;
    } else {
      cu = frontend::compileFunctions(c.source, c.entry, opts, filename);
      for (const auto& f : cu->functions())
        if (f->qualifiedName() == c.entry) p.function = f;
      if (!p.function) throw CompileError("no function named '" + c.entry + "' in " + filename);
      p.owner = cu;
    }
    resolve = [cu = cu.get()](const std::string& name) -> const Function* { return cu->findCallee(name); };
  } else {
    p.from = "graph";
    auto classes = std::make_shared<ClassRegistry>();
    auto g = parseIR(c.graph, c.name + ".graph", classes.get());
    bool module = c.kind == "module" || (c.kind == "traced" && c.tracedObject == "module");
    p.isMethod = module;
    p.function = std::make_shared<Function>(module ? "forward" : c.entry, g);
    p.owner = classes;
  }
  p.code = serialization::printFunctionCode(*p.function, p.isMethod, resolve, &p.constants);
  return p;
}

CodeComparison compareCaseCode(const std::string& caseFile) {
  CodeComparison r;
  r.name = std::filesystem::path(caseFile).stem().string();
  try {
    std::ifstream in(caseFile);
    auto doc = nlohmann::json::parse(in);
    r.expected = doc.value("code", std::string());
    Case c = parseCase(doc, caseFile);
    r.name = c.name;
    r.from = hasSource(c) ? "source" : "graph";
    PrintedCase p = printCase(c);
    r.actual = p.code;
    r.matches = r.actual == r.expected;
    if (!r.matches) r.diff = lineDiff(r.expected, r.actual);
  } catch (const CompileError& e) {
    r.error = e.what();
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

size_t CodeSummary::matching() const {
  size_t n = 0;
  for (const auto& c : cases) n += c.matches;
  return n;
}

void printCodeSummary(std::ostream& os, const CodeSummary& s, bool showDiffs) {
  size_t n[2] = {0, 0}, ok[2] = {0, 0};
  for (const auto& c : s.cases) {
    size_t k = c.from == "source" ? 0 : 1;
    ++n[k];
    ok[k] += c.matches;
    if (c.matches) continue;
    os << "MISMATCH " << c.name << " (from " << (c.from.empty() ? "?" : c.from) << ")";
    if (!c.error.empty()) {
      os << ": " << c.error << "\n";
      continue;
    }
    os << "\n";
    if (showDiffs) os << c.diff;
  }
  os << "\nprinted code   cases  exact\n";
  os << "from source   " << std::string(6 - std::min<size_t>(6, std::to_string(n[0]).size()), ' ') << n[0] << "  "
     << ok[0] << "\n";
  os << "from graph    " << std::string(6 - std::min<size_t>(6, std::to_string(n[1]).size()), ' ') << n[1] << "  "
     << ok[1] << "\n";
  size_t total = s.cases.size(), match = s.matching();
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f", total ? 100.0 * match / total : 0.0);
  os << "compare-code: " << match << " of " << total << " cases print PyTorch's code exactly (" << pct << " %)\n";
}

nlohmann::json codeSummaryJson(const CodeSummary& s) {
  nlohmann::json j;
  j["cases"] = s.cases.size();
  j["matching"] = s.matching();
  j["results"] = nlohmann::json::array();
  for (const auto& c : s.cases) {
    nlohmann::json r = {{"name", c.name}, {"from", c.from}, {"matches", c.matches}};
    if (!c.error.empty()) r["error"] = c.error;
    if (!c.matches && c.error.empty()) r["diff"] = c.diff;
    j["results"].push_back(r);
  }
  return j;
}

}  // namespace tsjit::conformance

// builtin_calls_test.cpp — one generated call per entry of PyTorch 1.13's TorchScript builtin-function
// reference ("Supported PyTorch Functions": torch.* and torch.nn.functional.*, and "Supported Tensor
// Methods", recorded in conformance/pt113/builtin_functions.txt and builtin_tensor_methods.txt from
// python3-torch 1.13), compiled by jit/frontend from a one-line TorchScript function and run on both
// engines.
//
// Each signature becomes `def f(x, i, ...):\n    return torch.NAME(p=value, ...)` (or `x.NAME(...)`),
// every parameter without a default passed by keyword with a value of its type, or the argument an
// ordinary caller passes where the op's preconditions need one (BuiltinCallArguments.h). Then: does
// the call compile, does it run on the jit and on the reference, do their results agree (the
// conformance comparison rule).
//
// "Covered" entries are those an overload of the op table declares with the same argument names and
// types. Each covered entry must compile, run on both engines and agree, unless
// BuiltinCallExclusions.h excludes it with a reason (named-tensor overloads, the two calls that
// make a complex tensor, one single entry); the test prints the counts per reason. The figures of
// the whole list (most uncovered entries name ops the table lacks) may only grow: floors measured
// when this was written.
// TSJIT_BUILTIN_CALLS_VERBOSE=1 also lists the uncovered entries whose op is declared.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "conformance/builtins/BuiltinCallArguments.h"
#include "conformance/builtins/BuiltinCallExclusions.h"
#include "conformance/lib/Compare.h"
#include "conformance/lib/CorpusRunner.h"
#include "jit/frontend/Emitter.h"
#include "jit/ops/OpTable.h"
#include "tools/tsjit/JitEngine.h"

using namespace tsjit;

namespace {

constexpr size_t kCovered = 1079;  // entries an op-table overload declares (functions)
constexpr size_t kCompiledFloor = 1230;
constexpr size_t kRanBothFloor = 1097;
constexpr size_t kMethodsCovered = 784;
constexpr size_t kMethodsCompiledFloor = 884;
constexpr size_t kMethodsRanBothFloor = 788;

struct Param {
  std::string name, type;
  bool hasDefault = false;
};

std::vector<std::string> splitTopLevel(const std::string& s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Param> parseParams(const std::string& text) {
  std::vector<Param> params;
  for (const std::string& raw : splitTopLevel(text)) {
    std::string a = trim(raw);
    if (a.empty() || a == "*") continue;
    size_t colon = a.find(" : ");
    EXPECT_NE(colon, std::string::npos) << "unparsable parameter: " << a;
    if (colon == std::string::npos) continue;
    Param p{a.substr(0, colon), a.substr(colon + 3), false};
    size_t eq = p.type.find('=');
    if (eq != std::string::npos) {
      p.hasDefault = true;
      p.type = p.type.substr(0, eq);
    }
    params.push_back(p);
  }
  return params;
}

// The op table's overload of aten::NAME whose arguments are the entry's: the same names in the same
// order, of the same types as 1.13's list writes them (a Tensor method's list omits `self`).
const ops::OpOverload* coveringOverload(const std::string& name, const std::vector<Param>& params, bool method) {
  const ops::OpInfo* op = ops::findOp(Symbol::aten(name));
  if (!op) return nullptr;
  std::vector<Param> want = params;
  if (method) want.insert(want.begin(), Param{"self", "Tensor", false});
  for (const auto& o : op->overloads()) {
    const auto& args = o->schema().arguments();
    if (args.size() != want.size()) continue;
    bool same = true;
    for (size_t k = 0; same && k < args.size(); ++k)
      same = args[k].name == want[k].name && args[k].type()->annotationStr() == want[k].type;
    if (same) return o.get();
  }
  return nullptr;
}

std::string sourceDir() {
  const char* d = std::getenv("TSJIT_SOURCE_DIR");
  return d ? d : "..";
}

struct Figures {
  size_t entries = 0, generated = 0, compiled = 0, ranJit = 0, ranRef = 0, ranBoth = 0, agree = 0;
  // Entries the op table's schemas cover (coveringOverload), those excluded with a reason
  // (BuiltinCallExclusions.h), and of the rest: compiled, ran on both, agreed.
  size_t covered = 0, excluded = 0, coveredCompiled = 0, coveredRanBoth = 0, coveredAgree = 0;
  std::map<std::string, size_t> excludedByReason;
  std::vector<std::string> disagreements;
  std::vector<std::string> coveredFailures;   // "<call>: <stage>: <first line of the error>"
  std::vector<std::string> excludedButPassing;  // kExcludedEntries lines that now pass
};

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }
bool verbose() { return std::getenv("TSJIT_BUILTIN_CALLS_VERBOSE") != nullptr; }

// Attributes in 1.13 although its list writes them as methods: `x.mT()` fails there with "cannot
// call a value of type 'Tensor'", so the entry is generated as the attribute read `x.mT`.
bool isProperty(const std::string& name) { return name == "mT" || name == "mH"; }

// Runs every signature of `file` (lines "torch.NAME(...) -> T", "torch.nn.functional.NAME(...)" or,
// for Tensor methods, "Tensor.NAME(...)" without self) as one generated call.
Figures runList(const std::string& file) {
  Figures f;
  std::ifstream in(sourceDir() + "/conformance/pt113/" + file);
  EXPECT_TRUE(in) << "conformance/pt113/" << file << " not found (TSJIT_SOURCE_DIR)";
  conformance::Engine jit = tool::jitEngine();
  conformance::Engine ref = conformance::referenceEngine();
  std::string line;
  static const std::regex sig(R"(^(torch(?:\.nn\.functional)?|Tensor)\.(\w+)\((.*)\) -> (.*)$)");
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::smatch m;
    if (!std::regex_match(line, m, sig)) continue;
    ++f.entries;
    const std::string opName = m[2].str();
    const bool method = m[1] == "Tensor";
    std::vector<Param> params = parseParams(m[3].str());
    const ops::OpOverload* covering = m[1] == "torch.nn.functional" ? nullptr : coveringOverload(opName, params, method);
    const bool covered = covering != nullptr;
    std::string exclusion;
    if (covered) {
      ++f.covered;
      exclusion = builtin_calls::classExclusion(*covering, line);
      if (exclusion.empty()) exclusion = std::string(builtin_calls::entryExclusion(line));
      if (!exclusion.empty()) {
        ++f.excluded;
        ++f.excludedByReason[exclusion];
      }
    }
    const bool required = covered && exclusion.empty();  // must compile, run on both and agree
    const bool listedByName = covered && !builtin_calls::entryExclusion(line).empty();
    std::string self = builtin_calls::overrideFor(opName, "self", "Tensor");
    std::string receiver = m[1] == "torch" ? "torch." : method ? (self.empty() ? "x" : self) + "." : "F.";
    std::vector<std::string> args;
    bool ok = true;
    for (const Param& p : params) {
      if (p.hasDefault) continue;
      std::string e = builtin_calls::overrideFor(opName, p.name, p.type);
      if (e.empty()) e = builtin_calls::typeDefault(p.name, p.type);
      if (e.empty()) {
        ok = false;
        if (required) f.coveredFailures.push_back(line + ": not generated: " + p.name + " : " + p.type);
        break;
      }
      if (e[0] == '*') args.push_back(e.substr(1));  // positional, with the varargs that follow it
      else args.push_back(p.name + "=" + e);         // by keyword: 1.13's list omits some `=None` defaults
    }
    if (!ok) continue;
    ++f.generated;
    std::string call = receiver + opName;
    if (!(method && isProperty(opName) && args.empty())) {
      call += "(";
      for (size_t k = 0; k < args.size(); ++k) call += (k ? ", " : "") + args[k];
      call += ")";
    }
    std::string source =
        std::string(builtin_calls::kPrelude) + "def f(" + builtin_calls::kInputNames + "):\n    return " + call + "\n";
    std::shared_ptr<Graph> graph;
    try {
      graph = frontend::compileScriptEntry(source, "<" + call + ">", "f", /*inlineCalls=*/true);
    } catch (const std::exception& e) {
      if (required) f.coveredFailures.push_back(call + ": compile: " + firstLine(e.what()));
      continue;
    }
    ++f.compiled;
    f.coveredCompiled += required;
    std::vector<IValue> outJit, outRef;
    bool jitOk = false, refOk = false;
    std::string jitError, refError;
    try {
      outJit = jit.run(*graph, builtin_calls::makeInputs());
      jitOk = true;
    } catch (const std::exception& e) {
      jitError = firstLine(e.what());
    }
    try {
      outRef = ref.run(*graph, builtin_calls::makeInputs());
      refOk = true;
    } catch (const std::exception& e) {
      refError = firstLine(e.what());
    }
    f.ranJit += jitOk;
    f.ranRef += refOk;
    if (required && !(jitOk && refOk))
      f.coveredFailures.push_back(call + ": run: jit: " + (jitOk ? "ok" : jitError) +
                                  " | reference: " + (refOk ? "ok" : refError));
    if (!jitOk || !refOk) continue;
    ++f.ranBoth;
    f.coveredRanBoth += required;
    bool same = outJit.size() == outRef.size();
    auto options = conformance::compareOptionsForGraph(*graph);
    options.operandMagnitude = conformance::operandMagnitude(builtin_calls::makeInputs());
    for (size_t k = 0; same && k < outJit.size(); ++k) {
      auto r = conformance::compareValues(outRef[k], outJit[k], options);
      if (!r) {
        same = false;
        f.disagreements.push_back(call + ": " + r.message);
      }
    }
    f.agree += same;
    f.coveredAgree += required && same;
    if (listedByName && same) f.excludedButPassing.push_back(line);
  }
  std::cout << "[builtin calls] " << file << ": " << f.entries << " entries of 1.13's list; " << f.generated
            << " with generatable arguments; " << f.compiled << " compile; " << f.ranJit << " run on the jit, "
            << f.ranRef << " on the reference, " << f.ranBoth << " on both; " << f.agree << " agree\n"
            << "[builtin calls] " << file << ": " << f.covered << " covered by an op-table schema, " << f.excluded
            << " of them excluded with a reason; of the other " << f.covered - f.excluded << ": "
            << f.coveredCompiled << " compile, " << f.coveredRanBoth << " run on both engines, " << f.coveredAgree
            << " agree\n";
  for (const auto& [reason, n] : f.excludedByReason) std::cout << "  excluded (" << n << "): " << reason << "\n";
  for (const auto& d : f.disagreements) std::cout << "  engines disagree: " << d << "\n";
  for (const auto& c : f.coveredFailures) std::cout << "  covered, fails: " << c << "\n";
  for (const auto& c : f.excludedButPassing) std::cout << "  excluded by name but passes (remove it): " << c << "\n";
  return f;
}

// Every covered entry that is not excluded compiles, runs on both engines and agrees; the figures
// of the whole list may only grow (floors measured when this was written).
void expectCovered(const Figures& f) {
  EXPECT_EQ(f.coveredCompiled, f.covered - f.excluded);
  EXPECT_EQ(f.coveredRanBoth, f.covered - f.excluded);
  EXPECT_EQ(f.coveredAgree, f.covered - f.excluded);
  EXPECT_TRUE(f.coveredFailures.empty());
  EXPECT_TRUE(f.excludedButPassing.empty());
  EXPECT_EQ(f.agree, f.ranBoth);
}

}  // namespace

TEST(BuiltinCalls, EveryListedFunctionCompilesAndRunsOnBothEngines) {
  Figures f = runList("builtin_functions.txt");
  EXPECT_EQ(f.entries, 1718u);
  EXPECT_GE(f.covered, kCovered);  // grows with the op table; each newly covered entry must pass too
  EXPECT_GE(f.compiled, kCompiledFloor);
  EXPECT_GE(f.ranBoth, kRanBothFloor);
  expectCovered(f);
}

TEST(BuiltinCalls, EveryListedTensorMethodCompilesAndRunsOnBothEngines) {
  Figures f = runList("builtin_tensor_methods.txt");
  EXPECT_EQ(f.entries, 1107u);
  EXPECT_GE(f.covered, kMethodsCovered);
  EXPECT_GE(f.compiled, kMethodsCompiledFloor);
  EXPECT_GE(f.ranBoth, kMethodsRanBothFloor);
  expectCovered(f);
}

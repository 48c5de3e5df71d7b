// builtin_calls_test.cpp — one generated call per entry of PyTorch 1.13's TorchScript builtin-function
// reference ("Supported PyTorch Functions": torch.* and torch.nn.functional.*, and "Supported Tensor
// Methods", recorded in conformance/pt113/builtin_functions.txt and builtin_tensor_methods.txt from
// python3-torch 1.13), compiled by jit/frontend from a one-line TorchScript function and run on both
// engines. Tensor methods are called on x.
//
// Each signature becomes `def f(x: Tensor, i: Tensor):\n    return torch.NAME(p=value, ...)` where
// every parameter without a default gets a value of its type, passed by keyword: Tensor -> x (a 2x3 float32 tensor),
// an index Tensor named index/indices/target/idx -> i (int64), int -> 1, float -> 0.5, bool -> False,
// number -> 1, List[int] -> [1], List[Tensor] -> [x, x], Optional[T] -> None; an entry with another
// required parameter type (str, Device, ...) is counted as "not generated". Then: does the call
// compile, does it run on the jit and on the reference, and do their results agree (the
// conformance comparison rule). The figures are printed; the test fails if any of them falls below
// the floor measured when it was written (a regression), and on any disagreement between engines.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

#include "conformance/builtins/BuiltinCallArguments.h"
#include "conformance/lib/Compare.h"
#include "conformance/lib/CorpusRunner.h"
#include "jit/frontend/Emitter.h"
#include "jit/ops/OpTable.h"
#include "tools/tsjit/JitEngine.h"

using namespace tsjit;

namespace {

constexpr size_t kCompiledFloor = 645;
constexpr size_t kRanBothFloor = 475;
constexpr size_t kMethodsCompiledFloor = 463;
constexpr size_t kMethodsRanBothFloor = 327;

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
  size_t covered = 0, coveredCompiled = 0;
  std::vector<std::string> disagreements;
  std::vector<std::string> coveredFailures;  // "<call>: <stage>: <first line of the error>"
};

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }
bool verbose() { return std::getenv("TSJIT_BUILTIN_CALLS_VERBOSE") != nullptr; }

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
    std::vector<Param> params = parseParams(m[3].str());
    const ops::OpOverload* covering = coveringOverload(m[2].str(), params, m[1] == "Tensor");
    bool hasOp = covering != nullptr;
    f.covered += hasOp;
    if (verbose() && !hasOp && ops::findOp(Symbol::aten(m[2].str())))
      std::cout << "  op declared, no overload matches: " << line << "\n";
    const std::string opName = m[2].str();
    std::string self = builtin_calls::overrideFor(opName, "self", "Tensor");
    std::string receiver = m[1] == "torch" ? "torch." : m[1] == "Tensor" ? (self.empty() ? "x" : self) + "." : "F.";
    std::vector<std::string> args;
    bool ok = true;
    for (const Param& p : params) {
      if (p.hasDefault) continue;
      std::string e = builtin_calls::overrideFor(opName, p.name, p.type);
      if (e.empty()) e = builtin_calls::typeDefault(p.name, p.type);
      if (e.empty()) {
        ok = false;
        if (hasOp) f.coveredFailures.push_back(line + ": not generated: " + p.name + " : " + p.type);
        break;
      }
      args.push_back(p.name + "=" + e);  // by keyword: 1.13's list omits some `=None` defaults
    }
    if (!ok) continue;
    ++f.generated;
    std::string call = receiver + m[2].str() + "(";
    for (size_t k = 0; k < args.size(); ++k) call += (k ? ", " : "") + args[k];
    call += ")";
    std::string source = std::string("def f(") + builtin_calls::kInputNames + "):\n    return " + call + "\n";
    std::shared_ptr<Graph> graph;
    try {
      graph = frontend::compileScriptEntry(source, "<" + call + ">", "f", /*inlineCalls=*/true);
    } catch (const std::exception& e) {
      if (hasOp) f.coveredFailures.push_back(call + ": compile: " + firstLine(e.what()));
      continue;
    }
    ++f.compiled;
    f.coveredCompiled += hasOp;
    auto inputs = [] { return builtin_calls::makeInputs(); };
    std::vector<IValue> outJit, outRef;
    bool jitOk = false, refOk = false;
    std::string jitError, refError;
    try {
      outJit = jit.run(*graph, inputs());
      jitOk = true;
    } catch (const std::exception& e) {
      jitError = firstLine(e.what());
    }
    try {
      outRef = ref.run(*graph, inputs());
      refOk = true;
    } catch (const std::exception& e) {
      refError = firstLine(e.what());
    }
    if (hasOp && !(jitOk && refOk))
      f.coveredFailures.push_back(call + ": run: jit: " + (jitOk ? "ok" : jitError) +
                                  " | reference: " + (refOk ? "ok" : refError));
    f.ranJit += jitOk;
    f.ranRef += refOk;
    if (!jitOk || !refOk) continue;
    ++f.ranBoth;
    bool same = outJit.size() == outRef.size();
    auto options = conformance::compareOptionsForGraph(*graph);
    options.operandMagnitude = conformance::operandMagnitude(inputs());
    for (size_t k = 0; same && k < outJit.size(); ++k) {
      auto r = conformance::compareValues(outRef[k], outJit[k], options);
      if (!r) {
        same = false;
        f.disagreements.push_back(call + ": " + r.message);
      }
    }
    f.agree += same;
  }
  std::cout << "[builtin calls] " << file << ": " << f.entries << " entries of 1.13's list; " << f.generated
            << " with generatable arguments; " << f.compiled << " compile; " << f.ranJit << " run on the jit, "
            << f.ranRef << " on the reference, " << f.ranBoth << " on both; " << f.agree << " agree; " << f.covered
            << " name an aten op of the op table, " << f.coveredCompiled << " of them compile\n";
  for (const auto& d : f.disagreements) std::cout << "  engines disagree: " << d << "\n";
  if (verbose())
    for (const auto& c : f.coveredFailures) std::cout << "  covered, fails: " << c << "\n";
  return f;
}

}  // namespace

TEST(BuiltinCalls, EveryListedFunctionCompilesAndRunsOnBothEngines) {
  Figures f = runList("builtin_functions.txt");
  EXPECT_EQ(f.entries, 1718u);
  // Floors measured when this test was written (raise them as support grows).
  EXPECT_GE(f.compiled, kCompiledFloor);
  EXPECT_GE(f.ranBoth, kRanBothFloor);
  EXPECT_EQ(f.agree, f.ranBoth);
}

TEST(BuiltinCalls, EveryListedTensorMethodCompilesAndRunsOnBothEngines) {
  Figures f = runList("builtin_tensor_methods.txt");
  EXPECT_EQ(f.entries, 1107u);
  EXPECT_GE(f.compiled, kMethodsCompiledFloor);
  EXPECT_GE(f.ranBoth, kMethodsRanBothFloor);
  EXPECT_EQ(f.agree, f.ranBoth);
}

// corpus_runner_test.cpp — how the corpus runner judges a case, on small hand-written cases:
// right and wrong outputs, tolerances, raised and missing errors (with the last-line check),
// not-yet-supported ops, input mutation with and without inputs_after, module cases with methods
// and the fallback to inlined_graph, corrupt files, and the JSON report.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "conformance/lib/CorpusRunner.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Graph.h"

using namespace tsjit;
using namespace tsjit::conformance;
using nlohmann::json;

namespace {

json intValue(int64_t v) { return {{"type", "int"}, {"value", v}}; }
json floatTensor(std::vector<double> values) {
  json data = json::array();
  for (double v : values) data.push_back(pythonFloatHex(v));
  return {{"type", "Tensor"}, {"dtype", "float32"}, {"shape", {values.size()}}, {"strides", {1}}, {"data", data}};
}

Case functionCase(const std::string& graph, json inputs, json output) {
  json doc = {{"name", "t"}, {"category", "unit"}, {"kind", "function"}, {"graph", graph},
              {"inputs", std::move(inputs)}, {"outputs", json::array({std::move(output)})}};
  return parseCase(doc, "t.json");
}

CaseResult judge(const Case& c, GraphChoice g = GraphChoice::Graph) {
  RunnerOptions o;
  o.graph = g;
  return runCase(c, referenceEngine(), o);
}

const char* kAddOne = R"IR(graph(%x : int):
  %one : int = prim::Constant[value=1]()
  %y : int = aten::add(%x, %one)
  return (%y)
)IR";

}  // namespace

TEST(CorpusRunner, RightAndWrongOutputs) {
  CaseResult ok = judge(functionCase(kAddOne, json::array({intValue(41)}), intValue(42)));
  EXPECT_EQ(ok.outcome, Outcome::Passed) << ok.reason;
  EXPECT_EQ(ok.graphUsed, "graph");
  CaseResult bad = judge(functionCase(kAddOne, json::array({intValue(41)}), intValue(43)));
  EXPECT_EQ(bad.outcome, Outcome::Failed);
  EXPECT_EQ(bad.reason, "output value: expected 43 got 42");
}

TEST(CorpusRunner, FloatOutputsUseTheGraphTolerance) {
  // exp has an ULP tolerance (> 0): a result one float32 ULP away from the reference passes,
  // while the same difference after an exact op (neg) fails.
  const char* expGraph = R"IR(graph(%x : Tensor):
  %y : Tensor = aten::exp(%x)
  return (%y)
)IR";
  const char* negGraph = R"IR(graph(%x : Tensor):
  %y : Tensor = aten::neg(%x)
  return (%y)
)IR";
  double exact = static_cast<float>(std::exp(1.0));  // the reference: exp in double, rounded once
  double oneUlpOff = std::nextafter(static_cast<float>(exact), 10.0f);
  EXPECT_EQ(judge(functionCase(expGraph, json::array({floatTensor({1.0})}), floatTensor({oneUlpOff}))).outcome,
            Outcome::Passed);
  double negOff = std::nextafter(-1.0f, 10.0f);
  CaseResult r = judge(functionCase(negGraph, json::array({floatTensor({1.0})}), floatTensor({negOff})));
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("1 ulp"), std::string::npos) << r.reason;
}

TEST(CorpusRunner, ErrorCases) {
  const char* raising = R"IR(graph(%n : int):
  %cls : str = prim::Constant[value="builtins.ValueError"]()
  %msg : str = prim::Constant[value="bad n"]()
   = prim::RaiseException(%msg, %cls)
  return (%n)
)IR";
  json doc = {{"name", "e"}, {"category", "unit"}, {"kind", "function"}, {"graph", raising},
              {"inputs", json::array({intValue(1)})},
              {"error", {{"type", "Error"}, {"module", "torch.jit"}, {"message", "...\nbuiltins.ValueError: bad n\n"},
                         {"last_line", "builtins.ValueError: bad n"}}}};
  CaseResult r = judge(parseCase(doc, "e.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  EXPECT_TRUE(r.lastLineMatches);
  // A different last line fails the case: raising "an error" is not enough.
  doc["error"]["last_line"] = "builtins.ValueError: other";
  r = judge(parseCase(doc, "e.json"));
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_FALSE(r.lastLineMatches);
  EXPECT_EQ(r.actualLastLine, "builtins.ValueError: bad n");
  EXPECT_EQ(r.reason, "raised Error / builtins.ValueError: bad n but PyTorch raised Error / builtins.ValueError: other");
  // So does the same last line under another exception class.
  doc["error"]["last_line"] = "builtins.ValueError: bad n";
  doc["error"]["type"] = "RuntimeError";
  r = judge(parseCase(doc, "e.json"));
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_FALSE(r.lastLineMatches);
  doc["error"]["type"] = "Error";
  doc["graph"] = kAddOne;
  r = judge(parseCase(doc, "e.json"));
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("expected an error"), std::string::npos) << r.reason;
  // An unexpected error fails with Python's last line.
  CaseResult u = judge(functionCase(raising, json::array({intValue(1)}), intValue(1)));
  EXPECT_EQ(u.outcome, Outcome::Failed);
  EXPECT_EQ(u.reason, "raised builtins.ValueError: bad n");
}

TEST(CorpusRunner, UnknownOpsAreNotYetSupported) {
  const char* g = R"IR(graph(%x : int):
  %y : int = aten::no_such_op_anywhere(%x)
  return (%y)
)IR";
  CaseResult r = judge(functionCase(g, json::array({intValue(1)}), intValue(1)));
  EXPECT_EQ(r.outcome, Outcome::NotSupported) << r.reason;
}

TEST(CorpusRunner, InputMutationIsChecked) {
  const char* g = R"IR(graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::add_(%x, %one, %one)
  return (%y)
)IR";
  Case c = functionCase(g, json::array({floatTensor({1.0, 2.0})}), floatTensor({2.0, 3.0}));
  CaseResult r = judge(c);  // no inputs_after recorded: the mutation is a failure
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("input 0 was modified by the call"), std::string::npos) << r.reason;
  c.inputsAfter = json::array({floatTensor({2.0, 3.0})});
  r = judge(c);
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  c.inputsAfter = json::array({floatTensor({2.0, 4.0})});
  r = judge(c);
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("input 0 after the call"), std::string::npos) << r.reason;
}

TEST(CorpusRunner, ContainerArgumentsAreCopiesButTensorsAreShared) {
  // The list the caller passed is not changed by append (TorchScript got a copy).
  const char* g = R"IR(graph(%l : int[]):
  %five : int = prim::Constant[value=5]()
  %r : int[] = aten::append(%l, %five)
  %n : int = aten::len(%l)
  return (%n)
)IR";
  json list = {{"type", "List"}, {"elem", "int"}, {"items", json::array({intValue(1)})}};
  CaseResult r = judge(functionCase(g, json::array({list}), intValue(2)));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
}

TEST(CorpusRunner, ModuleCasesRunMethodsAndFallBackForSubmodules) {
  json state = json::parse(R"J({"qualified_name": "__torch__.M",
    "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": false}},
                   {"name": "k", "kind": "attribute", "type": "int", "value": {"type": "int", "value": 3}},
                   {"name": "sub", "kind": "module", "type": "__torch__.S"}],
    "constants": [],
    "submodules": [{"name": "sub", "qualified_name": "__torch__.S",
                    "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": false}}],
                    "constants": [], "submodules": []}]})J");
  std::string forward = R"IR(graph(%self : __torch__.M, %x : int):
  %y : int = prim::CallMethod[name="helper"](%self, %x)
  return (%y)
)IR";
  std::string helper = R"IR(graph(%self : __torch__.M, %x : int):
  %k : int = prim::GetAttr[name="k"](%self)
  %y : int = aten::mul(%x, %k)
  return (%y)
)IR";
  std::string inlined = R"IR(graph(%self : __torch__.M, %x : int):
  %k : int = prim::GetAttr[name="k"](%self)
  %y : int = aten::mul(%x, %k)
  return (%y)
)IR";
  json doc = {{"name", "m"}, {"category", "modules"}, {"kind", "module"}, {"graph", forward},
              {"inlined_graph", inlined}, {"method_graphs", {{"forward", forward}, {"helper", helper}}},
              {"module_state", state}, {"inputs", json::array({intValue(5)})},
              {"outputs", json::array({intValue(15)})}};
  CaseResult r = judge(parseCase(doc, "m.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  EXPECT_EQ(r.graphUsed, "graph");
  // forward calling a submodule's (unrecorded) forward falls back to inlined_graph.
  doc["method_graphs"]["forward"] = R"IR(graph(%self : __torch__.M, %x : int):
  %s : __torch__.S = prim::GetAttr[name="sub"](%self)
  %y : int = prim::CallMethod[name="forward"](%s, %x)
  return (%y)
)IR";
  r = judge(parseCase(doc, "m.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  EXPECT_EQ(r.graphUsed, "inlined_graph (fallback: prim::CallMethod __torch__.S.forward (not recorded))");
}

TEST(CorpusRunner, CorruptFilesFailByName) {
  std::string path = ::testing::TempDir() + "broken_case.json";
  std::ofstream(path) << "{\"name\": ";
  CaseResult r = runCaseFile(path, referenceEngine());
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_EQ(r.name, "broken_case");
  EXPECT_NE(r.reason.find("corrupt case file"), std::string::npos);
  std::remove(path.c_str());

  Summary s;
  s.engine = "reference";
  s.graph = "graph";
  s.results.push_back(r);
  s.results.push_back(judge(functionCase(kAddOne, json::array({intValue(1)}), intValue(2))));
  json j = summaryJson(s);
  EXPECT_EQ(j["cases"], 2);
  EXPECT_EQ(j["passed"], 1);
  EXPECT_EQ(j["failed"][0]["name"], "broken_case");
  std::ostringstream os;
  printSummary(os, s);
  EXPECT_NE(os.str().find("1 passed, 1 failed, 0 not yet supported (of 2 cases)"), std::string::npos) << os.str();
}

// ---- --source: cases compiled from their TorchScript source ----

namespace {
CaseResult judgeSource(const Case& c) {
  RunnerOptions o;
  o.source = true;
  return runCase(c, referenceEngine(), o);
}
}  // namespace

TEST(CorpusRunnerSource, FunctionsCompileFromSourceNotFromTheGraph) {
  // The recorded graph is deliberately wrong (adds 2): a source run must not use it.
  std::string wrongGraph = R"IR(graph(%x : int):
  %two : int = prim::Constant[value=2]()
  %y : int = aten::add(%x, %two)
  return (%y)
)IR";
  json doc = {{"name", "f"}, {"category", "unit"}, {"kind", "function"}, {"graph", wrongGraph},
              {"source", "def f(x: int) -> int:\n    return x + 1\n"}, {"entry", "f"},
              {"inputs", json::array({intValue(41)})}, {"outputs", json::array({intValue(42)})}};
  CaseResult r = judgeSource(parseCase(doc, "f.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  EXPECT_TRUE(r.fromSource);
  EXPECT_EQ(r.graphUsed, "source");
  // Without --source the (wrong) recorded graph runs.
  EXPECT_EQ(judge(parseCase(doc, "f.json")).outcome, Outcome::Failed);
}

TEST(CorpusRunnerSource, CompileErrorsFailWithTheWholeMessage) {
  json doc = {{"name", "bad"}, {"category", "unit"}, {"kind", "function"}, {"graph", kAddOne},
              {"source", "def bad(x: int) -> int:\n    return y\n"}, {"entry", "bad"},
              {"inputs", json::array({intValue(1)})}, {"outputs", json::array({intValue(2)})}};
  CaseResult r = judgeSource(parseCase(doc, "bad.json"));
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("compile error: "), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("bad.py:2:"), std::string::npos) << r.reason;
  EXPECT_NE(r.compileError.find("return y"), std::string::npos) << r.compileError;  // the source line
  Summary s;
  s.engine = "reference";
  s.graph = "graph";
  s.source = true;
  s.results.push_back(r);
  json j = summaryJson(s);
  EXPECT_EQ(j["source"], true);
  EXPECT_EQ(j["compile_errors"][0]["name"], "bad");
  EXPECT_EQ(j["results"][0]["compile_error"], r.compileError);
  std::ostringstream os;
  printSummary(os, s, /*verbose=*/true);
  EXPECT_NE(os.str().find("compile errors:\n  bad:\n"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("compile err"), std::string::npos) << os.str();
}

TEST(CorpusRunnerSource, ModulesGetTheirStateFromModuleState) {
  json state = json::parse(R"J({"qualified_name": "__torch__.M",
    "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": false}},
                   {"name": "k", "kind": "attribute", "type": "int", "value": {"type": "int", "value": 3}},
                   {"name": "sub", "kind": "module", "type": "__torch__.S"}],
    "constants": [{"name": "c", "type": "int", "value": {"type": "int", "value": 100}}],
    "submodules": [{"name": "sub", "qualified_name": "__torch__.S",
                    "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": false}},
                                   {"name": "d", "kind": "attribute", "type": "int", "value": {"type": "int", "value": 7}}],
                    "constants": [], "submodules": []}]})J");
  const char* source = R"PY(
class S(nn.Module):
    def forward(self, x: int) -> int:
        return x + self.d

class M(nn.Module):
    __constants__ = ["c"]

    def helper(self, x: int) -> int:
        return x * self.k

    def forward(self, x: int) -> int:
        return self.sub(self.helper(x)) + self.c
)PY";
  json doc = {{"name", "m"}, {"category", "modules"}, {"kind", "module"}, {"graph", "graph(%self : __torch__.M):\n  return (%self)\n"},
              {"source", source}, {"entry", "M"}, {"module_state", state},
              {"inputs", json::array({intValue(5)})}, {"outputs", json::array({intValue(5 * 3 + 7 + 100)})}};
  CaseResult r = judgeSource(parseCase(doc, "m.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason << "\n" << r.compileError;
  EXPECT_TRUE(r.fromSource);
}

TEST(CorpusRunnerSource, TracedCasesReplayTheirGraph) {
  json doc = {{"name", "t"}, {"category", "unit"}, {"kind", "traced"}, {"graph", kAddOne},
              {"source", "def t(x):\n    return x + 1\n"}, {"entry", "t"},
              {"inputs", json::array({intValue(1)})}, {"outputs", json::array({intValue(2)})}};
  CaseResult r = judgeSource(parseCase(doc, "t.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  EXPECT_FALSE(r.fromSource);
  EXPECT_EQ(r.graphUsed, "graph (traced: no source)");
}

namespace {
const char* kScale = R"IR(graph(%x : Tensor):
  %two : float = prim::Constant[value=2.]()
  %y : Tensor = aten::mul(%x, %two)
  return (%y)
)IR";

// An engine whose session answers every call after the first with the first call's outputs
// (a plan cache keyed on nothing): what a stale plan looks like from outside.
Engine staleSessionEngine(bool staleOnlyForOtherSpecializations) {
  Engine e = referenceEngine();
  e.session = [e, staleOnlyForOtherSpecializations](const Graph& g) -> Engine::RunFn {
    auto first = std::make_shared<std::vector<IValue>>();
    auto graph = g.copy();
    return [e, first, graph, staleOnlyForOtherSpecializations](std::vector<IValue> in) {
      bool otherSpec = !in.empty() && in[0].isTensor() &&
                       (in[0].toTensor().requiresGrad() || in[0].toTensor().dtype() != ScalarType::Float);
      if (!first->empty() && (!staleOnlyForOtherSpecializations || otherSpec)) return *first;
      auto outs = e.run(*graph, std::move(in));
      if (first->empty()) *first = outs;
      return outs;
    };
  };
  return e;
}
}  // namespace

TEST(CorpusRunner, RepeatedRunsOnOneSessionAreJudged) {
  // Given: a case whose second run (same inputs) is fine but whose other specializations are not
  Case c = functionCase(kScale, json::array({floatTensor({1.5, -2})}), floatTensor({3, -4}));
  RunnerOptions o;
  // Execute + Result: a session that is always right passes; a stale one fails with "caching:"
  Engine good = referenceEngine();
  good.session = [good](const Graph& g) -> Engine::RunFn {
    auto graph = g.copy();
    return [good, graph](std::vector<IValue> in) { return good.run(*graph, std::move(in)); };
  };
  CaseResult ok = runCase(c, good, o);
  EXPECT_EQ(ok.outcome, Outcome::Passed) << ok.reason;
  CaseResult stale = runCase(c, staleSessionEngine(/*staleOnlyForOtherSpecializations=*/true), o);
  EXPECT_EQ(stale.outcome, Outcome::Failed);
  EXPECT_NE(stale.reason.find("caching: float64 inputs: the executor and a fresh one differ"), std::string::npos)
      << stale.reason;
  // The same case with a different recorded input in its repeats: a session that replays its
  // first answer passes identical repeats but not another specialization.
  o.runs = 0;
  CaseResult single = runCase(c, staleSessionEngine(false), o);
  EXPECT_EQ(single.outcome, Outcome::Passed) << single.reason;
}

TEST(CorpusRunner, ErrorCasesCompareTheInputsAfterTheFailedCall) {
  // The graph writes into its input, then raises: the write must match PyTorch's inputs_after.
  const char* g = R"IR(graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::add_(%x, %one, %one)
  %cls : str = prim::Constant[value="builtins.ValueError"]()
  %msg : str = prim::Constant[value="bad x"]()
   = prim::RaiseException(%msg, %cls)
  return (%y)
)IR";
  json doc = {{"name", "e"}, {"category", "unit"}, {"kind", "function"}, {"graph", g},
              {"inputs", json::array({floatTensor({1.0, 2.0})})},
              {"error", {{"type", "Error"}, {"module", "torch.jit"}, {"message", "builtins.ValueError: bad x"},
                         {"last_line", "builtins.ValueError: bad x"}}}};
  CaseResult r = judge(parseCase(doc, "e.json"));  // no inputs_after: the write is a failure
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("input 0 was modified by the failed call"), std::string::npos) << r.reason;
  doc["inputs_after"] = json::array({floatTensor({2.0, 3.0})});
  r = judge(parseCase(doc, "e.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
  doc["inputs_after"] = json::array({floatTensor({2.0, 4.0})});
  r = judge(parseCase(doc, "e.json"));
  EXPECT_EQ(r.outcome, Outcome::Failed);
  EXPECT_NE(r.reason.find("input 0 after the failed call"), std::string::npos) << r.reason;
}

TEST(CorpusRunner, EachTupleOutputGetsTheToleranceOfTheOpsItDependsOn) {
  // The graph holds a reduction (sum), but output [0] comes from neg alone: one ulp off fails
  // there, while the sum's output accepts a reassociation-sized difference.
  const char* g = R"IR(graph(%x : Tensor, %y : Tensor):
  %none : NoneType = prim::Constant()
  %a : Tensor = aten::neg(%x)
  %s : Tensor = aten::sum(%y, %none)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%a, %s)
  return (%t)
)IR";
  auto tuple = [](json a, json b) { return json{{"type", "Tuple"}, {"items", json::array({a, b})}}; };
  auto scalar = [](double v) {
    return json{{"type", "Tensor"}, {"dtype", "float32"}, {"shape", json::array()}, {"strides", json::array()},
                {"data", json::array({pythonFloatHex(v)})}};
  };
  json inputs = json::array({floatTensor({1.5}), floatTensor({0.1, 0.2, 0.3})});
  const double sum = static_cast<float>(0.1f + 0.2f + 0.3f);
  CaseResult ok = judge(functionCase(g, inputs, tuple(floatTensor({-1.5}), scalar(sum))));
  EXPECT_EQ(ok.outcome, Outcome::Passed) << ok.reason;
  const double offNeg = std::nextafter(-1.5f, 0.0f);
  CaseResult bad = judge(functionCase(g, inputs, tuple(floatTensor({offNeg}), scalar(sum))));
  EXPECT_EQ(bad.outcome, Outcome::Failed);
  EXPECT_NE(bad.reason.find("output [0]"), std::string::npos) << bad.reason;
  const double sumOff = std::nextafter(std::nextafter(std::nextafter(static_cast<float>(sum), 1.0f), 1.0f), 1.0f);
  CaseResult near = judge(functionCase(g, inputs, tuple(floatTensor({-1.5}), scalar(sumOff))));
  EXPECT_EQ(near.outcome, Outcome::Passed) << near.reason;  // 3 ulps: within 3 * eps * Σ|y| = 3 * eps * 0.6
}

// A module whose forward updates a buffer and returns it: the output aliases the module's state, so
// the runner's own reference run (for the tolerances) must work on a copy of the module, or it
// would update the buffer a second time under the engine's output (1 would read as 2).
TEST(CorpusRunner, OutputsAliasingModuleStateAreJudgedAfterOneRun) {
  json state = json::parse(R"J({"qualified_name": "__torch__.Counter",
    "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": false}},
                   {"name": "n", "kind": "buffer", "type": "Tensor",
                    "value": {"type": "Tensor", "dtype": "float32", "shape": [1], "strides": [1], "data": ["0x0.0p+0"]}}],
    "constants": [], "submodules": []})J");
  std::string forward = R"IR(graph(%self : __torch__.Counter, %x : Tensor):
  %one : float = prim::Constant[value=1.]()
  %n : Tensor = prim::GetAttr[name="n"](%self)
  %r : Tensor = aten::add_(%n, %one, %one)
  return (%r)
)IR";
  json doc = {{"name", "counter"}, {"category", "modules"}, {"kind", "module"}, {"graph", forward},
              {"inlined_graph", forward}, {"method_graphs", {{"forward", forward}}},
              {"module_state", state}, {"inputs", json::array({floatTensor({2.0})})},
              {"outputs", json::array({floatTensor({1.0})})}};
  CaseResult r = judge(parseCase(doc, "counter.json"));
  EXPECT_EQ(r.outcome, Outcome::Passed) << r.reason;
}

// trace_test.cpp — the tracer (jit/frontend/Tracer.h, `tsjit trace`): programs written here are
// compiled, traced on example inputs and the traced graph checked for what 1.13's tracer records
// (loops unrolled, branches resolved, Python values as constants, warnings, in-place re-mapping);
// every traced graph must compute what the program computed. Then every traced case of the
// corpus: the recorded graph's node kinds (PyTorch 1.13's trace), the same trace on both engines,
// and the traced graph run on the case's inputs against PyTorch's recorded outputs.
#include <gtest/gtest.h>

#include "conformance/lib/Compare.h"
#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/GraphTolerance.h"
#include "conformance/lib/TraceCase.h"
#include "conformance/lib/ValueClone.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "jit/autograd/Autograd.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

using namespace tsjit;
using namespace tsjit::conformance;

namespace {

std::vector<IValue> runJit(const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
  return runtime::runGraph(g, std::move(in));
}
std::vector<IValue> runReference(const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
  return reference::evaluate(*g, std::move(in));
}

class Trace : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    kernels::registerAllKernels();
    reference::registerAllKernels();
    // jit ops record autograd history (outputs of ops on parameters require grad, as traced
    // types in 1.13 show: requires_grad=1), as in `tsjit trace`.
    autograd::initialize();
  }

  // Traces `entry` of `source` on `inputs`; checks the traced graph computes, on fresh copies of
  // the inputs, what the traced run returned (on both engines).
  frontend::TraceResult trace(const std::string& source, const std::string& entry, std::vector<IValue> inputs) {
    std::shared_ptr<frontend::CompilationUnit> unit;
    auto g = frontend::compileScriptEntry(source, "<test>", entry, /*inlineCalls=*/true, &unit);
    std::vector<IValue> fresh = cloneValues(inputs);
    frontend::TraceResult r = frontend::traceGraph(*g, std::move(inputs), runJit);
    for (auto run : {runJit, runReference}) {
      std::vector<IValue> again = run(r.graph, cloneValues(fresh));
      EXPECT_EQ(again.size(), r.outputs.size());
      for (size_t i = 0; i < again.size() && i < r.outputs.size(); ++i) {
        CompareResult c = compareValues(r.outputs[i], again[i], compareOptionsForGraph(*r.graph));
        EXPECT_TRUE(c.ok) << c.message << "\n" << r.graph->toString();
      }
    }
    return r;
  }
};

Tensor floats(std::vector<double> v, std::vector<int64_t> sizes) {
  return Tensor::fromDoubles(v, sizes, ScalarType::Float);
}

size_t count(const std::vector<std::string>& kinds, const std::string& k) {
  return static_cast<size_t>(std::count(kinds.begin(), kinds.end(), k));
}

}  // namespace

TEST_F(Trace, LoopsAreUnrolledAndBranchesResolved) {
  auto r = trace(R"PY(
def f(x):
    n = x.size(0) + 1
    for i in range(n):
        x = x * 2 + i
    if n > 2:
        x = x.relu()
    else:
        x = x.sigmoid()
    return x
)PY", "f", {IValue(floats({1, -2, 3, -4}, {2, 2}))});
  // n = 3 comes from a size: a Python value, frozen; no loop, no branch, no size node.
  auto kinds = nodeKinds(*r.graph);
  EXPECT_EQ(count(kinds, "aten::mul"), 3u) << r.graph->toString();
  EXPECT_EQ(count(kinds, "aten::add"), 3u);
  EXPECT_EQ(count(kinds, "aten::relu"), 1u);
  EXPECT_EQ(count(kinds, "aten::sigmoid"), 0u);
  EXPECT_EQ(count(kinds, "prim::Loop") + count(kinds, "prim::If") + count(kinds, "aten::size"), 0u);
}

TEST_F(Trace, TensorInputsOnlyAndPythonNumbersBecomeConstants) {
  // An int input cannot be traced (1.13: "Type 'int' cannot be traced").
  std::shared_ptr<frontend::CompilationUnit> unit;
  auto g = frontend::compileScriptEntry("def f(x, n: int):\n    return x * n\n", "<test>", "f", true, &unit);
  try {
    frontend::traceGraph(*g, {IValue(floats({1}, {1})), IValue(int64_t{2})}, runJit);
    FAIL() << "an int input was traced";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot be traced"), std::string::npos) << e.what();
  }
}

TEST_F(Trace, ConversionsToPythonValuesWarnAndFreeze) {
  auto r = trace(R"PY(
def f(x):
    if bool(x.sum() > 0):
        return x * x.max().item()
    return -x
)PY", "f", {IValue(floats({1, 2, 3}, {3}))});
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_NE(r.warnings[0].find("Converting a tensor to a Python boolean might cause the trace to be incorrect"),
            std::string::npos) << r.warnings[0];
  EXPECT_NE(r.warnings[1].find("Python number"), std::string::npos) << r.warnings[1];
  auto kinds = nodeKinds(*r.graph);
  EXPECT_EQ(count(kinds, "aten::neg"), 0u);
  EXPECT_EQ(count(kinds, "aten::item"), 0u);  // a Python value: frozen as a constant
  EXPECT_EQ(count(kinds, "aten::mul"), 1u) << r.graph->toString();
}

TEST_F(Trace, InPlaceOpsRemapTheirTensorAndViewsWriteThrough) {
  auto r = trace(R"PY(
def f(x):
    y = x.clone()
    y.add_(1.0)
    y[0] = 0.0
    return y
)PY", "f", {IValue(floats({1, 2, 3, 4, 5, 6}, {3, 2}))});
  auto kinds = nodeKinds(*r.graph);
  EXPECT_EQ(count(kinds, "aten::clone"), 1u) << r.graph->toString();
  EXPECT_EQ(count(kinds, "aten::add_"), 1u);
  // the returned value is the in-place op's output, as 1.13 records it
  EXPECT_EQ(r.graph->outputs()[0]->node()->kind().toQualString(), std::string("aten::add_")) << r.graph->toString();
  EXPECT_EQ(r.outputs[0].toTensor().getDouble(0), 0.0);
  EXPECT_EQ(r.outputs[0].toTensor().getDouble(2), 4.0);
}

TEST_F(Trace, ListResultsAreUnpackedAndFactoriesRecorded) {
  auto r = trace(R"PY(
def f(x):
    a, b = x.chunk(2)
    z = torch.zeros([2, 3])
    return torch.cat([b, a, z])
)PY", "f", {IValue(floats({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {4, 3}))});
  auto kinds = nodeKinds(*r.graph);
  EXPECT_EQ(count(kinds, "aten::chunk"), 1u) << r.graph->toString();
  EXPECT_EQ(count(kinds, "prim::ListUnpack"), 1u);
  EXPECT_EQ(count(kinds, "aten::zeros"), 1u);
  EXPECT_EQ(count(kinds, "aten::cat"), 1u);
  EXPECT_EQ(r.outputs[0].toTensor().size(0), 6);
}

TEST_F(Trace, TracedTensorTypesAreComplete) {
  auto r = trace("def f(x):\n    return x.t().sin()\n", "f", {IValue(floats({1, 2, 3, 4, 5, 6}, {2, 3}))});
  std::string text = r.graph->toString();
  EXPECT_NE(text.find("Float(3, 2, strides=[1, 3], requires_grad=0, device=cpu) = aten::t"), std::string::npos) << text;
  // an elementwise op keeps its input's layout (TensorIterator), as in PyTorch
  EXPECT_NE(text.find("Float(3, 2, strides=[1, 3], requires_grad=0, device=cpu) = aten::sin"), std::string::npos) << text;
}

TEST_F(Trace, EveryTracedCorpusCaseMatchesPyTorch) {
  size_t traced = 0;
  for (const std::string& file : listCaseFiles(defaultCorpusDir())) {
    Case c = readCase(file);
    if (!isTracedSourceCase(c)) continue;
    SCOPED_TRACE(c.name);
    ++traced;
    TracedCase jit = traceCase(c, runJit);
    TracedCase ref = traceCase(c, runReference);
    EXPECT_EQ(jit.trace.graph->toString(false), ref.trace.graph->toString(false));

    Prepared recorded = prepareCase(c, GraphChoice::Graph);
    auto recordedGraph = parseIR(c.graph, c.file, recorded.classes.get());
    EXPECT_EQ(nodeKinds(*jit.trace.graph), nodeKinds(*recordedGraph))
        << "tsjit:\n" << jit.trace.graph->toString(false) << "PyTorch 1.13:\n" << c.graph;

    ASSERT_TRUE(c.outputs.has_value());
    IValue expected = decodeValues(*c.outputs, recorded.classes.get(), c.file)[0];
    for (auto run : {runJit, runReference}) {
      std::vector<IValue> in = decodeValues(c.inputs, recorded.classes.get(), c.file);
      if (jit.program.self) in.insert(in.begin(), *jit.program.self);
      // the corpus replay's rule: the tolerance of the ops the output depends on
      RunTolerances tol = tolerancesForRun(*jit.trace.graph, in);
      std::vector<IValue> out = run(jit.trace.graph, std::move(in));
      ASSERT_EQ(out.size(), 1u);
      ASSERT_FALSE(tol.perTupleElement);
      CompareResult cmp = compareValues(expected, out[0], tol.output.at(0));
      EXPECT_TRUE(cmp.ok) << cmp.message;
    }
  }
  EXPECT_GE(traced, 6u) << "the public corpus has 6 traced cases";
}

// Sizes are 0-dim tensors under 1.13's tracer (expected kinds and warnings from python3-torch 1.13.1:
// torch.jit.trace of the same function on a 3x4 input).
TEST_F(Trace, SizesAreTracedAndPythonValuesWarn) {
  auto r = trace(R"PY(
def f(x):
    n = x.size(0)
    if n > 2:
        x = x * 2
    k = max(x.size(1), 2)
    s = float(x.size(1)) + len(x)
    return x[:, :k] * s + x.sum().item(), x.view(-1, x.size(1) * n) / (n + 1)
)PY", "f", {IValue(floats({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {3, 4}))});
  std::vector<std::string> want = {
      "aten::size",  "prim::NumToTensor", "aten::mul",           "aten::size", "prim::NumToTensor", "aten::Int",
      "aten::slice", "aten::slice",       "aten::mul",           "aten::add",  "aten::size",        "prim::NumToTensor",
      "aten::mul",   "aten::Int",         "prim::ListConstruct", "aten::view", "aten::add",         "aten::div",
      "prim::TupleConstruct"};
  EXPECT_EQ(nodeKinds(*r.graph), want) << r.graph->toString();
  ASSERT_EQ(r.warnings.size(), 5u);
  EXPECT_NE(r.warnings[0].find("Python boolean"), std::string::npos) << r.warnings[0];  // n > 2
  EXPECT_NE(r.warnings[1].find("Python boolean"), std::string::npos) << r.warnings[1];  // max(...)
  EXPECT_NE(r.warnings[2].find("Python float"), std::string::npos) << r.warnings[2];
  EXPECT_NE(r.warnings[3].find("Using len to get tensor shape"), std::string::npos) << r.warnings[3];
  EXPECT_NE(r.warnings[4].find("Python number"), std::string::npos) << r.warnings[4];
  // aten::Int sits right after the tensor it converts, as 1.13 places it
  for (const Node* n : r.graph->block()->nodes())
    if (n->kind().toQualString() == "aten::Int") EXPECT_EQ(n->prev(), n->input(0)->node());
}

// What a trace may return (1.13, strict tracing): a Python value is refused, a list warns, a traced
// size is returned as its tensor.
TEST_F(Trace, OutputsFollowStrictTracing) {
  std::shared_ptr<frontend::CompilationUnit> unit;
  auto g = frontend::compileScriptEntry("def f(x):\n    return x, x.dim()\n", "<test>", "f", true, &unit);
  try {
    frontend::traceGraph(*g, {IValue(floats({1, 2}, {2}))}, runJit);
    FAIL() << "an int output was traced";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("Only tensors, lists, tuples of tensors, or dictionary of tensors can be "
                                         "output from traced functions"),
              std::string::npos)
        << e.what();
  }
  auto r = trace("def f(x):\n    return [x, x * 2], x.size(0)\n", "f", {IValue(floats({1, 2}, {2}))});
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("Encountering a list at the output of the tracer"), std::string::npos);
  const Node* tuple = r.graph->outputs()[0]->node();
  ASSERT_EQ(tuple->kind(), prim::TupleConstruct);
  EXPECT_EQ(tuple->input(0)->node()->kind(), prim::ListConstruct);
  EXPECT_EQ(tuple->input(1)->node()->kind().toQualString(), std::string("prim::NumToTensor"));
}

// A parameter left to its default is a plain value of the run (the trace has one input), and
// torch.tensor(data) is recorded as 1.13 records it: its constant, aten::to, aten::detach (kinds
// from python3-torch 1.13.1).
TEST_F(Trace, DefaultsAndTensorData) {
  std::shared_ptr<frontend::CompilationUnit> unit;
  std::vector<std::optional<Literal>> defaults;
  auto g = frontend::compileScriptEntry(R"PY(
def f(x, scale: Optional[Tensor] = None):
    if scale is None:
        scale = torch.ones_like(x)
    w = torch.tensor([1.0, 2.0])
    return x * w * scale
)PY", "<test>", "f", true, &unit, &defaults);
  frontend::TraceResult r = frontend::traceGraph(*g, {IValue(floats({3, 4}, {2}))}, runJit, defaults);
  EXPECT_EQ(r.graph->inputs().size(), 1u);
  std::vector<std::string> want = {"aten::ones_like", "aten::to", "aten::detach", "aten::mul", "aten::mul"};
  EXPECT_EQ(nodeKinds(*r.graph), want) << r.graph->toString();
  std::vector<IValue> again = runReference(r.graph, {IValue(floats({3, 4}, {2}))});
  EXPECT_EQ(again[0].toTensor().getDouble(1), 8.0);
  EXPECT_THROW(frontend::traceGraph(*g, {}, runJit, defaults), CompileError);  // x has no default
}

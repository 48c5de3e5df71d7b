// grad_executor_test.cpp — symbolic autodiff inside the executors (conformance/lib/GradExecutor.h):
// with inputs requiring grad the profiling executor's optimized plan and the GraphExecutor's plan
// hold prim::DifferentiableGraph nodes guarded by prim::RequiresGradCheck, the rest runs under
// autograd, and the gradients (one autograd graph mixing both) match central finite differences
// of the REFERENCE evaluator; grad mode off records nothing and builds no DifferentiableGraph;
// inputs whose requires_grad differs from the profile take the fallback and stay correct.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "conformance/lib/FiniteDifference.h"
#include "conformance/lib/GradExecutor.h"
#include "jit/autograd/Autograd.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/ProfilingExecutor.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit {
namespace {

// Two differentiable runs around an If on an int, as 1.13 would split it.
const char* kStraight = R"IR(graph(%x : Tensor,
      %y : Tensor,
      %n : int):
  %two : int = prim::Constant[value=2]()
  %a : Tensor = aten::tanh(%x)
  %b : Tensor = aten::mul(%a, %y)
  %c : bool = aten::gt(%n, %two)
  %k : int = prim::If(%c)
    block0():
      -> (%two)
    block1():
      -> (%n)
  %d : Tensor = aten::mul(%b, %k)
  %e : Tensor = aten::sigmoid(%d)
  %f : Tensor = aten::add(%e, %x, %two)
  %g : Tensor = aten::neg(%f)
  return (%g, %b)
)IR";

// An in-place op on an intermediate value, an op without a formula (cumsum) and a view output.
const char* kMixed = R"IR(graph(%x : Tensor,
      %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::sin(%a)
  %c : Tensor = aten::exp(%x)
  %d : Tensor = aten::cumsum(%c, %zero, %none)
  %e : Tensor = aten::mul_(%d, %y)
  %f : Tensor = aten::add(%b, %e, %one)
  %g : Tensor = aten::sigmoid(%f)
  %h : Tensor = aten::mul(%g, %x)
  %t : Tensor = aten::t(%h)
  %s : Tensor = aten::cos(%t)
  %u : Tensor = aten::mul(%s, %t)
  return (%u, %t)
)IR";

Tensor randomTensor(std::vector<int64_t> shape, std::mt19937& rng, bool requiresGrad) {
  std::uniform_real_distribution<double> u(-1, 1);
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) x = u(rng);
  Tensor t = Tensor::fromDoubles(v, shape, ScalarType::Double);
  if (requiresGrad) t.setRequiresGrad(true);
  return t;
}

// max |got - fd| / max(1, max |fd|) (sizes must agree).
double gradError(const Tensor& got, const Tensor& fd) {
  std::vector<double> a = got.toDoubles(), b = fd.toDoubles();
  if (a.size() != b.size()) return INFINITY;
  double worst = 0, scale = 1;
  for (double x : b) scale = std::max(scale, std::fabs(x));
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::isnan(a[i]) ? INFINITY : std::fabs(a[i] - b[i]));
  return worst / scale;
}

void initialize() {
  conformance::initializeGradientExecution();
  reference::registerAllKernels();
}

size_t countKind(const Block* b, Symbol k) {
  size_t n = 0;
  for (const Node* node : b->nodes()) {
    n += node->kind() == k;
    for (const Block* inner : node->blocks()) n += countKind(inner, k);
  }
  return n;
}

std::vector<IValue> copies(const std::vector<IValue>& in) {
  std::vector<IValue> out;
  for (const IValue& v : in) out.push_back(conformance::deepCopyValue(v));
  return out;
}

std::vector<Tensor> tensorsOf(const std::vector<IValue>& values) {
  std::vector<Tensor> out;
  for (const IValue& v : values) out.push_back(v.toTensor());
  return out;
}

// Gradients of Σ <gradOutputs, outputs> w.r.t. the leaves at `wrt` (run by autograd's engine on
// the executor's outputs) against reference finite differences.
void expectGradientsMatchReference(const Graph& graph, const std::vector<IValue>& inputs,
                                   const std::vector<IValue>& outputs, const std::vector<size_t>& wrt,
                                   std::mt19937& rng) {
  std::vector<IValue> gradOutputs;
  for (const IValue& o : outputs) gradOutputs.emplace_back(randomTensor(o.toTensor().sizes(), rng, false));
  std::vector<Tensor> leaves;
  for (size_t i : wrt) leaves.push_back(inputs[i].toTensor());
  std::vector<Tensor> got = autograd::grad(tensorsOf(outputs), tensorsOf(gradOutputs), leaves);
  std::vector<IValue> plain;
  for (const IValue& v : inputs) plain.push_back(v.isTensor() ? IValue(v.toTensor().detach()) : v);
  std::vector<Tensor> fd = conformance::referenceVjp(graph, plain, gradOutputs, wrt);
  ASSERT_EQ(got.size(), fd.size());
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_TRUE(got[i].defined()) << "input " << wrt[i];
    EXPECT_LT(gradError(got[i], fd[i]), 1e-6) << "input " << wrt[i];
  }
}

void expectSameValues(const std::vector<IValue>& a, const std::vector<IValue>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    std::vector<double> x = a[i].toTensor().toDoubles(), y = b[i].toTensor().toDoubles();
    ASSERT_EQ(x.size(), y.size());
    for (size_t j = 0; j < x.size(); ++j) EXPECT_NEAR(x[j], y[j], 1e-12) << "output " << i << " element " << j;
  }
}

TEST(GradExecutor, ProfilingExecutorRunsGuardedDifferentiableGraphs) {
  initialize();
  auto graph = parseIR(kStraight);
  std::mt19937 rng(1);
  std::vector<IValue> inputs = {IValue(randomTensor({2, 3}, rng, true)), IValue(randomTensor({2, 3}, rng, true)),
                                IValue(int64_t{5})};
  runtime::ProfilingExecutor ex(graph->copy());
  ex.call(copies(inputs));  // profiled
  std::vector<IValue> out = ex.call(inputs);
  ASSERT_TRUE(ex.optimized());
  const Graph& opt = *ex.optimizedGraph();
  EXPECT_EQ(countKind(opt.block(), prim::DifferentiableGraph), 2u) << opt.toString();
  EXPECT_EQ(countKind(opt.block(), prim::RequiresGradCheck), 2u) << opt.toString();
  EXPECT_EQ(autograd::gradFnName(out[0].toTensor()), "DifferentiableGraphBackward");
  conformance::GradNodeCounts counts = conformance::countGradNodes(tensorsOf(out));
  EXPECT_EQ(counts.differentiableGraphs, 2u);
  EXPECT_EQ(counts.symbolicNodes, 6u);  // tanh, mul | mul, sigmoid, add, neg
  EXPECT_EQ(counts.autogradNodes, 0u);
  expectSameValues(out, reference::evaluate(*graph, {IValue(inputs[0].toTensor().detach()),
                                                     IValue(inputs[1].toTensor().detach()), inputs[2]}));
  expectGradientsMatchReference(*graph, inputs, out, {0, 1}, rng);
}

TEST(GradExecutor, InPlaceAndFormulaLessOpsRunUnderAutogradBesideDifferentiableGraphs) {
  initialize();
  auto graph = parseIR(kMixed);
  std::mt19937 rng(2);
  for (bool legacy : {false, true}) {
    std::vector<IValue> inputs = {IValue(randomTensor({3, 4}, rng, true)), IValue(randomTensor({3, 4}, rng, true))};
    std::vector<IValue> out;
    if (legacy) {
      runtime::GraphExecutor ex(graph->copy());
      out = ex.call(inputs);
    } else {
      runtime::ProfilingExecutor ex(graph->copy());
      ex.call(copies(inputs));
      out = ex.call(inputs);
      EXPECT_GE(countKind(ex.optimizedGraph()->block(), prim::DifferentiableGraph), 1u);
    }
    conformance::GradNodeCounts counts = conformance::countGradNodes(tensorsOf(out));
    EXPECT_GT(counts.symbolicNodes, 0u) << (legacy ? "legacy" : "profiling");
    EXPECT_GT(counts.autogradNodes, 0u) << (legacy ? "legacy" : "profiling");  // cumsum, mul_ at least
    expectGradientsMatchReference(*graph, inputs, out, {0, 1}, rng);
  }
}

TEST(GradExecutor, GradModeOffRecordsNothingAndBuildsNoDifferentiableGraph) {
  initialize();
  auto graph = parseIR(kStraight);
  std::mt19937 rng(3);
  std::vector<IValue> inputs = {IValue(randomTensor({2, 3}, rng, true)), IValue(randomTensor({2, 3}, rng, true)),
                                IValue(int64_t{1})};
  kernels::GradModeGuard noGrad(false);
  runtime::ProfilingExecutor ex(graph->copy());
  ex.call(copies(inputs));
  std::vector<IValue> out = ex.call(inputs);
  ASSERT_TRUE(ex.optimized());
  EXPECT_EQ(countKind(ex.optimizedGraph()->block(), prim::DifferentiableGraph), 0u);
  EXPECT_EQ(countKind(ex.optimizedGraph()->block(), prim::RequiresGradCheck), 0u);
  for (const IValue& o : out) {
    EXPECT_FALSE(o.toTensor().requiresGrad());
    EXPECT_EQ(autograd::gradFnName(o.toTensor()), "");
  }
  runtime::GraphExecutor legacy(graph->copy());
  for (const IValue& o : legacy.call(inputs)) EXPECT_FALSE(o.toTensor().requiresGrad());
  std::shared_ptr<const runtime::Code> plan = legacy.planFor(inputs.data(), inputs.size());
  EXPECT_EQ(countKind(plan->graph().block(), prim::DifferentiableGraph), 0u);
}

TEST(GradExecutor, RequiresGradDifferentFromTheProfileTakesTheFallback) {
  initialize();
  auto graph = parseIR(kStraight);
  std::mt19937 rng(4);
  auto makeInputs = [&](bool rg) {
    return std::vector<IValue>{IValue(randomTensor({2, 3}, rng, rg)), IValue(randomTensor({2, 3}, rng, rg)),
                               IValue(int64_t{3})};
  };
  auto expected = [&](const std::vector<IValue>& in) {
    return reference::evaluate(*graph, {IValue(in[0].toTensor().detach()), IValue(in[1].toTensor().detach()), in[2]});
  };
  // Profiled with grad: the plan holds DifferentiableGraphs.
  runtime::ProfilingExecutor ex(graph->copy());
  ex.call(copies(makeInputs(true)));
  ex.call(makeInputs(true));
  ASSERT_EQ(countKind(ex.optimizedGraph()->block(), prim::DifferentiableGraph), 2u);
  // ... called without requires_grad, and with it under no_grad: the checks fail, the inlined
  // fallback runs, nothing is recorded, the values are right.
  std::vector<IValue> plain = makeInputs(false);
  std::vector<IValue> out = ex.call(plain);
  expectSameValues(out, expected(plain));
  for (const IValue& o : out) EXPECT_FALSE(o.toTensor().requiresGrad());
  {
    kernels::GradModeGuard noGrad(false);
    std::vector<IValue> rg = makeInputs(true);
    out = ex.call(rg);
    expectSameValues(out, expected(rg));
    for (const IValue& o : out) EXPECT_EQ(autograd::gradFnName(o.toTensor()), "");
  }
  // Profiled without requires_grad: no DifferentiableGraph; inputs that require grad later still
  // get correct gradients, all from autograd.
  runtime::ProfilingExecutor cold(graph->copy());
  cold.call(makeInputs(false));
  cold.call(makeInputs(false));
  EXPECT_EQ(countKind(cold.optimizedGraph()->block(), prim::DifferentiableGraph), 0u);
  std::vector<IValue> rg = makeInputs(true);
  out = cold.call(rg);
  conformance::GradNodeCounts counts = conformance::countGradNodes(tensorsOf(out));
  EXPECT_EQ(counts.symbolicNodes, 0u);
  EXPECT_GT(counts.autogradNodes, 0u);
  expectGradientsMatchReference(*graph, rg, out, {0, 1}, rng);
}

TEST(GradExecutor, GraphExecutorSpecializesOnRequiresGradUnderTheGradMode) {
  initialize();
  auto graph = parseIR(kStraight);
  std::mt19937 rng(5);
  runtime::GraphExecutor ex(graph->copy());
  std::vector<IValue> rg = {IValue(randomTensor({2, 3}, rng, true)), IValue(randomTensor({2, 3}, rng, true)),
                            IValue(int64_t{0})};
  std::vector<IValue> out = ex.call(rg);
  EXPECT_EQ(countKind(ex.planFor(rg.data(), rg.size())->graph().block(), prim::DifferentiableGraph), 2u);
  EXPECT_EQ(conformance::countGradNodes(tensorsOf(out)).differentiableGraphs, 2u);
  expectGradientsMatchReference(*graph, rg, out, {0, 1}, rng);
  {
    kernels::GradModeGuard noGrad(false);  // the same inputs: another specialization
    ex.call(rg);
    EXPECT_EQ(ex.numPlans(), 2u);
    EXPECT_EQ(countKind(ex.planFor(rg.data(), rg.size())->graph().block(), prim::DifferentiableGraph), 0u);
  }
}

}  // namespace
}  // namespace tsjit

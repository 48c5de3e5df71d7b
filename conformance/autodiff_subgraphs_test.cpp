// autodiff_subgraphs_test.cpp — create_autodiff_subgraphs groups differentiable runs into
// prim::DifferentiableGraph (min size, requires-grad profiling), the DifferentiableGraph operation
// computes the subgraph's outputs and, through AutogradHooks, gradients that match finite
// differences of the reference; insertRequiresGradChecks guards each group.
#include <gtest/gtest.h>

#include <random>

#include "conformance/lib/FiniteDifference.h"
#include "conformance/lib/GradCheck.h"
#include "conformance/lib/ValueClone.h"
#include "jit/autodiff/AutodiffSubgraphs.h"
#include "jit/ir/IRParser.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit {
namespace {

const char* kGraph = R"IR(graph(%x : Tensor,
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

size_t countKind(const Graph& g, Symbol k) {
  size_t n = 0;
  for (const Node* node : g.nodes()) n += node->kind() == k;
  return n;
}

autodiff::GraphRunner referenceRunner() {
  reference::registerAllKernels();
  return [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) { return reference::evaluate(*g, std::move(in)); };
}

Tensor randomTensor(std::vector<int64_t> shape, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) x = u(rng);
  return Tensor::fromDoubles(v, shape, ScalarType::Double);
}

TEST(AutodiffSubgraphs, GroupsRunsAroundControlFlowWithMinSize) {
  auto g = parseIR(kGraph);
  EXPECT_TRUE(autodiff::createAutodiffSubgraphs(g, 2));
  // [tanh, mul] before the If, [mul, sigmoid, add, neg] after it; the comparison and If stay.
  EXPECT_EQ(countKind(*g, prim::DifferentiableGraph), 2u) << g->toString();
  EXPECT_EQ(countKind(*g, prim::If), 1u);
  EXPECT_NE(g->toString().find("with prim::DifferentiableGraph_0 = graph("), std::string::npos) << g->toString();
  auto big = parseIR(kGraph);
  EXPECT_TRUE(autodiff::createAutodiffSubgraphs(big, 3));
  EXPECT_EQ(countKind(*big, prim::DifferentiableGraph), 1u) << big->toString();  // only the run of 4
}

TEST(AutodiffSubgraphs, ProfiledNoGradInputsAreNotGrouped) {
  std::string text = kGraph;
  auto typed = parseIR(std::string("graph(%x : Double(2, 3, strides=[3, 1], requires_grad=0, device=cpu),\n"
                                   "      %y : Double(2, 3, strides=[3, 1], requires_grad=0, device=cpu),\n") +
                       text.substr(text.find("      %n : int)")));
  EXPECT_FALSE(autodiff::createAutodiffSubgraphs(typed, 2)) << typed->toString();
  EXPECT_EQ(countKind(*typed, prim::DifferentiableGraph), 0u);
}

TEST(AutodiffSubgraphs, OperationComputesOutputsAndGradientsThroughHooks) {
  auto g = parseIR(kGraph);
  autodiff::createAutodiffSubgraphs(g, 2);
  std::mt19937 rng(3);
  Node* dg = nullptr;
  for (Node* n : g->nodes())
    if (n->kind() == prim::DifferentiableGraph) dg = n;  // the second group: 4 nodes, 3 inputs
  ASSERT_NE(dg, nullptr);
  const auto& sub = dg->g(attr::Subgraph);
  std::vector<IValue> inputs;
  for (const Value* v : sub->inputs())
    inputs.push_back(v->type()->kind() == TypeKind::Tensor ? IValue(randomTensor({2, 3}, rng)) : IValue(int64_t{2}));

  std::vector<Tensor> gradients;
  std::vector<IValue> gradOutputs;
  autodiff::setAutogradHooks(autodiff::AutogradHooks{
      [](const IValue& v) { return v.isTensor(); },
      [&](const autodiff::Gradient& grad, const std::vector<IValue>&, std::vector<IValue>& outputs,
          std::vector<IValue> saved, const autodiff::GraphRunner& runner) {
        // The grad_fn a test autograd would attach: run the backward right away on random grads.
        std::vector<IValue> bin;
        for (const IValue& o : outputs) bin.emplace_back(randomTensor(o.toTensor().sizes(), rng));
        gradOutputs = bin;
        for (IValue& s : saved) bin.push_back(s);
        for (const IValue& r : runner(grad.backward, bin)) gradients.push_back(r.toTensor());
      }});
  auto op = autodiff::differentiableGraphOperation(*dg, referenceRunner());
  Stack stack = conformance::cloneValues(inputs);
  op(stack, inputs.size());
  std::vector<IValue> expected = reference::evaluate(*sub, conformance::cloneValues(inputs));
  ASSERT_EQ(stack.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(stack[i].toTensor().toDoubles(), expected[i].toTensor().toDoubles());
  std::vector<size_t> wrt = autodiff::tensorInputs(*sub);
  ASSERT_EQ(gradients.size(), wrt.size());
  std::vector<Tensor> fd = conformance::referenceVjp(*sub, inputs, gradOutputs, wrt);
  for (size_t i = 0; i < wrt.size(); ++i) EXPECT_LT(conformance::gradError(gradients[i], fd[i]), 1e-6);
  autodiff::setAutogradHooks({[](const IValue&) { return false; }, {}});
}

TEST(AutodiffSubgraphs, RequiresGradCheckGuardsEachGroup) {
  auto g = parseIR(kGraph);
  autodiff::createAutodiffSubgraphs(g, 3);
  // Profiled: the inputs required grad when the group was formed.
  Node* dg = nullptr;
  for (Node* n : g->nodes())
    if (n->kind() == prim::DifferentiableGraph) dg = n;
  ASSERT_NE(dg, nullptr);
  for (Value* v : dg->inputs())
    if (v->type()->kind() == TypeKind::Tensor)
      v->setType(TensorType::create(ScalarType::Double, Device(), std::nullopt, std::nullopt, true));
  EXPECT_TRUE(autodiff::insertRequiresGradChecks(g));
  EXPECT_EQ(countKind(*g, prim::RequiresGradCheck), 1u) << g->toString();
  EXPECT_EQ(countKind(*g, prim::DifferentiableGraph), 0u);  // now inside the If's true branch
  Node* check = nullptr;
  for (Node* n : g->nodes())
    if (n->kind() == prim::RequiresGradCheck) check = n;
  ASSERT_NE(check, nullptr);
  Node* guarded = check->output(check->numOutputs() - 1)->uses().at(0).user;
  EXPECT_EQ(guarded->kind(), prim::If);
  EXPECT_EQ(guarded->blocks().at(0)->nodes().front()->kind(), prim::DifferentiableGraph);

  autodiff::setAutogradHooks({[](const IValue& v) { return v.isTensor() && v.toTensor().requiresGrad(); }, {}});
  auto op = autodiff::requiresGradCheckOperation(*check);
  std::mt19937 rng(5);
  Tensor plain = randomTensor({2, 3}, rng);
  Stack s1;
  for (const Value* v : check->inputs()) s1.push_back(v->type()->kind() == TypeKind::Tensor ? IValue(plain) : IValue(int64_t{1}));
  op(s1, check->numInputs());
  EXPECT_FALSE(s1.back().toBool());  // profiled requires_grad=1, got a tensor without it
  Tensor rg = randomTensor({2, 3}, rng);
  rg.setRequiresGrad(true);
  Stack s2;
  for (const Value* v : check->inputs()) s2.push_back(v->type()->kind() == TypeKind::Tensor ? IValue(rg) : IValue(int64_t{1}));
  op(s2, check->numInputs());
  EXPECT_TRUE(s2.back().toBool());
  EXPECT_EQ(s2.size(), check->numInputs() + 1);
}

}  // namespace
}  // namespace tsjit

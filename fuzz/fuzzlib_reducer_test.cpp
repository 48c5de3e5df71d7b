// fuzzlib_reducer_test.cpp — the reducer keeps the bug (fuzz/lib/Reducer.h), shown on a planted bug:
// a test-only engine (the reference evaluator with a hook) whose aten::mul is off by one in element
// 0 and whose aten::sin raises. On a graph where the mul runs first, lockstep reports the mul; deleting
// the mul would expose the sin instead — a reducer that only asks "does it still fail?" would slide
// there. The reduced case must still fail with the mul's signature, be 1-minimal (one op node), and
// pass under honest engines (the failure is the planted bug, not the graph).
#include <gtest/gtest.h>

#include "fuzz/lib/Reducer.h"
#include "jit/ir/IRParser.h"
#include "jit/runtime/Interpreter.h"
#include "reference/Evaluator.h"

namespace tsjit::fuzz {
namespace {

const char* kGraph = R"IR(graph(%x : Tensor,
      %y : Tensor,
      %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::add(%x, %y, %one)
  %b : Tensor = aten::neg(%a)
  %m : Tensor = aten::mul(%b, %y)
  %s : Tensor = aten::sin(%m)
  %r : Tensor = prim::If(%c)
    block0():
      %t : Tensor = aten::relu(%s)
      -> (%t)
    block1():
      -> (%s)
  %e : Tensor = aten::exp(%r)
  return (%e, %a)
)IR";

reference::EvaluatorOptions plantedHooks(runtime::ExecutionObserver* obs) {
  reference::EvaluatorOptions eo;
  eo.onOpBegin = [obs](const Node& n, const std::vector<IValue>& ins) {
    if (obs) obs->beforeOp(n, ins.data(), ins.size());
    if (n.kind() == Symbol::fromQualString("aten::sin")) throw RuntimeError("planted sin bug");
  };
  eo.onOpEnd = [obs](const Node& n, const std::vector<IValue>&, std::vector<IValue>& outs) {
    if (n.kind() == Symbol::fromQualString("aten::mul") && outs[0].isTensor() && outs[0].toTensor().numel() > 0) {
      Tensor t = outs[0].toTensor().clone();
      t.setDouble(0, t.getDouble(0) + 1.0);
      outs[0] = IValue(t);
    }
    if (obs) obs->afterOp(n, outs.data(), outs.size());
  };
  return eo;
}

PropertyEngines planted(PropertyMode mode) {
  PropertyEngines e = referenceVsReference(mode);
  e.actualName = "planted";
  e.actual = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    reference::Evaluator ev(plantedHooks(nullptr));
    return ev.run(*g, std::move(in));
  };
  e.observed = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in, runtime::ExecutionObserver& obs) {
    reference::Evaluator ev(plantedHooks(&obs));
    return ev.run(*g, std::move(in));
  };
  return e;
}

std::vector<IValue> caseInputs() {
  Tensor x = Tensor::empty({3, 4}, ScalarType::Float), y = Tensor::empty({3, 4}, ScalarType::Float);
  for (int64_t i = 0; i < 12; ++i) {
    x.setDouble(i, 0.25 * static_cast<double>(i) - 1.0);
    y.setDouble(i, 1.5 - 0.125 * static_cast<double>(i));
  }
  return {IValue(x), IValue(y), IValue(true)};
}

std::vector<std::string> opKinds(const Graph& g) {
  std::vector<std::string> kinds;
  std::function<void(const Block*)> walk = [&](const Block* b) {
    for (const Node* n : b->nodes()) {
      if (n->kind() != Symbol::prim("Constant")) kinds.push_back(n->kind().toQualString());
      for (const Block* s : n->blocks()) walk(s);
    }
  };
  walk(g.block());
  return kinds;
}

TEST(Reducer, LockstepKeepsTheMulBugAndDoesNotSlideToTheSinBug) {
  auto g = parseIR(kGraph);
  ReduceOptions o;
  o.engines = planted(PropertyMode::Lockstep);
  ReduceResult r = reduceCase(*g, caseInputs(), o);
  ASSERT_TRUE(r.reproduced);
  EXPECT_EQ(r.signature.nodeKind, "aten::mul");
  EXPECT_EQ(r.signature.kind, "value");
  EXPECT_EQ(opKinds(*r.graph), std::vector<std::string>{"aten::mul"}) << r.graph->toString();
  EXPECT_LT(r.nodes, r.originalNodes);
  // The reduced case, checked afresh: the same failure under the planted engine...
  auto frozen = cloneValues(r.inputs);
  PropertyResult again = checkGraph(r.graph, [&] { return cloneValues(frozen); }, planted(PropertyMode::Lockstep));
  EXPECT_FALSE(again.passed);
  EXPECT_EQ(signatureOf(again), r.signature) << again.message;
  // ... and none under honest engines.
  PropertyResult honest = checkGraph(r.graph, [&] { return cloneValues(frozen); }, referenceVsReference());
  EXPECT_TRUE(honest.passed) << honest.message;
  // Deleting the mul (replacing it by an input) would still fail, but at the sin: a different signature.
  auto g2 = parseIR(kGraph);
  for (Node* n : g2->block()->nodes())
    if (n->kind() == Symbol::fromQualString("aten::mul")) {
      Value* in = g2->addInput("m_in");
      in->setType(TensorType::get());
      n->output()->replaceAllUsesWith(in);
      n->destroy();
      break;
    }
  auto in2 = caseInputs();
  in2.push_back(IValue(Tensor::zeros({3, 4}, ScalarType::Float)));
  PropertyResult slid = checkGraph(g2, [&] { return cloneValues(in2); }, planted(PropertyMode::Lockstep));
  EXPECT_FALSE(slid.passed);
  EXPECT_NE(signatureOf(slid), r.signature) << slid.message;
}

TEST(Reducer, EndToEndKeepsItsSignature) {
  auto g = parseIR(kGraph);
  ReduceOptions o;
  o.engines = planted(PropertyMode::EndToEnd);
  ReduceResult r = reduceCase(*g, caseInputs(), o);
  ASSERT_TRUE(r.reproduced);
  EXPECT_EQ(r.signature.kind, "error vs return") << r.original.message;
  auto kinds = opKinds(*r.graph);
  EXPECT_EQ(kinds, std::vector<std::string>{"aten::sin"}) << r.graph->toString();
}

TEST(Reducer, ACaseThatPassesIsNotReduced) {
  auto g = parseIR(kGraph);
  ReduceResult r = reduceCase(*g, caseInputs(), ReduceOptions{referenceVsReference(), 100, nullptr});
  EXPECT_FALSE(r.reproduced);
  EXPECT_EQ(r.nodes, r.originalNodes);
}

}  // namespace
}  // namespace tsjit::fuzz

// GraphCase.cpp — see GraphCase.h.
#include "perf/GraphCase.h"

#include <algorithm>
#include <cmath>

#include "conformance/lib/Compare.h"
#include "conformance/lib/CorpusRunner.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/ops/OpTable.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/Interpreter.h"

namespace tsjit::perf {

using runtime::Code;
using runtime::InterpreterState;

namespace {

// Sum over the op nodes (blocks included) of their ULP allowance, at least 1 each.
int fusedUlpBudget(const Block& block) {
  int k = 0;
  for (const Node* n : block.nodes()) {
    for (const Block* b : n->blocks()) k += fusedUlpBudget(*b);
    if (n->kind() == prim::Constant) continue;
    const ops::OpInfo* op = ops::findOp(n->kind());
    const ops::Tolerance t = op ? op->tolerance() : ops::Tolerance::exact();
    k += std::max(1, static_cast<int>(std::ceil(t.kind == ops::Tolerance::Kind::ReductionBound ? 1.0 : t.bound)));
  }
  return k;
}

std::string compareWithReference(std::shared_ptr<Graph> graph, const InputsFn& inputs, const JitRunFn& jit,
                                 bool fused) {
  kernels::registerAllKernels();
  std::vector<IValue> refInputs = inputs();
  conformance::CompareOptions cmp = conformance::compareOptionsForGraph(*graph);
  if (fused) cmp.tolerance = ops::Tolerance::operands(fusedUlpBudget(*graph->block()));
  cmp.operandMagnitude = std::max(cmp.operandMagnitude, conformance::operandMagnitude(refInputs));
  int64_t numel = 1;
  for (const IValue& v : refInputs)
    if (v.isTensor()) numel = std::max(numel, v.toTensor().numel());
  cmp.reductionTerms = numel;
  std::vector<IValue> expected = conformance::referenceEngine().run(*graph, refInputs);
  std::vector<IValue> actual = jit(inputs());
  if (actual.size() != expected.size())
    return "the jit returned " + std::to_string(actual.size()) + " values, the reference " +
           std::to_string(expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    conformance::CompareResult r = conformance::compareValues(expected[i], actual[i], cmp);
    if (!r.ok) return "output " + std::to_string(i) + ": " + r.message;
  }
  return "";
}

}  // namespace

std::string verifyAgainstReference(std::shared_ptr<Graph> graph, const InputsFn& inputs, const JitRunFn& jit) {
  return compareWithReference(std::move(graph), inputs, jit, false);
}

std::string verifyFusedAgainstReference(std::shared_ptr<Graph> graph, const InputsFn& inputs, const JitRunFn& jit) {
  return compareWithReference(std::move(graph), inputs, jit, true);
}

std::string verifyGraphOnEngines(std::shared_ptr<Graph> graph, const InputsFn& inputs) {
  return verifyAgainstReference(graph, inputs, [graph](std::vector<IValue> in) {
    InterpreterState interp(Code::compile(graph));
    interp.run(in);  // Stack is std::vector<IValue>: the inputs become the outputs
    return in;
  });
}

CaseDef graphCase(std::string name, std::string irText, InputsFn inputs, benchmark::TimeUnit unit) {
  CaseDef c;
  c.name = std::move(name);
  c.unit = unit;
  c.prepare = [irText, inputs]() -> std::function<void()> {
    kernels::registerAllKernels();
    auto code = Code::compile(parseIR(irText));
    auto interp = std::make_shared<InterpreterState>(code);
    auto in = std::make_shared<std::vector<IValue>>(inputs());
    auto st = std::make_shared<Stack>();
    return [interp, in, st]() {
      *st = *in;
      interp->run(*st);
      benchmark::DoNotOptimize(st->data());
      st->clear();
    };
  };
  c.verify = [irText, inputs]() { return verifyGraphOnEngines(parseIR(irText), inputs); };
  return c;
}

Tensor seededTensor(std::vector<int64_t> sizes, uint32_t seed) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v(static_cast<size_t>(n));
  uint32_t r = seed;
  for (auto& x : v) {
    r = r * 1664525u + 1013904223u;
    x = (static_cast<double>(r >> 8) / (1 << 24) - 0.5) * 0.2;
  }
  return Tensor::fromDoubles(v, sizes, ScalarType::Float);
}

}  // namespace tsjit::perf

// passes_semantics_test.cpp — the FileCheck cases of conformance/passes/<pass>/ are also
// semantic checks: each graph G is run on seeded random inputs built from its input types through
// the reference (reference(G)), and the pass named by its folder is applied; reference(P(G)) and
// jit(P(G)) (a GraphExecutor running only that pass) must agree with reference(G) on every output
// and on every input afterwards (mutated inputs) under the corpus comparison rule, or all raise.
// The lit tests show where a pass fires; this test shows that firing kept the meaning. Graphs with
// nondeterministic ops (rand*, dropout) are skipped: their values cannot be compared.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "conformance/lib/Compare.h"
#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ir/Verifier.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/tensor/Tensor.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

using namespace tsjit;
namespace fs = std::filesystem;

namespace {

fs::path passesDir() {
  const char* src = std::getenv("TSJIT_SOURCE_DIR");
  return fs::path(src ? src : TSJIT_SOURCE_DIR_FALLBACK) / "conformance" / "passes";
}

std::optional<IValue> randomValue(const TypePtr& type, std::mt19937& rng) {
  std::uniform_real_distribution<double> real(-2, 2);
  switch (type->kind()) {
    case TypeKind::Tensor: {
      const TensorType* t = type->cast<TensorType>();
      ScalarType dtype = t->dtype().value_or(ScalarType::Float);
      std::vector<int64_t> sizes = {2, 3};
      if (t->sizes()) {
        sizes.clear();
        for (const auto& d : *t->sizes()) sizes.push_back(d.value_or(2));
      }
      int64_t numel = 1;
      for (int64_t s : sizes) numel *= s;
      std::vector<double> values;
      for (int64_t i = 0; i < numel; ++i) values.push_back(std::round(real(rng) * 8) / 8);
      return IValue(Tensor::fromDoubles(values, sizes, dtype));
    }
    case TypeKind::Optional: return randomValue(type->cast<OptionalType>()->elementType(), rng);
    case TypeKind::Int: return IValue(static_cast<int64_t>(std::uniform_int_distribution<int>(0, 3)(rng)));
    case TypeKind::Float: return IValue(std::round(real(rng) * 8) / 8);
    case TypeKind::Bool: return IValue(std::uniform_int_distribution<int>(0, 1)(rng) == 1);
    default: return std::nullopt;
  }
}

std::optional<std::vector<IValue>> randomInputs(const Graph& g, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<IValue> out;
  for (const Value* in : g.inputs()) {
    auto v = randomValue(in->type(), rng);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

struct RunResult {
  bool raised = false;
  std::string error;
  std::vector<IValue> outputs;
  std::vector<IValue> inputsAfter;
};

template <typename F>
RunResult runOn(std::vector<IValue> inputs, F&& engine) {
  RunResult r;
  try {
    r.outputs = engine(inputs);
  } catch (const std::exception& e) {
    r.raised = true;
    r.error = e.what();
  }
  r.inputsAfter = std::move(inputs);
  return r;
}

bool hasNondeterministicNode(const Block* b) {
  for (const Node* n : b->nodes()) {
    if (isNondeterministic(n)) return true;
    for (const Block* inner : n->blocks())
      if (hasNondeterministicNode(inner)) return true;
  }
  return false;
}

void expectSame(const RunResult& want, const RunResult& got, const conformance::CompareOptions& options, const std::string& what) {
  ASSERT_EQ(want.raised, got.raised) << what << ": reference(G) " << (want.raised ? "raised " + want.error : "ran")
                                     << ", optimized " << (got.raised ? "raised " + got.error : "ran");
  if (want.raised) return;
  ASSERT_EQ(want.outputs.size(), got.outputs.size()) << what;
  for (size_t i = 0; i < want.outputs.size(); ++i) {
    auto c = conformance::compareValues(want.outputs[i], got.outputs[i], options);
    EXPECT_TRUE(c.ok) << what << ": output " << i << ": " << c.message;
  }
  for (size_t i = 0; i < want.inputsAfter.size(); ++i) {
    auto c = conformance::compareValues(want.inputsAfter[i], got.inputsAfter[i], options);
    EXPECT_TRUE(c.ok) << what << ": input " << i << " after the run: " << c.message;
  }
}

}  // namespace

TEST(PassesSemantics, LitCasesKeepTheirMeaning) {
  reference::registerAllKernels();
  kernels::registerAllKernels();
  registerAllPasses();
  runtime::registerConstantEvaluator();
  ASSERT_TRUE(fs::exists(passesDir())) << passesDir();
  size_t graphs = 0, runs = 0, skipped = 0;
  for (const auto& dir : fs::directory_iterator(passesDir())) {
    if (!dir.is_directory()) continue;
    if (dir.path().filename() == "alias" || dir.path().filename() == "pipeline") continue;  // not one pass
    std::string pass = dir.path().filename().string();
    const PassInfo* info = PassRegistry::global().find(pass);
    ASSERT_NE(info, nullptr) << "folder " << pass << " names no registered pass";
    for (const auto& file : fs::directory_iterator(dir.path())) {
      if (file.path().extension() != ".ir") continue;
      std::ifstream in(file.path());
      std::stringstream text;
      text << in.rdbuf();
      auto g = parseIR(text.str(), file.path().string());
      if (hasNondeterministicNode(g->block()) || !randomInputs(*g, 0)) {
        ++skipped;
        continue;
      }
      ++graphs;
      auto optimized = g->copy();
      info->fn(optimized);
      ASSERT_NO_THROW(verify(*optimized)) << file.path();
      auto options = conformance::compareOptionsForGraph(*g);
      options.operandMagnitude = std::max(options.operandMagnitude, 16.0);
      for (unsigned seed = 0; seed < 4; ++seed) {
        ++runs;
        std::string what = file.path().filename().string() + " seed " + std::to_string(seed);
        RunResult want = runOn(*randomInputs(*g, seed), [&](const std::vector<IValue>& xs) { return reference::evaluate(*g, xs); });
        RunResult ref = runOn(*randomInputs(*g, seed),
                        [&](const std::vector<IValue>& xs) { return reference::evaluate(*optimized, xs); });
        RunResult jit = runOn(*randomInputs(*g, seed), [&](const std::vector<IValue>& xs) {
          runtime::ExecutorOptions o;
          o.pipeline = pass;
          runtime::GraphExecutor ex(g->copy(), o);
          return ex.call(xs);
        });
        expectSame(want, ref, options, "reference(" + pass + "(G)) on " + what);
        expectSame(want, jit, options, "jit(" + pass + "(G)) on " + what);
      }
    }
  }
  std::cout << graphs << " lit graphs, " << runs << " seeded runs x 3 engines; " << skipped
            << " skipped (nondeterministic ops or input types without a generator)\n";
  EXPECT_GE(graphs, 40u);
}

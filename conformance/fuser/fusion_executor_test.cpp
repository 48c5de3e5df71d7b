// fusion_executor_test.cpp — the fuser through the profiling executor: fused vs unfused results
// (conformance's comparison rule with the graph's tolerance, so that it holds for generated
// kernels too), inputs that fail the guards (other shapes, strides, dtypes, requires_grad) taking
// the fallback and staying right, re-profiling of the fallback, aliasing preventing fusion, and
// the kernel-compiler hook (used when it returns a kernel; the interpreter when it returns nullptr
// or throws). The executors are the tool's (tools/tsjit/JitEngine initializeJit wiring).
#include <gtest/gtest.h>

#include <atomic>

#include "conformance/lib/Compare.h"
#include "jit/fuser/FusionKernels.h"
#include "jit/fuser/TensorExprFuser.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "jit/runtime/ProfilingExecutor.h"

using namespace tsjit;
using namespace tsjit::runtime;

namespace {

struct Init {
  Init() {
    kernels::registerAllKernels();
    fuser::initialize();
    registerFusionPass(fuser::fuseTensorExprs);
  }
} init;

size_t countKind(const Block& b, const std::string& kind) {
  size_t n = 0;
  for (const Node* node : b.nodes()) {
    n += node->kind().toQualString() == kind;
    for (const Block* sub : node->blocks()) n += countKind(*sub, kind);
  }
  return n;
}

Tensor seq(std::vector<int64_t> sizes, double start = -1.25, double step = 0.37) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(start + step * static_cast<double>(i % 17));
  return Tensor::fromDoubles(v, sizes);
}

// Broadcasting, a comparison, where, a runtime scalar and a constant, a dtype conversion.
const char* kMixed = R"IR(graph(%x : Tensor, %y : Tensor, %s : float):
  %one : int = prim::Constant[value=1]()
  %half : float = prim::Constant[value=0.5]()
  %dt : int = prim::Constant[value=7]()
  %false : bool = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::sigmoid(%a)
  %c : Tensor = aten::add(%b, %x, %s)
  %m : Tensor = aten::gt(%c, %half)
  %w : Tensor = aten::where(%m, %c, %y)
  %d : Tensor = aten::to(%w, %dt, %false, %false, %none)
  %e : Tensor = aten::tanh(%d)
  return (%e, %m)
)IR";

std::vector<IValue> mixedInputs(std::vector<int64_t> xs, std::vector<int64_t> ys, ScalarType dtype = ScalarType::Float) {
  return {IValue(seq(xs).to(dtype)), IValue(seq(ys, 0.5, -0.21).to(dtype)), IValue(0.75)};
}

ProfilingOptions withFusion(bool on) {
  ProfilingOptions o;
  o.fusion = on;
  return o;
}

void expectAgree(const std::vector<IValue>& expected, const std::vector<IValue>& actual, const Graph& g,
                 const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  conformance::CompareOptions opts = conformance::compareOptionsForGraph(g);
  for (size_t i = 0; i < expected.size(); ++i) {
    conformance::CompareResult r = conformance::compareValues(expected[i], actual[i], opts);
    EXPECT_TRUE(static_cast<bool>(r)) << what << ": output " << i << ": " << r.message;
  }
}

TEST(FusionExecutor, FusedAgreesWithUnfusedAndFuses) {
  auto g = parseIR(kMixed);
  ProfilingExecutor fused(g->copy(), withFusion(true)), plain(g->copy(), withFusion(false));
  for (int run = 0; run < 3; ++run)
    expectAgree(plain.call(mixedInputs({2, 3}, {3})), fused.call(mixedInputs({2, 3}, {3})), *g,
                "run " + std::to_string(run));
  ASSERT_TRUE(fused.optimized());
  EXPECT_GE(countKind(*fused.optimizedGraph()->block(), "prim::TensorExprGroup"), 1u);
  EXPECT_EQ(countKind(*plain.optimizedGraph()->block(), "prim::TensorExprGroup"), 0u);
}

TEST(FusionExecutor, InputsFailingTheGuardsTakeTheFallbackAndStayRight) {
  auto g = parseIR(kMixed);
  ProfilingExecutor fused(g->copy(), withFusion(true));
  fused.call(mixedInputs({2, 3}, {3}));
  fused.call(mixedInputs({2, 3}, {3}));
  ASSERT_TRUE(fused.optimized());
  std::vector<std::pair<std::string, std::vector<IValue>>> variants = {
      {"other shape", mixedInputs({4, 1, 3}, {5, 1})},
      {"float64", mixedInputs({2, 3}, {3}, ScalarType::Double)},
      {"int64 inputs", mixedInputs({2, 3}, {3}, ScalarType::Int64)},
      {"non-contiguous x", {IValue(seq({3, 2}).t()), IValue(seq({3}, 0.5, -0.21)), IValue(0.75)}},
      {"0-dim and empty", {IValue(seq({})), IValue(seq({0})), IValue(-2.0)}},
      {"the profiled shape again", mixedInputs({2, 3}, {3})},
  };
  for (auto& [what, inputs] : variants) {
    std::vector<IValue> copy;
    for (const IValue& v : inputs) copy.push_back(v.isTensor() ? IValue(v.toTensor().clone()) : v);
    ProfilingExecutor fresh(g->copy(), withFusion(false));
    std::vector<IValue> expected = fresh.call(std::move(copy));
    expectAgree(expected, fused.call(inputs), *g, what);
  }
  Tensor gx = seq({2, 3});
  gx.setRequiresGrad(true);
  ProfilingExecutor fresh(g->copy(), withFusion(false));
  expectAgree(fresh.call({IValue(gx), IValue(seq({3}, 0.5, -0.21)), IValue(0.75)}),
              fused.call({IValue(gx), IValue(seq({3}, 0.5, -0.21)), IValue(0.75)}), *g, "requires_grad");
}

TEST(FusionExecutor, TheFallbackIsProfiledAndSpecializedAgain) {
  auto g = parseIR(kMixed);
  ProfilingExecutor fused(g->copy(), withFusion(true));
  fuser::resetFusionStats();
  fused.call(mixedInputs({2, 3}, {3}));
  fused.call(mixedInputs({2, 3}, {3}));  // optimized plan: its groups are built
  size_t top = fuser::fusionStats().interpretedGroups + fuser::fusionStats().compiledGroups;
  ASSERT_GE(top, 1u);
  fused.call(mixedInputs({5, 4}, {4}));  // guard fails: the fallback's first (profiling) run
  EXPECT_EQ(fuser::fusionStats().interpretedGroups + fuser::fusionStats().compiledGroups, top);
  fused.call(mixedInputs({5, 4}, {4}));  // the fallback specializes on the new shape and fuses
  EXPECT_GT(fuser::fusionStats().interpretedGroups + fuser::fusionStats().compiledGroups, top);
}

TEST(FusionExecutor, AliasingPreventsFusion) {
  // %x is written in place; %y may alias %x (graph inputs may alias each other): only the chain
  // on the fresh %b fuses, and the writes show in the results.
  const char* text = R"IR(graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::tanh(%a)
  %w : Tensor = aten::add_(%x, %b, %one)
  %e : Tensor = aten::mul(%y, %y)
  %f : Tensor = aten::neg(%e)
  %c : Tensor = aten::sigmoid(%b)
  %d : Tensor = aten::exp(%c)
  return (%w, %d, %f)
)IR";
  auto g = parseIR(text);
  ProfilingExecutor fused(g->copy(), withFusion(true)), plain(g->copy(), withFusion(false));
  for (int run = 0; run < 3; ++run) {
    Tensor x1 = seq({4}), x2 = seq({4});
    auto a = plain.call({IValue(x1), IValue(x1)});
    auto b = fused.call({IValue(x2), IValue(x2)});  // %y IS %x here
    expectAgree(a, b, *g, "run " + std::to_string(run));
    expectAgree({IValue(x1)}, {IValue(x2)}, *g, "x after the call");
  }
  const Graph& opt = *fused.optimizedGraph();
  EXPECT_EQ(countKind(*opt.block(), "prim::TensorExprGroup"), 1u);
  for (const Node* n : opt.nodes())
    if (n->kind() == prim::TypeCheck)
      for (const Value* in : n->inputs()) EXPECT_NE(in, opt.inputs()[0]) << "a guarded group reads the written %x";
}

// A kernel compiler for the hook: runs the subgraph with the interpreter (so results stay exact),
// counts compilations and calls, and checks it is given complete input types.
struct CountingCompiler {
  std::shared_ptr<std::atomic<int>> compiled = std::make_shared<std::atomic<int>>(0);
  std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
  std::shared_ptr<std::atomic<int>> incomplete = std::make_shared<std::atomic<int>>(0);
  fuser::FusionKernelCompiler compiler() const {
    return [*this](const Graph& sub, fuser::FusionBackend backend) -> std::unique_ptr<fuser::FusedKernel> {
      struct K : fuser::FusedKernel {
        std::shared_ptr<const Code> code;
        std::shared_ptr<std::atomic<int>> calls;
        void run(Stack& stack) override {
          ++*calls;
          InterpreterState(code).run(stack);
        }
      };
      for (const Value* in : sub.inputs())
        if (const auto* t = in->type()->cast<TensorType>(); t && (!t->sizes() || !t->strides() || !t->dtype()))
          ++*incomplete;
      EXPECT_EQ(backend, fuser::FusionBackend::Cpu);
      auto k = std::make_unique<K>();
      k->code = Code::compile(sub.copy());
      k->calls = calls;
      ++*compiled;
      return k;
    };
  }
};

TEST(FusionExecutor, RegisteredKernelCompilerRunsTheGroups) {
  CountingCompiler c;
  fuser::registerFusionKernelCompiler(c.compiler());
  auto g = parseIR(kMixed);
  ProfilingExecutor fused(g->copy(), withFusion(true)), plain(g->copy(), withFusion(false));
  for (int run = 0; run < 4; ++run)
    expectAgree(plain.call(mixedInputs({3, 4}, {4})), fused.call(mixedInputs({3, 4}, {4})), *g, "run");
  fuser::registerFusionKernelCompiler(nullptr);
  EXPECT_GE(c.compiled->load(), 1);
  EXPECT_EQ(c.calls->load(), 3 * c.compiled->load()) << "runs 2..4 call each compiled group once";
  EXPECT_EQ(c.incomplete->load(), 0);
}

TEST(FusionExecutor, CompilerReturningNullOrThrowingLeavesTheGroupToTheInterpreter) {
  for (bool throws : {false, true}) {
    fuser::registerFusionKernelCompiler(
        [throws](const Graph&, fuser::FusionBackend) -> std::unique_ptr<fuser::FusedKernel> {
          if (throws) throw std::runtime_error("no kernel for this group");
          return nullptr;
        });
    fuser::resetFusionStats();
    auto g = parseIR(kMixed);
    ProfilingExecutor fused(g->copy(), withFusion(true)), plain(g->copy(), withFusion(false));
    for (int run = 0; run < 3; ++run)
      expectAgree(plain.call(mixedInputs({2, 2}, {2})), fused.call(mixedInputs({2, 2}, {2})), *g, "run");
    EXPECT_EQ(fuser::fusionStats().compiledGroups, 0u);
    EXPECT_GE(fuser::fusionStats().interpretedGroups, 1u);
  }
  fuser::registerFusionKernelCompiler(nullptr);
}

TEST(FusionExecutor, WrapKernelAdaptsAnyRunnableType) {
  struct Own {
    int* n;
    void run(Stack& s) {
      ++*n;
      s.emplace_back(int64_t{42});
    }
  };
  int n = 0;
  auto k = fuser::wrapKernel(std::make_unique<Own>(Own{&n}));
  Stack s;
  k->run(s);
  EXPECT_EQ(n, 1);
  EXPECT_EQ(s.back().toInt(), 42);
  EXPECT_EQ(fuser::wrapKernel(std::unique_ptr<Own>()), nullptr);
}

}  // namespace

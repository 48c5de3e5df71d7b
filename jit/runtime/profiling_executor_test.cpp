// profiling_executor_test.cpp — the profiling executor without the fuser: profiling runs and
// their count, specialization from profiles, prim::TypeCheck's rule, prim::FallbackGraph, the
// simple executor at bailout depth 0, pipeline "none" (1.13's optimize=False) vs the default.
#include <gtest/gtest.h>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "jit/runtime/ProfilingExecutor.h"
#include "jit/runtime/ProfilingOps.h"
#include "jit/runtime/ProfilingRecord.h"

using namespace tsjit;
using namespace tsjit::runtime;

namespace {

struct Init {
  Init() {
    kernels::registerAllKernels();
    registerFusionPass(nullptr);
  }
} init;

const char* kChain = R"IR(graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::sigmoid(%a)
  %c : Tensor = aten::add(%b, %x, %one)
  return (%c)
)IR";

size_t countKind(const Block& b, Symbol kind) {
  size_t n = 0;
  for (const Node* node : b.nodes()) {
    n += node->kind() == kind;
    for (const Block* sub : node->blocks()) n += countKind(*sub, kind);
  }
  return n;
}

Tensor seq(std::vector<int64_t> sizes, double start = 0.25) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(start + 0.5 * static_cast<double>(i));
  return Tensor::fromDoubles(v, sizes);
}

TEST(ProfilingExecutor, ProfilesTheFirstRunThenSpecializesOnce) {
  ProfilingExecutor ex(parseIR(kChain));
  EXPECT_EQ(ex.profiledRuns(), 0);
  auto out1 = ex.call({IValue(seq({2, 3})), IValue(seq({3}))});
  EXPECT_EQ(ex.profiledRuns(), 1);
  EXPECT_FALSE(ex.optimized());
  // Every tensor use is profiled: 4 node inputs (x twice, a, y) + b + the return.
  EXPECT_EQ(countKind(*ex.profilingGraph()->block(), prim::profile), 6u);
  auto out2 = ex.call({IValue(seq({2, 3})), IValue(seq({3}))});
  EXPECT_TRUE(ex.optimized());
  EXPECT_EQ(countKind(*ex.optimizedGraph()->block(), prim::profile), 0u);
  EXPECT_EQ(out1[0].toTensor().toDoubles(), out2[0].toTensor().toDoubles());
}

TEST(ProfilingExecutor, NumProfiledRunsIsHonoured) {
  ProfilingOptions o;
  o.numProfiledRuns = 3;
  ProfilingExecutor ex(parseIR(kChain), o);
  for (int i = 0; i < 3; ++i) {
    ex.call({IValue(seq({4})), IValue(seq({4}))});
    EXPECT_FALSE(ex.optimized()) << "after run " << i + 1;
  }
  ex.call({IValue(seq({4})), IValue(seq({4}))});
  EXPECT_TRUE(ex.optimized());
}

TEST(ProfilingRecord, MergesObservationsAndDropsFactsThatDiffer) {
  auto g = parseIR(kChain);
  auto record = ProfilingRecord::instrument(*g);
  ASSERT_EQ(record->numSlots(), 6u);
  CompileOptions co;
  co.profiling = record;
  auto code = Code::compile(g, co);
  InterpreterState(code).call({IValue(seq({2, 3})), IValue(seq({3}))});
  auto copy = g->copy();
  specializeFromProfiles(*copy, *record);
  const auto* x = copy->inputs()[0]->type()->cast<TensorType>();
  ASSERT_TRUE(x && x->sizes() && x->strides());
  EXPECT_EQ((*x->sizes())[0], 2);
  EXPECT_EQ((*x->strides())[0], 3);
  EXPECT_EQ(*x->dtype(), ScalarType::Float);
  // A second run with another shape: the sizes that differ become unknown.
  InterpreterState(code).call({IValue(seq({5, 3})), IValue(seq({3}))});
  auto copy2 = g->copy();
  specializeFromProfiles(*copy2, *record);
  const auto* x2 = copy2->inputs()[0]->type()->cast<TensorType>();
  ASSERT_TRUE(x2 && x2->sizes());
  EXPECT_FALSE((*x2->sizes())[0].has_value());
  EXPECT_EQ((*x2->sizes())[1], 3);
  removeTensorTypeSpecializations(*copy2);
  EXPECT_TRUE(copy2->inputs()[0]->type()->cast<TensorType>()->isPlain());
}

// A guard written by hand: the true branch adds 1, the fallback adds 2, so the result says which ran.
const char* kGuarded = R"IR(graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %xt : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %ok : bool = prim::TypeCheck[types=[Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)]](%x)
  %r : Tensor = prim::If(%ok)
    block0():
      %a : Tensor = aten::add(%xt, %one, %one)
      -> (%a)
    block1():
      %f : Tensor = prim::FallbackGraph_0(%x)
      -> (%f)
  return (%r)
with prim::FallbackGraph_0 = graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %b : Tensor = aten::add(%x, %two, %one)
  return (%b)
)IR";

double firstAfter(const Tensor& in) {
  auto code = Code::compile(parseIR(kGuarded));
  auto out = InterpreterState(code).call({IValue(in)});
  return out[0].toTensor().contiguous().toDoubles()[0] - in.contiguous().toDoubles()[0];
}

TEST(TypeCheck, PassesOnlyTheExactTypeAndTheFallbackRunsOtherwise) {
  EXPECT_EQ(firstAfter(seq({2, 3})), 1.0);
  EXPECT_EQ(firstAfter(seq({3, 2})), 2.0) << "other sizes";
  EXPECT_EQ(firstAfter(seq({2, 3}).to(ScalarType::Double)), 2.0) << "other dtype";
  EXPECT_EQ(firstAfter(seq({3, 2}).t()), 2.0) << "same sizes, other strides";
  Tensor g = seq({2, 3});
  g.setRequiresGrad(true);
  EXPECT_EQ(firstAfter(g), 2.0) << "requires_grad";
  EXPECT_EQ(firstAfter(seq({2, 3, 1})), 2.0) << "other rank";
}

TEST(TypeCheck, MatchesCompleteTypeNeedsEveryFact) {
  TensorType::Dims sizes{2, 3}, strides{3, 1};
  auto complete = TensorType::create(ScalarType::Float, Device{}, sizes, strides, false);
  EXPECT_TRUE(matchesCompleteType(IValue(seq({2, 3})), *complete->cast<TensorType>()));
  auto noStrides = TensorType::create(ScalarType::Float, Device{}, sizes, std::nullopt, false);
  EXPECT_FALSE(matchesCompleteType(IValue(seq({2, 3})), *noStrides->cast<TensorType>()));
  EXPECT_FALSE(matchesCompleteType(IValue(Tensor()), *complete->cast<TensorType>()));
  EXPECT_FALSE(matchesCompleteType(IValue(int64_t{3}), *complete->cast<TensorType>()));
}

TEST(ProfilingExecutor, BailoutDepthZeroIsTheSimpleExecutor) {
  ProfilingOptions o;
  o.bailoutDepth = 0;
  ProfilingExecutor ex(parseIR(kChain), o);
  for (int i = 0; i < 3; ++i) ex.call({IValue(seq({4})), IValue(seq({4}))});
  EXPECT_FALSE(ex.optimized());
  EXPECT_EQ(ex.profiledRuns(), 0);
  EXPECT_EQ(countKind(*ex.profilingGraph()->block(), prim::profile), 0u);
}

// A dead node that raises: 1.13's profiling executor runs its profiling-insensitive passes (dce
// among them) before the first call, so the call returns (checked on python3-torch 1.13.1);
// with optimizations off (_set_graph_executor_optimize(False): pipeline "none") it raises.
const char* kDeadRaise = R"IR(graph(%x : Tensor, %y : Tensor):
  %z : Tensor = aten::mul(%x, %y)
  return (%x)
)IR";

TEST(ProfilingExecutor, DeadRaisingNodeFollows113) {
  std::vector<IValue> in = {IValue(seq({2})), IValue(seq({3}))};
  ProfilingExecutor optimizedEx(parseIR(kDeadRaise));
  EXPECT_NO_THROW(optimizedEx.call(in));
  ProfilingOptions none;
  none.pipeline = "none";
  ProfilingExecutor plain(parseIR(kDeadRaise), none);
  EXPECT_THROW(plain.call(in), std::exception);
}

}  // namespace

// fuzzlib_lockstep_test.cpp — the lockstep property (fuzz/lib/Property.h) and what it rests on: the
// interpreter's ExecutionObserver (every op node, inside If / Loop bodies, with the nodes of the graph
// given to the GraphExecutor) and the reference's lockstep hooks. The property must
//   (a) not amplify a tolerated last-bit difference through a chain (expm1 -> frac),
//   (b) catch a wrong optimized kernel at its node (and iteration),
//   (c) catch control-flow divergence, wrong value routing and wrong final outputs,
//   and compare errors node by node.
// Planted bugs: KernelSwap replaces an overload's optimized kernel for one test (the Code copies the
// kernel when it compiles, so the swap must happen before the GraphExecutor is built); buggyJit()
// runs the real jit on a mis-compiled variant of the graph and reports its nodes as the original's
// (matched by output name), as a compiler bug would.
#include <gtest/gtest.h>

#include <cmath>
#include <unordered_map>

#include "fuzz/lib/Property.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/Interpreter.h"
#include "reference/Evaluator.h"

namespace tsjit::fuzz {
namespace {

class KernelSwap {
 public:
  KernelSwap(const char* overload, kernels::Operation op) {
    kernels::registerAllKernels();
    // The slot holds a non-const OptimizedKernel (std::any in the op table), so writing it is sound.
    k_ = const_cast<kernels::OptimizedKernel*>(kernels::findKernel(ops::overload(overload)));
    EXPECT_NE(k_, nullptr) << overload;
    saved_ = k_->run;
    k_->run = std::move(op);
  }
  ~KernelSwap() { k_->run = saved_; }
  const kernels::Operation& original() const { return saved_; }

 private:
  kernels::OptimizedKernel* k_ = nullptr;
  kernels::Operation saved_;
};

const Node* findNode(const Block* b, const std::string& outputName) {
  for (const Node* n : b->nodes()) {
    for (const Value* v : n->outputs())
      if (v->debugName() == outputName) return n;
    for (const Block* sub : n->blocks())
      if (const Node* m = findNode(sub, outputName)) return m;
  }
  return nullptr;
}

std::function<std::vector<IValue>()> floats(std::vector<double> values) {
  return [values] {
    return std::vector<IValue>{IValue(Tensor::fromDoubles(values, {static_cast<int64_t>(values.size())}))};
  };
}

PropertyResult check(const std::shared_ptr<Graph>& g, const std::function<std::vector<IValue>()>& inputs,
                     PropertyMode mode = PropertyMode::Lockstep) {
  return checkGraph(g, inputs, jitVsReference(mode));
}

// ---- the observer -----------------------------------------------------------------------------------

struct Recorded {
  const Node* node;
  std::vector<IValue> inputs, outputs;
};

class Recorder : public runtime::ExecutionObserver {
 public:
  void beforeOp(const Node& n, const IValue* in, size_t k) override { events.push_back({&n, std::vector<IValue>(in, in + k), {}}); }
  void afterOp(const Node& n, const IValue* out, size_t k) override {
    ASSERT_EQ(events.back().node, &n);
    events.back().outputs.assign(out, out + k);
  }
  std::vector<Recorded> events;
};

constexpr const char* kControlFlow = R"IR(
graph(%x : Tensor, %n : int, %c : bool):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %y : Tensor = prim::If(%c)
    block0():
      %s : Tensor = aten::sin(%x)
      -> (%s)
    block1():
      %t : Tensor = aten::cos(%x)
      -> (%t)
  %acc : Tensor, %k : int = prim::Loop(%n, %true, %y, %one)
    block0(%i : int, %a : Tensor, %m : int):
      %a2 : Tensor = aten::tanh(%a)
      %m2 : int = aten::mul(%m, %i)
      -> (%true, %a2, %m2)
  return (%acc, %k)
)IR";

TEST(ExecutionObserver, SeesEveryOpNodeOfTheGivenGraphInsideBlocks) {
  auto g = parseIR(kControlFlow);
  runtime::ExecutorOptions o;
  o.compile.observe = true;
  runtime::GraphExecutor ex(g, o);
  Recorder rec;
  auto out = ex.call({IValue(Tensor::fromDoubles({0.5, 1.0}, {2})), IValue(int64_t{3}), IValue(false)}, &rec);
  // cos (else branch), then 3 iterations of tanh and the int fast path mul.
  std::vector<std::string> kinds;
  for (const Recorded& e : rec.events) kinds.push_back(e.node->kind().toQualString());
  EXPECT_EQ(kinds, (std::vector<std::string>{"aten::cos", "aten::tanh", "aten::mul", "aten::tanh", "aten::mul",
                                             "aten::tanh", "aten::mul"}));
  for (const Recorded& e : rec.events) EXPECT_EQ(e.node->owningGraph(), g.get());  // not the executor's copy
  // The scalar fast path reports boxed values: m * i with m = 1, 1 * 0, 0 * 1, 0 * 2.
  ASSERT_EQ(rec.events[2].inputs.size(), 2u);
  EXPECT_EQ(rec.events[2].inputs[0].toInt(), 1);
  EXPECT_EQ(rec.events[2].inputs[1].toInt(), 0);
  EXPECT_EQ(rec.events[2].outputs.at(0).toInt(), 0);
  EXPECT_EQ(rec.events[6].inputs[1].toInt(), 2);
  // Outputs reported are the values the graph goes on with: tanh(cos(0.5)) at the first iteration.
  EXPECT_NEAR(rec.events[1].outputs.at(0).toTensor().getDouble(0), std::tanh(std::cos(0.5)), 1e-6);
  // An op that raises is reported by beforeOp only.
  Recorder rec2;
  auto bad = parseIR(R"IR(
graph(%a : int, %b : int):
  %q : int = aten::floordiv(%a, %b)
  return (%q)
)IR");
  runtime::GraphExecutor ex2(bad, o);
  EXPECT_THROW(ex2.call({IValue(int64_t{1}), IValue(int64_t{0})}, &rec2), RuntimeError);
  ASSERT_EQ(rec2.events.size(), 1u);
  EXPECT_TRUE(rec2.events[0].outputs.empty());
}

TEST(ExecutionObserver, CodeWithoutObserveHasNoObserveInstructions) {
  auto g = parseIR(kControlFlow);
  std::string plain = runtime::Code::compile(g)->dump();
  EXPECT_EQ(plain.find("OBSIN"), std::string::npos);
  EXPECT_EQ(plain.find("OBSOUT"), std::string::npos);
  runtime::CompileOptions o;
  o.observe = true;
  std::string observed = runtime::Code::compile(g, o)->dump();
  EXPECT_NE(observed.find("OBSIN"), std::string::npos);
  // An observed Code without an observer runs as the plain one.
  runtime::InterpreterState st(runtime::Code::compile(g, o));
  auto out = st.call({IValue(Tensor::fromDoubles({0.5}, {1})), IValue(int64_t{2}), IValue(true)});
  EXPECT_EQ(out.at(1).toInt(), 0);
}

TEST(ReferenceLockstepHooks, SeeOpNodesAndReplaceOutputs) {
  auto g = parseIR(R"IR(
graph(%a : int, %b : int):
  %c : int = aten::add(%a, %b)
  %d : int = aten::mul(%c, %c)
  return (%d)
)IR");
  reference::EvaluatorOptions eo;
  std::vector<std::string> seen;
  eo.onOpBegin = [&](const Node& n, const std::vector<IValue>&) { seen.push_back(n.kind().toQualString()); };
  eo.onOpEnd = [&](const Node& n, const std::vector<IValue>&, std::vector<IValue>& out) {
    if (n.kind() == aten::add) out[0] = IValue(int64_t{10});  // downstream sees the replacement
  };
  reference::Evaluator ev(eo);
  auto out = ev.run(*g, {IValue(int64_t{2}), IValue(int64_t{3})});
  EXPECT_EQ(out.at(0).toInt(), 100);
  EXPECT_EQ(seen, (std::vector<std::string>{"aten::add", "aten::mul"}));
}

// ---- (a) chains no longer amplify tolerated differences ----------------------------------------------

constexpr const char* kExpm1Frac = R"IR(
graph(%x0 : Tensor):
  %1 : Tensor = aten::expm1(%x0)
  %2 : Tensor = aten::frac(%1)
  return (%2)
)IR";

// tsjit fuzz --target ops --seed 7, case 91: the case that put aten::frac on the known-mismatch list.
const std::vector<double> kSeed7Case91 = {
    -0x1.5623880000000p+0, -0x1.2817a00000000p+1, 0x1.4c5b0e0000000p-1, -0x1.83b4100000000p-1,
    0x1.33c51e0000000p+1,  0x1.9983c80000000p-2,  -0x1.2f2e0e0000000p+1, 0x1.b7b0f00000000p-2,
    -0x1.20d8c60000000p+0, 0x1.f195a80000000p-1,  0x1.94cbf60000000p+0,  -0x1.28a4220000000p-3};

TEST(LockstepProperty, Expm1FracCaseOfSeed7Passes) {
  PropertyResult r = check(parseIR(kExpm1Frac), floats(kSeed7Case91));
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(r.opsChecked, 2u);
}

// A planted 1-ulp error in expm1 (within its ulp(2) tolerance): frac cancels the integer part and
// turns it into 4 ulp of the result at x = 1.58 (expm1 = 3.86). End to end that exceeds the graph's
// tolerance; in lockstep frac runs on the jit's expm1 output on both sides and agrees exactly.
TEST(LockstepProperty, ToleratedDifferenceIsNotAmplifiedDownstream) {
  KernelSwap swap("aten::expm1", [](Stack& st, size_t) {
    Tensor x = kernels::pop(st).toTensor();
    Tensor y = Tensor::empty(x.sizes(), x.dtype());
    for (int64_t i = 0; i < x.numel(); ++i) {
      float f = static_cast<float>(std::expm1(x.getDouble(i)));
      y.setDouble(i, std::nextafter(f, INFINITY));
    }
    st.emplace_back(y);
  });
  auto g = parseIR(kExpm1Frac);
  auto in = floats({0x1.94cbf6p+0, 0.25, -0.5});
  PropertyResult lock = check(g, in);
  EXPECT_TRUE(lock.passed) << lock.message;
  PropertyResult e2e = check(g, in, PropertyMode::EndToEnd);
  EXPECT_FALSE(e2e.passed);
  EXPECT_NE(e2e.message.find("4 ulp"), std::string::npos) << e2e.message;
}

// ---- (b) a wrong kernel is caught at its node ----------------------------------------------------------

kernels::Operation offByOnePercentAfter(const kernels::Operation& original, int goodCalls) {
  auto calls = std::make_shared<int>(0);
  return [original, goodCalls, calls](Stack& st, size_t n) {
    original(st, n);
    if ((*calls)++ < goodCalls) return;
    Tensor y = st.back().toTensor();
    y.setDouble(0, y.getDouble(0) * 1.01);
  };
}

// A product whose terms cancel is compared within the bound of its terms (Σ|terms|, from the
// reference run on the operands' magnitudes): [1e8, 1, -1e8] . [1, 1, 1] is 1 in the reference
// (double accumulation) and 0 summed in float32 in order; 3 * 2^-23 * (2e8 + 1) ~ 72 covers that,
// a bound relative to the result (3 * 2^-23) would not. A 1% error on terms that do not cancel is
// still caught.
TEST(LockstepProperty, CancellingProductIsBoundedByItsTerms) {
  auto g = parseIR(R"IR(
graph(%a : Tensor, %b : Tensor):
  %c : Tensor = aten::mm(%a, %b)
  return (%c)
)IR");
  auto inputs = [](std::vector<double> row) {
    return [row] {
      return std::vector<IValue>{IValue(Tensor::fromDoubles(row, {1, 3})), IValue(Tensor::fromDoubles({1, 1, 1}, {3, 1}))};
    };
  };
  PropertyResult r = check(g, inputs({1e8, 1, -1e8}));
  EXPECT_TRUE(r.passed) << r.message;
  kernels::registerAllKernels();
  KernelSwap swap("aten::mm", offByOnePercentAfter(kernels::findKernel(ops::overload("aten::mm"))->run, 0));
  EXPECT_FALSE(check(g, inputs({1, 2, 3})).passed);
}

// An inverse is as accurate as the matrix's condition allows: inv(inv(x)) of this float32 matrix
// (tsjit fuzz --ops aten::linalg_inv seed 2 case 10259) inverts a matrix with condition ~1e3, and
// float32 LAPACK differs from the double reference by ~500 ulp there; the bound scaled by
// max(|X| |A| |X|) accepts that. A 1% error on a well-conditioned matrix is still caught.
TEST(LockstepProperty, InverseIsBoundedByItsCondition) {
  auto g = parseIR(R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::linalg_inv(%x)
  %b : Tensor = aten::linalg_inv(%a)
  return (%b)
)IR");
  auto input = [](std::vector<double> v) {
    return [v] { return std::vector<IValue>{IValue(Tensor::fromDoubles(v, {2, 2}, ScalarType::Float))}; };
  };
  PropertyResult r = check(g, input({0x1.2ef12p+1, -0x1.3e73e8p+1, -0x1.25aa02p+1, 0x1.34e894p+1}));
  EXPECT_TRUE(r.passed) << r.message;
  kernels::registerAllKernels();
  KernelSwap swap("aten::linalg_inv",
                  offByOnePercentAfter(kernels::findKernel(ops::overload("aten::linalg_inv"))->run, 0));
  EXPECT_FALSE(check(g, input({4, 7, 2, 6})).passed);
}

TEST(LockstepProperty, WrongKernelIsCaughtAtItsNode) {
  auto g = parseIR(R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::exp(%x)
  %b : Tensor = aten::sin(%a)
  %c : Tensor = aten::tanh(%b)
  return (%c)
)IR");
  auto in = floats({0.5, -1.0, 2.0});
  ASSERT_TRUE(check(g, in).passed) << check(g, in).message;
  kernels::registerAllKernels();
  KernelSwap swap("aten::sin", offByOnePercentAfter(kernels::findKernel(ops::overload("aten::sin"))->run, 0));
  PropertyResult r = check(g, in);
  ASSERT_FALSE(r.passed);
  EXPECT_EQ(r.node, findNode(g->block(), "b"));
  EXPECT_EQ(r.opIndex, 1u);
  EXPECT_NE(r.message.find("op node #1 `%b : Tensor = aten::sin(%a)`"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("output 0 (%b)"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("element 0"), std::string::npos) << r.message;
}

TEST(LockstepProperty, WrongKernelInsideALoopIsCaughtAtItsIteration) {
  auto g = parseIR(R"IR(
graph(%x : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %y : Tensor = prim::Loop(%n, %true, %x)
    block0(%i : int, %acc : Tensor):
      %s : Tensor = aten::sin(%acc)
      -> (%true, %s)
  return (%y)
)IR");
  auto in = [] {
    return std::vector<IValue>{IValue(Tensor::fromDoubles({0.5, 1.5}, {2})), IValue(int64_t{5})};
  };
  ASSERT_TRUE(check(g, in).passed);
  kernels::registerAllKernels();
  KernelSwap swap("aten::sin", offByOnePercentAfter(kernels::findKernel(ops::overload("aten::sin"))->run, 2));
  PropertyResult r = check(g, in);
  ASSERT_FALSE(r.passed);
  EXPECT_EQ(r.node, findNode(g->block(), "s"));
  EXPECT_EQ(r.opIndex, 2u);  // the third iteration
}

// ---- (c) control flow, routing and final outputs --------------------------------------------------------

// The real jit run on `buggy` (a mis-compilation of the checked graph), reporting each node as the
// checked graph's node with the same first output name.
ObservedEngineFn buggyJit(std::string buggy) {
  return [buggy](const std::shared_ptr<Graph>& g, std::vector<IValue> in, runtime::ExecutionObserver& obs) {
    struct Forward : runtime::ExecutionObserver {
      std::unordered_map<const Node*, const Node*> map;
      runtime::ExecutionObserver* to = nullptr;
      const Node& origin(const Node& n) { return map.count(&n) ? *map[&n] : n; }
      void beforeOp(const Node& n, const IValue* v, size_t k) override { to->beforeOp(origin(n), v, k); }
      void afterOp(const Node& n, const IValue* v, size_t k) override { to->afterOp(origin(n), v, k); }
    } fwd;
    fwd.to = &obs;
    auto bg = parseIR(buggy);
    std::function<void(const Block*)> walk = [&](const Block* b) {
      for (const Node* n : b->nodes()) {
        for (const Block* sub : n->blocks()) walk(sub);
        if (n->numOutputs() == 0) continue;
        if (const Node* o = findNode(g->block(), n->output(0)->debugName())) fwd.map[n] = o;
      }
    };
    walk(bg->block());
    runtime::ExecutorOptions o;
    o.compile.observe = true;
    o.pipeline = "none";  // as jitVsReference's lockstep engine: the nodes as written
    runtime::GraphExecutor ex(bg, o);
    return ex.call(std::move(in), &fwd);
  };
}

// `good` must outlive the result (PropertyResult::node points into it).
PropertyResult checkBuggy(const std::shared_ptr<Graph>& good, const char* buggy,
                          const std::function<std::vector<IValue>()>& in) {
  PropertyEngines e = jitVsReference();
  PropertyResult ok = checkGraph(good, in, e);
  EXPECT_TRUE(ok.passed) << ok.message;  // the planted bug is the only difference
  e.observed = buggyJit(buggy);
  return checkGraph(good, in, e);
}

constexpr const char* kIfGraph = R"IR(
graph(%x : Tensor, %c : bool):
  %y : Tensor = prim::If(%c)
    block0():
      %s : Tensor = aten::sin(%x)
      -> (%s)
    block1():
      %t : Tensor = aten::cos(%x)
      -> (%t)
  %z : Tensor = aten::neg(%y)
  return (%z, %x)
)IR";

std::vector<IValue> ifInputs() { return {IValue(Tensor::fromDoubles({0.5, 1.5}, {2})), IValue(true)}; }

TEST(LockstepProperty, ControlFlowDivergenceIsCaught) {
  auto g = parseIR(kIfGraph);
  // The mis-compilation takes the branches the other way round.
  PropertyResult r = checkBuggy(g, R"IR(
graph(%x : Tensor, %c : bool):
  %y : Tensor = prim::If(%c)
    block0():
      %t : Tensor = aten::cos(%x)
      -> (%t)
    block1():
      %s : Tensor = aten::sin(%x)
      -> (%s)
  %z : Tensor = aten::neg(%y)
  return (%z, %x)
)IR", ifInputs);
  ASSERT_FALSE(r.passed);
  EXPECT_NE(r.message.find("control flow diverged"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("aten::cos"), std::string::npos) << r.message;
  EXPECT_EQ(r.opIndex, 0u);
}

TEST(LockstepProperty, WrongValueRoutedIntoANodeIsCaught) {
  auto g = parseIR(kIfGraph);
  // neg gets the If's input instead of its output: every op computes right on what it got.
  PropertyResult r = checkBuggy(g, R"IR(
graph(%x : Tensor, %c : bool):
  %y : Tensor = prim::If(%c)
    block0():
      %s : Tensor = aten::sin(%x)
      -> (%s)
    block1():
      %t : Tensor = aten::cos(%x)
      -> (%t)
  %z : Tensor = aten::neg(%x)
  return (%z, %x)
)IR", ifInputs);
  ASSERT_FALSE(r.passed);
  EXPECT_NE(r.message.find("input 0 (%y) differs"), std::string::npos) << r.message;
  EXPECT_EQ(r.node, findNode(g->block(), "z"));
}

TEST(LockstepProperty, WrongFinalOutputIsCaughtExactly) {
  auto g = parseIR(kIfGraph);
  // The second output routed from the wrong value: no op node differs, the final outputs do.
  PropertyResult r = checkBuggy(g, R"IR(
graph(%x : Tensor, %c : bool):
  %y : Tensor = prim::If(%c)
    block0():
      %s : Tensor = aten::sin(%x)
      -> (%s)
    block1():
      %t : Tensor = aten::cos(%x)
      -> (%t)
  %z : Tensor = aten::neg(%y)
  return (%z, %y)
)IR", ifInputs);
  ASSERT_FALSE(r.passed);
  EXPECT_NE(r.message.find("final output 1 (%x)"), std::string::npos) << r.message;
}

// Identity carries over from the jit's values to the reference's copies: the list holds the very
// input tensor in both engines (fuzz seed 7 case 194 failed on this with identity-blind copies).
TEST(LockstepProperty, TensorIdentitiesCarryOver) {
  auto g = parseIR(R"IR(
graph(%x : Tensor):
  %l : Tensor[] = prim::ListConstruct(%x)
  %n : int = aten::count(%l, %x)
  %same : bool = aten::__is__(%x, %x)
  return (%n, %same)
)IR");
  PropertyResult r = check(g, floats({-1.25}));
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(r.opsChecked, 3u);
}

// ---- errors ---------------------------------------------------------------------------------------

TEST(LockstepProperty, ErrorsAreComparedAtTheirNode) {
  auto g = parseIR(R"IR(
graph(%x : Tensor, %y : Tensor):
  %a : Tensor = aten::sin(%x)
  %one : int = prim::Constant[value=1]()
  %b : Tensor = aten::add(%a, %y, %one)
  return (%b)
)IR");
  auto in = [] {
    return std::vector<IValue>{IValue(Tensor::fromDoubles({1, 2, 3}, {3})), IValue(Tensor::fromDoubles({1, 2}, {2}))};
  };
  PropertyResult both = check(g, in);
  EXPECT_TRUE(both.passed) << both.message;
  EXPECT_TRUE(both.bothRaised);
  // A jit kernel that raises where the reference returns.
  {
    KernelSwap swap("aten::sin", [](Stack&, size_t) -> void { throw RuntimeError("planted failure"); });
    PropertyResult r = check(g, in);
    ASSERT_FALSE(r.passed);
    EXPECT_EQ(r.node, findNode(g->block(), "a"));
    EXPECT_NE(r.message.find("the jit raised `RuntimeError: planted failure` but the reference returned"),
              std::string::npos)
        << r.message;
  }
  // A jit kernel that returns where the reference raises.
  {
    KernelSwap swap("aten::add.Tensor", [](Stack& st, size_t) {
      IValue a = st[st.size() - 3];
      kernels::drop(st, 3);
      st.push_back(a);
    });
    PropertyResult r = check(g, in);
    ASSERT_FALSE(r.passed);
    EXPECT_EQ(r.node, findNode(g->block(), "b"));
    EXPECT_NE(r.message.find("reference raised"), std::string::npos) << r.message;
  }
}

}  // namespace
}  // namespace tsjit::fuzz

// ---- state an op updates without (a!): batch_norm's running stats ------------------------------------

namespace tsjit::fuzz {
namespace {

constexpr const char* kBatchNormTraining = R"IR(
graph(%x : Tensor, %rm : Tensor, %rv : Tensor):
  %none : NoneType = prim::Constant()
  %train : bool = prim::Constant[value=1]()
  %mom : float = prim::Constant[value=0.1]()
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %y : Tensor = aten::batch_norm(%x, %none, %none, %rm, %rv, %train, %mom, %eps, %train)
  %z : Tensor = aten::add(%rm, %rv, %mom)
  return (%y, %z, %rm)
)IR";

std::vector<IValue> batchNormInputs() {
  return {IValue(Tensor::fromDoubles({1, 2, 3, 4, 5, 7}, {3, 2})), IValue(Tensor::fromDoubles({0.5, -1}, {2})),
          IValue(Tensor::fromDoubles({2, 3}, {2}))};
}

// Both engines update the running stats alike: the property passes, the stats continue downstream
// with the jit's values, and the graph inputs are compared between the engines (not to pristine).
TEST(LockstepState, RunningStatsUpdatedAlikePass) {
  auto g = parseIR(kBatchNormTraining);
  PropertyResult r = check(g, batchNormInputs);
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(r.opsChecked, 2u);
  // The update really happens (so the pristine-input rule could not have passed it).
  auto in = batchNormInputs();
  reference::evaluate(*g, in);
  EXPECT_NE(in[1].toTensor().getDouble(0), 0.5);
}

// A jit batch_norm that forgets to update running_mean is caught at its node, by the stat's state.
TEST(LockstepState, MissingRunningStatUpdateIsCaughtAtTheNode) {
  kernels::registerAllKernels();
  const kernels::Operation original = kernels::findKernel(ops::overload("aten::batch_norm"))->run;
  KernelSwap planted("aten::batch_norm", [original](Stack& s, size_t n) {
    Tensor rm = s[s.size() - n + 3].toTensor();
    Tensor saved = rm.clone();
    original(s, n);
    rm.copy_(saved);  // undo the update
  });
  auto g = parseIR(kBatchNormTraining);
  PropertyResult r = check(g, batchNormInputs);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("input 3 (%rm) after the node"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace tsjit::fuzz

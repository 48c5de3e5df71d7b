// interpreter_test.cpp — Code compilation and interpretation: move-on-last-use and drop
// instructions in the Code dump, If/Loop semantics (carried values, trip counts, early exit),
// container aliasing, raise, scalar fast paths with Python semantics, unsupported operators,
// and regressions from the op-graph fuzzer (divmod's two outputs, prim::min/max, x / 0).
// Expected values are hand-computed.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/CorePasses.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "jit/runtime/Interpreter.h"
#include "jit/runtime/Module.h"

using namespace tsjit;
using namespace tsjit::runtime;

namespace {

std::shared_ptr<Graph> ir(const std::string& text) { return parseIR(text); }

std::vector<IValue> run(const std::string& text, std::vector<IValue> inputs) {
  return runGraph(ir(text), std::move(inputs));
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

TEST(Interpreter, UnaryScalarOpsUseUnboxedInstructions) {
  const char* g = R"IR(graph(%a : int, %x : float, %b : bool):
  %n : int = aten::neg(%a)
  %y : float = aten::neg(%x)
  %c : bool = aten::__not__(%b)
  return (%n, %y, %c)
)IR";
  auto code = Code::compile(ir(g));
  std::string d = code->dump();
  EXPECT_NE(d.find("INEG"), std::string::npos) << d;
  EXPECT_NE(d.find("FNEG"), std::string::npos) << d;
  EXPECT_NE(d.find("BNOT"), std::string::npos) << d;
  EXPECT_EQ(d.find(" OP "), std::string::npos) << d;  // no boxed kernel call at all
  InterpreterState st(code);
  auto o = st.call({IValue(int64_t{5}), IValue(-0.0), IValue(true)});
  EXPECT_EQ(o[0].toInt(), -5);
  EXPECT_FALSE(std::signbit(o[1].toDouble()));  // -(-0.0) is +0.0
  EXPECT_FALSE(o[2].toBool());
}

TEST(Interpreter, DictConstantsKeepEveryEntry) {
  const char* g = R"IR(graph(%k : str):
  %d : Dict(str, int) = prim::Constant[value={"q": 1, "r": 2, "s": 3}]()
  %n : int = aten::len(%d)
  %v : int = aten::__getitem__(%d, %k)
  return (%n, %v)
)IR";
  auto o = run(g, {IValue(std::string("q"))});
  EXPECT_EQ(o[0].toInt(), 3);
  EXPECT_EQ(o[1].toInt(), 1);
  o = run(g, {IValue(std::string("s"))});
  EXPECT_EQ(o[1].toInt(), 3);
}

// constant_propagation folds through the runtime's evaluator (jit/runtime/ConstantEvaluator.cpp):
// an op whose inputs are constants becomes the constant it computes.
TEST(ConstantEvaluator, PropagationFoldsOpsOfConstants) {
  registerConstantEvaluator();
  auto graph = ir(R"IR(graph(%x : int):
  %a : int = prim::Constant[value=6]()
  %b : int = prim::Constant[value=7]()
  %c : int = aten::mul(%a, %b)
  %d : int = aten::add(%c, %x)
  return (%d)
)IR");
  EXPECT_TRUE(propagateConstants(graph));
  bool sawMul = false, saw42 = false;
  for (const Node* n : graph->nodes()) {
    if (n->kind() == Symbol::aten("mul")) sawMul = true;
    if (n->kind() == prim::Constant && n->output()->type()->kind() == TypeKind::Int && n->i(attr::value) == 42)
      saw42 = true;
  }
  EXPECT_FALSE(sawMul) << *graph;
  EXPECT_TRUE(saw42) << *graph;
  EXPECT_EQ(runGraph(graph, {IValue(int64_t{1})})[0].toInt(), 43);
}

TEST(Interpreter, IntArithmeticUsesUnboxedInstructionsWithPythonSemantics) {
  const char* g = R"IR(graph(%a : int, %b : int):
  %q : int = aten::floordiv(%a, %b)
  %r : int = aten::remainder(%a, %b)
  %s : int = aten::mul(%q, %b)
  %t : int = aten::add(%s, %r)
  %c : bool = aten::lt(%r, %b)
  return (%q, %r, %t, %c)
)IR";
  auto code = Code::compile(ir(g));
  std::string d = code->dump();
  EXPECT_NE(d.find("IFLOORDIV"), std::string::npos) << d;
  EXPECT_NE(d.find("IREM"), std::string::npos) << d;
  EXPECT_EQ(d.find(" OP "), std::string::npos) << d;  // no boxed kernel call at all
  InterpreterState st(code);
  // -7 // 2 == -4, -7 % 2 == 1 (sign of the divisor); 7 // -2 == -4, 7 % -2 == -1.
  auto o = st.call({IValue(int64_t{-7}), IValue(int64_t{2})});
  EXPECT_EQ(o[0].toInt(), -4);
  EXPECT_EQ(o[1].toInt(), 1);
  EXPECT_EQ(o[2].toInt(), -7);
  EXPECT_TRUE(o[3].toBool());
  o = st.call({IValue(int64_t{7}), IValue(int64_t{-2})});
  EXPECT_EQ(o[0].toInt(), -4);
  EXPECT_EQ(o[1].toInt(), -1);
  EXPECT_FALSE(o[3].toBool());
  try {
    st.call({IValue(int64_t{1}), IValue(int64_t{0})});
    FAIL() << "expected a division error";
  } catch (const RuntimeError& e) {
    // PyTorch 1.13's int floordiv: std::runtime_error("division by 0").
    EXPECT_NE(std::string(e.what()).find("division by 0"), std::string::npos) << e.what();
  }
}

TEST(Interpreter, MoveOnLastUseAndDropInTheOtherBranch) {
  // %l is used by both appends (the first copies, the second moves) and, under the If, only in
  // the true branch: that use moves it and the false branch starts with a DROP.
  const char* g = R"IR(graph(%l : int[], %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : int[] = aten::append(%l, %one)
  %n : int = prim::If(%c)
    block0():
      %k : int = aten::len(%l)
      -> (%k)
    block1():
      %z : int = prim::Constant[value=0]()
      -> (%z)
  return (%n)
)IR";
  auto code = Code::compile(ir(g));
  std::string d = code->dump();
  EXPECT_EQ(count(d, "MOVE "), 1u) << d;  // aten::len's use inside block0
  EXPECT_GE(count(d, "DROP "), 1u) << d;  // the false branch drops %l
  EXPECT_EQ(count(d, "LOAD "), 1u) << d;  // aten::append copies %l (it is used later)
  auto list = makeList(IntType::get(), {IValue(int64_t{5})});
  InterpreterState st(code);
  auto o = st.call({list, IValue(true)});
  EXPECT_EQ(o[0].toInt(), 2);
  EXPECT_EQ(list.toListRef().items.size(), 2u);  // append mutated the caller's list
  o = st.call({list, IValue(false)});
  EXPECT_EQ(o[0].toInt(), 0);
}

TEST(Interpreter, LoopCarriesValuesAndCountsTrips) {
  // sum of i for i in range(n) while sum < limit; carried: (sum, steps)
  const char* g = R"IR(graph(%n : int, %limit : int):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %true : bool = prim::Constant[value=1]()
  %s : int, %k : int = prim::Loop(%n, %true, %zero, %zero)
    block0(%i : int, %acc : int, %steps : int):
      %acc2 : int = aten::add(%acc, %i)
      %steps2 : int = aten::add(%steps, %one)
      %go : bool = aten::lt(%acc2, %limit)
      -> (%go, %acc2, %steps2)
  return (%s, %k)
)IR";
  auto code = Code::compile(ir(g));
  InterpreterState st(code);
  auto o = st.call({IValue(int64_t{5}), IValue(int64_t{100})});
  EXPECT_EQ(o[0].toInt(), 10);  // 0+1+2+3+4
  EXPECT_EQ(o[1].toInt(), 5);
  o = st.call({IValue(int64_t{100}), IValue(int64_t{10})});
  EXPECT_EQ(o[0].toInt(), 10);  // 0+1+2+3+4 reaches 10 and stops
  EXPECT_EQ(o[1].toInt(), 5);
  o = st.call({IValue(int64_t{0}), IValue(int64_t{10})});
  EXPECT_EQ(o[0].toInt(), 0);  // zero trips: the initial values
  EXPECT_EQ(o[1].toInt(), 0);
}

TEST(Interpreter, LoopSwapsCarriedValuesInParallel) {
  const char* g = R"IR(graph(%n : int, %a : str, %b : str):
  %true : bool = prim::Constant[value=1]()
  %x : str, %y : str = prim::Loop(%n, %true, %a, %b)
    block0(%i : int, %p : str, %q : str):
      -> (%true, %q, %p)
  return (%x, %y)
)IR";
  auto o = run(g, {IValue(int64_t{3}), IValue("a"), IValue("b")});
  EXPECT_EQ(o[0].toStringRef(), "b");
  EXPECT_EQ(o[1].toStringRef(), "a");
}

TEST(Interpreter, ValueUsedInsideLoopIsDroppedAfterIt) {
  const char* g = R"IR(graph(%l : int[], %n : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %t : int = prim::Loop(%n, %true, %zero)
    block0(%i : int, %acc : int):
      %k : int = aten::len(%l)
      %acc2 : int = aten::add(%acc, %k)
      -> (%true, %acc2)
  return (%t)
)IR";
  auto code = Code::compile(ir(g));
  std::string d = code->dump();
  EXPECT_EQ(count(d, "MOVE "), 0u) << d;  // never moved inside the loop
  EXPECT_EQ(count(d, "DROP "), 1u) << d;  // dropped after it
  InterpreterState st(code);
  auto o = st.call({makeList(IntType::get(), {IValue(int64_t{1}), IValue(int64_t{2})}), IValue(int64_t{4})});
  EXPECT_EQ(o[0].toInt(), 8);
}

TEST(Interpreter, ContainersAlias) {
  const char* g = R"IR(graph(%x : int):
  %a : int[] = prim::ListConstruct(%x)
  %b : int[] = aten::append(%a, %x)
  %c : int[] = aten::append(%a, %x)
  %d : Dict(str, int[]) = prim::DictConstruct()
  %k : str = prim::Constant[value="k"]()
  = aten::_set_item(%d, %k, %a)
  %e : int[] = aten::__getitem__(%d, %k)
  %f : int[] = aten::append(%e, %x)
  %n : int = aten::len(%a)
  return (%n, %b)
)IR";
  auto o = run(g, {IValue(int64_t{7})});
  EXPECT_EQ(o[0].toInt(), 4);
  EXPECT_EQ(o[1].toListRef().items.size(), 4u);
}

TEST(Interpreter, RaiseCarriesMessageAndPythonClass) {
  const char* g = R"IR(graph(%n : int):
  %cls : str = prim::Constant[value="builtins.ValueError"]()
  %m : str = prim::Constant[value="negative n: "]()
  %zero : int = prim::Constant[value=0]()
  %neg : bool = aten::lt(%n, %zero)
  = prim::If(%neg)
    block0():
      %s : str = aten::str(%n)
      %msg : str = aten::add(%m, %s)
      = prim::RaiseException(%msg, %cls)
      -> ()
    block1():
      -> ()
  return (%n)
)IR";
  EXPECT_EQ(run(g, {IValue(int64_t{2})})[0].toInt(), 2);
  try {
    run(g, {IValue(int64_t{-2})});
    FAIL() << "expected a raise";
  } catch (const RuntimeError& e) {
    EXPECT_EQ(std::string(e.what()), "negative n: -2");
    EXPECT_EQ(e.pythonType(), "builtins.ValueError");
  }
}

TEST(Interpreter, CallMethodCompilesTheCalleeOnce) {
  auto cls = ClassType::create("__torch__.M");
  cls->addAttribute("k", IntType::get());
  ClassRegistry reg;
  reg.add(cls);
  auto helper = parseIR(R"IR(graph(%self : __torch__.M, %x : int):
  %k : int = prim::GetAttr[name="k"](%self)
  %y : int = aten::mul(%x, %k)
  return (%y)
)IR",
                        "<helper>", &reg);
  cls->addMethod(std::make_shared<Function>("__torch__.M.helper", helper));
  auto fwd = parseIR(R"IR(graph(%self : __torch__.M, %x : int):
  %a : int = prim::CallMethod[name="helper"](%self, %x)
  %b : int = prim::CallMethod[name="helper"](%self, %a)
  return (%b)
)IR",
                     "<forward>", &reg);
  auto obj = Ref<Object>::make(cls, 1);
  obj->slots[0] = IValue(int64_t{3});
  auto o = runGraph(fwd, {IValue(obj), IValue(int64_t{2})});
  EXPECT_EQ(o[0].toInt(), 18);
}

TEST(Interpreter, ModuleMethodChecksItsArgumentCountSelfExcluded) {
  // forward(self, x: int, y: int): called with 1 or 3 arguments it must say "takes 2 ... but N were
  // given", counting the arguments the caller passes (self is not one of them).
  auto cls = ClassType::create("__torch__.Adder");
  ClassRegistry reg;
  reg.add(cls);
  auto fwd = parseIR(R"IR(graph(%self : __torch__.Adder, %x : int, %y : int):
  %z : int = aten::add(%x, %y)
  return (%z)
)IR",
                     "<forward>", &reg);
  cls->addMethod(std::make_shared<Function>("__torch__.Adder.forward", fwd));
  Module m(IValue(Ref<Object>::make(cls, 0)));
  EXPECT_EQ(m.forward({IValue(int64_t{2}), IValue(int64_t{5})}).toInt(), 7);
  const auto messageOf = [&](std::vector<IValue> args) -> std::string {
    try {
      m.forward(std::move(args));
    } catch (const CompileError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(messageOf({IValue(int64_t{2})}).find("takes 2 arguments but 1 were given"), std::string::npos)
      << messageOf({IValue(int64_t{2})});
  EXPECT_NE(messageOf({IValue(int64_t{1}), IValue(int64_t{2}), IValue(int64_t{3})})
                .find("takes 2 arguments but 3 were given"),
            std::string::npos);
}

TEST(Interpreter, OperatorWithoutKernelIsUnsupportedAtCompileTime) {
  // aten::gcd.int has a schema; a kind without any declaration is reported too.
  const char* g = R"IR(graph(%x : int):
  %y : int = aten::definitely_not_an_op(%x)
  return (%y)
)IR";
  EXPECT_THROW(Code::compile(ir(g)), UnsupportedOperator);
}

TEST(Interpreter, StringsAndFormat) {
  const char* g = R"IR(graph(%s : str, %n : int, %f : float):
  %fmt : str = prim::Constant[value="{}:{}|{}"]()
  %r : str = aten::format(%fmt, %s, %n, %f)
  %sep : str = prim::Constant[value=","]()
  %m : int = prim::Constant[value=-1]()
  %parts : str[] = aten::split(%s, %sep, %m)
  %k : int = aten::len(%parts)
  return (%r, %k)
)IR";
  auto o = run(g, {IValue("ab,cd"), IValue(int64_t{42}), IValue(2.0)});
  EXPECT_EQ(o[0].toStringRef(), "ab,cd:42|2.");
  EXPECT_EQ(o[1].toInt(), 2);
}

}  // namespace

// ---- Regressions found by the op-graph fuzzer (tsjit fuzz --target ops) ----

// aten::divmod has two outputs. Its kernel used to push one Tuple, so the interpreter's STOREs
// popped a Tuple into the float bank ("expected float but holds Tuple") and then popped an empty
// stack (heap corruption inside If/Loop). Python: divmod(7, -2) == (-4, -1),
// divmod(7.5, 2.0) == (3.0, 1.5), divmod(7, 2.0) == (3.0, 1.0).
TEST(Interpreter, DivmodProducesTwoOutputsStraightLineInIfAndInLoop) {
  const char* g = R"IR(graph(%a : int, %b : int, %x : float, %y : float, %c : bool, %n : int):
  %q : int, %r : int = aten::divmod(%a, %b)
  %fq : float, %fr : float = aten::divmod(%x, %y)
  %iq : float, %ir : float = prim::If(%c)
    block0():
      %q1 : float, %r1 : float = aten::divmod(%x, %y)
      -> (%q1, %r1)
    block1():
      %q2 : float, %r2 : float = aten::divmod(%a, %y)
      -> (%q2, %r2)
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %fzero : float = prim::Constant[value=0.]()
  %acc : int, %facc : float = prim::Loop(%n, %true, %zero, %fzero)
    block0(%i : int, %s : int, %fs : float):
      %lq : int, %lr : int = aten::divmod(%a, %b)
      %s1 : int = aten::add(%s, %lq)
      %s2 : int = aten::add(%s1, %lr)
      %lfq : float, %lfr : float = aten::divmod(%x, %y)
      %fs1 : float = aten::add(%fs, %lfq)
      %fs2 : float = aten::add(%fs1, %lfr)
      -> (%true, %s2, %fs2)
  return (%q, %r, %fq, %fr, %iq, %ir, %acc, %facc)
)IR";
  auto code = Code::compile(ir(g));
  InterpreterState st(code);
  for (bool c : {true, false}) {
    auto o = st.call({IValue(int64_t{7}), IValue(int64_t{-2}), IValue(7.5), IValue(2.0), IValue(c), IValue(int64_t{3})});
    ASSERT_EQ(o.size(), 8u);
    EXPECT_EQ(o[0].toInt(), -4);
    EXPECT_EQ(o[1].toInt(), -1);
    EXPECT_EQ(o[2].toDouble(), 3.0);
    EXPECT_EQ(o[3].toDouble(), 1.5);
    EXPECT_EQ(o[4].toDouble(), 3.0);               // divmod(7.5, 2.0)[0] or divmod(7, 2.0)[0]
    EXPECT_EQ(o[5].toDouble(), c ? 1.5 : 1.0);     // divmod(7.5, 2.0)[1] or divmod(7, 2.0)[1]
    EXPECT_EQ(o[6].toInt(), 3 * (-4 + -1));        // three trips of q + r
    EXPECT_EQ(o[7].toDouble(), 3 * (3.0 + 1.5));
  }
  // Mixed int/float, as 1.13 computes it (python3-torch 1.13.1): 0.1 is narrowed to float32, so
  // q = floor(1 / 0.1f) == 10.0 and r = 1 - 10.0 * 0.1f == -0x1p-26 (the product rounded first).
  const char* mixed = R"IR(graph(%a : int, %y : float):
  %q : float, %r : float = aten::divmod(%a, %y)
  return (%q, %r)
)IR";
  auto m = run(mixed, {IValue(int64_t{1}), IValue(0.1)});
  EXPECT_EQ(m[0].toDouble(), 10.0);
  EXPECT_EQ(m[1].toDouble(), -0x1p-26);
  // Python: divmod(-7.5, 2.0) == (-4.0, 0.5); divmod(0.5, -1) == (-1.0, -0.5).
  auto o = st.call({IValue(int64_t{-7}), IValue(int64_t{2}), IValue(-7.5), IValue(2.0), IValue(true), IValue(int64_t{0})});
  EXPECT_EQ(o[0].toInt(), -4);
  EXPECT_EQ(o[1].toInt(), 1);
  EXPECT_EQ(o[2].toDouble(), -4.0);
  EXPECT_EQ(o[3].toDouble(), 0.5);
  EXPECT_EQ(o[6].toInt(), 0);  // zero trips
  try {
    st.call({IValue(int64_t{7}), IValue(int64_t{0}), IValue(7.5), IValue(2.0), IValue(true), IValue(int64_t{1})});
    FAIL() << "expected ZeroDivisionError";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("ZeroDivisionError"), std::string::npos) << e.what();
  }
}

// prim::min / prim::max on two numbers are PyTorch 1.13's `a < b ? a : b` / `a > b ? a : b`: a
// NaN first operand loses (max(nan, 1) == 1.0), a NaN second operand wins; a float operand makes
// the result float. The JIT used to propagate NaN from either side.
TEST(Interpreter, ScalarMinMaxFollowTorchScriptComparisons) {
  const char* g = R"IR(graph(%x : float, %k : int, %y : float):
  %a : float = prim::max(%x, %k)
  %b : float = prim::max(%k, %x)
  %c : float = prim::min(%x, %k)
  %d : float = prim::min(%k, %x)
  %e : float = prim::min(%y, %k)
  %f : float = prim::max(%k, %y)
  %three : int = prim::Constant[value=3]()
  %g : int = prim::min(%k, %three)
  %h : int = prim::max(%k, %three)
  return (%a, %b, %c, %d, %e, %f, %g, %h)
)IR";
  auto o = run(g, {IValue(std::nan("")), IValue(int64_t{1}), IValue(-0.75)});
  EXPECT_EQ(o[0].toDouble(), 1.0);
  EXPECT_TRUE(std::isnan(o[1].toDouble()));
  EXPECT_EQ(o[2].toDouble(), 1.0);
  EXPECT_TRUE(std::isnan(o[3].toDouble()));
  EXPECT_EQ(o[4].toDouble(), -0.75);
  ASSERT_TRUE(o[5].isDouble());
  EXPECT_EQ(o[5].toDouble(), 1.0);
  EXPECT_EQ(o[6].toInt(), 1);
  EXPECT_EQ(o[7].toInt(), 3);
  // min / max of a list: min([3, 1, 2]) == 1, max([3, 1, 2]) == 3.
  const char* lg = R"IR(graph(%p : int, %q : int, %r : int):
  %l : int[] = prim::ListConstruct(%p, %q, %r)
  %lo : int = prim::min(%l)
  %hi : int = prim::max(%l)
  return (%lo, %hi)
)IR";
  auto lo = run(lg, {IValue(int64_t{3}), IValue(int64_t{1}), IValue(int64_t{2})});
  EXPECT_EQ(lo[0].toInt(), 1);
  EXPECT_EQ(lo[1].toInt(), 3);
}

// TorchScript's true division does not raise on a zero divisor (unlike Python): PyTorch 1.13
// computes a / b in double (pytorch/pytorch#53744: `1/0` in script gives inf). Both the unboxed
// FDIV path (int/float registers) and the boxed kernels (Scalar overload) must agree.
TEST(Interpreter, TrueDivisionByZeroGivesIeeeResults) {
  const char* g = R"IR(graph(%x : float, %z : float, %i : int, %j : int, %s : Scalar):
  %a : float = aten::div(%x, %z)
  %b : float = aten::div(%i, %j)
  %n : float = aten::neg(%x)
  %c : float = aten::div(%n, %z)
  %d : float = aten::div(%z, %z)
  %e : float = aten::div(%s, %j)
  return (%a, %b, %c, %d, %e)
)IR";
  auto o = run(g, {IValue(1.5), IValue(0.0), IValue(int64_t{3}), IValue(int64_t{0}), IValue(int64_t{-2})});
  EXPECT_EQ(o[0].toDouble(), INFINITY);
  EXPECT_EQ(o[1].toDouble(), INFINITY);
  EXPECT_EQ(o[2].toDouble(), -INFINITY);
  EXPECT_TRUE(std::isnan(o[3].toDouble()));
  EXPECT_EQ(o[4].toDouble(), -INFINITY);
  kernels::registerAllKernels();
  for (const char* name : {"aten::div.float", "aten::div.int", "aten::div"}) {
    const kernels::OptimizedKernel* k = kernels::findKernel(ops::overload(name));
    ASSERT_NE(k, nullptr) << name;
    Stack s{IValue(int64_t{-1}), IValue(int64_t{0})};
    if (std::string(name) == "aten::div.float") s = {IValue(-1.0), IValue(0.0)};
    k->run(s, 2);
    ASSERT_EQ(s.size(), 1u) << name;
    EXPECT_EQ(s[0].toDouble(), -INFINITY) << name;
  }
}

// interpreter_test.cpp — Code compilation and interpretation: move-on-last-use and drop
// instructions in the Code dump, If/Loop semantics (carried values, trip counts, early exit),
// container aliasing, raise, scalar fast paths with Python semantics, unsupported operators.
// Expected values are hand-computed.
#include <gtest/gtest.h>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/Interpreter.h"

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
    FAIL() << "expected ZeroDivisionError";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("ZeroDivisionError"), std::string::npos);
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

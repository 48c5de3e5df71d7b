// evaluator_test.cpp — the reference evaluator on hand-written IR: control flow (If, Loop with the
// trip-count/condition semantics), containers and their aliasing, raise, calls (CallFunction,
// CallMethod, recursion limit), constants, NotSupported, and the Python-number kernels of the
// Prim/Scalars/Containers/Strings families. Expected values are computed by hand (Python/TorchScript
// semantics), never by running the implementation.
#include <gtest/gtest.h>

#include <sstream>

#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "reference/Evaluator.h"

using namespace tsjit;
using namespace tsjit::reference;

namespace {

std::vector<IValue> run(const std::string& ir, std::vector<IValue> inputs, EvaluatorOptions o = {}) {
  auto g = parseIR(ir);
  Evaluator ev(std::move(o));
  return ev.run(*g, std::move(inputs));
}

IValue run1(const std::string& ir, std::vector<IValue> inputs) {
  auto out = run(ir, std::move(inputs));
  EXPECT_EQ(out.size(), 1u);
  return out.at(0);
}

std::string lastLineOf(const std::string& ir, std::vector<IValue> inputs) {
  try {
    run(ir, std::move(inputs));
  } catch (const NotSupported& e) {
    return std::string("NotSupported: ") + e.what();
  } catch (const std::exception& e) {
    return pythonLastLine(e);
  }
  return "<no error>";
}

std::vector<int64_t> ints(const IValue& list) {
  std::vector<int64_t> out;
  for (const auto& v : list.toListRef().items) out.push_back(v.toInt());
  return out;
}

}  // namespace

TEST(Evaluator, IfPicksTheBranchAndReturnsItsOutputs) {
  const char* ir = R"IR(
graph(%c : bool, %a : int):
  %one : int = prim::Constant[value=1]()
  %r : int = prim::If(%c)
    block0():
      %x : int = aten::add(%a, %one)
      -> (%x)
    block1():
      %y : int = aten::sub(%a, %one)
      -> (%y)
  return (%r)
)IR";
  EXPECT_EQ(run1(ir, {IValue(true), IValue(int64_t{10})}).toInt(), 11);
  EXPECT_EQ(run1(ir, {IValue(false), IValue(int64_t{10})}).toInt(), 9);
}

TEST(Evaluator, ForLoopCarriesValuesAndCountsTrips) {
  // for i in range(n): acc = acc + i  -> n*(n-1)/2
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %acc : int = prim::Loop(%n, %true, %zero)
    block0(%i : int, %a : int):
      %b : int = aten::add(%a, %i)
      -> (%true, %b)
  return (%acc)
)IR";
  EXPECT_EQ(run1(ir, {IValue(int64_t{5})}).toInt(), 10);
  EXPECT_EQ(run1(ir, {IValue(int64_t{0})}).toInt(), 0);
  EXPECT_EQ(run1(ir, {IValue(int64_t{-3})}).toInt(), 0);  // negative trip count: no iteration
}

TEST(Evaluator, WhileLoopStopsOnTheConditionTheBodyReturns) {
  // x = 1; while x < limit: x = x * 2
  const char* ir = R"IR(
graph(%limit : int):
  %max : int = prim::Constant[value=9223372036854775807]()
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %c0 : bool = aten::lt(%one, %limit)
  %x : int = prim::Loop(%max, %c0, %one)
    block0(%i : int, %v : int):
      %w : int = aten::mul(%v, %two)
      %c : bool = aten::lt(%w, %limit)
      -> (%c, %w)
  return (%x)
)IR";
  EXPECT_EQ(run1(ir, {IValue(int64_t{100})}).toInt(), 128);
  EXPECT_EQ(run1(ir, {IValue(int64_t{1})}).toInt(), 1);  // initial condition false
}

TEST(Evaluator, ListsAliasAcrossHolders) {
  // l = [a]; m = l; m.append(b); return (l, len(l))
  const char* ir = R"IR(
graph(%a : int, %b : int):
  %l : int[] = prim::ListConstruct(%a)
  %m : int[] = aten::append(%l, %b)
  %n : int = aten::len(%l)
  %t : (int[], int[], int) = prim::TupleConstruct(%l, %m, %n)
  return (%t)
)IR";
  IValue t = run1(ir, {IValue(int64_t{1}), IValue(int64_t{2})});
  const auto& items = t.toTupleRef().items;
  EXPECT_EQ(ints(items[0]), (std::vector<int64_t>{1, 2}));
  EXPECT_TRUE(items[0].isSameIdentity(items[1]));  // append returns the same list
  EXPECT_EQ(items[2].toInt(), 2);
}

TEST(Evaluator, InputListsAreMutatedInPlace) {
  const char* ir = R"IR(
graph(%l : int[]):
  %zero : int = prim::Constant[value=0]()
  %v : int = prim::Constant[value=42]()
  %r : int[] = aten::_set_item(%l, %zero, %v)
  return (%l)
)IR";
  IValue l = makeList(IntType::get(), {IValue(int64_t{1}), IValue(int64_t{2})});
  IValue out = run1(ir, {l});
  EXPECT_TRUE(out.isSameIdentity(l));
  EXPECT_EQ(ints(l), (std::vector<int64_t>{42, 2}));
}

TEST(Evaluator, TuplesAndDicts) {
  const char* ir = R"IR(
graph(%a : int, %s : str):
  %t : (int, str) = prim::TupleConstruct(%a, %s)
  %x : int, %y : str = prim::TupleUnpack(%t)
  %m1 : int = prim::Constant[value=-1]()
  %last : str = prim::TupleIndex(%t, %m1)
  %d : Dict(str, int) = prim::DictConstruct(%s, %x)
  %got : int = aten::__getitem__(%d, %last)
  %r : (int, str, int) = prim::TupleConstruct(%x, %y, %got)
  return (%r)
)IR";
  IValue r = run1(ir, {IValue(int64_t{7}), IValue("k")});
  const auto& items = r.toTupleRef().items;
  EXPECT_EQ(items[0].toInt(), 7);
  EXPECT_EQ(items[1].toStringRef(), "k");
  EXPECT_EQ(items[2].toInt(), 7);
}

TEST(Evaluator, RaiseExceptionCarriesTheMessageAndClass) {
  const char* ir = R"IR(
graph(%n : int):
  %cls : str = prim::Constant[value="builtins.ValueError"]()
  %msg : str = prim::Constant[value="negative n: "]()
  %s : str = aten::str(%n)
  %m : str = aten::add(%msg, %s)
   = prim::RaiseException(%m, %cls)
  return (%n)
)IR";
  EXPECT_EQ(lastLineOf(ir, {IValue(int64_t{-2})}), "builtins.ValueError: negative n: -2");
  const char* assertIr = R"IR(
graph(%n : int):
  %none : NoneType = prim::Constant()
  %msg : str = prim::Constant[value="AssertionError: expected a 2-D input"]()
   = prim::RaiseException(%msg, %none)
  return (%n)
)IR";
  EXPECT_EQ(lastLineOf(assertIr, {IValue(int64_t{1})}), "RuntimeError: AssertionError: expected a 2-D input");
  try {
    run(assertIr, {IValue(int64_t{1})});
    FAIL();
  } catch (const ScriptException& e) {
    EXPECT_EQ(e.pythonType(), "Error");
    EXPECT_EQ(e.cls(), "");
  }
}

TEST(Evaluator, ConstantsOfEveryKind) {
  const char* ir = R"IR(
graph():
  %n : NoneType = prim::Constant()
  %s : str = prim::Constant[value="a\"b"]()
  %i : int = prim::Constant[value=-3]()
  %f : float = prim::Constant[value=0.10000000000000001]()
  %b : bool = prim::Constant[value=1]()
  %l : int[] = prim::Constant[value=[1, 2]]()
  %d : Device = prim::Constant[value="cpu"]()
  %t : (NoneType, str, int, float, bool, int[], Device) = prim::TupleConstruct(%n, %s, %i, %f, %b, %l, %d)
  return (%t)
)IR";
  IValue r = run1(ir, {});
  const auto& it = r.toTupleRef().items;
  EXPECT_TRUE(it[0].isNone());
  EXPECT_EQ(it[1].toStringRef(), "a\"b");
  EXPECT_EQ(it[2].toInt(), -3);
  EXPECT_EQ(it[3].toDouble(), 0.1);
  EXPECT_TRUE(it[4].isBool() && it[4].toBool());
  EXPECT_EQ(ints(it[5]), (std::vector<int64_t>{1, 2}));
  EXPECT_TRUE(it[6].toDevice().isCpu());
}

TEST(Evaluator, CallFunctionUsesTheResolverAndCallMethodTheClass) {
  auto callee = parseIR(R"IR(
graph(%x : int):
  %two : int = prim::Constant[value=2]()
  %y : int = aten::mul(%x, %two)
  return (%y)
)IR");
  Function fn("__torch__.double_it", callee);
  EvaluatorOptions o;
  o.resolveFunction = [&](const std::string& name) -> Function* { return name == "double_it" ? &fn : nullptr; };
  const char* ir = R"IR(
graph(%x : int):
  %f : Function = prim::Constant[name="double_it"]()
  %y : int = prim::CallFunction(%f, %x)
  return (%y)
)IR";
  EXPECT_EQ(run(ir, {IValue(int64_t{21})}, o).at(0).toInt(), 42);
  // Without a resolver the call is not supported (not a failure).
  EXPECT_THROW(run(ir, {IValue(int64_t{21})}), NotSupported);

  ClassRegistry classes;
  auto cls = classes.getOrCreate("__torch__.M");
  cls->addAttribute("k", IntType::get());
  auto method = parseIR(R"IR(
graph(%self : __torch__.M, %x : int):
  %k : int = prim::GetAttr[name="k"](%self)
  %y : int = aten::add(%x, %k)
  return (%y)
)IR", "<method>", &classes);
  cls->addMethod(std::make_shared<Function>("__torch__.M.addk", method));
  auto g = parseIR(R"IR(
graph(%self : __torch__.M, %x : int):
  %y : int = prim::CallMethod[name="addk"](%self, %x)
  %ten : int = prim::Constant[value=10]()
   = prim::SetAttr[name="k"](%self, %ten)
  %z : int = prim::CallMethod[name="addk"](%self, %y)
  return (%z)
)IR", "<g>", &classes);
  auto obj = Ref<Object>::make(cls, 1);
  obj->slots[0] = IValue(int64_t{1});
  Evaluator ev;
  EXPECT_EQ(ev.run(*g, {IValue(obj), IValue(int64_t{5})}).at(0).toInt(), 16);  // (5 + 1) + 10
  EXPECT_EQ(obj->slots[0].toInt(), 10);
}

TEST(Evaluator, RecursionDepthIsLimited) {
  Function self("__torch__.forever", nullptr);
  auto body = parseIR(R"IR(
graph(%x : int):
  %f : Function = prim::Constant[name="forever"]()
  %y : int = prim::CallFunction(%f, %x)
  return (%y)
)IR");
  self.setGraph(body);
  EvaluatorOptions o;
  o.maxCallDepth = 50;
  o.resolveFunction = [&](const std::string&) { return &self; };
  Evaluator ev(o);
  try {
    ev.run(*body, {IValue(int64_t{1})});
    FAIL() << "expected a recursion error";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("maximum recursion depth"), std::string::npos);
  }
}

TEST(Evaluator, UnknownOpsAreNotSupportedNotCrashes) {
  const char* ir = R"IR(
graph(%x : int):
  %y : int = aten::this_op_does_not_exist(%x)
  return (%y)
)IR";
  EXPECT_THROW(run(ir, {IValue(int64_t{1})}), NotSupported);
}

TEST(Evaluator, IsNoneAndIsinstanceAndUncheckedCast) {
  const char* ir = R"IR(
graph(%x : int?):
  %none : NoneType = prim::Constant()
  %isn : bool = aten::__is__(%x, %none)
  %notn : bool = aten::__isnot__(%x, %none)
  %ii : bool = prim::isinstance[types=[int]](%x)
  %t : (bool, bool, bool) = prim::TupleConstruct(%isn, %notn, %ii)
  return (%t)
)IR";
  auto a = run1(ir, {IValue()}).toTupleRef().items;
  EXPECT_TRUE(a[0].toBool());
  EXPECT_FALSE(a[1].toBool());
  EXPECT_FALSE(a[2].toBool());
  auto b = run1(ir, {IValue(int64_t{3})}).toTupleRef().items;
  EXPECT_FALSE(b[0].toBool());
  EXPECT_TRUE(b[1].toBool());
  EXPECT_TRUE(b[2].toBool());
}

TEST(Evaluator, WarnWritesToTheConfiguredStream) {
  const char* ir = R"IR(
graph(%x : int):
  %m : str = prim::Constant[value="careful"]()
  %lvl : int = prim::Constant[value=2]()
   = aten::warn(%m, %lvl)
  return (%x)
)IR";
  std::ostringstream os;
  EvaluatorOptions o;
  o.warnings = &os;
  EXPECT_EQ(run(ir, {IValue(int64_t{4})}, o).at(0).toInt(), 4);
  EXPECT_EQ(os.str(), "UserWarning: careful\n");
}

// ---- Python-number, container and string kernels -------------------------------------------------

namespace {
// Runs `op` (a kind with its inputs typed as given) on the inputs and returns the single output.
IValue apply(const std::string& op, const std::vector<std::string>& types, const std::string& outType,
             std::vector<IValue> inputs) {
  std::ostringstream ir;
  ir << "graph(";
  for (size_t i = 0; i < types.size(); ++i) ir << (i ? ", " : "") << "%a" << i << " : " << types[i];
  if (outType.empty()) ir << "):\n   = " << op << "(";  // no outputs: return the first input
  else ir << "):\n  %r : " << outType << " = " << op << "(";
  for (size_t i = 0; i < types.size(); ++i) ir << (i ? ", " : "") << "%a" << i;
  ir << ")\n  return (" << (outType.empty() ? "%a0" : "%r") << ")\n";
  return run1(ir.str(), std::move(inputs));
}
IValue I(int64_t v) { return IValue(v); }
IValue F(double v) { return IValue(v); }
std::string errorOf(const std::string& op, const std::vector<std::string>& types, const std::string& outType,
                    std::vector<IValue> inputs) {
  try {
    apply(op, types, outType, std::move(inputs));
  } catch (const std::exception& e) {
    return pythonLastLine(e);
  }
  return "<no error>";
}
}  // namespace

TEST(ScalarKernels, IntegerDivisionFollowsPython) {
  EXPECT_EQ(apply("aten::floordiv", {"int", "int"}, "int", {I(-7), I(2)}).toInt(), -4);
  EXPECT_EQ(apply("aten::floordiv", {"int", "int"}, "int", {I(7), I(-2)}).toInt(), -4);
  EXPECT_EQ(apply("aten::remainder", {"int", "int"}, "int", {I(-7), I(3)}).toInt(), 2);
  EXPECT_EQ(apply("aten::remainder", {"int", "int"}, "int", {I(7), I(-3)}).toInt(), -2);
  EXPECT_EQ(apply("aten::remainder", {"float", "float"}, "float", {F(-7.5), F(2.0)}).toDouble(), 0.5);
  EXPECT_EQ(apply("aten::div", {"int", "int"}, "float", {I(7), I(2)}).toDouble(), 3.5);
  // PyTorch 1.13's int floordiv throws std::runtime_error("division by 0").
  EXPECT_EQ(errorOf("aten::floordiv", {"int", "int"}, "int", {I(1), I(0)}), "RuntimeError: division by 0");
  auto dm = run(R"IR(
graph(%a : int, %b : int):
  %q : int, %r : int = aten::divmod(%a, %b)
  %t : (int, int) = prim::TupleConstruct(%q, %r)
  return (%t)
)IR", {I(-7), I(2)}).at(0).toTupleRef().items;
  EXPECT_EQ(dm[0].toInt(), -4);
  EXPECT_EQ(dm[1].toInt(), 1);
}

TEST(ScalarKernels, ArithmeticAndMixedTypes) {
  EXPECT_EQ(apply("aten::add", {"int", "float"}, "float", {I(1), F(0.5)}).toDouble(), 1.5);
  EXPECT_EQ(apply("aten::mul", {"int", "int"}, "int", {I(INT64_MAX), I(2)}).toInt(), -2);  // wraps
  EXPECT_EQ(apply("aten::pow", {"int", "int"}, "float", {I(2), I(-1)}).toDouble(), 0.5);
  EXPECT_EQ(apply("aten::neg", {"int"}, "int", {I(5)}).toInt(), -5);
  EXPECT_EQ(apply("aten::floor", {"float"}, "int", {F(-2.5)}).toInt(), -3);
  EXPECT_EQ(apply("aten::ceil", {"float"}, "int", {F(-2.5)}).toInt(), -2);
  EXPECT_EQ(apply("aten::round", {"float"}, "float", {F(2.5)}).toDouble(), 2.0);
  EXPECT_EQ(apply("aten::round", {"float"}, "float", {F(-3.5)}).toDouble(), -4.0);
  EXPECT_EQ(apply("aten::gcd", {"int", "int"}, "int", {I(-12), I(18)}).toInt(), 6);
  EXPECT_EQ(apply("aten::factorial", {"int"}, "int", {I(6)}).toInt(), 720);
  EXPECT_TRUE(apply("aten::lt", {"int", "float"}, "bool", {I(1), F(1.5)}).toBool());
  EXPECT_TRUE(apply("aten::eq", {"str", "str"}, "bool", {IValue("ab"), IValue("ab")}).toBool());
  EXPECT_EQ(apply("aten::__rshift__", {"int", "int"}, "int", {I(-8), I(1)}).toInt(), -4);
  EXPECT_EQ(apply("prim::min", {"int", "int"}, "int", {I(3), I(-1)}).toInt(), -1);
  EXPECT_EQ(apply("prim::max", {"int[]"}, "int", {makeList(IntType::get(), {I(3), I(9), I(1)})}).toInt(), 9);
  EXPECT_EQ(apply("aten::Int", {"str"}, "int", {IValue(" 42 ")}).toInt(), 42);
  EXPECT_EQ(apply("aten::Float", {"str"}, "float", {IValue("2.5")}).toDouble(), 2.5);
  // float(int) is a double conversion (python3-torch 1.13.1): 15! stays exact, 2**53 + 1 rounds to 2**53.
  EXPECT_EQ(apply("aten::Float", {"int"}, "float", {I(1307674368000)}).toDouble(), 1307674368000.0);
  EXPECT_EQ(apply("aten::Float", {"int"}, "float", {I((int64_t{1} << 53) + 1)}).toDouble(), 9007199254740992.0);
  EXPECT_EQ(apply("aten::Int", {"float"}, "int", {F(-2.7)}).toInt(), -2);
}

TEST(ContainerKernels, ListOperationsAndMessages) {
  auto L = [](std::vector<int64_t> v) {
    std::vector<IValue> items;
    for (auto x : v) items.emplace_back(x);
    return makeList(IntType::get(), items);
  };
  EXPECT_EQ(apply("aten::__getitem__", {"int[]", "int"}, "int", {L({1, 2, 3}), I(-1)}).toInt(), 3);
  EXPECT_EQ(errorOf("aten::__getitem__", {"int[]", "int"}, "int", {L({1, 2, 3}), I(3)}),
            "RuntimeError: list index out of range");
  EXPECT_EQ(ints(apply("aten::slice", {"int[]", "int?", "int?", "int"}, "int[]",
                       {L({0, 1, 2, 3, 4, 5, 6}), IValue(), IValue(), I(-2)})),
            (std::vector<int64_t>{6, 4, 2, 0}));
  EXPECT_EQ(ints(apply("aten::slice", {"int[]", "int?", "int?", "int"}, "int[]",
                       {L({0, 1, 2, 3, 4, 5, 6}), I(1), I(-1), I(1)})),
            (std::vector<int64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(ints(apply("aten::mul", {"int[]", "int"}, "int[]", {L({1, 2}), I(2)})),
            (std::vector<int64_t>{1, 2, 1, 2}));
  EXPECT_EQ(ints(apply("aten::add", {"int[]", "int[]"}, "int[]", {L({1}), L({2, 3})})),
            (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(ints(apply("aten::sorted", {"int[]"}, "int[]", {L({3, 1, 2})})), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(errorOf("aten::pop", {"int[]", "int"}, "int", {L({}), I(-1)}), "RuntimeError: pop from empty list");
  EXPECT_EQ(errorOf("aten::remove", {"int[]", "int"}, "", {L({1}), I(5)}),
            "RuntimeError: list.remove(x): x not in list");
  EXPECT_TRUE(apply("aten::__contains__", {"int[]", "int"}, "bool", {L({1, 5}), I(5)}).toBool());
}

TEST(ContainerKernels, DictOperationsKeepInsertionOrder) {
  IValue d = makeDict(StringType::get(), IntType::get());
  d.toDictRef().insertOrAssign(IValue("a"), I(1));
  d.toDictRef().insertOrAssign(IValue("b"), I(2));
  EXPECT_EQ(errorOf("aten::__getitem__", {"Dict(str, int)", "str"}, "int", {d, IValue("zz")}),
            "RuntimeError: KeyError: zz");
  EXPECT_EQ(apply("aten::get", {"Dict(str, int)", "str", "int"}, "int", {d, IValue("zz"), I(9)}).toInt(), 9);
  EXPECT_EQ(apply("aten::setdefault", {"Dict(str, int)", "str", "int"}, "int", {d, IValue("c"), I(3)}).toInt(), 3);
  IValue keys = apply("aten::keys", {"Dict(str, int)"}, "str[]", {d});
  ASSERT_EQ(keys.toListRef().items.size(), 3u);
  EXPECT_EQ(keys.toListRef().items[2].toStringRef(), "c");
  IValue items = apply("aten::items", {"Dict(str, int)"}, "(str, int)[]", {d});
  EXPECT_EQ(items.toListRef().items[1].toTupleRef().items[1].toInt(), 2);
  EXPECT_EQ(apply("aten::pop", {"Dict(str, int)", "str"}, "int", {d, IValue("a")}).toInt(), 1);
  EXPECT_EQ(d.toDictRef().size(), 2u);
}

TEST(StringKernels, StrAndFormatPrintLikeTheInterpreter) {
  EXPECT_EQ(apply("aten::str", {"float"}, "str", {F(1.0)}).toStringRef(), "1.");
  EXPECT_EQ(apply("aten::str", {"float"}, "str", {F(0.1)}).toStringRef(), "0.10000000000000001");
  EXPECT_EQ(apply("aten::str", {"bool"}, "str", {IValue(true)}).toStringRef(), "True");
  EXPECT_EQ(apply("aten::str", {"int[]"}, "str", {makeList(IntType::get(), {I(1), I(2)})}).toStringRef(), "[1, 2]");
  EXPECT_EQ(apply("aten::format", {"str", "str", "int"}, "str", {IValue("{}:{}"), IValue("ab"), I(42)}).toStringRef(),
            "ab:42");
  EXPECT_EQ(apply("aten::split", {"str", "str", "int"}, "str[]", {IValue("a,b,,c"), IValue(","), I(-1)})
                .toListRef()
                .items.size(),
            4u);
  EXPECT_EQ(apply("aten::find", {"str", "str", "int", "int"}, "int", {IValue("ab,cd"), IValue("c"), I(0), I(-1)})
                .toInt(),
            3);
  EXPECT_TRUE(apply("aten::startswith", {"str", "str", "int", "int"}, "bool", {IValue("abc"), IValue("ab"), I(0), I(-1)})
                  .toBool());
  EXPECT_EQ(apply("aten::replace", {"str", "str", "str", "int"}, "str", {IValue("abab"), IValue("b"), IValue("B"), I(-1)})
                .toStringRef(),
            "aBaB");
  EXPECT_EQ(apply("aten::slice", {"str", "int?", "int?", "int"}, "str", {IValue("ab,cd"), I(1), I(3), I(1)})
                .toStringRef(),
            "b,");
}

TEST(StringKernels, NegativeZeroAndLargeFloats) {
  EXPECT_EQ(apply("aten::str", {"float"}, "str", {F(-0.0)}).toStringRef(), "0.");
  EXPECT_EQ(apply("aten::str", {"float"}, "str", {F(-2.0)}).toStringRef(), "-2.");
  EXPECT_EQ(apply("aten::str", {"float"}, "str", {F(1e20)}).toStringRef(), "1e+20");
  EXPECT_EQ(apply("aten::str", {"float"}, "str", {F(1.5e-8)}).toStringRef(), "1.4999999999999999e-08");
  EXPECT_EQ(apply("aten::str", {"(int, str)"}, "str", {makeTuple({I(1), IValue("a")})}).toStringRef(), "(1, a)");
}

TEST(Evaluator, ItemAndTolist) {
  Tensor t = Tensor::fromDoubles({1.5, -2.0, 0.25, 4.0}, {2, 2}, ScalarType::Float);
  const char* ir = R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %l : float[][] = prim::tolist(%x, %two, %one)
  return (%l)
)IR";
  IValue l = run1(ir, {IValue(t)});
  ASSERT_EQ(l.toListRef().items.size(), 2u);
  EXPECT_EQ(l.toListRef().items[1].toListRef().items[0].toDouble(), 0.25);
  const char* bad = R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %l : float[] = prim::tolist(%x, %one, %one)
  return (%l)
)IR";
  EXPECT_EQ(lastLineOf(bad, {IValue(t)}),
            "RuntimeError: Output annotation list dimension and runtime tensor dimension must match for tolist()");
  const char* item = R"IR(
graph(%x : Tensor):
  %v : Scalar = aten::item(%x)
  return (%v)
)IR";
  EXPECT_EQ(run1(item, {IValue(Tensor::scalarInt(7, ScalarType::Int64))}).toInt(), 7);
  EXPECT_EQ(run1(item, {IValue(Tensor::scalar(0.5, ScalarType::Float))}).toDouble(), 0.5);
  EXPECT_EQ(lastLineOf(item, {IValue(t)}), "RuntimeError: a Tensor with 4 elements cannot be converted to Scalar");
}

TEST(Evaluator, PythonLastLineIsRuntimeErrorForEveryOperatorFailure) {
  EXPECT_EQ(pythonLastLine(RuntimeError("Dimension out of range", "IndexError")), "RuntimeError: Dimension out of range");
  EXPECT_EQ(pythonExceptionType(RuntimeError("x", "IndexError")), "RuntimeError");
  EXPECT_EQ(pythonExceptionType(RuntimeError("x", "NotImplementedError")), "NotImplementedError");
  EXPECT_EQ(pythonLastLine(RuntimeError("first\nsecond\n\n")), "RuntimeError: second");
  EXPECT_EQ(pythonExceptionType(ScriptException("m", "builtins.ValueError")), "Error");
  EXPECT_EQ(errorOf("aten::__getitem__", {"str", "int"}, "str", {IValue("abc"), I(5)}),
            "RuntimeError: basic_string::at: __n (which is 5) >= this->size() (which is 3)");
}

TEST(StringKernels, TensorsPrintAsPyTorchsCppPrinter) {
  auto s = [](const Tensor& t) { return apply("aten::str", {"Tensor"}, "str", {IValue(t)}).toStringRef(); };
  EXPECT_EQ(s(Tensor::fromDoubles({1.5, -2.0}, {2}, ScalarType::Float)), " 1.5000\n-2.0000\n[ CPUFloatType{2} ]");
  EXPECT_EQ(s(Tensor::fromInt64s({1, 2, 3}, {3})), " 1\n 2\n 3\n[ CPULongType{3} ]");
  EXPECT_EQ(s(Tensor::scalar(2.5, ScalarType::Double)), "2.5\n[ CPUDoubleType{} ]");
  EXPECT_EQ(s(Tensor::fromDoubles({1.5, 2, 3, 4}, {2, 2}, ScalarType::Float)),
            " 1.5000  2.0000\n 3.0000  4.0000\n[ CPUFloatType{2,2} ]");
  EXPECT_EQ(s(Tensor::zeros({0}, ScalarType::Float)), "[ CPUFloatType{0} ]");
}

// ops_test.cpp — the op table API (lookup, categories, tolerances, in-place links, extension
// slots, initialize() from many threads) and overload resolution on type lists.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <set>
#include <thread>

#include "jit/ops/OpTable.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/ops/decl/Declarations.h"

using namespace tsjit;
using namespace tsjit::ops;

namespace {

TypePtr ty(const char* s) { return parseType(s); }
std::vector<TypePtr> tys(std::initializer_list<const char*> names) {
  std::vector<TypePtr> out;
  for (const char* n : names) out.push_back(ty(n));
  return out;
}
std::string resolvedName(const char* kind, std::initializer_list<const char*> inputs) {
  const OpOverload* o = resolveOverload(Symbol::fromQualString(kind), tys(inputs));
  return o ? o->qualifiedName() : "<none>";
}

// Slot types as later layers define them.
struct TestKernel {
  static constexpr const char* kSlotName = "test-kernel";
  std::function<int(int)> run;
};
struct TestGradient {
  static constexpr const char* kSlotName = "test-gradient";
  std::string source;
};

}  // namespace

TEST(OpTable, LookupByKindAndOverloadName) {
  initialize();
  const OpInfo* add = findOp(Symbol::fromQualString("aten::add"));
  ASSERT_TRUE(add);
  EXPECT_EQ(add, findOp("aten::add"));
  EXPECT_EQ(add->name(), "aten::add");
  EXPECT_EQ(add->category(), OpCategory::ElementwiseBinary);
  EXPECT_EQ(add->family(), "ElementwiseBinary");
  EXPECT_EQ(add->overloads().size(), 16u);
  const OpOverload* t = findOverload("aten::add.Tensor");
  ASSERT_TRUE(t);
  EXPECT_EQ(&t->op(), add);
  EXPECT_EQ(t->schema().str(), "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(t->schemaText(), t->schema().str());
  EXPECT_EQ(add->findOverload("Tensor"), t);
  // The unnamed overload is addressed by the bare kind.
  const OpOverload* relu = findOverload("aten::relu");
  ASSERT_TRUE(relu);
  EXPECT_EQ(relu->overloadName(), "");
  EXPECT_EQ(findOverload("aten::add.NoSuchOverload"), nullptr);
  EXPECT_EQ(findOp("aten::no_such_op"), nullptr);
  EXPECT_EQ(findOverload("no-namespace"), nullptr);
  EXPECT_THROW(op("aten::no_such_op"), InternalError);
  EXPECT_THROW(overload("aten::add.Nope"), InternalError);
  EXPECT_EQ(&op("aten::add"), add);
}

TEST(OpTable, CategoriesTolerancesAndVariants) {
  EXPECT_EQ(overload("aten::add.int").category(), OpCategory::ScalarMath);
  EXPECT_EQ(overload("aten::add.t").category(), OpCategory::Container);
  EXPECT_EQ(overload("aten::add.str").category(), OpCategory::String);
  EXPECT_EQ(overload("aten::add.Tensor").category(), OpCategory::ElementwiseBinary);
  EXPECT_EQ(op("aten::sum").tolerance().kind, Tolerance::Kind::ReductionBound);
  EXPECT_EQ(op("aten::exp").tolerance(), Tolerance::ulp(2));
  EXPECT_EQ(op("aten::exp").tolerance().str(), "ulp(2)");
  EXPECT_EQ(op("aten::add").tolerance(), Tolerance::exact());
  EXPECT_EQ(op("aten::view").category(), OpCategory::View);
  EXPECT_EQ(op("aten::add_").category(), OpCategory::Inplace);
  EXPECT_EQ(op("aten::add_").functionalVariant(), &op("aten::add"));
  EXPECT_EQ(op("aten::add").functionalVariant(), nullptr);
  EXPECT_TRUE(overload("aten::add.out").isOutVariant());
  EXPECT_FALSE(overload("aten::add.Tensor").isOutVariant());
  EXPECT_TRUE(overload("aten::add_.Tensor").schema().isMutable());
  const OpInfo& ifOp = op("prim::If");
  EXPECT_TRUE(ifOp.isSpecial());
  EXPECT_EQ(ifOp.category(), OpCategory::ControlFlow);
  EXPECT_FALSE(op("prim::TupleUnpack").isSpecial());
  EXPECT_TRUE(overload("prim::TupleUnpack").schema().isVarret());
}

TEST(OpTable, EveryOverloadNamesItsOpAndIsUnique) {
  size_t n = 0;
  for (const OpInfo* info : allOps()) {
    std::set<std::string> names;
    for (const auto& o : info->overloads()) {
      EXPECT_EQ(o->schema().name(), info->name());
      EXPECT_TRUE(names.insert(o->overloadName()).second) << o->qualifiedName();
      EXPECT_EQ(findOverload(o->qualifiedName()), o.get());
      ++n;
    }
    EXPECT_EQ(findOp(info->kind()), info);
  }
  EXPECT_EQ(n, overloadCount());
}

TEST(OpTable, SlotsAreTypedAndSetOnce) {
  const OpOverload& o = overload("aten::mul.Tensor");
  EXPECT_EQ(o.get<TestKernel>(), nullptr);
  EXPECT_FALSE(o.has<TestKernel>());
  o.set(TestKernel{[](int x) { return 2 * x; }});
  ASSERT_TRUE(o.has<TestKernel>());
  EXPECT_EQ(o.get<TestKernel>()->run(21), 42);
  EXPECT_EQ(o.get<TestGradient>(), nullptr);  // another layer's slot is independent
  EXPECT_THROW(o.set(TestKernel{}), InternalError);
  o.set(TestGradient{"def backward(grad): ..."});
  EXPECT_EQ(o.get<TestGradient>()->source, "def backward(grad): ...");
  EXPECT_EQ(o.slotNames(), (std::vector<std::string>{"test-gradient", "test-kernel"}));
  // Per-op slots are separate from per-overload ones.
  EXPECT_EQ(op("aten::mul").get<TestKernel>(), nullptr);
  op("aten::mul").set(TestGradient{"op-level"});
  EXPECT_EQ(op("aten::mul").get<TestGradient>()->source, "op-level");
  EXPECT_EQ(overload("aten::mul.Scalar").get<TestKernel>(), nullptr);
}

TEST(OpTable, BuilderRejectsInconsistentDeclarations) {
  // Declarations.h: each schema must name the declared kind, and no kind or overload twice.
  const auto cat = OpCategory::ElementwiseUnary;
  {
    OpTableBuilder b;
    EXPECT_THROW(b.op("aten::test_kind_a", cat, Tolerance::exact(), {"aten::test_kind_b(Tensor self) -> Tensor"}),
                 InternalError);
  }
  {
    OpTableBuilder b;
    EXPECT_THROW(b.op("aten::test_kind_a", cat, Tolerance::exact(),
                      {"aten::test_kind_a(Tensor self) -> Tensor", "aten::test_kind_a(Tensor x) -> Tensor"}),
                 InternalError);
  }
  {
    OpTableBuilder b;
    b.op("aten::test_kind_a", cat, Tolerance::exact(),
         {"aten::test_kind_a(Tensor self) -> Tensor", "aten::test_kind_a.int(int a) -> int"});
    EXPECT_THROW(b.special("aten::test_kind_a", cat), InternalError);
    EXPECT_EQ(b.finish().size(), 1u);
  }
}

TEST(OpTable, ConcurrentInitializeAndSlots) {
  std::vector<std::thread> threads;
  std::atomic<int> found{0};
  const std::vector<const char*> names = {"aten::sub.Tensor", "aten::div.Tensor", "aten::pow.Tensor_Tensor",
                                          "aten::atan2", "aten::fmod.Tensor", "aten::remainder.Tensor"};
  for (size_t i = 0; i < names.size(); ++i) {
    threads.emplace_back([&, i] {
      initialize();
      overload(names[i]).set(TestKernel{[i](int) { return static_cast<int>(i); }});
      for (const char* n : names) found += overload(n).has<TestKernel>() ? 1 : 0;
    });
  }
  for (auto& t : threads) t.join();
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(overload(names[i]).get<TestKernel>()->run(0), int(i));
  EXPECT_GE(found.load(), 6);
}

TEST(Resolution, PrefersTheExactOverload) {
  EXPECT_EQ(resolvedName("aten::add", {"int", "int"}), "aten::add.int");
  EXPECT_EQ(resolvedName("aten::add", {"float", "int"}), "aten::add.float_int");
  EXPECT_EQ(resolvedName("aten::add", {"Tensor", "Tensor", "int"}), "aten::add.Tensor");
  EXPECT_EQ(resolvedName("aten::add", {"Tensor", "float", "int"}), "aten::add.Scalar");
  EXPECT_EQ(resolvedName("aten::add", {"Tensor", "Scalar", "Scalar"}), "aten::add.Scalar");
  EXPECT_EQ(resolvedName("aten::add", {"str", "str"}), "aten::add.str");
  EXPECT_EQ(resolvedName("aten::add", {"int[]", "int[]"}), "aten::add.t");
  EXPECT_EQ(resolvedName("aten::add", {"Scalar", "Scalar"}), "aten::add");
  EXPECT_EQ(resolvedName("aten::add", {"Float(2, 3)", "Tensor", "int"}), "aten::add.Tensor");
  EXPECT_EQ(resolvedName("aten::add", {"Tensor", "Tensor", "int", "Tensor"}), "aten::add.out");
  EXPECT_EQ(resolvedName("aten::len", {"Tensor[]"}), "aten::len.t");
  EXPECT_EQ(resolvedName("aten::len", {"str"}), "aten::len.str");
  EXPECT_EQ(resolvedName("aten::eq", {"int", "float"}), "aten::eq.int_float");
  EXPECT_EQ(resolvedName("aten::__getitem__", {"Dict(str, Tensor)", "str"}), "aten::__getitem__.Dict_str");
  EXPECT_EQ(resolvedName("aten::size", {"Tensor", "int"}), "aten::size.int");
}

TEST(Resolution, TypeVariablesBindConsistently) {
  Symbol add = Symbol::fromQualString("aten::add");
  Resolution r = resolve(add, tys({"int[]", "int[]"}));
  ASSERT_TRUE(r.best);
  EXPECT_EQ(r.bindings.at("t")->str(), "int");
  EXPECT_EQ(substituteTypeVars(r.best->schema().returns()[0].type(), r.bindings)->str(), "int[]");
  // t[] + t[] with different element types binds nothing consistent.
  EXPECT_EQ(resolvedName("aten::add", {"int[]", "float[]"}), "<none>");
  EXPECT_EQ(resolvedName("aten::append", {"Tensor[]", "Tensor"}), "aten::append.t");
  EXPECT_EQ(resolvedName("aten::append", {"int[]", "str"}), "<none>");
  // Lists are invariant: an int[] is not a Scalar[] nor a float[].
  EXPECT_EQ(resolvedName("aten::sum", {"int[]"}), "aten::sum.int");
  EXPECT_EQ(resolvedName("aten::sum", {"float[]"}), "aten::sum.float");
}

TEST(Resolution, ScalarsOptionalsAndFixedSizeLists) {
  // bool is not a Scalar in TorchScript's schema matching.
  EXPECT_EQ(resolvedName("aten::add", {"Tensor", "bool", "int"}), "<none>");
  EXPECT_EQ(resolvedName("aten::add", {"Tensor", "complex", "int"}), "aten::add.Scalar");
  // Tensor? accepts None and Tensor.
  EXPECT_EQ(resolvedName("aten::linear", {"Tensor", "Tensor", "NoneType"}), "aten::linear");
  EXPECT_EQ(resolvedName("aten::linear", {"Tensor", "Tensor", "Tensor"}), "aten::linear");
  EXPECT_EQ(resolvedName("aten::linear", {"Tensor", "Tensor", "Tensor?"}), "aten::linear");
  // ScalarType? accepts int and None; Device? accepts Device.
  EXPECT_EQ(resolvedName("aten::to", {"Tensor", "int", "bool", "bool", "NoneType"}), "aten::to.dtype");
  EXPECT_EQ(resolvedName("aten::to", {"Tensor", "Device", "int", "bool", "bool", "NoneType"}), "aten::to.device");
  // int[2] accepts int[] and a single int.
  EXPECT_EQ(resolvedName("aten::max_pool2d", {"Tensor", "int[]", "int[]", "int[]", "int[]", "bool"}),
            "aten::max_pool2d");
  EXPECT_EQ(resolvedName("aten::max_pool2d", {"Tensor", "int", "int[]", "int", "int", "bool"}), "aten::max_pool2d");
  // Any accepts everything; varargs accept extra inputs.
  EXPECT_EQ(resolvedName("prim::TupleIndex", {"(int, str)", "int"}), "prim::TupleIndex");
  EXPECT_EQ(resolvedName("aten::format", {"str", "int", "Tensor", "float[]"}), "aten::format");
  EXPECT_EQ(resolvedName("aten::format", {}), "<none>");
}

TEST(Resolution, CostsFollowTheDocumentedRule) {
  // SchemaMatching.h: 0 for exact types, +1 per widening (int -> Scalar, T -> T?, a type-variable
  // binding, int -> int[N]), +2 per Any; the cost of a container is the sum of its elements'.
  const auto costOf = [](const char* kind, std::initializer_list<const char*> inputs) {
    Resolution r = resolve(Symbol::fromQualString(kind), tys(inputs));
    EXPECT_TRUE(r.best) << kind;
    return r.cost;
  };
  EXPECT_EQ(costOf("aten::add", {"int", "int"}), 0);
  EXPECT_EQ(costOf("aten::add", {"Tensor", "float", "int"}), 2);          // float, int -> Scalar
  EXPECT_EQ(costOf("aten::linear", {"Tensor", "Tensor", "Tensor"}), 1);   // Tensor -> Tensor?
  EXPECT_EQ(costOf("aten::__getitem__", {"Dict(str, Tensor)", "str"}), 1); // Dict(str, t): t binds
  EXPECT_EQ(costOf("aten::max_pool2d", {"Tensor", "int", "int[]", "int[]", "int[]", "bool"}), 1);  // int -> int[2]
  EXPECT_EQ(costOf("prim::TupleIndex", {"(int, str)", "int"}), 2);        // Any
}

TEST(Resolution, ExplainsMismatchesAndRespectsOutputs) {
  Resolution r = resolve(Symbol::fromQualString("aten::relu"), tys({"int"}));
  EXPECT_FALSE(r.best);
  EXPECT_NE(r.whyNot.find("argument 'self' (Tensor) does not accept int"), std::string::npos) << r.whyNot;
  Resolution special = resolve(Symbol::fromQualString("prim::If"), tys({"bool"}));
  EXPECT_FALSE(special.best);
  EXPECT_NE(special.whyNot.find("has no schema"), std::string::npos);
  // aten::max(Tensor, int, bool) has two outputs (values, indices).
  auto two = tys({"Tensor", "Tensor"});
  auto one = tys({"Tensor"});
  Resolution max = resolve(Symbol::fromQualString("aten::max"), tys({"Tensor", "int", "bool"}), &two);
  ASSERT_TRUE(max.best);
  EXPECT_EQ(max.best->qualifiedName(), "aten::max.dim");
  EXPECT_FALSE(resolve(Symbol::fromQualString("aten::max"), tys({"Tensor", "int", "bool"}), &one).best);
}

TEST(Resolution, OutputTypesBreakTiesAndDuplicatesAreNotAmbiguous) {
  Symbol pow = Symbol::fromQualString("aten::pow");
  auto f = tys({"float"});
  auto i = tys({"int"});
  EXPECT_EQ(resolve(pow, tys({"int", "int"}), &f).best->qualifiedName(), "aten::pow.int");
  EXPECT_FALSE(resolve(pow, tys({"int", "int"}), &f).ambiguous());
  EXPECT_EQ(resolve(pow, tys({"int", "int"}), &i).best->qualifiedName(), "aten::pow.int_to_int");
  // Without outputs the two differ only in their returns: a real tie, reported.
  Resolution r = resolve(pow, tys({"int", "int"}));
  EXPECT_TRUE(r.ambiguous());
  EXPECT_EQ(r.best->qualifiedName(), "aten::pow.int");
  // aten::mT and aten::mT.a have the same signature: the first declared, no ambiguity.
  Resolution mt = resolve(Symbol::fromQualString("aten::mT"), tys({"Tensor"}));
  EXPECT_EQ(mt.best->qualifiedName(), "aten::mT");
  EXPECT_FALSE(mt.ambiguous());
}

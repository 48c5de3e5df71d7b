// type_test.cpp — units for Type printing (both spellings), parsing, equality, subtyping, unification.
#include <gtest/gtest.h>

#include "jit/ir/Type.h"
#include "jit/support/Error.h"

using namespace tsjit;

namespace {
std::string roundTrip(const std::string& s, ClassRegistry* reg = nullptr) { return parseType(s, reg)->str(); }
}  // namespace

TEST(Type, IrSpellingRoundTrips) {
  for (const char* s : {"int", "float", "bool", "str", "NoneType", "Device", "Tensor", "Scalar", "Any",
                        "Function", "int[]", "Tensor?", "int?", "Tensor[]", "str[]", "(Tensor, Tensor)",
                        "(int, float)[]", "Dict(str, Tensor)", "Dict(int, float)", "()", "Future[int]",
                        "Union(int, float)", "(int, int, bool, Dict(str, int), str[], int, int[])",
                        "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)",
                        "Long(requires_grad=0, device=cpu)", "Double(requires_grad=0, device=cpu)",
                        "Float(*, 3, requires_grad=1, device=cpu)", "Float", "Float(2, 3)"}) {
    EXPECT_EQ(roundTrip(s), s) << s;
  }
}

TEST(Type, AnnotationSpellingParses) {
  EXPECT_EQ(roundTrip("List[int]"), "int[]");
  EXPECT_EQ(roundTrip("Optional[Tensor]"), "Tensor?");
  EXPECT_EQ(roundTrip("Dict[str, List[int]]"), "Dict(str, int[])");
  EXPECT_EQ(roundTrip("Tuple[int, Tensor]"), "(int, Tensor)");
  EXPECT_EQ(roundTrip("Tuple[()]"), "()");
  EXPECT_EQ(roundTrip("Future(int)"), "Future[int]");  // the schema spelling; graphs print brackets
  EXPECT_EQ(roundTrip("Union[Tensor, float, int]"), "Union(Tensor, float, int)");
  EXPECT_EQ(parseType("List[Optional[Tensor]]")->annotationStr(), "List[Optional[Tensor]]");
  EXPECT_EQ(parseType("(int, str)")->annotationStr(), "Tuple[int, str]");
}

TEST(Type, TensorDetails) {
  auto t = parseType("Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  auto& tt = t->expect<TensorType>();
  ASSERT_TRUE(tt.dtype().has_value());
  EXPECT_EQ(*tt.dtype(), ScalarType::Float);
  ASSERT_TRUE(tt.sizes().has_value());
  EXPECT_EQ(tt.sizes()->size(), 2u);
  EXPECT_EQ(*(*tt.strides())[0], 3);
  EXPECT_EQ(tt.requiresGrad(), std::optional<bool>(false));
  EXPECT_TRUE(t->isSubtypeOf(TensorType::get()));
  EXPECT_FALSE(TensorType::get()->isSubtypeOf(t));
  EXPECT_EQ(TensorType::createContiguous(ScalarType::Float, Device(), {2, 3})->str(),
            "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
}

TEST(Type, ClassesResolveThroughRegistry) {
  ClassRegistry reg;
  auto a = parseType("__torch__.Foo", &reg);
  auto b = parseType("__torch__.Foo", &reg);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(a->str(), "__torch__.Foo");
  EXPECT_THROW(parseType("__torch__.Foo"), CompileError);
  EXPECT_EQ(a->expect<ClassType>().baseName(), "Foo");
}

TEST(Type, Subtyping) {
  auto i = IntType::get(), f = FloatType::get(), none = NoneType::get(), t = TensorType::get();
  EXPECT_TRUE(i->isSubtypeOf(NumberType::get()));
  EXPECT_TRUE(f->isSubtypeOf(NumberType::get()));
  EXPECT_FALSE(BoolType::get()->isSubtypeOf(NumberType::get()));
  EXPECT_TRUE(none->isSubtypeOf(OptionalType::create(t)));
  EXPECT_TRUE(t->isSubtypeOf(OptionalType::create(t)));
  EXPECT_FALSE(OptionalType::create(t)->isSubtypeOf(t));
  EXPECT_TRUE(i->isSubtypeOf(AnyType::get()));
  // Lists are invariant, tuples covariant.
  auto refined = parseType("Float(2, strides=[1], requires_grad=0, device=cpu)");
  EXPECT_FALSE(ListType::create(refined)->isSubtypeOf(ListType::ofTensors()));
  EXPECT_TRUE(TupleType::create({refined, i})->isSubtypeOf(TupleType::create({t, i})));
  EXPECT_TRUE(ListType::ofInts()->isSubtypeOf(ListType::create(IntType::get())));
  // Unions.
  auto u = UnionType::create({t, f, i});
  EXPECT_TRUE(i->isSubtypeOf(u));
  EXPECT_FALSE(StringType::get()->isSubtypeOf(u));
  EXPECT_TRUE(UnionType::create({i, f})->isSubtypeOf(u));
  EXPECT_TRUE(OptionalType::create(i)->isSubtypeOf(UnionType::create({i, none})));
}

TEST(Type, Unify) {
  auto t = TensorType::get(), none = NoneType::get(), i = IntType::get();
  EXPECT_EQ((*unifyTypes(none, t))->str(), "Tensor?");
  EXPECT_EQ((*unifyTypes(i, i))->str(), "int");
  EXPECT_FALSE(unifyTypes(i, StringType::get()).has_value());
  auto a = parseType("Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  auto b = parseType("Float(2, 4, strides=[4, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ((*unifyTypes(a, b))->str(), "Float(2, *, requires_grad=0, device=cpu)");
}

TEST(Type, MalformedTypesAreCompileErrors) {
  for (const char* s : {"", "List[", "Dict(str)", "Float(2, strides=[1, 2])", "Tuple[int", "wat",
                        "Float(requires_grad=2)", "Float(device=tpu)", "int[", "Union[]", "(int,",
                        "Float(99999999999999999999999)"}) {
    EXPECT_THROW(parseType(s), CompileError) << s;
  }
}

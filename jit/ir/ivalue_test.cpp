// ivalue_test.cpp — IValue size, reference counting, container aliasing, dict ordering, objects.
#include <gtest/gtest.h>

#include <sstream>

#include "jit/ir/IValue.h"
#include "jit/support/Error.h"

using namespace tsjit;

TEST(IValue, IsSixteenBytes) { EXPECT_EQ(sizeof(IValue), 16u); }

TEST(IValue, ScalarsRoundTrip) {
  EXPECT_EQ(IValue(int64_t{-7}).toInt(), -7);
  EXPECT_EQ(IValue(2.5).toDouble(), 2.5);
  EXPECT_TRUE(IValue(true).toBool());
  EXPECT_TRUE(IValue().isNone());
  EXPECT_EQ(IValue("abc").toStringRef(), "abc");
  EXPECT_EQ(IValue(Device(DeviceType::CUDA, 1)).toDevice(), Device(DeviceType::CUDA, 1));
  EXPECT_THROW(IValue(1.0).toInt(), InternalError);
  EXPECT_EQ(IValue(true).toScalarAsDouble(), 1.0);
}

TEST(IValue, TensorReferenceCounting) {
  // Given a tensor held by one handle
  Tensor t = Tensor::zeros({2, 3});
  EXPECT_EQ(t.useCount(), 1);
  {
    // When IValues copy it
    IValue a(t);
    IValue b = a;
    EXPECT_EQ(t.useCount(), 3);
    Tensor back = b.toTensor();
    EXPECT_TRUE(back.is(t));
    EXPECT_EQ(t.useCount(), 4);
  }
  // Then dropping them returns the count
  EXPECT_EQ(t.useCount(), 1);
  IValue moved(t);
  IValue target = std::move(moved);
  EXPECT_TRUE(moved.isNone());
  EXPECT_EQ(t.useCount(), 2);
}

TEST(IValue, ListsAlias) {
  // Given a list held by two IValues
  IValue list = makeList(IntType::get(), {IValue(1), IValue(2)});
  IValue alias = list;
  // When one appends
  alias.toListRef().items.push_back(IValue(3));
  // Then the other sees it, and `is` holds
  EXPECT_EQ(list.toListRef().items.size(), 3u);
  EXPECT_TRUE(list.isSameIdentity(alias));
  EXPECT_FALSE(list.isSameIdentity(makeList(IntType::get(), {})));
  EXPECT_EQ(list.type()->str(), "int[]");
}

TEST(IValue, DictKeepsInsertionOrder) {
  IValue d = makeDict(StringType::get(), IntType::get());
  auto& dict = d.toDictRef();
  dict.insertOrAssign(IValue("b"), IValue(1));
  dict.insertOrAssign(IValue("a"), IValue(2));
  dict.insertOrAssign(IValue("c"), IValue(3));
  dict.insertOrAssign(IValue("a"), IValue(20));  // overwrite keeps position
  ASSERT_EQ(dict.size(), 3u);
  EXPECT_EQ(dict.entries()[1].first.toStringRef(), "a");
  EXPECT_EQ(dict.entries()[1].second.toInt(), 20);
  ASSERT_NE(dict.find(IValue("c")), nullptr);
  EXPECT_EQ(dict.find(IValue("c"))->toInt(), 3);
  EXPECT_EQ(dict.find(IValue("zz")), nullptr);
  EXPECT_TRUE(dict.erase(IValue("b")));
  EXPECT_EQ(dict.entries()[0].first.toStringRef(), "a");
  EXPECT_EQ(dict.find(IValue("c"))->toInt(), 3);
  EXPECT_EQ(d.type()->str(), "Dict(str, int)");
  std::ostringstream os;
  os << d;
  EXPECT_EQ(os.str(), "{\"a\": 20, \"c\": 3}");
}

TEST(IValue, ObjectsHaveSlots) {
  auto cls = ClassType::create("__torch__.M");
  cls->addAttribute("w", TensorType::get(), ClassType::SlotKind::Parameter);
  cls->addAttribute("n", IntType::get());
  IValue obj(Ref<Object>::make(cls, cls->attributes().size()));
  obj.toObjectRef().setAttr("n", IValue(4));
  EXPECT_EQ(obj.toObjectRef().attr("n").toInt(), 4);
  EXPECT_THROW(obj.toObjectRef().attr("missing"), RuntimeError);
  EXPECT_EQ(obj.type()->str(), "__torch__.M");
}

TEST(IValue, TuplesAndPrinting) {
  IValue t = makeTuple({IValue(1), IValue(2.5), IValue(), IValue(false)});
  std::ostringstream os;
  os << t;
  EXPECT_EQ(os.str(), "(1, 2.5, None, False)");
  EXPECT_EQ(t.type()->str(), "(int, float, NoneType, bool)");
}

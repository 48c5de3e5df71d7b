// tensor_broadcast_test.cpp — shape broadcasting and expansion of tensors to a common shape.
#include <gtest/gtest.h>

#include "jit/support/Error.h"
#include "jit/tensor/Broadcast.h"

using namespace tsjit;
using V = std::vector<int64_t>;

TEST(Broadcast, InfersCommonShape) {
  EXPECT_EQ(inferBroadcastShape({3, 1}, {1, 4}), (V{3, 4}));
  EXPECT_EQ(inferBroadcastShape({2, 3, 4}, {4}), (V{2, 3, 4}));
  EXPECT_EQ(inferBroadcastShape({}, {2, 2}), (V{2, 2}));
  EXPECT_EQ(inferBroadcastShape({5, 1, 0}, {3, 1}), (V{5, 3, 0}));
  EXPECT_EQ(inferBroadcastShape({1}, {0}), (V{0}));
  EXPECT_EQ(inferBroadcastShape(std::vector<V>{{2, 1, 1}, {3, 1}, {4}}), (V{2, 3, 4}));
}

TEST(Broadcast, MismatchNamesTheResultDim) {
  try {
    inferBroadcastShape({2, 3}, {4});
    FAIL();
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  }
  try {
    inferBroadcastShape({5, 2, 3}, {7, 3});
    FAIL();
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "The size of tensor a (2) must match the size of tensor b (7) at non-singleton dimension 1");
  }
  EXPECT_THROW(inferBroadcastShape({0}, {2}), RuntimeError);
}

TEST(Broadcast, ExpandableAndExpand) {
  EXPECT_TRUE(isExpandableTo({3, 1}, {2, 3, 4}));
  EXPECT_FALSE(isExpandableTo({3, 2}, {3, 4}));
  EXPECT_FALSE(isExpandableTo({1, 1, 1}, {1, 1}));
  Tensor a = Tensor::fromDoubles({1, 2, 3}, {3, 1}, ScalarType::Float);
  Tensor b = Tensor::fromDoubles({10, 20}, {2}, ScalarType::Float);
  EXPECT_TRUE(expandTo(a, {3, 1}).is(a));
  auto [ea, eb] = expandOutplace(a, b);
  EXPECT_EQ(ea.sizes(), (V{3, 2}));
  EXPECT_EQ(eb.sizes(), (V{3, 2}));
  EXPECT_EQ(ea.strides(), (V{1, 0}));
  EXPECT_EQ(eb.strides(), (V{0, 1}));
  EXPECT_EQ(ea.toDoubles(), (std::vector<double>{1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(eb.toDoubles(), (std::vector<double>{10, 20, 10, 20, 10, 20}));
  EXPECT_TRUE(ea.sharesStorageWith(a));
}

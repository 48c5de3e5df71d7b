// tensor_iteration_layout_test.cpp — elementwiseOutputStrides against layouts PyTorch 1.13's
// TensorIterator gives (derived by hand from its fast-setup, compute_strides, reorder_dimensions
// and allocate_or_resize_outputs steps).
#include <gtest/gtest.h>

#include "jit/tensor/DenseStrides.h"
#include "jit/tensor/IterationLayout.h"

namespace tsjit {
namespace {

using V = std::vector<int64_t>;

IterationInput in(const V& sizes, const V& strides, int64_t elementSize = 4) {
  IterationInput i;
  i.sizes = sizes;
  i.strides = strides;
  i.elementSize = elementSize;
  return i;
}

TEST(IterationLayout, SameShapeFastSetup) {
  const V s23{2, 3}, c23{3, 1}, s32{3, 2}, t32{1, 3};
  EXPECT_EQ(elementwiseOutputStrides(s23, {in(s23, c23)}), (V{3, 1}));
  // x.t(): non-overlapping and dense -> the input's strides.
  EXPECT_EQ(elementwiseOutputStrides(s32, {in(s32, t32)}), (V{1, 3}));
  EXPECT_EQ(elementwiseOutputStrides(s32, {in(s32, t32), in(s32, t32)}), (V{1, 3}));
  // channels-last 4-D input -> channels-last output.
  const V n{2, 3, 4, 5}, cl{60, 1, 15, 3};
  EXPECT_EQ(elementwiseOutputStrides(n, {in(n, cl)}), cl);
  // A permuted 3-D tensor keeps its permutation.
  const V p{4, 2, 3}, ps{1, 12, 4};
  EXPECT_EQ(elementwiseOutputStrides(p, {in(p, ps)}), ps);
}

TEST(IterationLayout, FirstInputWithAnOpinionDecides) {
  const V s32{3, 2}, t32{1, 3}, c32{2, 1}, none{};
  EXPECT_EQ(elementwiseOutputStrides(s32, {in(s32, t32), in(s32, c32)}), (V{1, 3}));
  EXPECT_EQ(elementwiseOutputStrides(s32, {in(s32, c32), in(s32, t32)}), (V{2, 1}));
  // A 0-dim operand (a Python number) has no opinion.
  EXPECT_EQ(elementwiseOutputStrides(s32, {in(s32, t32), in(none, none)}), (V{1, 3}));
}

TEST(IterationLayout, BroadcastAndExpandedInputs) {
  // [4] expanded to [3, 4] (stride 0): no opinion on dim 0 -> row-major.
  const V s34{3, 4}, e{0, 1};
  EXPECT_EQ(elementwiseOutputStrides(s34, {in(s34, e)}), (V{4, 1}));
  // A transposed [3, 2] plus a broadcast [2] row: the transposed input decides.
  const V s32{3, 2}, t32{1, 3}, r{2}, rs{1};
  EXPECT_EQ(elementwiseOutputStrides(s32, {in(s32, t32), in(r, rs)}), (V{1, 3}));
  // Sliced with a step, then transposed (not dense): strides sorted -> (1, 3).
  const V sl{3, 4}, sls{2, 6};
  EXPECT_EQ(elementwiseOutputStrides(sl, {in(sl, sls)}), (V{1, 3}));
}

TEST(IterationLayout, DtypeConversionPacksNonDenseInputsInTheirOrder) {
  // A non-dense transposed slice converted to the common dtype is packed in its own dim order
  // (1.13's .to(): inferDenseStrides), so it still decides: on python3-torch 1.13.1, with xi =
  // arange(24).view(4, 6).t()[::2], torch.sin(xi) and xi + zeros(3, 4) have strides (1, 3), and
  // zeros(3, 4) + xi (the contiguous input first) has (4, 1).
  const V sl{3, 4}, sls{2, 6}, rm{4, 1};
  IterationInput i = in(sl, sls);
  i.converted = true;
  EXPECT_EQ(elementwiseOutputStrides(sl, {i}), (V{1, 3}));
  EXPECT_EQ(elementwiseOutputStrides(sl, {i, in(sl, rm)}), (V{1, 3}));
  EXPECT_EQ(elementwiseOutputStrides(sl, {in(sl, rm), i}), (V{4, 1}));
}

TEST(IterationLayout, InferDenseStrides) {
  EXPECT_EQ(inferDenseStrides(V{3, 4}, V{2, 6}), (V{1, 3}));
  EXPECT_EQ(inferDenseStrides(V{6, 5, 4, 3, 2}, V{6, 0, 120, 0, 1}), (V{6, 36, 180, 2, 1}));  // 1.13's clone
  EXPECT_EQ(inferDenseStrides(V{3, 4}, V{1, 0}), (V{4, 1}));  // randn(3, 1).expand(3, 4): 0 strides have no opinion
  EXPECT_EQ(inferDenseStrides(V{4, 3}, V{0, 1}), (V{3, 1}));  // its .t()
  EXPECT_EQ(inferDenseStrides(V{}, V{}), (V{}));
}

TEST(IterationLayout, RowMajorStridesCheck) {
  EXPECT_TRUE(hasRowMajorStrides(V{2, 1, 3}, V{3, 3, 1}));
  EXPECT_TRUE(hasRowMajorStrides(V{}, V{}));
  EXPECT_FALSE(hasRowMajorStrides(V{2, 1}, V{1, 5}));
  EXPECT_TRUE(isChannelsLastContiguousLayout(V{2, 3, 4, 5}, V{60, 1, 15, 3}));
  EXPECT_FALSE(isChannelsLastContiguousLayout(V{2, 3}, V{3, 1}));
}

}  // namespace
}  // namespace tsjit

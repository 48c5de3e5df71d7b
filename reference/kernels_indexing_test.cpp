// kernels_indexing_test.cpp — unit tests of the Indexing family reference kernels: advanced
// indexing (placement of the index dims, bool masks, broadcasting), index_put_, gather / scatter,
// index_select / index_add / index_fill_, masked_select, nonzero, sort / argsort / topk.
// Expected values are computed by hand.
#include <limits>

#include "reference/KernelsTestUtil.h"

namespace tsjit::reference::testing {
namespace {

TEST(IndexingKernels, AdvancedIndexPlacement) {
  Tensor x = arange({2, 3});
  // x[:, [2, 0]]
  expectTensor(runT("aten::index.Tensor", {x, optTensors({Tensor(), L({2, 0}, {2})})}), {2, 2}, {2, 0, 5, 3});
  // x[[0, 1], [2, 0]] -> x[0,2], x[1,0]
  expectTensor(runT("aten::index.Tensor", {x, optTensors({L({0, 1}, {2}), L({2, 0}, {2})})}), {2}, {2, 3});
  // Broadcast index tensors: x[[[0], [1]], [0, 2]] -> [[x00, x02], [x10, x12]]
  expectTensor(runT("aten::index.Tensor", {x, optTensors({L({0, 1}, {2, 1}), L({0, 2}, {2})})}), {2, 2},
               {0, 2, 3, 5});
  // Non-adjacent index dims go first: y[[0, 1], :, [1, 2]] of a [2, 3, 4] tensor -> [2, 3].
  Tensor y = arange({2, 3, 4});
  expectTensor(runT("aten::index.Tensor", {y, optTensors({L({0, 1}, {2}), Tensor(), L({1, 2}, {2})})}), {2, 3},
               {1, 5, 9, 14, 18, 22});
  // Adjacent index dims stay in place: y[:, [0, 2], [1, 3]] -> [2, 2].
  expectTensor(runT("aten::index.Tensor", {y, optTensors({Tensor(), L({0, 2}, {2}), L({1, 3}, {2})})}), {2, 2},
               {1, 11, 13, 23});
  // Non-contiguous self: x.t()[[2, 0]] picks rows of the transpose.
  expectTensor(runT("aten::index.Tensor", {x.t(), optTensors({L({2, 0}, {2})})}), {2, 2}, {2, 5, 0, 3});
  expectTensor(runT("aten::gather", {x.t(), i(0), L({1, 0}, {1, 2}), b(false)}), {1, 2}, {1, 3});
  // Negative indices wrap.
  expectTensor(runT("aten::index.Tensor", {x, optTensors({L({-1}, {1})})}), {1, 3}, {3, 4, 5});
}

TEST(IndexingKernels, BoolMasksAndErrors) {
  Tensor x = arange({2, 3});
  expectTensor(runT("aten::index.Tensor", {x, optTensors({B({1, 0, 1, 0, 0, 1}, {2, 3})})}), {3}, {0, 2, 5});
  expectTensor(runT("aten::index.Tensor", {x, optTensors({B({0, 1}, {2})})}), {1, 3}, {3, 4, 5});
  EXPECT_EQ(errorOf([&] { run("aten::index.Tensor", {x, optTensors({B({1, 0, 1}, {3})})}); }),
            "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0");
  EXPECT_EQ(errorOf([&] { run("aten::index.Tensor", {x, optTensors({L({0, 5}, {2})})}); }),
            "index 5 is out of bounds for dimension 0 with size 2");
  EXPECT_EQ(errorOf([&] { run("aten::index.Tensor", {x, optTensors({L({0}, {1}), L({0}, {1}), L({0}, {1})})}); }),
            "too many indices for tensor of dimension 2 (got 3)");
  EXPECT_EQ(errorOf([&] { run("aten::index.Tensor", {x, optTensors({F({0}, {1})})}); }),
            "tensors used as indices must be long, byte or bool tensors");
  EXPECT_EQ(errorOf([&] { run("aten::index.Tensor", {x, optTensors({L({0, 1}, {2}), L({0, 1, 2}, {3})})}); }),
            "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]");
}

// Bounds checks as PyTorch 1.13's CPU index kernel makes them: per result element in its
// TensorIterator's order, index tensors in list order, the failing one named by its position among
// the index tensors; an empty result reads no index; an indexed dim of size 0 refuses a non-empty
// index up front (fuzz findings ops-11-17507, ops-11-91268, ops-12-155151).
TEST(IndexingKernels, AdvancedIndexBoundsChecks) {
  auto err = [](Tensor self, std::vector<Tensor> idx) {
    return errorOf([&] { run("aten::index.Tensor", {self, optTensors(idx)}); });
  };
  // Result [1, 0] / [1, 1, 0]: nothing is read, so the out-of-range 5 / 8 raise nothing.
  expectTensor(runT("aten::index.Tensor", {F({}, {2, 0}), optTensors({L({5}, {1})})}), {1, 0}, {});
  expectTensor(runT("aten::index.Tensor", {F({}, {1, 0}), optTensors({L({8}, {1, 1})})}), {1, 1, 0}, {});
  // An index of an empty dim: refused unless the index is empty too.
  EXPECT_EQ(err(F({}, {0, 3}), {L({0}, {1})}), "index is out of bounds for dimension with size 0");
  EXPECT_EQ(err(F({}, {2, 0}), {Tensor(), L({-1, 0}, {2})}), "index is out of bounds for dimension with size 0");
  expectTensor(runT("aten::index.Tensor", {F({}, {0, 3}), optTensors({L({}, {0})})}), {0, 3}, {});
  // index_put_ builds the same AdvancedIndex first.
  EXPECT_EQ(errorOf([&] { run("aten::index_put_", {F({}, {0}), optTensors({L({0}, {1})}), F({1}, {1}), b(false)}); }),
            "index is out of bounds for dimension with size 0");
  // The dimension in the message is the index tensor's position, not self's dim.
  EXPECT_EQ(err(arange({2, 3}), {Tensor(), L({0, 5}, {2})}), "index 5 is out of bounds for dimension 0 with size 3");
  EXPECT_EQ(err(arange({2, 2, 2}), {L({0}, {1}), Tensor(), L({9}, {1})}),
            "index 9 is out of bounds for dimension 1 with size 2");
  // One element, both indices out of range: the first index tensor is checked first.
  EXPECT_EQ(err(arange({2, 2}), {L({5}, {1}), L({7}, {1})}), "index 5 is out of bounds for dimension 0 with size 2");
  // x[i, i] with i = [[-3], [-3], [8]] on a [3, 1] tensor: element 0 already fails on dim 1's -3,
  // before element 2's 8 on dim 0 is reached.
  const Tensor sq = L({-3, -3, 8}, {3, 1});
  EXPECT_EQ(err(sq, {sq, sq}), "index -3 is out of bounds for dimension 1 with size 1");
  // A transposed index tensor is walked in its memory order: i = [[0, 9, 0], [-7, 0, 0]].t() has
  // -7 first in row-major order but 9 first in memory.
  const Tensor it = L({0, 9, 0, -7, 0, 0}, {2, 3}).t();
  EXPECT_EQ(err(arange({4}), {it}), "index 9 is out of bounds for dimension 0 with size 4");
  EXPECT_EQ(err(arange({4}), {it.contiguous()}), "index -7 is out of bounds for dimension 0 with size 4");
  expectTensor(runT("aten::index.Tensor", {arange({4}), optTensors({L({0, 3, 1, -1, 2, 0}, {2, 3}).t()})}), {3, 2},
               {0, 3, 3, 2, 1, 0});
}

TEST(IndexingKernels, IndexPut) {
  IValue self(Tensor::zeros({3}));
  auto out = run("aten::index_put_", {self, optTensors({L({0, 0, 2}, {3})}), F({1, 2, 3}, {3}), b(true)});
  EXPECT_TRUE(out.at(0).isSameIdentity(self));
  expectTensor(self.toTensor(), {3}, {3, 0, 3});
  run("aten::index_put_", {self, optTensors({L({1, 2}, {2})}), F({7}, {1}), b(false)});  // broadcast value
  expectTensor(self.toTensor(), {3}, {3, 7, 7});
  // Through a mask, into a view: the base sees the write.
  Tensor base = arange({2, 3});
  Tensor row = base.select(0, 1);
  run("aten::index_put_", {row, optTensors({B({1, 0, 1}, {3})}), F({-1}, {}), b(false)});
  expectTensor(base, {2, 3}, {0, 1, 2, -1, 4, -1});
  EXPECT_EQ(errorOf([&] { run("aten::index_put_", {self, optTensors({L({1}, {1})}), D({1}, {1}), b(false)}); }),
            "Index put requires the source and destination dtypes match, got Float for the destination and Double "
            "for the source.");
  EXPECT_EQ(errorOf([&] { run("aten::index_put_", {self, optTensors({L({1, 2}, {2})}), F({1, 2, 3}, {3}), b(false)}); }),
            "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]");
}

TEST(IndexingKernels, GatherScatter) {
  Tensor x = arange({2, 3});
  Tensor idx = L({2, 0, 1, 1}, {2, 2});
  expectTensor(runT("aten::gather", {x, i(1), idx, b(false)}), {2, 2}, {2, 0, 4, 4});
  EXPECT_EQ(errorOf([&] { run("aten::gather", {x, i(1), L({3}, {1, 1}), b(false)}); }),
            "index 3 is out of bounds for dimension 1 with size 3");
  EXPECT_EQ(errorOf([&] { run("aten::gather", {x, i(1), L({0}, {1}), b(false)}); }),
            "Index tensor must have the same number of dimensions as input tensor");
  Tensor zeros = Tensor::zeros({2, 3});
  Tensor src = F({10, 20, 30, 40}, {2, 2});
  Tensor sc = runT("aten::scatter.src", {zeros, i(1), idx, src});
  expectTensor(sc, {2, 3}, {20, 0, 10, 0, 40, 0});  // row 1: index 1 written twice, last wins
  expectTensor(zeros, {2, 3}, {0, 0, 0, 0, 0, 0});  // functional: self untouched
  expectTensor(runT("aten::scatter_add", {zeros, i(1), idx, src}), {2, 3}, {20, 0, 10, 0, 70, 0});
  expectTensor(runT("aten::scatter.value", {zeros, i(0), L({1, 0}, {1, 2}), d(5)}), {2, 3}, {0, 5, 0, 5, 0, 0});
  IValue self(Tensor::ones({2, 3}));
  EXPECT_TRUE(run("aten::scatter_.reduce", {self, i(1), idx, src, IValue("multiply")}).at(0).isSameIdentity(self));
  expectTensor(self.toTensor(), {2, 3}, {20, 1, 10, 1, 1200, 1});
  EXPECT_EQ(errorOf([&] { run("aten::scatter.src", {zeros, i(1), idx, D({1, 2, 3, 4}, {2, 2})}); }),
            "scatter(): Expected self.dtype to be equal to src.dtype");
}

TEST(IndexingKernels, IndexSelectAddFill) {
  Tensor x = arange({3, 2});
  expectTensor(runT("aten::index_select", {x, i(0), L({2, 0}, {2})}), {2, 2}, {4, 5, 0, 1});
  EXPECT_EQ(errorOf([&] { run("aten::index_select", {x, i(0), L({3}, {1})}); }), "index out of range in self");
  Tensor src = F({1, 1, 2, 2}, {2, 2});
  expectTensor(runT("aten::index_add", {x, i(0), L({0, 0}, {2}), src, d(2)}), {3, 2}, {6, 7, 2, 3, 4, 5});
  IValue self(arange({3, 2}));
  run("aten::index_add_", {self, i(1), L({1, 0}, {2}), F({1, 2, 3, 4, 5, 6}, {3, 2}), i(1)});
  expectTensor(self.toTensor(), {3, 2}, {2, 2, 6, 6, 10, 10});
  IValue f(arange({2, 3}));
  run("aten::index_fill_.int_Scalar", {f, i(1), L({-1, 0}, {2}), d(-7)});
  expectTensor(f.toTensor(), {2, 3}, {-7, 1, -7, -7, 4, -7});
  run("aten::index_fill_.int_Tensor", {f, i(0), L({1}, {1}), Tensor::scalar(9.0)});
  expectTensor(f.toTensor(), {2, 3}, {-7, 1, -7, 9, 9, 9});
}

TEST(IndexingKernels, MasksAndNonzero) {
  Tensor x = arange({2, 3});
  expectTensor(runT("aten::masked_select", {x, B({1, 0, 1}, {3})}), {4}, {0, 2, 3, 5});
  Tensor nz = runT("aten::nonzero", {F({0, 1, 0, 2}, {2, 2})});
  expectTensor(nz, {2, 2}, {0, 1, 1, 1}, 0, ScalarType::Int64);
  EXPECT_EQ(runT("aten::nonzero", {Tensor::zeros({3})}).sizes(), (std::vector<int64_t>{0, 1}));
}

TEST(IndexingKernels, SortArgsortTopk) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Tensor x = F({3, nan, 1, 3, 2}, {5});
  auto asc = run("aten::sort", {x, i(-1), b(false)});
  expectTensor(asc[0].toTensor(), {5}, {1, 2, 3, 3, nan});
  expectTensor(asc[1].toTensor(), {5}, {2, 4, 0, 3, 1}, 0, ScalarType::Int64);
  auto desc = run("aten::sort.stable", {x, b(true), i(0), b(true)});
  expectTensor(desc[0].toTensor(), {5}, {nan, 3, 3, 2, 1});
  expectTensor(desc[1].toTensor(), {5}, {1, 0, 3, 4, 2});
  Tensor m = L({5, 1, 4, 2, 8, 0}, {2, 3});
  expectTensor(runT("aten::argsort", {m, i(0), b(false)}), {2, 3}, {1, 0, 1, 0, 1, 0});
  auto top = run("aten::topk", {m, i(2), i(1), b(true), b(true)});
  expectTensor(top[0].toTensor(), {2, 2}, {5, 4, 8, 2}, 0, ScalarType::Int64);
  expectTensor(top[1].toTensor(), {2, 2}, {0, 2, 1, 0});
  auto low = run("aten::topk", {m, i(1), i(-1), b(false), b(true)});
  expectTensor(low[0].toTensor(), {2, 1}, {1, 0});
  EXPECT_EQ(errorOf([&] { run("aten::topk", {m, i(4), i(1), b(true), b(true)}); }), "selected index k out of range");
}

}  // namespace
}  // namespace tsjit::reference::testing

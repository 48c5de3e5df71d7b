// kernels_shape_test.cpp — unit tests of the Shape family reference kernels: metadata queries,
// views (which must alias their input), copies, and the ops that build new tensors. Expected
// values are computed by hand; error messages are PyTorch 1.13's.
#include "reference/KernelsTestUtil.h"

namespace tsjit::reference::testing {
namespace {

TEST(ShapeKernels, MetadataQueries) {
  Tensor x = arange({2, 3}).t();  // [3, 2], strides [1, 3]
  auto sizes = run("aten::size", {x}).at(0).toListRef().items;
  ASSERT_EQ(sizes.size(), 2u);
  EXPECT_EQ(sizes[0].toInt(), 3);
  EXPECT_EQ(sizes[1].toInt(), 2);
  EXPECT_EQ(run("aten::size.int", {x, i(-1)}).at(0).toInt(), 2);
  auto strides = run("aten::stride", {x}).at(0).toListRef().items;
  EXPECT_EQ(strides[0].toInt(), 1);
  EXPECT_EQ(strides[1].toInt(), 3);
  EXPECT_EQ(run("aten::stride.int", {x, i(1)}).at(0).toInt(), 3);
  EXPECT_EQ(run("aten::dim", {x}).at(0).toInt(), 2);
  EXPECT_EQ(run("aten::numel", {x}).at(0).toInt(), 6);
  EXPECT_FALSE(run("aten::is_contiguous", {x}).at(0).toBool());
  EXPECT_TRUE(run("aten::is_contiguous", {arange({2, 3})}).at(0).toBool());
  EXPECT_TRUE(run("aten::is_floating_point", {x}).at(0).toBool());
  EXPECT_FALSE(run("aten::is_floating_point", {L({1}, {1})}).at(0).toBool());
  // A 0-dim tensor has no dim 0.
  EXPECT_NE(errorOf([] { run("aten::size.int", {Tensor::scalar(1.0), i(0)}); }), "");
}

TEST(ShapeKernels, ViewsAliasTheirInput) {
  Tensor x = arange({2, 3});
  Tensor v = runT("aten::view", {x, ints({3, 2})});
  expectTensor(v, {3, 2}, {0, 1, 2, 3, 4, 5});
  v.setDouble(5, 50);
  EXPECT_EQ(x.getDouble(5), 50);

  Tensor s = runT("aten::select.int", {x, i(1), i(-1)});  // column 2: {2, 50}
  expectTensor(s, {2}, {2, 50});
  s.setDouble(0, 20);
  EXPECT_EQ(x.getDouble(2), 20);

  Tensor sl = runT("aten::slice.Tensor", {x, i(1), i(1), none(), i(1)});
  expectTensor(sl, {2, 2}, {1, 20, 4, 50});
  sl.setDouble(0, 10);
  EXPECT_EQ(x.getDouble(1), 10);

  Tensor p = runT("aten::permute", {x, ints({1, 0})});
  expectTensor(p, {3, 2}, {0, 3, 10, 4, 20, 50});
  EXPECT_TRUE(p.sharesStorageWith(x));
  Tensor u = runT("aten::unsqueeze", {x, i(0)});
  EXPECT_EQ(u.sizes(), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_TRUE(runT("aten::squeeze.dim", {u, i(0)}).sharesStorageWith(x));
  EXPECT_EQ(runT("aten::squeeze", {u}).sizes(), (std::vector<int64_t>{2, 3}));
  EXPECT_TRUE(runT("aten::expand", {runT("aten::select.int", {x, i(0), i(0)}), ints({4, 3}), b(false)})
                  .sharesStorageWith(x));
  EXPECT_TRUE(runT("aten::detach", {x}).sharesStorageWith(x));
  EXPECT_TRUE(runT("aten::flatten.using_ints", {x, i(0), i(-1)}).sharesStorageWith(x));
  EXPECT_TRUE(runT("aten::mT", {x}).sharesStorageWith(x));
  EXPECT_TRUE(runT("aten::narrow", {x, i(1), i(1), i(2)}).sharesStorageWith(x));
}

TEST(ShapeKernels, ViewErrorsAndReshape) {
  Tensor t = runT("aten::t", {arange({2, 3})});
  EXPECT_EQ(errorOf([&] { run("aten::view", {t, ints({-1})}); }),
            "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
            "two contiguous subspaces). Use .reshape(...) instead.");
  Tensor r = runT("aten::reshape", {t, ints({-1})});  // needs a copy
  expectTensor(r, {6}, {0, 3, 1, 4, 2, 5});
  EXPECT_FALSE(r.sharesStorageWith(t));
  Tensor x = arange({2, 3});
  EXPECT_TRUE(runT("aten::reshape", {x, ints({3, 2})}).sharesStorageWith(x));  // a view when possible
  EXPECT_EQ(errorOf([&] { run("aten::mT", {arange({3})}); }),
            "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
}

TEST(ShapeKernels, SplitChunkUnbind) {
  Tensor x = arange({5});
  auto parts = run("aten::split.Tensor", {x, i(2), i(0)}).at(0).toListRef().items;
  ASSERT_EQ(parts.size(), 3u);
  expectTensor(parts[2].toTensor(), {1}, {4});
  auto sized = run("aten::split", {x, ints({1, 4}), i(0)}).at(0).toListRef().items;
  expectTensor(sized[1].toTensor(), {4}, {1, 2, 3, 4});
  sized[1].toTensor().setDouble(0, 9);
  EXPECT_EQ(x.getDouble(1), 9);
  auto chunks = run("aten::chunk", {arange({2, 4}), i(3), i(1)}).at(0).toListRef().items;
  ASSERT_EQ(chunks.size(), 2u);  // chunks of 2: [2, 2] and [2, 2]
  expectTensor(chunks[1].toTensor(), {2, 2}, {2, 3, 6, 7});
  auto rows = run("aten::unbind.int", {arange({2, 2}), i(1)}).at(0).toListRef().items;
  expectTensor(rows[0].toTensor(), {2}, {0, 2});
}

TEST(ShapeKernels, CopiesAndCopyInPlace) {
  Tensor x = arange({2, 2});
  IValue self(Tensor::zeros({2, 2}, ScalarType::Int64));
  auto out = run("aten::copy_", {self, F({1.5, -2.7}, {2}), b(false)});
  EXPECT_TRUE(out.at(0).isSameIdentity(self));  // returns self itself
  expectTensor(self.toTensor(), {2, 2}, {1, -2, 1, -2}, 0, ScalarType::Int64);  // broadcast, truncated
  run("aten::copy_.int", {self, i(7)});
  expectTensor(self.toTensor(), {2, 2}, {7, 7, 7, 7});

  Tensor c = runT("aten::clone", {x, none()});
  expectTensor(c, {2, 2}, {0, 1, 2, 3});
  EXPECT_FALSE(c.sharesStorageWith(x));
  IValue xv(x);
  EXPECT_TRUE(run("aten::contiguous", {xv, i(0)}).at(0).isSameIdentity(xv));
  Tensor tc = runT("aten::contiguous", {x.t(), i(0)});
  EXPECT_TRUE(tc.isContiguous());
  expectTensor(tc, {2, 2}, {0, 2, 1, 3});
  Tensor cp = runT("aten::copy", {Tensor::zeros({2, 2}), F({5, 6}, {2}), b(false)});
  expectTensor(cp, {2, 2}, {5, 6, 5, 6});
}

TEST(ShapeKernels, CatStackAndFriends) {
  Tensor a = arange({2, 2}), c = F({9, 8}, {1, 2});
  expectTensor(runT("aten::cat", {tensors({a, c}), i(0)}), {3, 2}, {0, 1, 2, 3, 9, 8});
  // Type promotion: int64 + float32 -> float32; 1-D empty tensors are skipped.
  Tensor mixed = runT("aten::cat", {tensors({L({1, 2}, {1, 2}), Tensor::empty({0}), c}), i(0)});
  expectTensor(mixed, {2, 2}, {1, 2, 9, 8}, 0, ScalarType::Float);
  EXPECT_EQ(errorOf([&] { run("aten::cat", {tensors({a, arange({1, 3})}), i(0)}); }),
            "Sizes of tensors must match except in dimension 0. Expected size 2 but got size 3 for tensor number 1 "
            "in the list.");
  EXPECT_EQ(errorOf([&] { run("aten::cat", {tensors({a, arange({2})}), i(0)}); }),
            "Tensors must have same number of dimensions: got 2 and 1");
  EXPECT_EQ(errorOf([&] { run("aten::cat", {tensors({Tensor::scalar(1.0)}), i(0)}); }),
            "zero-dimensional tensor (at position 0) cannot be concatenated");
  expectTensor(runT("aten::stack", {tensors({F({1, 2}, {2}), F({3, 4}, {2})}), i(1)}), {2, 2}, {1, 3, 2, 4});
  EXPECT_EQ(errorOf([&] { run("aten::stack", {tensors({F({1, 2}, {2}), F({3}, {1})}), i(0)}); }),
            "stack expects each tensor to be equal size, but got [2] at entry 0 and [1] at entry 1");
  expectTensor(runT("aten::hstack", {tensors({F({1, 2}, {2}), F({3}, {1})})}), {3}, {1, 2, 3});
  expectTensor(runT("aten::vstack", {tensors({F({1, 2}, {2}), F({3, 4}, {1, 2})})}), {2, 2}, {1, 2, 3, 4});
  Tensor col = F({5, 6, 7}, {3, 1});
  auto bt = run("aten::broadcast_tensors", {tensors({F({1, 2}, {2}), col})}).at(0).toListRef().items;
  expectTensor(bt[0].toTensor(), {3, 2}, {1, 2, 1, 2, 1, 2});
  expectTensor(bt[1].toTensor(), {3, 2}, {5, 5, 6, 6, 7, 7});
  EXPECT_TRUE(bt[1].toTensor().sharesStorageWith(col));
}

TEST(ShapeKernels, Rearrangements) {
  Tensor x = arange({2, 3});
  expectTensor(runT("aten::flip", {x, ints({0, 1})}), {2, 3}, {5, 4, 3, 2, 1, 0});
  EXPECT_EQ(errorOf([&] { run("aten::flip", {x, ints({0, -2})}); }), "dim 0 appears multiple times in the list of dims");
  expectTensor(runT("aten::roll", {x, ints({1}), ints({1})}), {2, 3}, {2, 0, 1, 5, 3, 4});
  expectTensor(runT("aten::roll", {x, ints({-1}), ints({})}), {2, 3}, {1, 2, 3, 4, 5, 0});  // flattened
  expectTensor(runT("aten::roll", {x, ints({1, 1}), ints({0, 1})}), {2, 3}, {5, 3, 4, 2, 0, 1});
  expectTensor(runT("aten::repeat", {F({1, 2}, {2}), ints({2, 2})}), {2, 4}, {1, 2, 1, 2, 1, 2, 1, 2});
  EXPECT_EQ(errorOf([&] { run("aten::repeat", {x, ints({2})}); }),
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  expectTensor(runT("aten::repeat_interleave.self_int", {x, i(2), none(), none()}), {12},
               {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5});
  expectTensor(runT("aten::repeat_interleave.self_Tensor", {x, L({1, 2}, {2}), i(0), none()}), {3, 3},
               {0, 1, 2, 3, 4, 5, 3, 4, 5});
  expectTensor(runT("aten::repeat_interleave.Tensor", {L({2, 0, 1}, {3}), none()}), {3}, {0, 0, 2}, 0,
               ScalarType::Int64);
}

TEST(ShapeKernels, TrianglesAndDiagonals) {
  Tensor m = arange({3, 3});
  expectTensor(runT("aten::tril", {m, i(0)}), {3, 3}, {0, 0, 0, 3, 4, 0, 6, 7, 8});
  expectTensor(runT("aten::triu", {m, i(1)}), {3, 3}, {0, 1, 2, 0, 0, 5, 0, 0, 0});
  expectTensor(runT("aten::tril", {m, i(-1)}), {3, 3}, {0, 0, 0, 3, 0, 0, 6, 7, 0});
  EXPECT_EQ(errorOf([&] { run("aten::tril", {arange({3}), i(0)}); }), "tril: input tensor must have at least 2 dimensions");
  expectTensor(runT("aten::diag", {m, i(-1)}), {2}, {3, 7});
  expectTensor(runT("aten::diag", {F({1, 2}, {2}), i(1)}), {3, 3}, {0, 1, 0, 0, 0, 2, 0, 0, 0});
  expectTensor(runT("aten::diag", {F({1, 2}, {2}), i(-1)}), {3, 3}, {0, 0, 0, 1, 0, 0, 0, 2, 0});
  EXPECT_EQ(errorOf([&] { run("aten::diag", {arange({1, 1, 1}), i(0)}); }), "diag(): Supports 1D or 2D tensors. Got 3D");
}

TEST(ShapeKernels, Pad) {
  Tensor x = F({1, 2, 3}, {1, 1, 3});
  expectTensor(runT("aten::pad", {x, ints({2, 2}), IValue("reflect"), none()}), {1, 1, 7}, {3, 2, 1, 2, 3, 2, 1});
  expectTensor(runT("aten::pad", {x, ints({1, 2}), IValue("replicate"), none()}), {1, 1, 6}, {1, 1, 2, 3, 3, 3});
  expectTensor(runT("aten::pad", {x, ints({1, 1}), IValue("circular"), none()}), {1, 1, 5}, {3, 1, 2, 3, 1});
  expectTensor(runT("aten::pad", {x, ints({1, -1, 0, 1}), IValue("constant"), d(-1)}), {1, 2, 3},
               {-1, 1, 2, -1, -1, -1});
  EXPECT_EQ(errorOf([&] { run("aten::pad", {x, ints({1}), IValue("constant"), none()}); }),
            "Padding length must be divisible by 2");
}

}  // namespace
}  // namespace tsjit::reference::testing

// tensor_views_test.cpp — every view op: resulting sizes/strides/offset, aliasing in both
// directions (a write through the view is seen by the base and vice versa), and PyTorch's errors.
#include <gtest/gtest.h>

#include <numeric>

#include "jit/support/Error.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;
using V = std::vector<int64_t>;

namespace {
// A contiguous tensor holding 0, 1, 2, ... in row-major order.
Tensor arange(IntArrayRef sizes, ScalarType dtype = ScalarType::Float) {
  std::vector<double> v(static_cast<size_t>(product(sizes)));
  std::iota(v.begin(), v.end(), 0.0);
  return Tensor::fromDoubles(v, sizes, dtype);
}

// Writes 1000 + k through the view at its linear index k and checks the base element with the
// same storage location sees it; then writes through the base and checks the view. Restores the
// element afterwards.
void expectAliases(const Tensor& base, const Tensor& view) {
  ASSERT_TRUE(view.sharesStorageWith(base));
  ASSERT_GT(view.numel(), 0);
  const int64_t k = view.numel() - 1;
  const double original = view.getDouble(k);
  view.setDouble(k, 1000.0 + k);
  // Find the base element at the same address.
  const char* addr = static_cast<const char*>(view.data()) + view.offsetOf(k) * view.itemSize();
  bool found = false;
  for (int64_t i = 0; i < base.numel(); ++i) {
    const char* b = static_cast<const char*>(base.data()) + base.offsetOf(i) * base.itemSize();
    if (b == addr) {
      EXPECT_EQ(base.getDouble(i), 1000.0 + k);
      base.setDouble(i, -7.0);
      EXPECT_EQ(view.getDouble(k), -7.0);
      view.setDouble(k, original);
      found = true;
      break;
    }
  }
  EXPECT_TRUE(found) << "view element not inside the base";
}

// Message of the RuntimeError fn throws (fails the test if none).
template <typename F>
std::string errorOf(F&& fn, std::string* pythonType = nullptr) {
  try {
    fn();
  } catch (const RuntimeError& e) {
    if (pythonType) *pythonType = e.pythonType();
    return e.what();
  }
  ADD_FAILURE() << "expected a RuntimeError";
  return "";
}
}  // namespace

TEST(View, ReshapesContiguousAndInfersMinusOne) {
  Tensor x = arange({3, 4});
  Tensor v = x.view({2, -1});
  EXPECT_EQ(v.sizes(), (V{2, 6}));
  EXPECT_EQ(v.strides(), (V{6, 1}));
  EXPECT_EQ(v.getDouble(7), 7.0);
  expectAliases(x, v);
  EXPECT_EQ(x.view({12}).sizes(), (V{12}));
  EXPECT_EQ(arange({}).view({1, 1}).sizes(), (V{1, 1}));
  EXPECT_EQ(arange({1}).view({}).dim(), 0);
}

TEST(View, NonContiguousWithinChunkSucceeds) {
  // Given a [4, 6] tensor sliced to every other column (strides [6, 2]) and transposed pieces
  Tensor x = arange({4, 6});
  Tensor cols = x.slice(1, 0, 6, 2);  // [4, 3], strides [6, 2]
  // When merging/splitting dims that stay inside one contiguous chunk
  Tensor v = cols.view({4, 3, 1});
  EXPECT_EQ(v.strides()[0], 6);
  EXPECT_EQ(v.strides()[1], 2);
  Tensor p = x.view({2, 2, 6}).permute({1, 0, 2});  // [2, 2, 6] strides [6, 12, 1]
  Tensor q = p.view({2, 2, 2, 3});                  // splitting the last dim is fine
  EXPECT_EQ(q.strides(), (V{6, 12, 3, 1}));
  EXPECT_EQ(q.getDouble(5), p.getDouble(5));
  expectAliases(x, q);
}

TEST(View, ErrorsLikePyTorch) {
  Tensor x = arange({3, 4});
  EXPECT_EQ(errorOf([&] { x.t().view({-1}); }),
            "view size is not compatible with input tensor's size and stride (at least one dimension "
            "spans across two contiguous subspaces). Use .reshape(...) instead.");
  EXPECT_EQ(errorOf([&] { x.view({16}); }), "shape '[16]' is invalid for input of size 12");
  EXPECT_EQ(errorOf([&] { x.view({-1, -1}); }), "only one dimension can be inferred");
  EXPECT_EQ(errorOf([&] { x.view({5, -1}); }), "shape '[5, -1]' is invalid for input of size 12");
  EXPECT_EQ(errorOf([&] { x.view({-2, 6}); }), "invalid shape dimension -2");
}

TEST(Reshape, ViewsWhenPossibleCopiesOtherwise) {
  Tensor x = arange({3, 4});
  Tensor r = x.reshape({4, 3});
  EXPECT_TRUE(r.sharesStorageWith(x));
  Tensor c = x.t().reshape({-1});
  EXPECT_FALSE(c.sharesStorageWith(x));
  EXPECT_EQ(c.toDoubles(), (std::vector<double>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  EXPECT_TRUE(c.isContiguous());
}

TEST(Permute, StridesFollowDims) {
  Tensor x = arange({2, 3, 4});
  Tensor p = x.permute({2, 0, -2});
  EXPECT_EQ(p.sizes(), (V{4, 2, 3}));
  EXPECT_EQ(p.strides(), (V{1, 12, 4}));
  EXPECT_FALSE(p.isContiguous());
  EXPECT_TRUE(p.isNonOverlappingAndDense());
  // element (i, j, k) of p is element (j, k, i) of x
  EXPECT_EQ(p.getDouble(1 * 6 + 1 * 3 + 2), x.getDouble(1 * 12 + 2 * 4 + 1));
  expectAliases(x, p);
  EXPECT_EQ(errorOf([&] { x.permute({0, 1}); }), "number of dims don't match in permute");
  EXPECT_EQ(errorOf([&] { x.permute({0, 1, 1}); }), "permute(): duplicate dims are not allowed.");
  std::string type;
  EXPECT_EQ(errorOf([&] { x.permute({0, 1, 3}); }, &type),
            "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  EXPECT_EQ(type, "IndexError");
}

TEST(Transpose, SwapsAndT) {
  Tensor x = arange({3, 4});
  Tensor t = x.t();
  EXPECT_EQ(t.sizes(), (V{4, 3}));
  EXPECT_EQ(t.strides(), (V{1, 4}));
  EXPECT_EQ(t.getDouble(1), 4.0);  // t[0][1] = x[1][0]
  expectAliases(x, t);
  EXPECT_EQ(x.transpose(-1, 0).strides(), (V{1, 4}));
  Tensor one = arange({5});
  EXPECT_EQ(one.t().sizes(), (V{5}));
  EXPECT_TRUE(one.t().sharesStorageWith(one));
  EXPECT_EQ(errorOf([&] { arange({2, 2, 2}).t(); }),
            "t() expects a tensor with <= 2 dimensions, but self is 3D");
  EXPECT_EQ(errorOf([&] { x.transpose(0, 2); }),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST(Expand, StrideZeroAndErrors) {
  Tensor x = arange({3, 1});
  Tensor e = x.expand({2, 3, 4});
  EXPECT_EQ(e.sizes(), (V{2, 3, 4}));
  EXPECT_EQ(e.strides()[0], 0);
  EXPECT_EQ(e.strides()[1], 1);
  EXPECT_EQ(e.strides()[2], 0);
  EXPECT_EQ(e.getDouble(1 * 12 + 2 * 4 + 3), 2.0);
  // all expanded copies alias one element
  x.setDouble(1, 42);
  for (int64_t k = 0; k < 4; ++k) EXPECT_EQ(e.getDouble(12 + 4 + k), 42.0);
  expectAliases(x, e);
  EXPECT_EQ(x.expand({-1, 5}).sizes(), (V{3, 5}));
  EXPECT_EQ(errorOf([&] { x.expand({3, 4}).expand({4}); }),
            "expand(torch.FloatTensor{[3, 4]}, size=[4]): the number of sizes provided (1) must be "
            "greater or equal to the number of dimensions in the tensor (2)");
  EXPECT_EQ(errorOf([&] { x.expand({5, 4}); }),
            "The expanded size of the tensor (5) must match the existing size (3) at non-singleton "
            "dimension 0.  Target sizes: [5, 4].  Tensor sizes: [3, 1]");
  EXPECT_EQ(errorOf([&] { x.expand({-1, 3, 1}); }),
            "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0");
}

TEST(Squeeze, AllAndOne) {
  Tensor x = arange({1, 3, 1, 2});
  Tensor s = x.squeeze();
  EXPECT_EQ(s.sizes(), (V{3, 2}));
  expectAliases(x, s);
  EXPECT_EQ(x.squeeze(2).sizes(), (V{1, 3, 2}));
  EXPECT_EQ(x.squeeze(1).sizes(), (V{1, 3, 1, 2}));  // not size 1: unchanged
  EXPECT_EQ(x.squeeze(-4).sizes(), (V{3, 1, 2}));
  Tensor scalar = Tensor::scalar(3.0);
  EXPECT_EQ(scalar.squeeze(0).dim(), 0);
  EXPECT_EQ(scalar.squeeze(-1).dim(), 0);
  EXPECT_THROW(x.squeeze(4), RuntimeError);
}

TEST(Unsqueeze, InsertsSizeOneDim) {
  Tensor x = arange({3, 4});
  EXPECT_EQ(x.unsqueeze(0).sizes(), (V{1, 3, 4}));
  EXPECT_EQ(x.unsqueeze(0).strides(), (V{12, 4, 1}));
  EXPECT_EQ(x.unsqueeze(2).strides(), (V{4, 1, 1}));
  EXPECT_EQ(x.unsqueeze(-1).sizes(), (V{3, 4, 1}));
  EXPECT_EQ(x.t().unsqueeze(1).strides(), (V{1, 12, 4}));
  expectAliases(x, x.unsqueeze(1));
  EXPECT_EQ(Tensor::scalar(1.0).unsqueeze(0).sizes(), (V{1}));
  EXPECT_EQ(errorOf([&] { x.unsqueeze(3); }),
            "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST(Select, PicksAndWrapsIndex) {
  Tensor x = arange({3, 4});
  Tensor row = x.select(0, -1);
  EXPECT_EQ(row.sizes(), (V{4}));
  EXPECT_EQ(row.storageOffset(), 8);
  EXPECT_EQ(row.getDouble(1), 9.0);
  Tensor col = x.select(1, 2);
  EXPECT_EQ(col.strides(), (V{4}));
  EXPECT_EQ(col.toDoubles(), (std::vector<double>{2, 6, 10}));
  expectAliases(x, col);
  Tensor elem = x.select(0, 1).select(0, 3);
  EXPECT_EQ(elem.dim(), 0);
  EXPECT_EQ(elem.itemDouble(), 7.0);
  std::string type;
  EXPECT_EQ(errorOf([&] { x.select(0, 5); }, &type),
            "select(): index 5 out of range for tensor of size [3, 4] at dimension 0");
  EXPECT_EQ(type, "IndexError");
  EXPECT_EQ(errorOf([&] { x.select(-1, -5); }),
            "select(): index -5 out of range for tensor of size [3, 4] at dimension 1");
  EXPECT_EQ(errorOf([&] { Tensor::scalar(1.0).select(0, 0); }),
            "select() cannot be applied to a 0-dim tensor.");
}

TEST(Slice, StepsAndPythonClamping) {
  Tensor x = arange({10});
  Tensor s = x.slice(0, 1, 8, 3);  // 1, 4, 7
  EXPECT_EQ(s.sizes(), (V{3}));
  EXPECT_EQ(s.strides(), (V{3}));
  EXPECT_EQ(s.storageOffset(), 1);
  EXPECT_EQ(s.toDoubles(), (std::vector<double>{1, 4, 7}));
  expectAliases(x, s);
  EXPECT_EQ(x.slice(0, -3).toDoubles(), (std::vector<double>{7, 8, 9}));
  EXPECT_EQ(x.slice(0, std::nullopt, -8).toDoubles(), (std::vector<double>{0, 1}));
  EXPECT_EQ(x.slice(0, 20, 30).numel(), 0);
  EXPECT_EQ(x.slice(0, 5, 2).numel(), 0);
  EXPECT_EQ(x.slice(0, -100, 100).numel(), 10);
  EXPECT_EQ(x.slice(0, 0, 10, 4).toDoubles(), (std::vector<double>{0, 4, 8}));
  Tensor m = arange({4, 6});
  Tensor sub = m.slice(1, 1, 6, 2).slice(0, 1, 3);  // rows 1..2, cols 1,3,5
  EXPECT_EQ(sub.sizes(), (V{2, 3}));
  EXPECT_EQ(sub.strides(), (V{6, 2}));
  EXPECT_EQ(sub.toDoubles(), (std::vector<double>{7, 9, 11, 13, 15, 17}));
  expectAliases(m, sub);
  EXPECT_EQ(errorOf([&] { x.slice(0, 0, 5, 0); }), "slice step must be positive");
  EXPECT_EQ(errorOf([&] { x.slice(0, 0, 5, -1); }), "slice step must be positive");
}

TEST(Narrow, WindowAndErrors) {
  Tensor x = arange({3, 4});
  Tensor n = x.narrow(1, 1, 2);
  EXPECT_EQ(n.sizes(), (V{3, 2}));
  EXPECT_EQ(n.toDoubles(), (std::vector<double>{1, 2, 5, 6, 9, 10}));
  expectAliases(x, n);
  EXPECT_EQ(x.narrow(1, -2, 2).toDoubles(), (std::vector<double>{2, 3, 6, 7, 10, 11}));
  EXPECT_EQ(x.narrow(1, 4, 0).numel(), 0);
  EXPECT_EQ(errorOf([&] { x.narrow(1, 3, 2); }), "start (3) + length (2) exceeds dimension size (4).");
  EXPECT_EQ(errorOf([&] { x.narrow(1, 5, 0); }),
            "Dimension out of range (expected to be in range of [-4, 3], but got 5)");
}

TEST(AsStrided, ArbitraryWindowAndBounds) {
  Tensor x = arange({3, 4});
  Tensor w = x.as_strided({2, 2}, {1, 2}, 1);  // (0,0)->1 (1,0)->2 (0,1)->3 (1,1)->4
  EXPECT_EQ(w.toDoubles(), (std::vector<double>{1, 3, 2, 4}));
  expectAliases(x, w);
  Tensor overlapping = x.as_strided({3, 3}, {1, 1});  // sliding window
  EXPECT_EQ(overlapping.toDoubles(), (std::vector<double>{0, 1, 2, 1, 2, 3, 2, 3, 4}));
  EXPECT_EQ(errorOf([&] { x.as_strided({4, 4}, {4, 1}); }),
            "setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a "
            "storage size of 64 are out of bounds for storage of size 48");
  EXPECT_EQ(errorOf([&] { x.as_strided({2}, {1, 1}); }), "mismatch in length of strides and shape");
  EXPECT_EQ(errorOf([&] { x.as_strided({2}, {-1}); }),
            "as_strided: Negative strides are not supported at the moment, got strides: [-1]");
}

TEST(Split, ChunkSplitSplitWithSizesUnbind) {
  Tensor x = arange({5, 2});
  auto parts = x.split(2);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[2].sizes(), (V{1, 2}));
  EXPECT_EQ(parts[1].toDoubles(), (std::vector<double>{4, 5, 6, 7}));
  expectAliases(x, parts[1]);
  auto chunks = x.chunk(3);  // ceil(5/3)=2 -> 2, 2, 1
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[2].size(0), 1);
  EXPECT_EQ(arange({6}).chunk(4).size(), 3u);  // ceil(6/4)=2 -> only 3 chunks, like PyTorch
  EXPECT_EQ(arange({0}).chunk(3).size(), 3u);
  auto cols = x.split_with_sizes({1, 1}, 1);
  EXPECT_EQ(cols[1].toDoubles(), (std::vector<double>{1, 3, 5, 7, 9}));
  expectAliases(x, cols[1]);
  auto rows = x.unbind(0);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[3].toDoubles(), (std::vector<double>{6, 7}));
  expectAliases(x, rows[3]);
  EXPECT_EQ(x.unbind(1)[1].toDoubles(), (std::vector<double>{1, 3, 5, 7, 9}));

  EXPECT_EQ(errorOf([&] { x.split_with_sizes({1, 2}); }),
            "split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at "
            "dimension 0), but got split_sizes=[1, 2]");
  EXPECT_EQ(errorOf([&] { x.split(0); }),
            "split_size can only be 0 if dimension size is 0, but got dimension size of 5");
  EXPECT_EQ(errorOf([&] { x.chunk(0); }), "chunk expects `chunks` to be greater than 0, got: 0");
  EXPECT_EQ(errorOf([&] { Tensor::scalar(1.0).unbind(0); }),
            "Dimension specified as 0 but tensor has no dimensions");
  EXPECT_EQ(errorOf([&] { Tensor::scalar(1.0).split(1); }), "split expects at least a 1-dimensional tensor");
}

TEST(Flatten, MergesRange) {
  Tensor x = arange({2, 3, 4});
  EXPECT_EQ(x.flatten().sizes(), (V{24}));
  EXPECT_EQ(x.flatten(1).sizes(), (V{2, 12}));
  EXPECT_EQ(x.flatten(0, 1).sizes(), (V{6, 4}));
  expectAliases(x, x.flatten(0, 1));
  EXPECT_TRUE(x.flatten(1, 1).is(x));
  EXPECT_EQ(Tensor::scalar(2.0).flatten().sizes(), (V{1}));
  Tensor nc = x.permute({2, 1, 0}).flatten();  // needs a copy
  EXPECT_FALSE(nc.sharesStorageWith(x));
  EXPECT_EQ(nc.getDouble(1), 12.0);
  EXPECT_EQ(errorOf([&] { x.flatten(2, 1); }),
            "flatten() has invalid args: start_dim cannot come after end_dim");
}

TEST(Diagonal, OffsetsAndDims) {
  Tensor x = arange({3, 4});
  EXPECT_EQ(x.diagonal().toDoubles(), (std::vector<double>{0, 5, 10}));
  EXPECT_EQ(x.diagonal(1).toDoubles(), (std::vector<double>{1, 6, 11}));
  EXPECT_EQ(x.diagonal(-1).toDoubles(), (std::vector<double>{4, 9}));
  EXPECT_EQ(x.diagonal(0, 1, 0).toDoubles(), (std::vector<double>{0, 5, 10}));
  EXPECT_EQ(x.diagonal(5).numel(), 0);
  expectAliases(x, x.diagonal(1));
  Tensor b = arange({2, 2, 2});
  EXPECT_EQ(b.diagonal(0, 1, 2).toDoubles(), (std::vector<double>{0, 3, 4, 7}));
  EXPECT_EQ(errorOf([&] { x.diagonal(0, 1, -1); }), "diagonal dimensions cannot be identical 1, -1");
}

TEST(Alias, DetachAndAliasShareStorage) {
  Tensor x = arange({2, 2});
  x.setRequiresGrad(true);
  Tensor d = x.detach();
  EXPECT_FALSE(d.requiresGrad());
  EXPECT_TRUE(x.alias().requiresGrad());
  expectAliases(x, d);
  EXPECT_FALSE(d.is(x));
}

TEST(Views, ChainedViewsOfNonContiguousTensors) {
  // Given a transposed base, When chaining select/slice/unsqueeze/expand, Then each element is
  // the one computed from the base by index arithmetic.
  Tensor base = arange({4, 5});
  Tensor t = base.t();                         // [5, 4]
  Tensor s = t.slice(0, 1, 5, 2);              // rows 1, 3 of t -> [2, 4]
  Tensor u = s.unsqueeze(1).expand({2, 3, 4});  // [2, 3, 4]
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 4; ++k)
        EXPECT_EQ(u.getDouble((i * 3 + j) * 4 + k), base.getDouble(k * 5 + (1 + 2 * i)));
  expectAliases(base, u.select(1, 2));
}

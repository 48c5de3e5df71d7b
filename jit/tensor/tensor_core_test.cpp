// tensor_core_test.cpp — factories, element access, copy_/clone/to/fill_, contiguity, memory
// overlap, the iteration helpers and the layout functions (wrapDim, computeViewStrides).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numeric>

#include "jit/support/Error.h"
#include "jit/tensor/Iterate.h"
#include "jit/tensor/MemoryOverlap.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;
using V = std::vector<int64_t>;
using D = std::vector<double>;

namespace {
Tensor arange(IntArrayRef sizes, ScalarType dtype = ScalarType::Float) {
  std::vector<double> v(static_cast<size_t>(product(sizes)));
  std::iota(v.begin(), v.end(), 0.0);
  return Tensor::fromDoubles(v, sizes, dtype);
}
template <typename F>
std::string errorOf(F&& fn) {
  try {
    fn();
  } catch (const RuntimeError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a RuntimeError";
  return "";
}
}  // namespace

TEST(Factories, EmptyZerosOnesFull) {
  Tensor e = Tensor::empty({2, 3}, ScalarType::Int32);
  EXPECT_EQ(e.sizes(), (V{2, 3}));
  EXPECT_EQ(e.strides(), (V{3, 1}));
  EXPECT_EQ(e.dtype(), ScalarType::Int32);
  EXPECT_EQ(e.numel(), 6);
  EXPECT_EQ(e.storage().nbytes(), 24u);
  EXPECT_TRUE(e.isContiguous());
  EXPECT_EQ(e.device(), kCPU);
  EXPECT_EQ(Tensor::zeros({4}, ScalarType::Double).toDoubles(), (D{0, 0, 0, 0}));
  EXPECT_EQ(Tensor::ones({2}, ScalarType::Int64).toInt64s(), (V{1, 1}));
  EXPECT_EQ(Tensor::full({2}, 2.5, ScalarType::Half).toDoubles(), (D{2.5, 2.5}));
  Tensor s = Tensor::empty({});
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
  Tensor z = Tensor::empty({3, 0});
  EXPECT_EQ(z.numel(), 0);
  EXPECT_TRUE(z.isContiguous());
  EXPECT_EQ(errorOf([] { Tensor::empty({-1, 3}); }), "Trying to create tensor with negative dimension -1: [-1, 3]");
  EXPECT_FALSE(Tensor().defined());
}

TEST(Factories, EmptyStridedSizesTheStorageForTheLayout) {
  Tensor t = Tensor::empty_strided({3, 4}, {1, 3}, ScalarType::Float);
  EXPECT_EQ(t.storage().nbytes(), 12u * 4);
  EXPECT_FALSE(t.isContiguous());
  EXPECT_TRUE(t.isNonOverlappingAndDense());
  Tensor gap = Tensor::empty_strided({2, 2}, {10, 1}, ScalarType::Double);
  EXPECT_EQ(gap.storage().nbytes(), 12u * 8);
  EXPECT_EQ(Tensor::empty_strided({2, 0}, {5, 1}).storage().nbytes(), 0u);
}

TEST(Properties, SizeStrideWrapAndDtypeChecks) {
  Tensor x = arange({2, 3, 4});
  EXPECT_EQ(x.size(-1), 4);
  EXPECT_EQ(x.stride(0), 12);
  EXPECT_EQ(errorOf([&] { x.size(3); }), "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  EXPECT_NE(x.dataPtr<float>(), nullptr);
  EXPECT_EQ(errorOf([&] { x.dataPtr<double>(); }), "expected scalar type Double but found Float");
  EXPECT_EQ(errorOf([&] { arange({2}, ScalarType::Int64).setRequiresGrad(true); }),
            "Only Tensors of floating point and complex dtype can require gradients");
  EXPECT_TRUE(x.setRequiresGrad(true).requiresGrad());
  Tensor copyOfHandle = x;  // a handle copy aliases the impl
  EXPECT_TRUE(copyOfHandle.is(x));
  copyOfHandle.setRequiresGrad(false);
  EXPECT_FALSE(x.requiresGrad());
}

TEST(ElementAccess, LogicalOrderThroughAnyLayout) {
  Tensor x = arange({3, 4}, ScalarType::Int64);
  Tensor t = x.t();  // logical (i, j) = x(j, i)
  EXPECT_EQ(t.getInt64(1), 4);
  EXPECT_EQ(t.toInt64s(), (V{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  t.setInt64(1, -5);
  EXPECT_EQ(x.getInt64(4), -5);
  EXPECT_EQ(t.offsetOf(1), 4);
  EXPECT_THROW(t.getDouble(12), RuntimeError);
  Tensor h = Tensor::fromDoubles({0.1}, {1}, ScalarType::Half);
  EXPECT_EQ(h.getDouble(0), double(float(Half(0.1f))));
  Tensor b = Tensor::fromDoubles({0, 2, -0.5}, {3}, ScalarType::Bool);
  EXPECT_EQ(b.toInt64s(), (V{0, 1, 1}));
  Tensor f = Tensor::fromDoubles({-2.7}, {}, ScalarType::Float);
  EXPECT_EQ(f.itemInt64(), -2);
  EXPECT_TRUE(f.itemBool());
  Tensor big = Tensor::fromInt64s({std::numeric_limits<int64_t>::max()}, {1});
  EXPECT_EQ(big.itemInt64(), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(errorOf([&] { x.itemDouble(); }), "a Tensor with 12 elements cannot be converted to Scalar");
}

TEST(Copy, ConvertsDtypes) {
  Tensor src = Tensor::fromDoubles({-1.5, 2.9, 300.0, std::nan("")}, {4}, ScalarType::Double);
  Tensor i = Tensor::empty({3}, ScalarType::Int64);
  i.copy_(src.slice(0, 0, 3));
  EXPECT_EQ(i.toInt64s(), (V{-1, 2, 300}));  // truncation toward zero
  Tensor u8 = Tensor::empty({3}, ScalarType::UInt8);
  u8.copy_(src.slice(0, 0, 3));
  EXPECT_EQ(u8.toInt64s(), (V{255, 2, 44}));  // C-style wrap of the truncated value
  Tensor b = Tensor::empty({4}, ScalarType::Bool);
  b.copy_(src);
  EXPECT_EQ(b.toInt64s(), (V{1, 1, 1, 1}));  // NaN is true
  Tensor back = Tensor::empty({3}, ScalarType::Double);
  back.copy_(Tensor::fromInt64s({1, 0, 1}, {3}, ScalarType::Bool));
  EXPECT_EQ(back.toDoubles(), (D{1, 0, 1}));
  Tensor h = Tensor::empty({2}, ScalarType::BFloat16);
  h.copy_(Tensor::fromDoubles({1.0 / 3, 70000.0}, {2}, ScalarType::Float));
  EXPECT_EQ(h.getDouble(0), double(float(BFloat16(float(1.0 / 3)))));
  EXPECT_EQ(h.getDouble(1), double(float(BFloat16(70000.0f))));
}

TEST(Copy, StridedToStridedAndBroadcast) {
  // Given a transposed destination and a sliced source, When copying, Then logical elements match.
  Tensor dstBase = Tensor::zeros({4, 3}, ScalarType::Float);
  Tensor dst = dstBase.t();  // [3, 4] with strides [1, 3]
  Tensor src = arange({3, 8}, ScalarType::Int32).slice(1, 0, 8, 2);  // [3, 4] strides [8, 2]
  dst.copy_(src);
  EXPECT_EQ(dst.toDoubles(), src.toDoubles());
  EXPECT_EQ(dstBase.getDouble(1), 8.0);  // dstBase(0,1) = dst(1,0) = src(1,0) = 8
  // Broadcasting a row and a scalar.
  Tensor m = Tensor::zeros({2, 3}, ScalarType::Double);
  m.copy_(Tensor::fromDoubles({1, 2, 3}, {3}, ScalarType::Double));
  EXPECT_EQ(m.toDoubles(), (D{1, 2, 3, 1, 2, 3}));
  m.copy_(Tensor::scalar(7.0));
  EXPECT_EQ(m.toDoubles(), (D{7, 7, 7, 7, 7, 7}));
  const uint64_t v = m.version();
  m.copy_(Tensor::fromDoubles({4, 5}, {2, 1}, ScalarType::Double));
  EXPECT_EQ(m.toDoubles(), (D{4, 4, 4, 5, 5, 5}));
  EXPECT_GT(m.version(), v);
}

TEST(Copy, ErrorsLikePyTorch) {
  Tensor x = Tensor::zeros({2, 3});
  EXPECT_EQ(errorOf([&] { x.copy_(Tensor::zeros({4})); }),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  EXPECT_EQ(errorOf([&] { x.copy_(Tensor::zeros({2, 2, 3})); }),
            "output with shape [2, 3] doesn't match the broadcast shape [2, 2, 3]");
  Tensor expanded = Tensor::zeros({3, 1}).expand({3, 4});
  EXPECT_EQ(errorOf([&] { expanded.copy_(Tensor::ones({3, 4})); }),
            "unsupported operation: more than one element of the written-to tensor refers to a single "
            "memory location. Please clone() the tensor before performing the operation.");
  Tensor base = arange({10});
  EXPECT_EQ(errorOf([&] { base.slice(0, 0, 5).copy_(base.slice(0, 2, 7)); }),
            "unsupported operation: some elements of the input tensor and the written-to tensor refer "
            "to a single memory location. Please clone() the tensor before performing the operation.");
  // Disjoint halves of one storage are fine.
  base.slice(0, 0, 5).copy_(base.slice(0, 5, 10));
  EXPECT_EQ(base.slice(0, 0, 5).toDoubles(), (D{5, 6, 7, 8, 9}));
  // Copying a tensor into itself (same impl, or same memory and strides) is a no-op.
  base.copy_(base);
  base.copy_(base.alias());
  EXPECT_EQ(base.getDouble(9), 9.0);
}

TEST(Copy, OverlappingIrregularLayoutsGoThroughATemporary) {
  // A transposed view of the same square storage: not a Partial overlap by PyTorch's definition
  // (same range, different strides would be Partial) — use a non-dense source instead.
  Tensor base = arange({4, 4});
  Tensor diag = base.as_strided({3, 3}, {4, 1}, 1);  // not dense (gaps), overlaps base rows
  Tensor dst = base.slice(0, 0, 3).slice(1, 0, 3);   // also non-dense
  const D expected = diag.toDoubles();
  dst.copy_(diag);
  EXPECT_EQ(dst.toDoubles(), expected);
}

TEST(Clone, PreservesDenseStridesAndDetachesStorage) {
  Tensor x = arange({3, 4});
  Tensor t = x.t();
  Tensor c = t.clone();
  EXPECT_FALSE(c.sharesStorageWith(x));
  EXPECT_EQ(c.strides(), (V{1, 4}));  // preserve_format keeps a dense permutation
  EXPECT_EQ(c.toDoubles(), t.toDoubles());
  Tensor cc = t.clone(MemoryFormat::Contiguous);
  EXPECT_TRUE(cc.isContiguous());
  Tensor sliced = x.slice(1, 0, 4, 2);  // not dense, in row-major order: clone is contiguous
  EXPECT_TRUE(sliced.clone().isContiguous());
  c.setDouble(0, 99);
  EXPECT_EQ(x.getDouble(0), 0.0);
}

// Strides checked on python3-torch 1.13.1 (conformance/frontend/run/preserve_format_layouts.py).
TEST(Clone, PreserveFormatCopiesDenseStridesExactlyAndPacksOthersInOrder) {
  Tensor z = arange({720});
  EXPECT_EQ(z.as_strided({0, 3}, {1, 0}, 0).clone().strides(), (V{1, 0}));  // empty: contiguous, kept
  EXPECT_TRUE(z.as_strided({0, 3}, {1, 0}, 0).isContiguous());
  EXPECT_EQ(z.as_strided({2, 1, 3, 3}, {9, 1, 3, 1}, 0).clone().strides(), (V{9, 1, 3, 1}));  // size-1 dim's stride kept
  EXPECT_EQ(z.slice(0, 0, 24).view({4, 6}).t().slice(0, 0, 6, 2).clone().strides(), (V{1, 3}));  // x.t()[::2]
  EXPECT_EQ(z.as_strided({6, 5, 4, 3, 2}, {6, 0, 120, 0, 1}, 0).clone().strides(), (V{6, 36, 180, 2, 1}));
  EXPECT_EQ(Tensor::emptyLike(z.slice(0, 0, 24).view({4, 6}).t().slice(0, 0, 6, 2), ScalarType::Double).strides(), (V{1, 3}));
}

TEST(Contiguous, ReturnsSelfOrRowMajorCopy) {
  Tensor x = arange({3, 4});
  EXPECT_TRUE(x.contiguous().is(x));
  Tensor c = x.t().contiguous();
  EXPECT_TRUE(c.isContiguous());
  EXPECT_EQ(c.strides(), (V{3, 1}));
  EXPECT_EQ(c.toDoubles(), x.t().toDoubles());
  // size-1 dims do not break contiguity
  Tensor odd = Tensor::empty_strided({3, 1}, {1, 17});
  EXPECT_TRUE(odd.isContiguous());
}

TEST(To, ConvertsOrReturnsSelf) {
  Tensor x = arange({2, 3});
  EXPECT_TRUE(x.to(ScalarType::Float).is(x));
  Tensor d = x.t().to(ScalarType::Int16);
  EXPECT_EQ(d.dtype(), ScalarType::Int16);
  EXPECT_EQ(d.strides(), (V{1, 3}));
  EXPECT_EQ(d.toInt64s(), (V{0, 3, 1, 4, 2, 5}));
}

TEST(Fill, WritesEveryElementOfAView) {
  Tensor x = Tensor::zeros({3, 4}, ScalarType::Int64);
  x.select(1, 2).fill_(5);
  EXPECT_EQ(x.toInt64s(), (V{0, 0, 5, 0, 0, 0, 5, 0, 0, 0, 5, 0}));
  x.fillInt_(std::numeric_limits<int64_t>::max());
  EXPECT_EQ(x.getInt64(11), std::numeric_limits<int64_t>::max());
  x.zero_();
  EXPECT_EQ(x.getInt64(3), 0);
  // fill_ on an expanded tensor is allowed (every alias gets the value)
  Tensor e = Tensor::zeros({1}).expand({4});
  e.fill_(2.0);
  EXPECT_EQ(e.toDoubles(), (D{2, 2, 2, 2}));
}

TEST(MemoryOverlap, Statuses) {
  Tensor x = arange({10});
  EXPECT_EQ(hasInternalOverlap(x), MemOverlap::No);
  EXPECT_EQ(hasInternalOverlap(x.slice(0, 0, 1).expand({3})), MemOverlap::Yes);
  EXPECT_EQ(hasInternalOverlap(x.slice(0, 0, 10, 2)), MemOverlap::TooHard);
  EXPECT_EQ(getOverlapStatus(x, x), MemOverlapStatus::Full);
  EXPECT_EQ(getOverlapStatus(x, x.alias()), MemOverlapStatus::Full);
  EXPECT_EQ(getOverlapStatus(x.slice(0, 0, 5), x.slice(0, 5)), MemOverlapStatus::No);
  EXPECT_EQ(getOverlapStatus(x.slice(0, 0, 5), x.slice(0, 4)), MemOverlapStatus::Partial);
  EXPECT_EQ(getOverlapStatus(x, arange({10})), MemOverlapStatus::No);
  Tensor sq = arange({3, 3});
  EXPECT_EQ(getOverlapStatus(sq, sq.t()), MemOverlapStatus::Partial);
  EXPECT_EQ(getOverlapStatus(x.slice(0, 0, 10, 2), x), MemOverlapStatus::TooHard);
  EXPECT_TRUE(mayShareMemory(x.slice(0, 0, 10, 2), x.slice(0, 1, 10, 2)));
  EXPECT_FALSE(mayShareMemory(x.slice(0, 0, 3), x.slice(0, 3)));
}

TEST(Iterate, ForEachIndexVisitsRowMajor) {
  std::vector<V> seen;
  forEachIndex({2, 3}, [&](const int64_t* idx) { seen.push_back({idx[0], idx[1]}); });
  ASSERT_EQ(seen.size(), 6u);
  EXPECT_EQ(seen[0], (V{0, 0}));
  EXPECT_EQ(seen[1], (V{0, 1}));
  EXPECT_EQ(seen[3], (V{1, 0}));
  EXPECT_EQ(seen[5], (V{1, 2}));
  int calls = 0;
  forEachIndex({}, [&](const int64_t*) { ++calls; });
  EXPECT_EQ(calls, 1);
  forEachIndex({3, 0, 2}, [&](const int64_t*) { ++calls; });
  EXPECT_EQ(calls, 1);
}

TEST(Iterate, ForEachOffsetMatchesIndexArithmetic) {
  const V sizes{2, 3, 4};
  const V sa{12, 4, 1}, sb{1, 2, 6}, sc{0, 5, 0};
  int64_t linear = 0;
  forEachOffset<3>(sizes, {IntArrayRef(sa), IntArrayRef(sb), IntArrayRef(sc)}, [&](const int64_t* o) {
    EXPECT_EQ(o[0], offsetOfLinear(linear, sizes, sa));
    EXPECT_EQ(o[1], offsetOfLinear(linear, sizes, sb));
    EXPECT_EQ(o[2], offsetOfLinear(linear, sizes, sc));
    ++linear;
  });
  EXPECT_EQ(linear, 24);
  int calls = 0;
  forEachOffset<1>({}, {IntArrayRef()}, [&](const int64_t* o) {
    EXPECT_EQ(o[0], 0);
    ++calls;
  });
  EXPECT_EQ(calls, 1);
}

TEST(Layout, WrapDim) {
  EXPECT_EQ(wrapDim(-1, 3), 2);
  EXPECT_EQ(wrapDim(0, 0), 0);
  EXPECT_EQ(wrapDim(-1, 0), 0);
  try {
    wrapDim(2, 2);
    FAIL();
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    EXPECT_EQ(e.pythonType(), "IndexError");
  }
  EXPECT_EQ(errorOf([] { wrapDim(0, 0, false); }), "Dimension specified as 0 but tensor has no dimensions");
  EXPECT_EQ(errorOf([] { wrapDim(1, 0); }), "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

TEST(Layout, ComputeViewStrides) {
  // contiguous: any regrouping
  EXPECT_EQ(computeViewStrides({2, 3, 4}, {12, 4, 1}, {6, 4}), (V{4, 1}));
  // transposed [3,4] (strides [1,3]): flattening spans two chunks
  EXPECT_FALSE(computeViewStrides({3, 4}, {1, 3}, {12}).has_value());
  // but splitting one dim of it is fine
  EXPECT_EQ(computeViewStrides({3, 4}, {1, 3}, {3, 2, 2}), (V{1, 6, 3}));
  // size-1 dims anywhere
  EXPECT_EQ(computeViewStrides({3, 4}, {1, 3}, {1, 3, 1, 4}).value()[1], 1);
  // empty tensors
  EXPECT_EQ(computeViewStrides({0, 4}, {4, 1}, {2, 0}), (V{1, 1}));  // row-major, as torch.empty(2, 0)
  EXPECT_TRUE(isNonOverlappingAndDenseLayout({2, 3}, {1, 2}));
  EXPECT_FALSE(isNonOverlappingAndDenseLayout({2, 3}, {1, 3}));
  EXPECT_FALSE(isNonOverlappingAndDenseLayout({2, 3}, {0, 1}));
  EXPECT_EQ(computeStorageNbytes({3, 4}, {1, 3}, 4), 48u);
  EXPECT_EQ(contiguousStrides({2, 0, 3}), (V{3, 3, 1}));
}

TEST(Printing, DescribeAndToString) {
  Tensor x = arange({2, 2}, ScalarType::Int64);
  EXPECT_EQ(x.describe(), "Long[2, 2]");
  EXPECT_EQ(x.t().describe(), "Long[2, 2], strides=[1, 2]");
  EXPECT_EQ(x.t().toString(), "Long[2, 2], strides=[1, 2] {0, 2, 1, 3}");
  EXPECT_EQ(Tensor::fromInt64s({1, 0}, {2}, ScalarType::Bool).toString(), "Bool[2] {True, False}");
  EXPECT_EQ(Tensor().describe(), "undefined");
}

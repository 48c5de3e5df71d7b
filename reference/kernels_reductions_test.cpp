// kernels_reductions_test.cpp — the reference Reductions kernels against hand-computed values:
// dims / keepdim / dtype handling, integer accumulation, NaN propagation, first-occurrence
// indices, empty reductions and PyTorch's error messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/KernelTestUtil.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {
namespace {

using namespace testing;
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

class ReferenceReductions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { registerFamiliesOnce(registerReductionsKernels); }
};

IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}

// x = [[1, 2, 3], [4, 5, 6]] (float32)
Tensor x23() { return floats({1, 2, 3, 4, 5, 6}, {2, 3}); }

TEST_F(ReferenceReductions, SumDimsKeepdimDtype) {
  Tensor all = callT("aten::sum", {x23(), IValue()});
  EXPECT_EQ(all.dim(), 0);
  expectDoubles(all, {21});
  Tensor d0 = callT("aten::sum.dim_IntList", {x23(), ints({0}), false, IValue()});
  EXPECT_EQ(d0.sizes(), (std::vector<int64_t>{3}));
  expectDoubles(d0, {5, 7, 9});
  Tensor d1 = callT("aten::sum.dim_IntList", {x23(), ints({-1}), true, IValue()});
  EXPECT_EQ(d1.sizes(), (std::vector<int64_t>{2, 1}));
  expectDoubles(d1, {6, 15});
  Tensor both = callT("aten::sum.dim_IntList", {x23(), ints({0, 1}), false, IValue()});
  expectDoubles(both, {21});
  Tensor none = callT("aten::sum.dim_IntList", {x23(), IValue(), false, IValue()});
  expectDoubles(none, {21});
  Tensor dbl = callT("aten::sum", {x23(), int64_t{7}});  // dtype=torch.float64
  EXPECT_EQ(dbl.dtype(), ScalarType::Double);
  EXPECT_EQ(errorOf([] { callT("aten::sum.dim_IntList", {x23(), ints({1, -1}), false, IValue()}); }),
            "dim 1 appears multiple times in the list of dims");
  EXPECT_EQ(errorOf([] { callT("aten::sum.dim_IntList", {x23(), ints({2}), false, IValue()}); }),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST_F(ReferenceReductions, IntegerAndBoolSumsAreInt64) {
  Tensor b = callT("aten::sum", {bools({1, 0, 1, 1}), IValue()});
  EXPECT_EQ(b.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(b), (std::vector<int64_t>{3}));
  Tensor i = callT("aten::sum", {longs({2147483647, 1}, {}, ScalarType::Int32), IValue()});
  EXPECT_EQ(i.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(i), (std::vector<int64_t>{2147483648}));
  Tensor p = callT("aten::prod.dim_int", {longs({1, 2, 3, 4}, {2, 2}), int64_t{1}, true, IValue()});
  EXPECT_EQ(p.sizes(), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(valuesI(p), (std::vector<int64_t>{2, 12}));
}

TEST_F(ReferenceReductions, EmptyReductions) {
  Tensor e = Tensor::empty({0, 3}, ScalarType::Float);
  Tensor s = callT("aten::sum.dim_IntList", {e, ints({0}), false, IValue()});
  expectDoubles(s, {0, 0, 0});
  expectDoubles(callT("aten::prod.dim_int", {e, int64_t{0}, false, IValue()}), {1, 1, 1});
  expectDoubles(callT("aten::mean.dim", {e, ints({0}), false, IValue()}), {kNaN, kNaN, kNaN});
  EXPECT_EQ(callT("aten::amax", {e, ints({1}), false}).sizes(), (std::vector<int64_t>{0}));
  EXPECT_EQ(errorOf([&] { callT("aten::amax", {e, ints({0}), false}); }),
            "amax(): Expected reduction dim 0 to have non-zero size.");
  EXPECT_EQ(errorOf([&] { callT("aten::max", {e}); }),
            "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
            "with the 'dim' argument.");
  EXPECT_EQ(errorOf([&] { callT("aten::argmax", {e, IValue(), false}); }),
            "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
}

TEST_F(ReferenceReductions, MeanNeedsFloatingInput) {
  expectDoubles(callT("aten::mean.dim", {x23(), ints({1}), false, IValue()}), {2, 5});
  EXPECT_EQ(errorOf([] { callT("aten::mean", {longs({1, 2}), IValue()}); }),
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
            "Got: Long");
  Tensor m = callT("aten::mean", {longs({1, 2}), int64_t{6}});  // dtype=torch.float32
  expectDoubles(m, {1.5});
}

TEST_F(ReferenceReductions, MaxMinWithIndicesAndNaN) {
  Tensor t = floats({3, 1, 3, 0, kNaN, 2}, {2, 3});
  std::vector<IValue> r = callKernel("aten::max.dim", {t, int64_t{1}, false});
  ASSERT_EQ(r.size(), 2u);
  expectDoubles(r[0].toTensor(), {3, kNaN});
  EXPECT_EQ(valuesI(r[1].toTensor()), (std::vector<int64_t>{0, 1}));  // first occurrence / the NaN
  std::vector<IValue> mn = callKernel("aten::min.dim", {t, int64_t{0}, true});
  EXPECT_EQ(mn[0].toTensor().sizes(), (std::vector<int64_t>{1, 3}));
  expectDoubles(mn[0].toTensor(), {0, kNaN, 2});
  EXPECT_EQ(valuesI(mn[1].toTensor()), (std::vector<int64_t>{1, 1, 1}));
  expectDoubles(callT("aten::max", {t}), {kNaN});
  expectDoubles(callT("aten::min", {floats({3, -1, 2})}), {-1});
  expectDoubles(callT("aten::amax", {t, ints({}), false}), {kNaN});
  expectDoubles(callT("aten::amin", {x23(), ints({0}), true}), {1, 2, 3});
}

TEST_F(ReferenceReductions, ArgmaxArgmin) {
  Tensor t = floats({1, 5, 5, 0}, {2, 2});
  Tensor a = callT("aten::argmax", {t, IValue(), false});
  EXPECT_EQ(a.dim(), 0);
  EXPECT_EQ(valuesI(a), (std::vector<int64_t>{1}));
  Tensor k = callT("aten::argmax", {t, IValue(), true});
  EXPECT_EQ(k.sizes(), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(valuesI(callT("aten::argmin", {t, int64_t{1}, false})), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(valuesI(callT("aten::argmax", {longs({2, 7, 7}), int64_t{0}, false})), (std::vector<int64_t>{1}));
}

TEST_F(ReferenceReductions, AnyAllCountNonzero) {
  Tensor m = bools({0, 1, 0, 0}, {2, 2});
  Tensor any = callT("aten::any", {m});
  EXPECT_EQ(any.dtype(), ScalarType::Bool);
  EXPECT_EQ(valuesI(any), (std::vector<int64_t>{1}));
  EXPECT_EQ(valuesI(callT("aten::all.dim", {bools({1, 1, 0, 1}, {2, 2}), int64_t{1}, false})), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(valuesI(callT("aten::all", {Tensor::empty({0}, ScalarType::Bool)})), (std::vector<int64_t>{1}));
  Tensor c = callT("aten::count_nonzero", {floats({0, 1, kNaN, 0}, {2, 2}), int64_t{0}});
  EXPECT_EQ(c.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(c), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(valuesI(callT("aten::count_nonzero.dim_IntList", {longs({0, 3, 4, 0}, {2, 2}), ints({})})),
            (std::vector<int64_t>{2}));
}

TEST_F(ReferenceReductions, StdVar) {
  Tensor t = floats({1, 2, 3, 4}, {}, ScalarType::Double);
  expectDoubles(callT("aten::var", {t, true}), {5.0 / 3.0});
  expectDoubles(callT("aten::var", {t, false}), {1.25});
  expectDoubles(callT("aten::std.correction", {t, IValue(), int64_t{2}, false}), {std::sqrt(2.5)});
  expectDoubles(callT("aten::std.dim", {floats({1, 3, 5, 5}, {2, 2}, ScalarType::Double), ints({1}), true, false}),
                {std::sqrt(2.0), 0.0});
  expectDoubles(callT("aten::var", {floats({7}, {1}), true}), {kNaN});
  EXPECT_EQ(errorOf([] { callT("aten::std", {longs({1, 2}), true}); }),
            "std and var only support floating point and complex dtypes");
}

TEST_F(ReferenceReductions, Norms) {
  Tensor t = floats({3, -4}, {}, ScalarType::Double);
  expectDoubles(callT("aten::norm.Scalar", {t, int64_t{2}}), {5});
  expectDoubles(callT("aten::norm.ScalarOpt_dim", {t, int64_t{1}, ints({0}), false}), {7});
  expectDoubles(callT("aten::norm.ScalarOpt_dim", {t, kInf, ints({0}), false}), {4});
  expectDoubles(callT("aten::norm.ScalarOpt_dim", {t, IValue(), ints({0}), true}), {5});
  expectDoubles(callT("aten::norm.Scalar", {t, int64_t{0}}), {2});
  expectDoubles(callT("aten::linalg_vector_norm", {t, int64_t{3}, IValue(), false, IValue()}), {std::cbrt(91.0)});
  expectDoubles(callT("aten::frobenius_norm.dim", {floats({3, 4, 0, 0}, {2, 2}, ScalarType::Double), ints({0, 1}), false}), {5});
  EXPECT_EQ(errorOf([] { callT("aten::norm.Scalar", {longs({1}), int64_t{2}}); }),
            "norm(): input dtype should be either floating point or complex. Got Long instead.");
}

TEST_F(ReferenceReductions, LogSumExpAndSoftmax) {
  Tensor t = floats({0, 0, -kInf, -kInf}, {2, 2}, ScalarType::Double);
  expectDoubles(callT("aten::logsumexp", {t, ints({1}), false}), {std::log(2.0), -kInf});
  Tensor big = floats({1000, 1000}, {}, ScalarType::Double);
  expectDoubles(callT("aten::logsumexp", {big, ints({0}), false}), {1000 + std::log(2.0)});
  expectDoubles(callT("aten::softmax.int", {big, int64_t{0}, IValue()}), {0.5, 0.5});
  expectDoubles(callT("aten::log_softmax.int", {big, int64_t{-1}, IValue()}), {-std::log(2.0), -std::log(2.0)});
  expectDoubles(callT("aten::softmax.int", {floats({-kInf, -kInf}, {}, ScalarType::Double), int64_t{0}, IValue()}),
                {kNaN, kNaN});
  Tensor s = callT("aten::softmax.int", {longs({0, 0}), int64_t{0}, int64_t{7}});  // dtype=torch.float64
  EXPECT_EQ(s.dtype(), ScalarType::Double);
  expectDoubles(s, {0.5, 0.5});
  EXPECT_EQ(errorOf([] { callT("aten::softmax.int", {longs({0, 0}), int64_t{0}, IValue()}); }),
            "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  // softmax along dim 0 of a non-contiguous input
  Tensor x = floats({0, 0, 0, 0}, {2, 2}).t();
  expectDoubles(callT("aten::softmax.int", {x, int64_t{0}, IValue()}), {0.5, 0.5, 0.5, 0.5});
}

TEST_F(ReferenceReductions, Scans) {
  Tensor t = longs({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Int32);
  Tensor c = callT("aten::cumsum", {t, int64_t{1}, IValue()});
  EXPECT_EQ(c.dtype(), ScalarType::Int64);
  EXPECT_EQ(valuesI(c), (std::vector<int64_t>{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(valuesI(callT("aten::cumprod", {t, int64_t{0}, IValue()})), (std::vector<int64_t>{1, 2, 3, 4, 10, 18}));
  Tensor f = callT("aten::cumsum", {floats({0.5, 0.25, kNaN, 1}), int64_t{0}, IValue()});
  expectDoubles(f, {0.5, 0.75, kNaN, kNaN});
  Tensor d = callT("aten::cumsum", {bools({1, 1}), int64_t{0}, int64_t{7}});
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  expectDoubles(d, {1, 2});
}

}  // namespace
}  // namespace tsjit::reference

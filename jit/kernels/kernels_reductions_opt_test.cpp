// kernels_reductions_opt_test.cpp — the optimized Reductions kernels against hand-computed values:
// full and per-dim reductions (adjacent and non-adjacent dims, keepdim, non-contiguous inputs),
// dtype rules, NaN propagation, indices, scans, softmax, and PyTorch's error messages.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

Stack call(const char* overload, std::vector<IValue> args) {
  registerAllKernels();
  const OptimizedKernel* k = findKernel(ops::overload(overload));
  EXPECT_NE(k, nullptr) << overload;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s;
}
Tensor call1(const char* overload, std::vector<IValue> args) { return call(overload, std::move(args)).back().toTensor(); }
Tensor F(std::vector<double> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Float) {
  return Tensor::fromDoubles(v, sizes, dt);
}
Tensor I(std::vector<int64_t> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Int64) {
  return Tensor::fromInt64s(v, sizes, dt);
}
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
std::string errorOf(const char* overload, std::vector<IValue> args) {
  try {
    call(overload, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}
void expectValues(const Tensor& t, std::vector<double> want, ScalarType dt, std::vector<int64_t> sizes, double tol = 0) {
  EXPECT_EQ(t.dtype(), dt);
  EXPECT_EQ(t.sizes(), sizes);
  ASSERT_EQ(t.numel(), static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) {
    const double got = t.getDouble(static_cast<int64_t>(i));
    if (std::isnan(want[i]))
      EXPECT_TRUE(std::isnan(got)) << "element " << i;
    else
      EXPECT_NEAR(got, want[i], tol) << "element " << i;
  }
}

const IValue kNone;

TEST(KernelsReductions, SumMeanProd) {
  Tensor x = F({1, 2, 3, 4, 5, 6}, {2, 3});
  expectValues(call1("aten::sum", {x, kNone}), {21}, ScalarType::Float, {});
  expectValues(call1("aten::sum.dim_IntList", {x, ints({0}), IValue(false), kNone}), {5, 7, 9}, ScalarType::Float, {3});
  expectValues(call1("aten::sum.dim_IntList", {x, ints({1}), IValue(true), kNone}), {6, 15}, ScalarType::Float, {2, 1});
  expectValues(call1("aten::sum.dim_IntList", {x.t(), ints({1}), IValue(false), kNone}), {5, 7, 9}, ScalarType::Float, {3});
  expectValues(call1("aten::sum", {I({1, 0, 1}, {3}, ScalarType::Bool), kNone}), {2}, ScalarType::Int64, {});
  expectValues(call1("aten::sum", {I({100, 100}, {2}, ScalarType::Int8), kNone}), {200}, ScalarType::Int64, {});
  expectValues(call1("aten::sum", {I({1, 2}, {2}), IValue(toTorchCode(ScalarType::Double))}), {3}, ScalarType::Double, {});
  expectValues(call1("aten::mean.dim", {x, ints({-1}), IValue(false), kNone}), {2, 5}, ScalarType::Float, {2});
  expectValues(call1("aten::prod.dim_int", {x, IValue(0), IValue(false), kNone}), {4, 10, 18}, ScalarType::Float, {3});
  expectValues(call1("aten::sum", {F({1, NAN}, {2}), kNone}), {NAN}, ScalarType::Float, {});
  // many terms: blocked summation keeps float accuracy
  std::vector<double> many(100001, 0.1);
  expectValues(call1("aten::sum", {F(many, {100001}), kNone}), {10000.1}, ScalarType::Float, {}, 1e-2);
  EXPECT_EQ(errorOf("aten::mean", {I({1}, {1}), kNone}),
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long");
  EXPECT_EQ(errorOf("aten::sum.dim_IntList", {x, ints({0, 0}), IValue(false), kNone}),
            "dim 0 appears multiple times in the list of dims");
}

TEST(KernelsReductions, NonAdjacentDims) {
  // x[i][j][k] = 100 i + 10 j + k, shape [2, 2, 2]; reduce dims 0 and 2 -> per j
  Tensor x = F({0, 1, 10, 11, 100, 101, 110, 111}, {2, 2, 2});
  expectValues(call1("aten::sum.dim_IntList", {x, ints({0, 2}), IValue(true), kNone}), {202, 242}, ScalarType::Float,
               {1, 2, 1});
  expectValues(call1("aten::amax", {x, ints({0, 2}), IValue(false)}), {101, 111}, ScalarType::Float, {2});
}

TEST(KernelsReductions, StdVarNorm) {
  Tensor x = F({1, 2, 3, 4}, {4}, ScalarType::Double);
  expectValues(call1("aten::var", {x, IValue(true)}), {5.0 / 3}, ScalarType::Double, {}, 1e-15);
  expectValues(call1("aten::std.dim", {x, ints({0}), IValue(false), IValue(false)}), {std::sqrt(1.25)}, ScalarType::Double,
               {}, 1e-15);
  expectValues(call1("aten::var.correction", {x, kNone, IValue(2), IValue(false)}), {2.5}, ScalarType::Double, {}, 1e-15);
  expectValues(call1("aten::norm.Scalar", {F({3, -4}, {2}), IValue(2)}), {5}, ScalarType::Float, {});
  expectValues(call1("aten::linalg_vector_norm", {F({3, -4}, {2}), IValue(INFINITY), kNone, IValue(false), kNone}), {4},
               ScalarType::Float, {});
  expectValues(call1("aten::norm.ScalarOpt_dim", {F({3, -4}, {2}), IValue(1), ints({0}), IValue(false)}), {7},
               ScalarType::Float, {});
  EXPECT_EQ(errorOf("aten::std", {I({1, 2}, {2}), IValue(true)}), "std and var only support floating point and complex dtypes");
  expectValues(call1("aten::logsumexp", {F({0, 0}, {2}, ScalarType::Double), ints({0}), IValue(false)}), {std::log(2.0)},
               ScalarType::Double, {}, 1e-15);
}

TEST(KernelsReductions, Extrema) {
  Tensor x = F({3, 7, 7, 1, NAN, 2}, {2, 3});
  Stack s = call("aten::max.dim", {x, IValue(1), IValue(false)});
  ASSERT_EQ(s.size(), 2u);
  expectValues(s[0].toTensor(), {7, NAN}, ScalarType::Float, {2});
  expectValues(s[1].toTensor(), {1, 1}, ScalarType::Int64, {2});  // first of ties; the NaN's index
  s = call("aten::min.dim", {x, IValue(0), IValue(true)});
  expectValues(s[0].toTensor(), {1, NAN, 2}, ScalarType::Float, {1, 3});
  expectValues(s[1].toTensor(), {1, 1, 1}, ScalarType::Int64, {1, 3});
  expectValues(call1("aten::max", {I({4, 9, 2}, {3})}), {9}, ScalarType::Int64, {});
  expectValues(call1("aten::argmax", {I({4, 9, 9}, {3}), kNone, IValue(false)}), {1}, ScalarType::Int64, {});
  expectValues(call1("aten::argmin", {F({4, 1, 2, 0}, {2, 2}), IValue(1), IValue(true)}), {1, 1}, ScalarType::Int64, {2, 1});
  EXPECT_EQ(errorOf("aten::max", {F({}, {0})}),
            "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the "
            "'dim' argument.");
}

TEST(KernelsReductions, AnyAllCount) {
  Tensor x = F({0, 1, 0, 0}, {2, 2});
  expectValues(call1("aten::any", {x}), {1}, ScalarType::Bool, {});
  expectValues(call1("aten::all.dim", {x, IValue(1), IValue(false)}), {0, 0}, ScalarType::Bool, {2});
  expectValues(call1("aten::any.dim", {x, IValue(0), IValue(false)}), {0, 1}, ScalarType::Bool, {2});
  expectValues(call1("aten::all", {I({1, 2}, {2}, ScalarType::UInt8)}), {1}, ScalarType::UInt8, {});
  expectValues(call1("aten::count_nonzero", {x, kNone}), {1}, ScalarType::Int64, {});
}

TEST(KernelsReductions, ScansAndSoftmax) {
  expectValues(call1("aten::cumsum", {I({1, 2, 3, 4}, {2, 2}), IValue(0), kNone}), {1, 2, 4, 6}, ScalarType::Int64, {2, 2});
  expectValues(call1("aten::cumprod", {F({1, 2, 3, 4}, {2, 2}), IValue(1), kNone}), {1, 2, 3, 12}, ScalarType::Float,
               {2, 2});
  Tensor x = F({0, std::log(3.0), 1, 1}, {2, 2}, ScalarType::Double);
  expectValues(call1("aten::softmax.int", {x, IValue(1), kNone}), {0.25, 0.75, 0.5, 0.5}, ScalarType::Double, {2, 2},
               1e-15);
  expectValues(call1("aten::log_softmax.int", {x, IValue(-1), kNone}), {std::log(0.25), std::log(0.75), std::log(0.5),
                                                                         std::log(0.5)},
               ScalarType::Double, {2, 2}, 1e-15);
  expectValues(call1("aten::softmax.int", {F({0, 0, 0, 0}, {2, 2}), IValue(0), kNone}), {0.5, 0.5, 0.5, 0.5},
               ScalarType::Float, {2, 2});
  EXPECT_EQ(errorOf("aten::softmax.int", {I({1}, {1}), IValue(0), kNone}),
            "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
}

}  // namespace
}  // namespace tsjit::kernels

// kernels_factories_opt_test.cpp — the optimized Factories kernels against hand-computed values:
// dtype inference, nested lists, ragged-list errors, arange / linspace / eye, the _like factories.
#include <gtest/gtest.h>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

Tensor call1(const char* overload, std::vector<IValue> args) {
  registerAllKernels();
  const OptimizedKernel* k = findKernel(ops::overload(overload));
  EXPECT_NE(k, nullptr) << overload;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s.back().toTensor();
}
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
void expectValues(const Tensor& t, std::vector<double> want, ScalarType dt, std::vector<int64_t> sizes) {
  EXPECT_EQ(t.dtype(), dt);
  EXPECT_EQ(t.sizes(), sizes);
  ASSERT_EQ(t.numel(), static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(t.getDouble(static_cast<int64_t>(i)), want[i]) << i;
}
const IValue kNone;

TEST(KernelsFactories, TensorFromLists) {
  IValue row1 = makeList(FloatType::get(), {IValue(1.5), IValue(2.0)});
  IValue row2 = makeList(FloatType::get(), {IValue(3.0), IValue(4.0)});
  IValue nested = makeList(ListType::create(FloatType::get()), {row1, row2});
  expectValues(call1("aten::tensor", {nested, kNone, kNone, IValue(false)}), {1.5, 2, 3, 4}, ScalarType::Float, {2, 2});
  expectValues(call1("aten::tensor", {ints({1, 2}), IValue(toTorchCode(ScalarType::Double)), kNone, IValue(false)}), {1, 2},
               ScalarType::Double, {2});
  expectValues(call1("aten::tensor.int", {IValue(3), kNone, kNone, IValue(false)}), {3}, ScalarType::Int64, {});
  expectValues(call1("aten::tensor.bool", {IValue(true), kNone, kNone, IValue(false)}), {1}, ScalarType::Bool, {});
  IValue ragged = makeList(ListType::create(IntType::get()), {ints({1, 2}), ints({3})});
  try {
    call1("aten::tensor", {ragged, kNone, kNone, IValue(false)});
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "Expected sequence of length 2 at dim 1 (got 1)");
  }
}

TEST(KernelsFactories, FilledAndLike) {
  expectValues(call1("aten::zeros", {ints({2}), kNone, kNone, kNone, kNone}), {0, 0}, ScalarType::Float, {2});
  expectValues(call1("aten::ones", {ints({1, 2}), IValue(toTorchCode(ScalarType::Int32)), kNone, kNone, kNone}), {1, 1},
               ScalarType::Int32, {1, 2});
  expectValues(call1("aten::full", {ints({2}), IValue(7), kNone, kNone, kNone, kNone}), {7, 7}, ScalarType::Int64, {2});
  expectValues(call1("aten::full", {ints({1}), IValue(0.5), kNone, kNone, kNone, kNone}), {0.5}, ScalarType::Float, {1});
  expectValues(call1("aten::full", {ints({1}), IValue(true), kNone, kNone, kNone, kNone}), {1}, ScalarType::Bool, {1});
  Tensor src = Tensor::fromDoubles({1, 2, 3, 4, 5, 6}, {2, 3}).t();
  Tensor o = call1("aten::ones_like", {src, kNone, kNone, kNone, kNone, kNone});
  expectValues(o, {1, 1, 1, 1, 1, 1}, ScalarType::Float, {3, 2});
  EXPECT_EQ(o.strides(), src.strides());  // preserve_format keeps a dense layout
  expectValues(call1("aten::zeros_like", {src, IValue(toTorchCode(ScalarType::Int64)), kNone, kNone, kNone, kNone}),
               {0, 0, 0, 0, 0, 0}, ScalarType::Int64, {3, 2});
}

TEST(KernelsFactories, RangesAndEye) {
  expectValues(call1("aten::arange", {IValue(4), kNone, kNone, kNone, kNone}), {0, 1, 2, 3}, ScalarType::Int64, {4});
  expectValues(call1("aten::arange.start_step", {IValue(1), IValue(2.0), IValue(0.25), kNone, kNone, kNone, kNone}),
               {1, 1.25, 1.5, 1.75}, ScalarType::Float, {4});
  expectValues(call1("aten::arange.start_step", {IValue(5), IValue(0), IValue(-2), kNone, kNone, kNone, kNone}), {5, 3, 1},
               ScalarType::Int64, {3});
  expectValues(call1("aten::linspace", {IValue(0), IValue(1), IValue(5), kNone, kNone, kNone, kNone}),
               {0, 0.25, 0.5, 0.75, 1}, ScalarType::Float, {5});
  expectValues(call1("aten::eye.m", {IValue(2), IValue(3), kNone, kNone, kNone, kNone}), {1, 0, 0, 0, 1, 0},
               ScalarType::Float, {2, 3});
  try {
    call1("aten::arange.start_step", {IValue(0), IValue(1), IValue(0), kNone, kNone, kNone, kNone});
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "step must be nonzero");
  }
}

}  // namespace
}  // namespace tsjit::kernels

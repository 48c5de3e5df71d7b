// KernelsTestUtil.h — helpers for the unit tests of the Shape, Indexing, Linalg and NN reference
// kernels: registers those families once (only them, so the tests do not depend on the other
// families' progress), calls an overload's kernel by its qualified name, builds inputs, and checks
// values against hand-computed expectations.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference::testing {

inline void registerTestedFamilies() {
  static std::once_flag once;
  std::call_once(once, [] {
    ops::initialize();
    registerShapeKernels();
    registerIndexingKernels();
    registerLinalgKernels();
    registerNNKernels();
    registerElementwiseKernels();  // lstm_cell runs add_ / mul / sigmoid_ / tanh_ through their kernels
  });
}

// Runs the reference kernel of an overload ("aten::mm", "aten::size.int").
inline std::vector<IValue> run(const std::string& overload, std::vector<IValue> args) {
  registerTestedFamilies();
  const ops::OpOverload* ov = ops::findOverload(overload);
  if (!ov) throw std::logic_error("no overload " + overload);
  const ReferenceKernel* k = findKernel(*ov);
  if (!k) throw std::logic_error("no reference kernel for " + overload);
  return k->run(args);
}
inline Tensor runT(const std::string& overload, std::vector<IValue> args) {
  return run(overload, std::move(args)).at(0).toTensor();
}

// The message of the RuntimeError fn throws ("" if it throws none).
inline std::string errorOf(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "";
}

inline Tensor F(std::vector<double> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Float) {
  return Tensor::fromDoubles(v, sizes, dt);
}
inline Tensor D(std::vector<double> v, std::vector<int64_t> sizes) { return F(std::move(v), std::move(sizes), ScalarType::Double); }
inline Tensor L(std::vector<int64_t> v, std::vector<int64_t> sizes, ScalarType dt = ScalarType::Int64) {
  return Tensor::fromInt64s(v, sizes, dt);
}
inline Tensor B(std::vector<int64_t> v, std::vector<int64_t> sizes) { return L(std::move(v), std::move(sizes), ScalarType::Bool); }
// 0, 1, 2, ... as float32 with the given shape.
inline Tensor arange(std::vector<int64_t> sizes, ScalarType dt = ScalarType::Float) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(static_cast<double>(i));
  return F(v, sizes, dt);
}
inline IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items;
  for (int64_t x : v) items.emplace_back(x);
  return makeList(IntType::get(), std::move(items));
}
inline IValue floats(std::vector<double> v) {
  std::vector<IValue> items;
  for (double x : v) items.emplace_back(x);
  return makeList(FloatType::get(), std::move(items));
}
inline IValue tensors(std::vector<Tensor> v) {
  std::vector<IValue> items;
  for (Tensor& t : v) items.emplace_back(t);
  return makeList(TensorType::get(), std::move(items));
}
// Tensor?[]: undefined tensors become None.
inline IValue optTensors(std::vector<Tensor> v) {
  std::vector<IValue> items;
  for (Tensor& t : v) items.push_back(t.defined() ? IValue(t) : IValue());
  return makeList(OptionalType::create(TensorType::get()), std::move(items));
}
inline IValue none() { return IValue(); }
inline IValue i(int64_t v) { return IValue(v); }
inline IValue d(double v) { return IValue(v); }
inline IValue b(bool v) { return IValue(v); }

// Shape, dtype and values (logical order; NaN matches NaN) within an absolute+relative tolerance.
inline void expectTensor(const Tensor& t, std::vector<int64_t> sizes, std::vector<double> values,
                         double tol = 0, std::optional<ScalarType> dtype = std::nullopt) {
  ASSERT_TRUE(t.defined());
  EXPECT_EQ(t.sizes(), sizes);
  if (dtype) {
    EXPECT_EQ(t.dtype(), *dtype);
  }
  ASSERT_EQ(t.numel(), static_cast<int64_t>(values.size()));
  for (size_t k = 0; k < values.size(); ++k) {
    const double got = t.getDouble(static_cast<int64_t>(k)), want = values[k];
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << "element " << k;
    } else {
      EXPECT_NEAR(got, want, tol * (1 + std::fabs(want))) << "element " << k;
    }
  }
}

}  // namespace tsjit::reference::testing

// KernelTestUtil.h — helpers for the reference kernel tests (test code only): call an overload's
// reference kernel by name, build tensors, read values back. Expected values in the tests are
// hand-computed; these helpers never compute expectations themselves.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <mutex>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/tensor/Tensor.h"
#include "reference/Kernel.h"

namespace tsjit::reference::testing {

// Registers the given families once per process (tests register only the families they test, so
// that they do not depend on the state of the others), after initializing the op table.
template <typename... Fns>
void registerFamiliesOnce(Fns... fns) {
  static std::once_flag once;
  std::call_once(once, [&] {
    ops::initialize();
    (fns(), ...);
  });
}

// Runs the reference kernel of `overload` ("aten::add.Tensor") on args (registered beforehand).
inline std::vector<IValue> callKernel(const std::string& overload, std::vector<IValue> args) {
  const ReferenceKernel* k = findKernel(ops::overload(overload));
  if (!k) throw std::runtime_error("no reference kernel for " + overload);
  return k->run(args);
}

// The single tensor output of an overload.
inline Tensor callT(const std::string& overload, std::vector<IValue> args) {
  std::vector<IValue> out = callKernel(overload, std::move(args));
  EXPECT_EQ(out.size(), 1u);
  return out.at(0).toTensor();
}

inline Tensor floats(std::vector<double> v, std::vector<int64_t> shape = {}, ScalarType dt = ScalarType::Float) {
  if (shape.empty() && v.size() != 1) shape = {static_cast<int64_t>(v.size())};
  return Tensor::fromDoubles(v, shape, dt);
}
inline Tensor longs(std::vector<int64_t> v, std::vector<int64_t> shape = {}, ScalarType dt = ScalarType::Int64) {
  if (shape.empty() && v.size() != 1) shape = {static_cast<int64_t>(v.size())};
  return Tensor::fromInt64s(v, shape, dt);
}
inline Tensor bools(std::vector<int64_t> v, std::vector<int64_t> shape = {}) {
  return longs(std::move(v), std::move(shape), ScalarType::Bool);
}

// Values in logical order.
inline std::vector<double> valuesD(const Tensor& t) { return t.toDoubles(); }
inline std::vector<int64_t> valuesI(const Tensor& t) { return t.toInt64s(); }

// Bitwise-style equality of doubles: NaN equals NaN, and the sign of zero matters.
inline bool sameDouble(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

inline void expectDoubles(const Tensor& t, const std::vector<double>& expected) {
  std::vector<double> got = t.toDoubles();
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_TRUE(sameDouble(got[i], expected[i])) << "element " << i << ": got " << got[i] << ", expected " << expected[i];
}

// The message of the RuntimeError fn throws ("" when it throws nothing).
template <typename F>
std::string errorOf(F&& fn) {
  try {
    fn();
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "";
}

}  // namespace tsjit::reference::testing

// Math.h — the tensor arithmetic derivative formulas are written in: thin calls into the jit's
// optimized kernels (jit/kernels) by overload name, plus a few layout helpers.
//
// Every helper runs the kernel through autograd's recorder (Record.h) when grad mode is on and an
// argument requires grad, so the same helpers build recorded decompositions (derivatives of
// composite ops, Decompose.h) and run plain kernels inside backward (where grad mode is off).
// Helpers never modify their arguments.
#pragma once

#include <string_view>
#include <vector>

#include "jit/ir/IValue.h"

namespace tsjit::autograd::math {

// An int[] value, and the ints of an int[] (or of a single int, as schemas broadcast `int[1]`).
IValue intList(const std::vector<int64_t>& v);
std::vector<int64_t> ints(const IValue& v);

// Runs the kernel of `overload` ("aten::mul.Tensor") on `args` (all schema arguments, defaults
// included); returns its outputs. InternalError when the overload or its kernel is missing.
std::vector<IValue> callN(std::string_view overload, std::vector<IValue> args);
IValue call(std::string_view overload, std::vector<IValue> args);
Tensor callT(std::string_view overload, std::vector<IValue> args);

Tensor add(const Tensor& a, const Tensor& b);
Tensor sub(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, double s);
Tensor div(const Tensor& a, const Tensor& b);
Tensor div(const Tensor& a, double s);
Tensor addScalar(const Tensor& a, double s);
Tensor neg(const Tensor& a);
Tensor unary(std::string_view op, const Tensor& a);  // "aten::exp" ...
Tensor pow(const Tensor& a, double e);
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
Tensor compare(std::string_view op, const Tensor& a, double s);  // "aten::gt.Scalar" ...
Tensor compareT(std::string_view op, const Tensor& a, const Tensor& b);  // "aten::eq.Tensor" ...
Tensor mm(const Tensor& a, const Tensor& b);
Tensor matmul(const Tensor& a, const Tensor& b);
Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
Tensor sumAll(const Tensor& a);
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim);
Tensor cat(const std::vector<Tensor>& ts, int64_t dim);
Tensor zeros(const std::vector<int64_t>& sizes, ScalarType dtype);
Tensor zerosLike(const Tensor& t);
Tensor scalarLike(double v, const Tensor& like);  // 0-dim tensor of like's dtype
Tensor expandTo(const Tensor& t, const std::vector<int64_t>& sizes);
Tensor reshape(const Tensor& t, const std::vector<int64_t>& sizes);
Tensor toDtype(const Tensor& t, ScalarType dtype);
// A non-view copy (for in-place writes into a fresh buffer).
Tensor copyOf(const Tensor& t);

// Sums g down to `sizes` (the shape it was broadcast from): leading dims, then dims of size 1.
Tensor sumTo(const Tensor& g, const std::vector<int64_t>& sizes);
// Wraps a possibly negative dim.
int64_t wrap(int64_t dim, int64_t rank);
// The dims an int[]? / int[] argument names (None or []: every dim), wrapped and sorted.
std::vector<int64_t> reductionDims(const IValue& dims, int64_t rank);
// g (reduced over `dims` without keepdim) with those dims re-inserted as size 1.
Tensor unsqueezeDims(const Tensor& g, const std::vector<int64_t>& dims, int64_t rank);

}  // namespace tsjit::autograd::math

namespace tsjit::autograd {
// Sums to `sizes` and casts to `dtype` (the gradient of an input of that shape and dtype).
Tensor conformGradient(const Tensor& g, const std::vector<int64_t>& sizes, ScalarType dtype);
Tensor addTensors(const Tensor& a, const Tensor& b);
}  // namespace tsjit::autograd

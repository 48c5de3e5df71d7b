// TensorArgs.h — small shared helpers for the reference tensor kernels: reading IValue arguments
// (tensors, Scalars as wrapped numbers, optionals, dtypes, dim lists), PyTorch's result dtype,
// element casts, contiguous outputs, the N-ary elementwise loop over broadcast shapes, and the
// in-place write-back rule.
//
// Invariants:
//   * A Python number given as a Scalar argument becomes a 0-dim "wrapped number" tensor
//     (Int64 for int, Double for float, Bool for bool) so jit/tensor's resultType ranks it below
//     every real tensor, as PyTorch does.
//   * The elementwise loops read each operand already cast to the op's compute dtype (what
//     TensorIterator does: 0.1 becomes 0.1f before multiplying a float32 tensor), compute in
//     double (floating compute dtypes) or int64 (integral and bool), and round ONCE to the output
//     dtype. Outputs are new contiguous tensors of the broadcast shape.
//   * Helpers only read arguments; user errors throw RuntimeError with PyTorch 1.13's wording.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"

namespace tsjit::reference {

// ---- arguments --------------------------------------------------------------------------------
// The tensor of a Tensor argument (InternalError for anything else).
Tensor tensorArg(const IValue& v);
// Tensor? argument: nullopt for None.
std::optional<Tensor> optTensorArg(const IValue& v);
// A Scalar argument (int / float / bool) as a 0-dim wrapped-number tensor.
Tensor wrapScalar(const IValue& v);
// A Tensor argument as is, or a Scalar argument wrapped (for ops with Tensor and Scalar overloads).
Tensor operandArg(const IValue& v);
// Scalar arguments read as numbers. scalarInt of a float truncates toward zero.
double scalarDouble(const IValue& v);
int64_t scalarInt(const IValue& v);
bool isFloatScalar(const IValue& v);  // a Python float (not int / bool)
// The dtype a Python number has when wrapped: Int64, Double or Bool.
ScalarType scalarTypeOfNumber(const IValue& v);
// Optionals: nullopt for None.
std::optional<double> optScalarDouble(const IValue& v);
std::optional<int64_t> optInt(const IValue& v);
std::optional<bool> optBool(const IValue& v);
std::optional<std::string> optString(const IValue& v);
// ScalarType arguments travel as c10 integer codes (prim::Constant[value=6] is float32).
ScalarType dtypeArg(const IValue& v);
std::optional<ScalarType> optDtypeArg(const IValue& v);
std::optional<Device> optDeviceArg(const IValue& v);
// int[] argument (a single int is accepted for int[N] arguments).
std::vector<int64_t> intListArg(const IValue& v);
// int[1]? / int[] dim arguments, wrapped into [0, ndim) (a 0-dim tensor accepts 0 and -1).
// None or an empty list gives every dim (reduce over all). Duplicates throw
// "dim 0 appears multiple times in the list of dims".
std::vector<int64_t> dimListArg(const IValue& v, int64_t ndim);
// One dim, wrapped (IndexError "Dimension out of range ..." as PyTorch).
int64_t dimArg(const IValue& v, int64_t ndim);

// ---- dtypes -----------------------------------------------------------------------------------
// torch.result_type over the operands (wrapped numbers, 0-dim and dimensioned tensors).
ScalarType resultTypeOf(const std::vector<Tensor>& operands);
// The compute dtype of ops that promote integers to float (div, sqrt, sin...): the default float
// dtype for integral/bool types, t itself for floating types.
ScalarType toFloatingType(ScalarType t);
bool isFloating(ScalarType t);
bool isIntegral(ScalarType t);  // integral types and bool

// ---- elements ---------------------------------------------------------------------------------
// Casts a value to the dtype `to` and back (PyTorch's element conversion): float32 rounds,
// integral types truncate and wrap, bool becomes 0 / 1.
double castDouble(double v, ScalarType to);
// PyTorch 1.13's checked conversion of a Scalar (or a 0-dim tensor's item) to dt, as fill_,
// masked_fill_, full, constant_pad_nd and linspace / logspace read their Scalar arguments: raises
// "value cannot be converted to type <name> without overflow" when it does not fit.
void checkScalarConvertible(const IValue& value, ScalarType dt);
int64_t castInt(int64_t v, ScalarType to);
// Element i (logical row-major) of t, cast to `to`, as a double / int64.
double readAs(const Tensor& t, int64_t i, ScalarType to);
int64_t readIntAs(const Tensor& t, int64_t i, ScalarType to);

// ---- outputs ----------------------------------------------------------------------------------
// A new contiguous tensor (values are written by the kernel before anyone reads them).
Tensor makeOutput(IntArrayRef sizes, ScalarType dtype);
// The broadcast shape of all operands (PyTorch's "The size of tensor a ..." error on mismatch).
std::vector<int64_t> broadcastShapeOf(const std::vector<Tensor>& operands);

// ---- the elementwise loop ---------------------------------------------------------------------
// out[i] = fn(v) where v[k] is element i of operand k broadcast to the common shape and cast to
// computeDtype. mapFloating hands fn doubles (computeDtype floating); mapIntegral int64s
// (computeDtype integral or bool). The result is cast once to outDtype, into a tensor with the
// layout TensorIterator gives it (a transposed input gives a transposed output).
template <typename F>
Tensor mapFloating(const std::vector<Tensor>& operands, ScalarType computeDtype, ScalarType outDtype, F&& fn);
template <typename F>
Tensor mapIntegral(const std::vector<Tensor>& operands, ScalarType computeDtype, ScalarType outDtype, F&& fn);

// ---- in-place ops -----------------------------------------------------------------------------
// The write-back of an in-place op: `result` (computed out of place in the promoted dtype) must
// have self's shape ("output with shape [3] doesn't match the broadcast shape [2, 3]", checked
// first, as PyTorch does) and be castable to self's dtype ("result type Float can't be cast to the
// desired output type Long"); then it is copied into self (views of self see the write). Returns
// self.
const Tensor& writeInplace(const Tensor& self, const Tensor& result);
// The write-back of an `out=` variant: result is cast into out (checkCanCast as above); an out of
// another shape is resized first (PyTorch resizes out tensors; it only warns). Returns out.
const Tensor& writeOut(const Tensor& out, const Tensor& result);
// Formats sizes as PyTorch does in messages: "[2, 3]".
std::string shapeString(IntArrayRef sizes);
// "\"bitwise_and_cpu\" not implemented for 'Float'" (what ATen's dtype dispatch raises).
[[noreturn]] void throwNotImplemented(const char* kernelName, ScalarType dtype);

// ---- kernel wrappers ---------------------------------------------------------------------------
// f computes an op's functional result from the node's leading arguments; these make the kernels
// of its variants: the functional overload returns f(args); the in-place one (args[0] is self)
// writes f(args) into self by writeInplace and returns self; the out= one (the last argument is
// out) writes f(args) into out by writeOut and returns out.
using TensorFn = std::function<Tensor(Args&)>;
KernelFn functionalKernel(TensorFn f);
KernelFn inplaceKernel(TensorFn f);
KernelFn outKernel(TensorFn f);

// ---- implementation of the loop templates ------------------------------------------------------
namespace detail {
std::vector<Tensor> expandAll(const std::vector<Tensor>& operands, IntArrayRef shape);
// The output of an elementwise op: the layout PyTorch's TensorIterator gives it
// (jit/tensor/IterationLayout.h); operands of another dtype than computeDtype count as converted.
Tensor makeElementwiseOutput(const std::vector<Tensor>& operands, IntArrayRef shape, ScalarType outDtype,
                             ScalarType computeDtype);
void writeDouble(const Tensor& out, int64_t i, double v);
void writeInt(const Tensor& out, int64_t i, int64_t v);
}  // namespace detail

template <typename F>
Tensor mapFloating(const std::vector<Tensor>& operands, ScalarType computeDtype, ScalarType outDtype, F&& fn) {
  const std::vector<int64_t> shape = broadcastShapeOf(operands);
  const std::vector<Tensor> ins = detail::expandAll(operands, shape);
  Tensor out = detail::makeElementwiseOutput(operands, shape, outDtype, computeDtype);
  std::vector<double> v(ins.size());
  for (int64_t i = 0; i < out.numel(); ++i) {
    for (size_t k = 0; k < ins.size(); ++k) v[k] = readAs(ins[k], i, computeDtype);
    detail::writeDouble(out, i, static_cast<double>(fn(static_cast<const double*>(v.data()))));
  }
  return out;
}

template <typename F>
Tensor mapIntegral(const std::vector<Tensor>& operands, ScalarType computeDtype, ScalarType outDtype, F&& fn) {
  const std::vector<int64_t> shape = broadcastShapeOf(operands);
  const std::vector<Tensor> ins = detail::expandAll(operands, shape);
  Tensor out = detail::makeElementwiseOutput(operands, shape, outDtype, computeDtype);
  std::vector<int64_t> v(ins.size());
  for (int64_t i = 0; i < out.numel(); ++i) {
    for (size_t k = 0; k < ins.size(); ++k) v[k] = readIntAs(ins[k], i, computeDtype);
    detail::writeInt(out, i, static_cast<int64_t>(fn(static_cast<const int64_t*>(v.data()))));
  }
  return out;
}

}  // namespace tsjit::reference

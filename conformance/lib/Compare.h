// Compare.h — THE comparison rule of every oracle in the project (corpus replay, pass checks,
// fuser and gradient cross-checks): is `actual` the same value as `expected`, within tolerance?
//
// The rule:
//   * ints, bools, strings, None, devices, tensor shapes and dtypes must be equal exactly;
//     a value of another kind (int vs float, list vs tuple) is a mismatch;
//   * floats (Python floats: float64) and floating tensor elements are compared in the dtype of
//     the expected value: NaN matches only NaN, an infinity only the same infinity, +0 equals -0;
//     otherwise they must be equal (Tolerance exact), within n ULPs of the output dtype
//     (Tolerance ulp(n); the ULP distance counts representable values of that dtype between them),
//     or within the reduction bound (Tolerance reduction(k)). Per element, when the caller gives
//     one (CompareOptions::elementBound, built by OpErrorBound.h for one op from the terms reduced
//     into each element):
//         |a - b| <= bound_i + r ulps of the output dtype at min(|a|, |b|)
//     where a NaN bound_i means a non-finite term reaches the element (then a and b agree only when
//     both are non-finite) and +inf means its terms may overflow (anything agrees). Otherwise one
//     scalar bound for every element:
//         |a - b| <= k * n * eps_acc(dtype) * S + r ulps of the output dtype
//     (r = CompareOptions::roundingUlps: 1, or 2 for ops rounded twice in the dtype such as mean)
//     where eps_acc is the epsilon of the dtype PyTorch accumulates in (float's for Half, BFloat16
//     and Float), n = CompareOptions::reductionTerms (the number of terms reduced into an element)
//     and S = max(|a|, |b|, Σ|x_i|) — relative, raised to the reduced terms' Σ|x_i| when the caller
//     knows it (CompareOptions::sumAbs; an upper bound over the elements will do), since a sum that
//     cancels is only as accurate as its terms' magnitudes allow; there is no absolute floor. When
//     that Σ|x_i| exceeds the dtype's largest finite value the dtype computation may overflow (to
//     ±inf, or NaN from inf - inf) depending on the order of the terms: a non-finite value on
//     either side is then accepted.
//     A reduction tolerance also accepts anything the graph's ULP bound accepts (ulpSlack).
//     Or within the operand bound (Tolerance operands(k)), for ops whose float algorithm rounds
//     intermediate terms that may cancel (lerp, addcmul, addcdiv, gelu, elu: PyTorch's own float
//     result is then off by a few ulps of the operands, not of the result):
//         |a - b| <= k * eps(dtype) * max(|a|, |b|, M)
//     where M = CompareOptions::operandMagnitude: the largest finite magnitude among the values the
//     op (or graph) starts from, at least 1 — operandMagnitude(inputs) of the node's inputs, or of
//     a graph's inputs and float constants (compareOptionsForGraph + operandMagnitude(inputs)).
//   * containers are compared element-wise (lists and tuples by position, dicts by insertion
//     order of keys, which TorchScript preserves);
//   * the result names the first mismatch by path: `[0][2] element 5: expected 0x1.8p+1
//     (3.0000000) got 0x1.8000002p+1 (3.0000002), 1 ulp`, plus how many elements differ.
// For a graph (without per-node information) the tolerance is the loosest tolerance of the ops
// it runs (toleranceForGraph); the corpus narrows that to the ops each output depends on
// (GraphTolerance.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

struct CompareOptions {
  ops::Tolerance tolerance = ops::Tolerance::exact();
  // ULPs always accepted in addition to `tolerance` (e.g. the largest ulp(n) of a graph whose
  // loosest tolerance is a reduction bound).
  double ulpSlack = 0;
  // k of the loosest operands(k) tolerance of a graph whose loosest tolerance is a reduction bound.
  double operandSlack = 0;
  // M of the operands bound (see above); callers raise it to operandMagnitude(inputs).
  double operandMagnitude = 1;
  // n of the reduction bound.
  int64_t reductionTerms = 1;
  // Σ|x_i| of the reduced terms, when known (the largest over the elements for a tensor).
  std::optional<double> sumAbs;
  // An absolute difference always accepted (the corpus: the sum of the largest per-element bounds
  // of the reductions a value depends on, GraphTolerance.h). 0 for per-op comparisons.
  double absoluteSlack = 0;
  // Ulps of the output dtype a reduction-bound result may differ by for its own rounding: 1 (the
  // reference rounds once, a correct kernel once more); 2 for ops PyTorch rounds twice in the dtype
  // (mean = sum / n, average pools). Set by compareOptionsForOp.
  double roundingUlps = 1;
  // Per-element absolute bounds of a reduction tolerance, one per logical element of the tensor
  // compared (row-major); see the rule above. Set by compareOptionsForOp (OpErrorBound.h). A tensor
  // of another numel is a mismatch (the bound was built for another value).
  std::shared_ptr<const std::vector<double>> elementBound;
  // Per-element absolute errors that approximate ops carried through exact arithmetic into this
  // value (ErrorPropagation.h; the corpus runner's GraphTolerance sets it), accepted in addition to
  // the rule above (plus one ulp of the output's own rounding). Ignored for another numel.
  std::shared_ptr<const std::vector<double>> propagatedBound;
  // Also require equal tensor strides in the dims of size > 1 (off by default: values are compared in
  // logical order; the corpus runner turns it on for the outputs PyTorch recorded strides of).
  bool checkStrides = false;
};

struct CompareResult {
  bool ok = true;
  std::string message;  // empty when ok; the first mismatch (path and values) otherwise
  explicit operator bool() const { return ok; }
};

CompareResult compareValues(const IValue& expected, const IValue& actual, const CompareOptions& options = {});

// ULP distance between a and b after rounding both to `dtype` (floating dtypes). 0 for equal
// values (also +0/-0), a huge number when exactly one is NaN or the signs of infinities differ.
double ulpDistance(double a, double b, ScalarType dtype);
// Machine epsilon of a floating dtype (2^-23 for float32, 2^-52 for float64, 2^-10 for float16,
// 2^-7 for bfloat16).
double dtypeEpsilon(ScalarType dtype);
// The epsilon of the dtype PyTorch accumulates a reduction of `dtype` in (float's for Half,
// BFloat16 and Float; double's for Double).
double accumulationEpsilon(ScalarType dtype);
// Whether two floats of `dtype` agree under `options` (the scalar rule above; elementBound is not
// used).
bool floatsAgree(double expected, double actual, ScalarType dtype, const CompareOptions& options);
// Whether two floats of `dtype` agree under a per-element bound (the elementBound rule above).
bool floatsAgreeWithin(double expected, double actual, ScalarType dtype, double bound, double roundingUlps = 1);
// The spacing of `dtype`'s values at |x| (its ulp; the smallest subnormal at 0).
double ulpAt(double x, ScalarType dtype);

// Output aliasing (for engine-vs-engine oracles; the corpus does not record aliasing): for every
// tensor among `outputs` (depth-first, paths like "output[0][1]"), the path of the first tensor
// before it — among `inputs` ("input[2]") and earlier outputs — whose storage it shares, or "" for
// a fresh tensor. Two runs alias alike when their signatures are equal.
std::vector<std::pair<std::string, std::string>> aliasSignature(const std::vector<IValue>& inputs,
                                                                const std::vector<IValue>& outputs);
// Compares the alias signatures of two runs of one program; the message names the first output
// whose aliasing differs ("output[1] aliases input[0] in expected, is a fresh tensor in actual").
CompareResult compareAliasing(const std::vector<IValue>& expectedInputs, const std::vector<IValue>& expectedOutputs,
                              const std::vector<IValue>& actualInputs, const std::vector<IValue>& actualOutputs);

// The largest finite magnitude among the ints, floats and floating tensor elements of `values`
// (containers included), at least 1: the M of the operands bound. (A graph's constants count
// through compareOptionsForGraph, floats only: ints there are mostly dims and sizes.)
double operandMagnitude(const std::vector<IValue>& values);

// The loosest tolerance of the ops of `graph` (nested blocks included; structural prim:: kinds
// and unresolvable nodes count as exact): exact < ulp(n) by n < operands(k) by k <
// reduction(k) by k.
ops::Tolerance toleranceForGraph(const Graph& graph);
// Options for comparing the outputs of `graph`: its loosest tolerance, its largest ulp bound as
// ulpSlack, its largest operands bound as operandSlack, and as operandMagnitude the magnitude of
// its float constants (raise it to operandMagnitude(inputs) for the graph's inputs).
CompareOptions compareOptionsForGraph(const Graph& graph);

}  // namespace tsjit::conformance

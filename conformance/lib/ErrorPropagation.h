// ErrorPropagation.h — per-element error bounds carried forward through exact float arithmetic.
//
// An op with an ulp(n) tolerance (exp, tanh, sigmoid, ...) may differ from PyTorch's result by n
// ulps of its own output. When exact arithmetic follows (x - tanh(x), exp(x) + a * b), that
// absolute difference survives into a result that can be much smaller than the operands
// (cancellation), where n ulps of the *result* no longer cover it. GraphTolerance feeds every op
// execution of its reference run to an ErrorPropagation, which keeps, for each float tensor the
// run produced, an absolute bound per element:
//   * an ulp(n) op whose tensor inputs carry no bound:          E = n * ulp(out)
//   * add / sub / rsub (alpha):                                 E = Ea + |alpha| Eb + ulp(out)
//   * mul:                                                      E = |b| Ea + |a| Eb + Ea Eb + ulp(out)
//   * div (true division):                                      E = (Ea + |out| Eb) / (|b| - Eb) + ulp(out)
//   * neg, abs, relu, clone, contiguous (1-Lipschitz, exact):   E = Ea
// (Ea, Eb: the operands' bounds broadcast to the output; ulp(out) covers the two sides rounding
// differing operands.) Tensors are identified by their impl (values flow through calls unchanged);
// a tensor with no recorded bound counts as exact, an op outside these rules records nothing, and
// a run with a mutating op (in-place, out=, SetAttr) keeps nothing,
// so the bound can only be too small, never larger than the rules give: it is accepted *in
// addition to* the graph's tolerance (CompareOptions::propagatedBound), never instead of it.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit {
class Node;
}

namespace tsjit::conformance {

class ErrorPropagation {
 public:
  // One op execution of the reference run (EvaluatorOptions::onOpEnd): `overload` (may be null)
  // and `tolerance` are the op's. A run with a mutating op keeps no bounds at all (a write through
  // a view would change values whose bounds were recorded before).
  void onOpEnd(const Node& node, const ops::OpOverload* overload, const ops::Tolerance& tolerance,
               const std::vector<IValue>& inputs, const std::vector<IValue>& outputs);
  // The bound of a float tensor the run produced (row-major, one per element), or null: none known
  // or all zero.
  std::shared_ptr<const std::vector<double>> boundOf(const IValue& value) const;

 private:
  struct Entry {
    Tensor tensor;  // keeps the impl alive, so its address is not reused during the run
    std::shared_ptr<const std::vector<double>> bound;
  };
  const std::vector<double>* find(const Tensor& t) const;
  std::map<const void*, Entry> bounds_;
  bool mutated_ = false;
};

}  // namespace tsjit::conformance

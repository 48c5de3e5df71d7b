// GradConform.h — `tsjit conform --grad`: the corpus cases with recorded gradients (FORMAT.md:
// grad_args, grad_inputs, grad_weights, grads, param_grads, grad_check) replayed through one engine
// and compared with PyTorch 1.13's float64 gradients.
//
// Engine "jit" (this file's gradConformJit): the case's inlined graph, prepared for symbolic
// autodiff (the default pass pipeline, the returned tuple flattened into outputs, module
// parameters lifted into graph inputs), autodiff::differentiate, then the forward and backward
// graphs run by the jit's GraphExecutor. The gradient of Σ <grad_weights[k], outputs[k]> with
// respect to each grad_args input and each param_grads parameter must match PyTorch's under the
// comparison rule (Compare.h) with an operands bound: |got - expected| <= 1024 · ε_double · M, M the
// largest |expected| of that gradient (both sides compute in double, in different orders).
// The autograd engine ("autograd") is another function in its own file (the autograd runtime).
//
// Each case ends as pass, fail (message: the first mismatch) or not supported (message: why:
// control flow carrying a tensor, an op without a formula...): not supported is not a pass.
// Cases PyTorch marks grad_check: false are run and reported with that mark, never dropped.
#pragma once

#include <string>
#include <vector>

namespace tsjit::conformance {

struct GradCaseResult {
  std::string name;
  enum class Status { Pass, Fail, NotSupported } status = Status::Fail;
  std::string message;
  bool gradCheck = true;  // PyTorch's grad_check (false: its own gradcheck did not pass / was not run)
  size_t gradients = 0;   // gradients compared
};
const char* toString(GradCaseResult::Status s);

struct GradConformSummary {
  std::vector<GradCaseResult> cases;
  size_t passed() const;
};

// Every case of `corpusDir` with recorded `grads` whose name starts with `filter`.
GradConformSummary gradConformJit(const std::string& corpusDir, const std::string& filter = "");

}  // namespace tsjit::conformance

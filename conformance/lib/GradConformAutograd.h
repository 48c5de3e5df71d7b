// GradConformAutograd.h — `tsjit conform --grad --engine autograd`: the gradients PyTorch 1.13 recorded for corpus cases
// (FORMAT.md section 7: grad_args, grad_inputs, grad_weights, grads, param_grads, grad_check),
// recomputed by tsjit and compared with the project's comparison rule (Compare.h).
//
// Per case with recorded `grads` or `param_grads`: the grad inputs (float64) are decoded; every
// grad_args input becomes a leaf requiring grad and the graph runs on a copy of it with identical
// strides (so in-place writes inside the graph do not touch the leaf); module cases run on the
// module converted to float64 whose floating parameters are leaves. The outputs' floating tensors
// (depth first) that require grad are back-propagated with the recorded grad_weights by jit/autograd;
// every leaf's accumulated gradient (or None) must match the recorded one: exact None-ness, then
// |got - want| <= 4096 eps(float64) max(|got|, |want|, M) per element, M the largest magnitude of
// that recorded gradient (about 1e-12 relative, FORMAT.md's advice). Cases PyTorch's own gradcheck
// rejected (`grad_check: false`) are run and listed separately, never hidden.
//
// The forward runs through a GradEngine: "autograd" is the interpreter on the recorded graph with
// no passes (every gradient from jit/autograd's per-op derivatives).
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/lib/CorpusRunner.h"
#include "jit/ir/IValue.h"

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

// Runs a graph's forward (module graphs: self first) in grad mode.
struct GradEngine {
  std::string name;
  std::function<std::vector<IValue>(const std::shared_ptr<Graph>& graph, std::vector<IValue> inputs)> run;
};

// The interpreter (jit/runtime) on the graph as given, recording through jit/autograd.
GradEngine autogradEngine();

struct AutogradCaseResult {
  std::string name;
  std::string category;
  Outcome outcome = Outcome::Failed;
  std::string reason;
  std::optional<bool> gradCheck;  // the recorded grad_check (nullopt: null)
  size_t gradientsCompared = 0;
  double seconds = 0;
  // Where the gradients came from (the grad_fn graph below the outputs, before backward):
  // forward nodes inside DifferentiableGraphs (symbolic autodiff) and grad_fns recorded by
  // autograd (GradExecutor.h's countGradNodes).
  size_t symbolicNodes = 0, differentiableGraphs = 0, autogradNodes = 0;
};

struct GradSummary {
  std::string engine;
  std::vector<AutogradCaseResult> results;
  size_t passed() const;
  size_t failed() const;
};

// Whether the case file records gradients (`grads` or `param_grads`).
bool caseHasGradients(const std::string& path);
AutogradCaseResult runGradCase(const std::string& path, const GradEngine& engine);
// Every case of the corpus folder with recorded gradients (`cases` non-empty: only those names).
GradSummary runGradCorpus(const std::string& corpusDir, const GradEngine& engine, const std::vector<std::string>& cases);
// One line per case (PASS/FAIL, where its gradients came from: symbolic nodes in DifferentiableGraphs
// vs autograd grad_fns; the reason of a failure), the totals, the grad_check: false cases, and the
// last line "grad: N/M passed".
void printGradSummary(std::ostream& os, const GradSummary& s, bool verbose = false);
nlohmann::json gradSummaryJson(const GradSummary& s);

// The C++ entry for gradients through the autograd runtime: runs `graph` on `inputs` through the
// interpreter with inputs[i] for i in `wrt` made leaves requiring grad (floating tensors; the graph
// sees copies), back-propagates sum_k <gradOutputs[k], outputs[k]> over the floating tensor
// outputs (flattened depth first; a non-tensor gradOutput or an output not requiring grad is
// skipped) and returns d/d inputs[wrt[i]] (an undefined tensor when the outputs do not depend on it).
std::vector<Tensor> autogradVjp(const Graph& graph, const std::vector<IValue>& inputs,
                                const std::vector<IValue>& gradOutputs, const std::vector<size_t>& wrt);

// The backward step both VJP entries share: the roots are the flattened outputs that require grad
// (paired with the gradOutput at the same position, cast to the output's dtype); `grads` holds
// autograd::grad of them with respect to `leaves`, one entry per leaf, undefined where a leaf does
// not require grad or no root depends on it.
struct LeafGradients {
  std::vector<Tensor> roots;
  std::vector<Tensor> grads;
};
LeafGradients gradientsOfLeaves(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs,
                                const std::vector<Tensor>& leaves);

}  // namespace tsjit::conformance

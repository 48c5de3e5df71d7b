// Formula.h — symbolic gradient formulas, written in TorchScript in PyTorch 1.13's symbolic_script
// form, and compiled by tsjit's own frontend.
//
// A formula file holds helper defs and formula defs. A formula def is named after the op (an
// optional `_N` suffix tells overloads apart, as 1.13 does: `mean_0`, `mean_1`), its parameters
// are the op's arguments (names as in the op's schema), and it returns the op's result and a
// nested `backward(grad_output)` closure that returns one gradient per parameter (None for a
// parameter without a gradient):
//
//   def mul(self, other):
//       result = self * other
//       self_size, other_size = AD_sizes_if_not_equal_multi(self, other, result)
//       def backward(grad_output):
//           grad_self = (grad_output * other)._grad_sum_to_size(self_size)
//           grad_other = (grad_output * self)._grad_sum_to_size(other_size)
//           return grad_self, grad_other
//       return result, backward
//
// Loading rewrites each formula def into one straight function
//   def mul(self, other, grad_output): ...; return (result), grad_self, grad_other
// (the closure's body inlined after the forward statements, every statement kept on its line of
// the file so that compile errors point into it), compiles it with the file's helpers
// and the prelude (the helpers 1.13's symbolic_script defines: AD_sizes_if_not_equal_multi,
// AD_unsqueeze_multiple, ...), inlines calls and flattens tuples. differentiate() splits such
// graphs into a forward part and a backward part by whether a node depends on the grad input.
//
// Invariants of a loaded Formula's `graph`: inputs = the op's arguments (schema order) then one
// grad input; outputs = the result then one gradient per argument, a None constant where the
// formula returns None; no prim::CallFunction, no tuple construct/unpack; passes Graph::lint().
// Errors in a formula file are CompileErrors that point into that file.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/ops/OpTable.h"
#include "jit/support/SourceRange.h"

namespace tsjit::autodiff {

struct Formula {
  std::string name;                 // the def's name ("mean_1")
  const ops::OpOverload* overload;  // the op overload it differentiates
  std::shared_ptr<Graph> graph;     // see the header comment
  SourceRange range;                // the def in its file
  std::string file;                 // formula file name ("arithmetic.py")
  size_t numArguments() const { return graph->inputs().size() - 1; }
};

// The op-table slot the built-in formulas fill ("gradient" in coverage reports).
struct GradientFormula {
  static constexpr const char* kSlotName = "gradient";
  const Formula* formula;
};

// A set of formulas keyed by overload ("aten::mul.Tensor").
class FormulaSet {
 public:
  // Loads every formula def of `source` (file name `filename` for errors). A second formula for
  // an overload already in the set is a CompileError.
  void load(const std::string& source, const std::string& filename);
  // This set's formula for the overload, else the fallback set's (when one is set).
  const Formula* find(const ops::OpOverload& overload) const;
  const Formula* find(const std::string& qualifiedOverload) const;
  // The formulas loaded into this set (not the fallback's).
  const std::vector<std::unique_ptr<Formula>>& all() const { return formulas_; }
  // Formulas for overloads this set lacks come from `fallback` (a user's file over the built-ins:
  // its backward graphs are then differentiable again with the built-in formulas).
  void setFallback(const FormulaSet* fallback) { fallback_ = fallback; }

 private:
  std::vector<std::unique_ptr<Formula>> formulas_;
  std::map<std::string, const Formula*> byOverload_;
  const FormulaSet* fallback_ = nullptr;
};

// The formulas shipped with tsjit (jit/autodiff/formulas/*.py), loaded once (thread-safe), and
// recorded in each overload's GradientFormula slot.
const FormulaSet& builtinFormulas();
// (file name, source text) of the built-in formula files, prelude first.
const std::vector<std::pair<std::string, std::string>>& builtinFormulaSources();

// The symbolic_script helpers every formula file may call (AD_sizes_if_not_equal_multi ...).
const std::string& preludeSource();

// Rewrites the formula defs of a symbolic_script file into straight functions (see the header
// comment); helper defs and imports are kept. Exposed for tests and error reporting.
// `formulaNames` receives the names of the rewritten defs, in file order.
std::string rewriteFormulaSource(const std::string& source, const std::string& filename,
                                 std::vector<std::string>* formulaNames);

}  // namespace tsjit::autodiff

// OpCatalog.h — the op overloads the graph generator draws from, built FROM THE OP TABLE.
//
// An overload is generated when (1) it has a reference kernel (reference/Kernel.h) AND an optimized
// kernel (jit/kernels/Kernel.h), (2) it is functional (no written argument, no `.out` variant, no
// varargs/varrets), (3) every argument has a type the generator can produce (ArgKind below) and
// every return is a Tensor, int, float or bool, and (4) it is not excluded by name with a reason
// (nondeterministic ops, uninitialised memory, address-dependent results) or as a known mismatch
// the property already found (KnownMismatches.h). Everything not
// generated is counted, by why, so the campaign summary shows what is left out, never hides it.
//
// Invariants: the catalog is built once (OpCatalog::get(), thread-safe) after the op table, the
// reference kernels and the optimized kernels are registered; entries are ordered by category
// (unary elementwise first), so that a choice index shrinking towards 0 picks simpler ops.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/FunctionSchema.h"
#include "jit/ops/OpTable.h"

namespace tsjit::fuzz {

// What the generator produces for one schema argument.
enum class ArgKind : uint8_t {
  Tensor,       // Tensor
  OptTensor,    // Tensor?
  TensorList,   // Tensor[] (a prim::ListConstruct of 1-3 tensors)
  Scalar,       // Scalar (int or float)
  OptScalar,    // Scalar?
  Int,          // int / SymInt (dims, sizes, counts...)
  OptInt,       // int?
  IntList,      // int[] / int[N] / SymInt[]
  OptIntList,   // int[]?
  Float,        // float
  OptFloat,     // float?
  Bool,         // bool
  OptBool,      // bool?
  DType,        // ScalarType
  OptDType,     // ScalarType?
  Str,          // str with a known set of values (strChoices)
  OptStr,       // str? with a known set of values
  NoneOnly,     // Layout? / Device? / MemoryFormat? / Generator? / bool? pin_memory: always None
};
const char* toString(ArgKind k);

struct ArgPlan {
  ArgKind kind;
  std::string name;
  std::vector<std::string> strChoices;  // Str / OptStr
  std::optional<int64_t> fixedSize;     // int[N]
  const Argument* argument = nullptr;   // the schema's argument (default value, declared type)
};

enum class RetKind : uint8_t { Tensor, Int, Float, Bool, Scalar };  // Scalar: a `Scalar` (Number) return

struct CatalogEntry {
  const ops::OpOverload* overload = nullptr;
  std::vector<ArgPlan> args;
  std::vector<RetKind> rets;
  // Tensor arguments after the first are drawn broadcast-compatible with the first
  // (elementwise binary / ternary ops and comparisons).
  bool broadcastOperands = false;
};

class OpCatalog {
 public:
  // The catalog of the registered kernels (registers reference and optimized kernels first).
  // `includeKnown`: kept for callers; known mismatches (KnownMismatches.h) are generated either way,
  // since they are narrowed to input preconditions the property checks.
  // `only`: comma-separated op kinds or qualified overload names ("aten::fmod,aten::add.Tensor");
  // when not empty, just those overloads are generated (known mismatches among them included).
  // Throws CompileError when a pattern names no generated overload.
  static const OpCatalog& get(bool includeKnown = false, const std::string& only = "");

  const std::vector<CatalogEntry>& entries() const { return entries_; }
  // In-place overloads (`Tensor(a!) self`, nothing else written, one Tensor return) with both
  // kernels and plannable arguments, for the generator's InPlace steps (self is the step's target).
  const std::vector<CatalogEntry>& inplaceEntries() const { return inplace_; }
  // Overloads left out by name, with the reason: "aten::dropout (nondeterministic)".
  const std::map<std::string, std::string>& excluded() const { return excluded_; }
  // Counts of overloads not generated for structural reasons, by reason.
  const std::map<std::string, size_t>& skippedCounts() const { return skipped_; }
  // One line per reason: "excluded ops: aten::bernoulli (nondeterministic), ...", then the counts.
  std::string summary() const;

 private:
  OpCatalog(bool includeKnown, const std::string& only);
  std::vector<CatalogEntry> entries_;
  std::vector<CatalogEntry> inplace_;
  std::map<std::string, std::string> excluded_;
  std::map<std::string, size_t> skipped_;
};

// The reason an op kind (unqualified name, e.g. "dropout") is excluded from generation, or null.
const char* exclusionReason(const ops::OpOverload& overload);

}  // namespace tsjit::fuzz

// CompareCode.h — `tsjit conform --compare-code`: does tsjit's python printer (jit/serialization/
// PythonPrint.h), applied to what tsjit compiles for a case, print exactly the `code` PyTorch 1.13
// recorded (`fn.code` / `module.code`)?
//
//   function cases: the entry compiled from `source` by jit/frontend (the case's archive_code as
//                   library code), calls not inlined, printed as a function;
//   module cases:   the module compiled from `source` against `module_state`, `forward` printed as
//                   a method (self without its type);
//   traced cases:   no source: the recorded `graph` parsed (tensor constants become CONSTANTS.c<i>).
// The comparison is byte-exact (no normalization). A case whose source does not compile or whose
// graph cannot be printed counts as a mismatch with the error as its reason.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/lib/CorpusReader.h"
#include "jit/ir/Attributes.h"

namespace tsjit {
class Function;
}

namespace tsjit::conformance {

// What tsjit prints for a case, with what keeps the printed functions alive.
struct PrintedCase {
  std::string code;                          // the printed `code`
  std::string from;                          // "source" or "graph"
  std::vector<TensorConstant> constants;     // CONSTANTS.c<i>
  std::shared_ptr<Function> function;        // the printed function (its graph)
  std::shared_ptr<void> owner;               // compilation unit / class registry
  bool isMethod = false;
};

// Compiles (or parses) the case and prints it. Throws CompileError / CorpusError / InternalError.
PrintedCase printCase(const Case& c);

struct CodeComparison {
  std::string name;
  std::string from;     // "source" or "graph"
  bool matches = false;
  std::string error;    // compile or print error (then matches is false)
  std::string expected, actual;
  std::string diff;     // line diff, "-" PyTorch, "+" tsjit
};

CodeComparison compareCaseCode(const std::string& caseFile);

// A small line diff of two texts ("-" lines only in a, "+" only in b, " " common).
std::string lineDiff(const std::string& a, const std::string& b);

struct CodeSummary {
  std::vector<CodeComparison> cases;
  size_t matching() const;
};
void printCodeSummary(std::ostream& os, const CodeSummary& s, bool showDiffs);
nlohmann::json codeSummaryJson(const CodeSummary& s);

}  // namespace tsjit::conformance

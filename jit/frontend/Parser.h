// Parser.h — the TorchScript parser: source text -> Tree (see Tree.h / TreeViews.h).
//
// A Pratt parser over the Lexer's tokens with Python 3's grammar, precedence and associativity:
//   lambda < x if c else y < or < and < not < comparisons (in, not in, is, is not, <, ... ==)
//   < | < ^ < & < << >> < + - < * @ / // % < unary + - ~ < ** < await/call/subscript/select.
// `**` is right-associative and binds tighter than a unary minus on its left (-a ** b is
// -(a ** b)) but accepts one on its right (a ** -b). Comparison chains are desugared the way
// PyTorch's frontend does it: a < b < c becomes (a < b) and (b < c) (the middle tree is shared).
// `-<number>` folds into one negative Const. f-strings become "<fmt>".format(args...), as in
// PyTorch. `# type: (T1, T2) -> R` comments after a def's colon are merged into the Decl (when
// the def has no annotations; `self` is skipped for methods); `x = e  # type: T` sets Assign type.
// Invariants: every malformed input raises CompileError with a source location; recursion is
// bounded (kMaxNesting nested expressions/blocks, kMaxTreeDepth tree depth); parsing is linear.
#pragma once

#include <memory>
#include <string>

#include "jit/support/Lexer.h"
#include "jit/frontend/TreeViews.h"

namespace tsjit::frontend {

constexpr size_t kMaxNesting = 200;

class ParserImpl;

class Parser {
 public:
  // Lexes the whole source (throws CompileError on a lexical error).
  explicit Parser(std::shared_ptr<const Source> source);
  ~Parser();
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // The whole file: statements until end of file.
  Module parseModule();
  // The `# type:` comments of the file, in source order.
  const std::vector<TypeComment>& typeComments() const;

 private:
  std::unique_ptr<ParserImpl> impl_;
};

// Convenience entry points.
Module parseSource(const std::string& text, const std::string& filename = "<string>");
Module parseSource(std::shared_ptr<const Source> source);
// One expression spanning source[begin, end) (no indentation rules), e.g. a type annotation.
Expr parseExpression(std::shared_ptr<const Source> source, size_t begin, size_t end);
Expr parseExpression(const std::string& text, const std::string& filename = "<string>");
// A signature type comment "(T1, T2) -> R" spanning source[begin, end); returns a Decl whose
// params are named _0, _1, ... with the given types.
Decl parseTypeComment(std::shared_ptr<const Source> source, size_t begin, size_t end);

}  // namespace tsjit::frontend

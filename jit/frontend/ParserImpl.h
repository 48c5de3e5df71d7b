// ParserImpl.h — internal: the parser's state and its methods, shared by ParserExpr.cpp
// (expressions) and Parser.cpp (statements, definitions, entry points). Not a public header.
// Invariants: toks_ ends with TK_EOF and pos_ never moves past it; depth_ counts active
// nested parseExp / parseBlock calls and never exceeds kMaxNesting (CompileError instead).
#pragma once

#include <vector>

#include "jit/frontend/Parser.h"

namespace tsjit::frontend {

class ParserImpl {
 public:
  // Lexes source[begin, end). `depth` is inherited by nested parsers (f-string fields).
  ParserImpl(std::shared_ptr<const Source> source, size_t begin, size_t end, bool indentation, size_t depth = 0);

  // ---- token access
  const Token& cur() const { return toks_[pos_]; }
  const Token& peek(size_t n = 1) const { return toks_[std::min(pos_ + n, toks_.size() - 1)]; }
  const Token& next();
  bool nextIf(Tok kind);
  const Token& expect(Tok kind);
  [[noreturn]] void error(const std::string& message, const SourceRange& range) const;
  [[noreturn]] void errorExpected(const std::string& what) const;  // "expected X but found Y"
  size_t curStart() const { return cur().range.start(); }
  SourceRange rangeFrom(size_t start) const;
  SourceRange here() const { return SourceRange(source_, curStart(), curStart()); }

  struct DepthGuard {
    ParserImpl& p;
    explicit DepthGuard(ParserImpl& parser);
    ~DepthGuard() { --p.depth_; }
  };

  // ---- tree helpers
  TreeRef node(Kind kind, size_t start, TreeList subtrees, std::string value = {}) const;
  TreeRef list(size_t start, TreeList items) const;
  TreeRef option(TreeRef maybe) const;  // null -> empty Option at the current token

  // ---- expressions (ParserExpr.cpp)
  TreeRef parseExp(int minPrec = 0);
  TreeRef parseStarOrExp();                    // `*e` or an expression
  TreeRef parseExprList(bool allowStar);       // a, b, *c -> TupleLiteral; one item -> itself
  TreeRef parseTargetList();                   // for-loop / comprehension targets (no `in`)
  TreeRef parseAtom();
  TreeRef parsePostfix(TreeRef base, size_t start);
  TreeRef parseCall(TreeRef callee, size_t start);
  TreeRef parseSubscript(TreeRef value, size_t start);
  TreeRef parseStrings();
  TreeRef parseParenthesized();
  TreeRef parseListDisplay();
  TreeRef parseDictDisplay();
  TreeRef parseComprehensions();
  TreeRef parseLambda();
  TreeRef parseParams(Tok close, bool allowAnnotations);  // List[Param], stops before `close`
  bool startsExpression(Tok kind) const;
  void checkAssignable(const TreeRef& target, bool allowStarred) const;

  // ---- statements (Parser.cpp)
  TreeRef parseModule();
  void parseStatement(TreeList& out, bool inClass);
  void parseSimpleStatements(TreeList& out);
  TreeRef parseSmallStatement();
  TreeRef parseExprOrAssign();
  TreeRef parseBlock(bool inClass);  // after ':' : an indented block or same-line statements
  TreeRef parseDecorated(bool inClass);
  TreeRef parseDef(TreeList decorators, size_t start, bool inClass);
  TreeRef parseClass(TreeList decorators, size_t start);
  TreeRef parseIf();
  TreeRef parseWhile();
  TreeRef parseFor();
  TreeRef parseWith();
  TreeRef parseImport();
  TreeRef parseFromImport();
  TreeRef parseDottedName(bool allowLeadingDots);
  TreeRef mergeTypeComment(const TreeRef& decl, const TreeList& decorators, bool inClass, size_t from, size_t to);
  const TypeComment* findTypeComment(size_t from, size_t to) const;
  TreeRef parseTypeCommentDecl(size_t begin, size_t end);

  std::shared_ptr<const Source> source_;
  std::vector<Token> toks_;
  std::vector<TypeComment> typeComments_;
  size_t pos_ = 0;
  size_t lastEnd_ = 0;  // end offset of the last consumed non-layout token
  size_t depth_ = 0;
};

// Operator precedence levels (higher binds tighter).
enum Prec : int {
  kPrecLambda = 1,
  kPrecTernary = 2,
  kPrecOr = 3,
  kPrecAnd = 4,
  kPrecNot = 5,
  kPrecCompare = 6,
  kPrecBitOr = 7,
  kPrecBitXor = 8,
  kPrecBitAnd = 9,
  kPrecShift = 10,
  kPrecArith = 11,
  kPrecTerm = 12,
  kPrecUnary = 13,
  kPrecPow = 14,
};

}  // namespace tsjit::frontend

// Tree.h — the generic syntax tree the parser produces.
//
// A Tree is immutable and shared (TreeRef = shared_ptr<const Tree>): a kind, a source range, an
// ordered list of subtrees, and a string value. Leaves (Ident, Const, StringLiteral) carry their
// text in value(); a few inner nodes use value() as a flag (Param: "", "kwonly", "*", "**").
// Optional parts are `Option` nodes with 0 or 1 subtree; sequences are `List` nodes. Subtrees
// may be shared (a chained comparison `a < b < c` reuses `b`), so the tree is a DAG.
// Invariant: depth() <= kMaxTreeDepth — Tree::node throws CompileError beyond it, so recursive
// walks (printing, destruction, the emitter) are bounded.
// The typed accessors (Def, If, Apply, ...) are in TreeViews.h; str() prints S-expressions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jit/support/Error.h"
#include "jit/support/SourceRange.h"

namespace tsjit::frontend {

// X(Name, "printed name")
#define TSJIT_TREE_KINDS(X)                                                                      \
  /* leaves */                                                                                   \
  X(Ident, "ident") X(Const, "const") X(StringLiteral, "string")                                 \
  /* containers */                                                                               \
  X(List, "list") X(Option, "option")                                                            \
  /* top level and definitions */                                                                \
  X(Module, "module") X(Def, "def") X(Decl, "decl") X(Param, "param") X(ClassDef, "class")       \
  /* statements */                                                                               \
  X(If, "if") X(While, "while") X(For, "for") X(Assign, "assign") X(AugAssign, "augassign")      \
  X(Return, "return") X(Raise, "raise") X(Assert, "assert") X(Pass, "pass") X(Break, "break")    \
  X(Continue, "continue") X(ExprStmt, "expr") X(Delete, "del") X(With, "with")                   \
  X(WithItem, "withitem") X(Global, "global") X(Nonlocal, "nonlocal") X(Import, "import")        \
  X(ImportFrom, "from") X(Alias, "alias")                                                        \
  /* expressions */                                                                              \
  X(True, "True") X(False, "False") X(None, "None") X(Dots, "...")                               \
  X(Apply, "apply") X(KeywordArg, "kwarg") X(Select, "select") X(Subscript, "subscript")         \
  X(SliceExpr, "slice") X(TernaryIf, "ifexp") X(ListLiteral, "list-lit")                         \
  X(TupleLiteral, "tuple-lit") X(DictLiteral, "dict-lit") X(ListComp, "listcomp")                \
  X(DictComp, "dictcomp") X(GeneratorExp, "genexp") X(Comprehension, "comprehension")            \
  X(Starred, "starred") X(Lambda, "lambda")                                                      \
  /* binary operators */                                                                         \
  X(Add, "add") X(Sub, "sub") X(Mul, "mul") X(Div, "div") X(FloorDiv, "floordiv") X(Mod, "mod")  \
  X(Pow, "pow") X(MatMul, "matmul") X(LShift, "lshift") X(RShift, "rshift") X(BitAnd, "bitand")  \
  X(BitOr, "bitor") X(BitXor, "bitxor") X(And, "and") X(Or, "or")                                \
  /* comparisons */                                                                              \
  X(Eq, "eq") X(Ne, "ne") X(Lt, "lt") X(Le, "le") X(Gt, "gt") X(Ge, "ge") X(Is, "is")            \
  X(IsNot, "isnot") X(In, "in") X(NotIn, "notin")                                                \
  /* unary operators */                                                                          \
  X(Neg, "neg") X(Pos, "pos") X(Not, "not") X(BitNot, "bitnot")

enum class Kind : uint8_t {
#define TSJIT_TREE_KIND_ENUM(name, printed) name,
  TSJIT_TREE_KINDS(TSJIT_TREE_KIND_ENUM)
#undef TSJIT_TREE_KIND_ENUM
};

const char* kindName(Kind kind);  // the printed name, e.g. "pow"
bool isBinaryOp(Kind kind);       // Add ... Or (incl. And/Or)
bool isComparison(Kind kind);     // Eq ... NotIn
bool isUnaryOp(Kind kind);        // Neg, Pos, Not, BitNot

class Tree;
using TreeRef = std::shared_ptr<const Tree>;
using TreeList = std::vector<TreeRef>;

constexpr size_t kMaxTreeDepth = 1000;

class Tree {
 public:
  // A leaf: Ident (name), Const (number text), StringLiteral (decoded value).
  static TreeRef leaf(Kind kind, SourceRange range, std::string value);
  // An inner node. Throws CompileError if the result would be deeper than kMaxTreeDepth.
  static TreeRef node(Kind kind, SourceRange range, TreeList subtrees, std::string value = {});

  Kind kind() const { return kind_; }
  const SourceRange& range() const { return range_; }
  const TreeList& trees() const { return trees_; }
  const TreeRef& tree(size_t i) const;  // checked access
  size_t size() const { return trees_.size(); }
  const std::string& value() const { return value_; }
  size_t depth() const { return depth_; }

  // S-expression: leaves print as their text (strings quoted), inner nodes as
  // (name child...), List as [a b], an empty Option as _, a full Option as its child.
  std::string str() const;

  Tree(Kind kind, SourceRange range, TreeList subtrees, std::string value, size_t depth)
      : kind_(kind), range_(std::move(range)), trees_(std::move(subtrees)), value_(std::move(value)),
        depth_(depth) {}

 private:
  Kind kind_;
  SourceRange range_;
  TreeList trees_;
  std::string value_;
  size_t depth_;
};

// A range covering both (same source assumed; the invalid one is ignored).
SourceRange mergeRanges(const SourceRange& a, const SourceRange& b);

}  // namespace tsjit::frontend

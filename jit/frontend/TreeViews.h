// TreeViews.h — typed, named accessors over the generic Tree (as PyTorch's tree views do).
//
// A view wraps a TreeRef and checks (TSJIT_CHECK, an internal error) that the kind fits, so a
// wrong view is a tsjit bug, never a user error. Layout of each kind (subtrees in order):
//   Module(stmts: List)                        Def(name, decl, body: List, decorators: List)
//   Decl(params: List[Param], ret: Option)     Param(name, type: Option, default: Option) value=flag
//   ClassDef(name, bases: List, body: List, decorators: List)
//   If(cond, then: List, else: List)  (elif = nested If in else)      While(cond, body: List)
//   For(target, iter, body: List)              Assign(targets: List, rhs: Option, type: Option)
//   AugAssign(lhs, op: empty node of a binary-op kind, rhs)  Return(Option)  Raise(exc: Option, cause: Option)
//   Assert(test, msg: Option)   Pass Break Continue   ExprStmt(expr)   Delete(targets: List)
//   With(items: List[WithItem], body: List)    WithItem(expr, target: Option)
//   Global/Nonlocal(names: List[Ident])        Import(aliases: List[Alias])
//   ImportFrom(module: Ident, aliases: List)   Alias(name: Ident (dotted), asname: Option[Ident])
//   Apply(callee, args: List, kwargs: List[KeywordArg])   KeywordArg(name, value)
//   Select(value, name)   Subscript(value, indices: List)   SliceExpr(start, end, step: Options)
//   <binary op>(lhs, rhs)   <unary op>(operand)   TernaryIf(cond, then, else)
//   ListLiteral/TupleLiteral(elems: List)   DictLiteral(keys: List, values: List)
//   ListComp/GeneratorExp(elt, gens: List[Comprehension])   DictComp(key, value, gens)
//   Comprehension(target, iter, ifs: List)   Starred(expr)   Lambda(params: List[Param], body)
//   True False None Dots: no subtrees.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "jit/frontend/Tree.h"

namespace tsjit::frontend {

bool isExprKind(Kind kind);
bool isStmtKind(Kind kind);

class TreeView {
 public:
  explicit TreeView(TreeRef tree) : tree_(std::move(tree)) { TSJIT_CHECK(tree_ != nullptr, "null tree"); }
  const TreeRef& get() const { return tree_; }
  Kind kind() const { return tree_->kind(); }
  const SourceRange& range() const { return tree_->range(); }
  std::string str() const { return tree_->str(); }

 protected:
  const TreeRef& sub(size_t i) const { return tree_->tree(i); }
  void expectKind(Kind k) const {
    TSJIT_CHECK(tree_->kind() == k, "expected a ", kindName(k), " tree, got ", kindName(tree_->kind()));
  }
  TreeRef tree_;
};

template <typename T>
class ListView : public TreeView {
 public:
  explicit ListView(TreeRef tree) : TreeView(std::move(tree)) { expectKind(Kind::List); }
  size_t size() const { return tree_->size(); }
  bool empty() const { return size() == 0; }
  T operator[](size_t i) const { return T(sub(i)); }
  struct iterator {
    const TreeRef* p;
    T operator*() const { return T(*p); }
    iterator& operator++() { ++p; return *this; }
    bool operator!=(const iterator& o) const { return p != o.p; }
    bool operator==(const iterator& o) const { return p == o.p; }
  };
  iterator begin() const { return {tree_->trees().data()}; }
  iterator end() const { return {tree_->trees().data() + size()}; }
  static ListView create(SourceRange range, const std::vector<T>& items) {
    TreeList trees;
    for (const auto& it : items) trees.push_back(it.get());
    return ListView(Tree::node(Kind::List, std::move(range), std::move(trees)));
  }
};

template <typename T>
class Maybe : public TreeView {
 public:
  explicit Maybe(TreeRef tree) : TreeView(std::move(tree)) { expectKind(Kind::Option); }
  bool present() const { return tree_->size() == 1; }
  T value() const { return T(sub(0)); }  // requires present()
  static Maybe create(SourceRange range) { return Maybe(Tree::node(Kind::Option, std::move(range), {})); }
  static Maybe create(SourceRange range, const T& v) {
    return Maybe(Tree::node(Kind::Option, std::move(range), {v.get()}));
  }
};

class Ident : public TreeView {
 public:
  explicit Ident(TreeRef t) : TreeView(std::move(t)) { expectKind(Kind::Ident); }
  const std::string& name() const { return tree_->value(); }
  static Ident create(SourceRange range, std::string name) {
    return Ident(Tree::leaf(Kind::Ident, std::move(range), std::move(name)));
  }
};

class Expr : public TreeView {
 public:
  explicit Expr(TreeRef t) : TreeView(std::move(t)) {
    TSJIT_CHECK(isExprKind(kind()), "not an expression: ", kindName(kind()));
  }
};

class Stmt : public TreeView {
 public:
  explicit Stmt(TreeRef t) : TreeView(std::move(t)) {
    TSJIT_CHECK(isStmtKind(kind()), "not a statement: ", kindName(kind()));
  }
};

// Declares a view class over one kind with accessors `name()` for subtree i.
#define TSJIT_VIEW_BEGIN(Name, Base)                                                       \
  class Name : public Base {                                                               \
   public:                                                                                 \
    explicit Name(TreeRef t) : Base(std::move(t)) { expectKind(Kind::Name); }
#define TSJIT_VIEW_SUB(Type, acc, i) \
  Type acc() const { return Type(sub(i)); }
#define TSJIT_VIEW_END \
  }                    \
  ;

class Const : public Expr {
 public:
  explicit Const(TreeRef t) : Expr(std::move(t)) { expectKind(Kind::Const); }
  const std::string& text() const { return tree_->value(); }
  bool isComplex() const;
  bool isFloatingPoint() const;  // has '.', or an exponent (decimal), or is complex
  bool isIntegral() const { return !isFloatingPoint(); }
  // The value of an integer literal (decimal, 0x, 0o, 0b; optional leading '-').
  // Throws CompileError when it does not fit in int64.
  int64_t asIntegral() const;
  double asFloatingPoint() const;  // for complex literals: the imaginary part
  static Const create(SourceRange range, std::string text) {
    return Const(Tree::leaf(Kind::Const, std::move(range), std::move(text)));
  }
};

class StringLiteral : public Expr {
 public:
  explicit StringLiteral(TreeRef t) : Expr(std::move(t)) { expectKind(Kind::StringLiteral); }
  const std::string& text() const { return tree_->value(); }
  static StringLiteral create(SourceRange range, std::string value) {
    return StringLiteral(Tree::leaf(Kind::StringLiteral, std::move(range), std::move(value)));
  }
};

TSJIT_VIEW_BEGIN(KeywordArg, TreeView)
  TSJIT_VIEW_SUB(Ident, name, 0)
  TSJIT_VIEW_SUB(Expr, value, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Apply, Expr)
  TSJIT_VIEW_SUB(Expr, callee, 0)
  TSJIT_VIEW_SUB(ListView<Expr>, inputs, 1)
  TSJIT_VIEW_SUB(ListView<KeywordArg>, attributes, 2)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Select, Expr)
  TSJIT_VIEW_SUB(Expr, value, 0)
  TSJIT_VIEW_SUB(Ident, selector, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Subscript, Expr)
  TSJIT_VIEW_SUB(Expr, value, 0)
  TSJIT_VIEW_SUB(ListView<Expr>, subscriptExprs, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(SliceExpr, Expr)
  TSJIT_VIEW_SUB(Maybe<Expr>, start, 0)
  TSJIT_VIEW_SUB(Maybe<Expr>, end, 1)
  TSJIT_VIEW_SUB(Maybe<Expr>, step, 2)
TSJIT_VIEW_END

class BinOp : public Expr {
 public:
  explicit BinOp(TreeRef t) : Expr(std::move(t)) {
    TSJIT_CHECK(isBinaryOp(kind()) || isComparison(kind()), "not a binary op: ", kindName(kind()));
  }
  Expr lhs() const { return Expr(sub(0)); }
  Expr rhs() const { return Expr(sub(1)); }
};

class UnaryOp : public Expr {
 public:
  explicit UnaryOp(TreeRef t) : Expr(std::move(t)) {
    TSJIT_CHECK(isUnaryOp(kind()), "not a unary op: ", kindName(kind()));
  }
  Expr operand() const { return Expr(sub(0)); }
};

TSJIT_VIEW_BEGIN(TernaryIf, Expr)
  TSJIT_VIEW_SUB(Expr, cond, 0)
  TSJIT_VIEW_SUB(Expr, trueExpr, 1)
  TSJIT_VIEW_SUB(Expr, falseExpr, 2)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(ListLiteral, Expr)
  TSJIT_VIEW_SUB(ListView<Expr>, inputs, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(TupleLiteral, Expr)
  TSJIT_VIEW_SUB(ListView<Expr>, inputs, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(DictLiteral, Expr)
  TSJIT_VIEW_SUB(ListView<Expr>, keyInputs, 0)
  TSJIT_VIEW_SUB(ListView<Expr>, valueInputs, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Comprehension, TreeView)
  TSJIT_VIEW_SUB(Expr, target, 0)
  TSJIT_VIEW_SUB(Expr, iter, 1)
  TSJIT_VIEW_SUB(ListView<Expr>, ifs, 2)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(ListComp, Expr)
  TSJIT_VIEW_SUB(Expr, elt, 0)
  TSJIT_VIEW_SUB(ListView<Comprehension>, generators, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(GeneratorExp, Expr)
  TSJIT_VIEW_SUB(Expr, elt, 0)
  TSJIT_VIEW_SUB(ListView<Comprehension>, generators, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(DictComp, Expr)
  TSJIT_VIEW_SUB(Expr, key, 0)
  TSJIT_VIEW_SUB(Expr, value, 1)
  TSJIT_VIEW_SUB(ListView<Comprehension>, generators, 2)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Starred, Expr)
  TSJIT_VIEW_SUB(Expr, expr, 0)
TSJIT_VIEW_END

class Param : public TreeView {
 public:
  explicit Param(TreeRef t) : TreeView(std::move(t)) { expectKind(Kind::Param); }
  Ident ident() const { return Ident(sub(0)); }
  Maybe<Expr> type() const { return Maybe<Expr>(sub(1)); }
  Maybe<Expr> defaultValue() const { return Maybe<Expr>(sub(2)); }
  bool kwargOnly() const { return tree_->value() == "kwonly"; }
  bool isVarArgs() const { return tree_->value() == "*"; }   // *args
  bool isKwArgs() const { return tree_->value() == "**"; }   // **kwargs
};

TSJIT_VIEW_BEGIN(Lambda, Expr)
  TSJIT_VIEW_SUB(ListView<Param>, params, 0)
  TSJIT_VIEW_SUB(Expr, body, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Decl, TreeView)
  TSJIT_VIEW_SUB(ListView<Param>, params, 0)
  TSJIT_VIEW_SUB(Maybe<Expr>, returnType, 1)
TSJIT_VIEW_END

class Def : public Stmt {
 public:
  explicit Def(TreeRef t) : Stmt(std::move(t)) { expectKind(Kind::Def); }
  Ident name() const { return Ident(sub(0)); }
  Decl decl() const { return Decl(sub(1)); }
  ListView<Stmt> statements() const { return ListView<Stmt>(sub(2)); }
  ListView<Expr> decorators() const { return ListView<Expr>(sub(3)); }
  // The docstring: the body's first statement when it is a string literal.
  std::optional<std::string> docstring() const;
  // True when some decorator spells `name` (e.g. "torch.jit.export", "staticmethod").
  bool hasDecorator(const std::string& dottedName) const;
};

class ClassDef : public Stmt {
 public:
  explicit ClassDef(TreeRef t) : Stmt(std::move(t)) { expectKind(Kind::ClassDef); }
  Ident name() const { return Ident(sub(0)); }
  ListView<Expr> bases() const { return ListView<Expr>(sub(1)); }
  ListView<Stmt> body() const { return ListView<Stmt>(sub(2)); }
  ListView<Expr> decorators() const { return ListView<Expr>(sub(3)); }
};

TSJIT_VIEW_BEGIN(If, Stmt)
  TSJIT_VIEW_SUB(Expr, cond, 0)
  TSJIT_VIEW_SUB(ListView<Stmt>, trueBranch, 1)
  TSJIT_VIEW_SUB(ListView<Stmt>, falseBranch, 2)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(While, Stmt)
  TSJIT_VIEW_SUB(Expr, cond, 0)
  TSJIT_VIEW_SUB(ListView<Stmt>, body, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(For, Stmt)
  TSJIT_VIEW_SUB(Expr, target, 0)
  TSJIT_VIEW_SUB(Expr, iter, 1)
  TSJIT_VIEW_SUB(ListView<Stmt>, body, 2)
TSJIT_VIEW_END

class Assign : public Stmt {
 public:
  explicit Assign(TreeRef t) : Stmt(std::move(t)) { expectKind(Kind::Assign); }
  ListView<Expr> targets() const { return ListView<Expr>(sub(0)); }  // `a = b = c` has two
  Expr lhs() const { return targets()[0]; }
  Maybe<Expr> rhs() const { return Maybe<Expr>(sub(1)); }
  Maybe<Expr> type() const { return Maybe<Expr>(sub(2)); }
};

class AugAssign : public Stmt {
 public:
  explicit AugAssign(TreeRef t) : Stmt(std::move(t)) { expectKind(Kind::AugAssign); }
  Expr lhs() const { return Expr(sub(0)); }
  Kind op() const { return sub(1)->kind(); }  // Add, Sub, ... (the binary operator)
  Expr rhs() const { return Expr(sub(2)); }
};

TSJIT_VIEW_BEGIN(Return, Stmt)
  TSJIT_VIEW_SUB(Maybe<Expr>, expr, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Raise, Stmt)
  TSJIT_VIEW_SUB(Maybe<Expr>, expr, 0)
  TSJIT_VIEW_SUB(Maybe<Expr>, cause, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Assert, Stmt)
  TSJIT_VIEW_SUB(Expr, test, 0)
  TSJIT_VIEW_SUB(Maybe<Expr>, msg, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(ExprStmt, Stmt)
  TSJIT_VIEW_SUB(Expr, expr, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Delete, Stmt)
  TSJIT_VIEW_SUB(ListView<Expr>, targets, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(WithItem, TreeView)
  TSJIT_VIEW_SUB(Expr, target, 0)
  TSJIT_VIEW_SUB(Maybe<Expr>, var, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(With, Stmt)
  TSJIT_VIEW_SUB(ListView<WithItem>, items, 0)
  TSJIT_VIEW_SUB(ListView<Stmt>, body, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Global, Stmt)
  TSJIT_VIEW_SUB(ListView<Ident>, names, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Nonlocal, Stmt)
  TSJIT_VIEW_SUB(ListView<Ident>, names, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Alias, TreeView)
  TSJIT_VIEW_SUB(Ident, name, 0)
  TSJIT_VIEW_SUB(Maybe<Ident>, asname, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Import, Stmt)
  TSJIT_VIEW_SUB(ListView<Alias>, names, 0)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(ImportFrom, Stmt)
  TSJIT_VIEW_SUB(Ident, module, 0)
  TSJIT_VIEW_SUB(ListView<Alias>, names, 1)
TSJIT_VIEW_END

TSJIT_VIEW_BEGIN(Module, TreeView)
  TSJIT_VIEW_SUB(ListView<Stmt>, statements, 0)
TSJIT_VIEW_END

#undef TSJIT_VIEW_BEGIN
#undef TSJIT_VIEW_SUB
#undef TSJIT_VIEW_END

}  // namespace tsjit::frontend

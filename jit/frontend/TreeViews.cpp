// TreeViews.cpp — the non-trivial accessors of TreeViews.h: literal values, docstrings,
// decorator matching, and the expression / statement kind sets.
#include "jit/frontend/TreeViews.h"

#include <cerrno>
#include <cstdlib>
#include <limits>

namespace tsjit::frontend {

bool isExprKind(Kind k) {
  switch (k) {
    case Kind::Ident: case Kind::Const: case Kind::StringLiteral: case Kind::True: case Kind::False:
    case Kind::None: case Kind::Dots: case Kind::Apply: case Kind::Select: case Kind::Subscript:
    case Kind::SliceExpr: case Kind::TernaryIf: case Kind::ListLiteral: case Kind::TupleLiteral:
    case Kind::DictLiteral: case Kind::ListComp: case Kind::DictComp: case Kind::GeneratorExp:
    case Kind::Starred: case Kind::Lambda:
      return true;
    default:
      return isBinaryOp(k) || isComparison(k) || isUnaryOp(k);
  }
}

bool isStmtKind(Kind k) {
  switch (k) {
    case Kind::Def: case Kind::ClassDef: case Kind::If: case Kind::While: case Kind::For:
    case Kind::Assign: case Kind::AugAssign: case Kind::Return: case Kind::Raise: case Kind::Assert:
    case Kind::Pass: case Kind::Break: case Kind::Continue: case Kind::ExprStmt: case Kind::Delete:
    case Kind::With: case Kind::Global: case Kind::Nonlocal: case Kind::Import: case Kind::ImportFrom:
      return true;
    default:
      return false;
  }
}

bool Const::isComplex() const { return !text().empty() && (text().back() == 'j' || text().back() == 'J'); }

bool Const::isFloatingPoint() const {
  const std::string& t = text();
  if (isComplex()) return true;
  size_t i = (!t.empty() && t[0] == '-') ? 1 : 0;
  if (t.size() > i + 1 && t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X')) return false;
  return t.find_first_of(".eE") != std::string::npos;
}

int64_t Const::asIntegral() const {
  TSJIT_CHECK(isIntegral(), "asIntegral on float literal ", text());
  const std::string& t = text();
  bool negative = !t.empty() && t[0] == '-';
  size_t i = negative ? 1 : 0;
  int radix = 10;
  if (t.size() > i + 1 && t[i] == '0') {
    char p = t[i + 1];
    if (p == 'x' || p == 'X') radix = 16;
    if (p == 'o' || p == 'O') radix = 8;
    if (p == 'b' || p == 'B') radix = 2;
    if (radix != 10) i += 2;
  }
  unsigned long long limit =
      negative ? static_cast<unsigned long long>(std::numeric_limits<int64_t>::max()) + 1
               : static_cast<unsigned long long>(std::numeric_limits<int64_t>::max());
  unsigned long long v = 0;
  for (; i < t.size(); ++i) {
    char c = t[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    TSJIT_CHECK(d >= 0 && d < radix, "bad digit in integer literal ", t);
    if (v > (limit - static_cast<unsigned long long>(d)) / static_cast<unsigned long long>(radix))
      throw CompileError("integer literal " + t + " is out of range for a 64-bit int", range());
    v = v * static_cast<unsigned long long>(radix) + static_cast<unsigned long long>(d);
  }
  if (negative) return v == limit ? std::numeric_limits<int64_t>::min() : -static_cast<int64_t>(v);
  return static_cast<int64_t>(v);
}

double Const::asFloatingPoint() const {
  std::string t = text();
  if (isComplex()) t.pop_back();
  return std::strtod(t.c_str(), nullptr);  // overflow gives inf, as Python's float("1e999")
}

std::optional<std::string> Def::docstring() const {
  auto body = statements();
  if (body.empty() || body[0].kind() != Kind::ExprStmt) return std::nullopt;
  Expr e = ExprStmt(body[0].get()).expr();
  if (e.kind() != Kind::StringLiteral) return std::nullopt;
  return StringLiteral(e.get()).text();
}

namespace {
// "a.b.c" for an Ident/Select chain (the callee, for a call); "" otherwise.
std::string dottedName(const TreeRef& t) {
  switch (t->kind()) {
    case Kind::Ident: return t->value();
    case Kind::Select: {
      std::string base = dottedName(t->tree(0));
      return base.empty() ? "" : base + "." + t->tree(1)->value();
    }
    case Kind::Apply: return dottedName(t->tree(0));
    default: return "";
  }
}
}  // namespace

bool Def::hasDecorator(const std::string& name) const {
  for (auto d : decorators())
    if (dottedName(d.get()) == name) return true;
  return false;
}

}  // namespace tsjit::frontend

// Tree.cpp — construction, depth bound and S-expression printing of syntax trees. See Tree.h.
#include "jit/frontend/Tree.h"

#include <algorithm>
#include <cstdio>

namespace tsjit::frontend {

namespace {
const char* const kKindNames[] = {
#define TSJIT_TREE_KIND_NAME(name, printed) printed,
    TSJIT_TREE_KINDS(TSJIT_TREE_KIND_NAME)
#undef TSJIT_TREE_KIND_NAME
};

void quote(std::string& out, const std::string& s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void print(std::string& out, const Tree& t) {
  switch (t.kind()) {
    case Kind::Ident:
    case Kind::Const:
      out += t.value();
      return;
    case Kind::StringLiteral:
      quote(out, t.value());
      return;
    case Kind::Option:
      if (t.size() == 0)
        out += '_';
      else
        print(out, *t.tree(0));
      return;
    case Kind::List: {
      out += '[';
      for (size_t i = 0; i < t.size(); ++i) {
        if (i) out += ' ';
        print(out, *t.tree(i));
      }
      out += ']';
      return;
    }
    default:
      break;
  }
  if (t.size() == 0 && t.value().empty()) {
    out += kindName(t.kind());
    return;
  }
  out += '(';
  out += kindName(t.kind());
  if (!t.value().empty()) {
    out += ' ';
    out += t.value();
  }
  for (const auto& sub : t.trees()) {
    out += ' ';
    print(out, *sub);
  }
  out += ')';
}
}  // namespace

const char* kindName(Kind kind) { return kKindNames[static_cast<size_t>(kind)]; }

bool isBinaryOp(Kind kind) { return kind >= Kind::Add && kind <= Kind::Or; }
bool isComparison(Kind kind) { return kind >= Kind::Eq && kind <= Kind::NotIn; }
bool isUnaryOp(Kind kind) { return kind >= Kind::Neg && kind <= Kind::BitNot; }

TreeRef Tree::leaf(Kind kind, SourceRange range, std::string value) {
  return std::make_shared<const Tree>(kind, std::move(range), TreeList{}, std::move(value), 1);
}

TreeRef Tree::node(Kind kind, SourceRange range, TreeList subtrees, std::string value) {
  size_t depth = 0;
  for (const auto& t : subtrees) {
    TSJIT_CHECK(t != nullptr, "null subtree in ", kindName(kind));
    depth = std::max(depth, t->depth());
  }
  if (depth + 1 > kMaxTreeDepth)
    throw CompileError(::tsjit::str("expression or statement is nested too deeply (more than ", kMaxTreeDepth, " levels)"),
                       range);
  return std::make_shared<const Tree>(kind, std::move(range), std::move(subtrees), std::move(value), depth + 1);
}

const TreeRef& Tree::tree(size_t i) const {
  TSJIT_CHECK(i < trees_.size(), "subtree ", i, " of ", kindName(kind_), " with ", trees_.size(), " subtrees");
  return trees_[i];
}

std::string Tree::str() const {
  std::string out;
  print(out, *this);
  return out;
}

SourceRange mergeRanges(const SourceRange& a, const SourceRange& b) {
  if (!a.valid()) return b;
  if (!b.valid()) return a;
  return SourceRange(a.source(), std::min(a.start(), b.start()), std::max(a.end(), b.end()));
}

}  // namespace tsjit::frontend

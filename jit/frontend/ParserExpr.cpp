// ParserExpr.cpp — expression parsing: the Pratt loop with Python 3 precedence, atoms, calls,
// subscripts and slices, displays and comprehensions, lambdas, strings and f-strings.
// Invariant: each parseExp call is guarded by DepthGuard, so nesting is bounded by kMaxNesting.
#include <algorithm>
#include <set>

#include "jit/frontend/ParserImpl.h"

namespace tsjit::frontend {

namespace {

struct BinaryInfo {
  int prec;
  Kind kind;
};

BinaryInfo binaryInfo(Tok t) {
  switch (t) {
    case Tok::TK_OR: return {kPrecOr, Kind::Or};
    case Tok::TK_AND: return {kPrecAnd, Kind::And};
    case Tok::TK_PIPE: return {kPrecBitOr, Kind::BitOr};
    case Tok::TK_CARET: return {kPrecBitXor, Kind::BitXor};
    case Tok::TK_AMP: return {kPrecBitAnd, Kind::BitAnd};
    case Tok::TK_LSHIFT: return {kPrecShift, Kind::LShift};
    case Tok::TK_RSHIFT: return {kPrecShift, Kind::RShift};
    case Tok::TK_PLUS: return {kPrecArith, Kind::Add};
    case Tok::TK_MINUS: return {kPrecArith, Kind::Sub};
    case Tok::TK_STAR: return {kPrecTerm, Kind::Mul};
    case Tok::TK_SLASH: return {kPrecTerm, Kind::Div};
    case Tok::TK_FLOOR_DIV: return {kPrecTerm, Kind::FloorDiv};
    case Tok::TK_PERCENT: return {kPrecTerm, Kind::Mod};
    case Tok::TK_AT: return {kPrecTerm, Kind::MatMul};
    case Tok::TK_POW: return {kPrecPow, Kind::Pow};
    default: return {0, Kind::Add};
  }
}

bool comparisonKind(Tok t, Kind& out) {
  switch (t) {
    case Tok::TK_EQ: out = Kind::Eq; return true;
    case Tok::TK_NE: out = Kind::Ne; return true;
    case Tok::TK_LT: out = Kind::Lt; return true;
    case Tok::TK_LE: out = Kind::Le; return true;
    case Tok::TK_GT: out = Kind::Gt; return true;
    case Tok::TK_GE: out = Kind::Ge; return true;
    case Tok::TK_IS: out = Kind::Is; return true;
    case Tok::TK_IS_NOT: out = Kind::IsNot; return true;
    case Tok::TK_IN: out = Kind::In; return true;
    case Tok::TK_NOT_IN: out = Kind::NotIn; return true;
    default: return false;
  }
}

const char* describeForAssign(Kind k) {
  switch (k) {
    case Kind::Const: case Kind::StringLiteral: case Kind::True: case Kind::False: case Kind::None:
    case Kind::Dots: return "literal";
    case Kind::Apply: return "function call";
    case Kind::TernaryIf: return "conditional expression";
    case Kind::Lambda: return "lambda";
    case Kind::ListComp: return "list comprehension";
    case Kind::DictComp: return "dict comprehension";
    case Kind::GeneratorExp: return "generator expression";
    case Kind::DictLiteral: return "dict literal";
    case Kind::SliceExpr: return "slice";
    default: return "expression";
  }
}

}  // namespace

bool ParserImpl::startsExpression(Tok k) const {
  switch (k) {
    case Tok::TK_IDENT: case Tok::TK_NUMBER: case Tok::TK_STRING: case Tok::TK_FSTRING: case Tok::TK_TRUE:
    case Tok::TK_FALSE: case Tok::TK_NONE: case Tok::TK_ELLIPSIS: case Tok::TK_LPAREN: case Tok::TK_LBRACKET:
    case Tok::TK_LBRACE: case Tok::TK_MINUS: case Tok::TK_PLUS: case Tok::TK_TILDE: case Tok::TK_NOT:
    case Tok::TK_LAMBDA: case Tok::TK_STAR: case Tok::TK_AWAIT:
      return true;
    default:
      return false;
  }
}

void ParserImpl::checkAssignable(const TreeRef& t, bool allowStarred) const {
  switch (t->kind()) {
    case Kind::Ident: case Kind::Select: case Kind::Subscript:
      return;
    case Kind::TupleLiteral: case Kind::ListLiteral: {
      bool seenStar = false;
      for (const auto& e : t->tree(0)->trees()) {
        if (e->kind() == Kind::Starred) {
          if (seenStar) error("multiple starred expressions in assignment", e->range());
          seenStar = true;
        }
        checkAssignable(e, true);
      }
      return;
    }
    case Kind::Starred:
      if (!allowStarred) error("starred assignment target must be in a list or tuple", t->range());
      checkAssignable(t->tree(0), false);
      return;
    default:
      if (isBinaryOp(t->kind()) || isComparison(t->kind()) || isUnaryOp(t->kind()))
        error("cannot assign to operator expression", t->range());
      error(str("cannot assign to ", describeForAssign(t->kind())), t->range());
  }
}

TreeRef ParserImpl::parseExp(int minPrec) {
  DepthGuard guard(*this);
  size_t start = curStart();
  TreeRef lhs;
  switch (cur().kind) {
    case Tok::TK_LAMBDA:
      if (minPrec > kPrecTernary) errorExpected("an expression");
      return parseLambda();
    case Tok::TK_NOT: {
      if (minPrec > kPrecNot) errorExpected("an expression");
      next();
      lhs = node(Kind::Not, start, {parseExp(kPrecNot)});
      break;
    }
    case Tok::TK_MINUS:
    case Tok::TK_PLUS:
    case Tok::TK_TILDE: {
      Tok op = next().kind;
      TreeRef operand = parseExp(kPrecUnary);
      if (op == Tok::TK_MINUS && operand->kind() == Kind::Const && operand->value()[0] != '-') {
        lhs = Tree::leaf(Kind::Const, rangeFrom(start), "-" + operand->value());
      } else {
        Kind k = op == Tok::TK_MINUS ? Kind::Neg : op == Tok::TK_PLUS ? Kind::Pos : Kind::BitNot;
        lhs = node(k, start, {operand});
      }
      break;
    }
    case Tok::TK_AWAIT:
      error("'await' is not supported in TorchScript", cur().range);
    case Tok::TK_YIELD:
      error("'yield' is not supported in TorchScript", cur().range);
    default:
      lhs = parsePostfix(parseAtom(), start);
  }
  while (true) {
    Tok t = cur().kind;
    Kind cmp;
    if (t == Tok::TK_IF) {
      if (minPrec > kPrecTernary) break;
      next();
      TreeRef cond = parseExp(kPrecOr);
      expect(Tok::TK_ELSE);
      TreeRef otherwise = parseExp(kPrecTernary);
      lhs = node(Kind::TernaryIf, start, {cond, lhs, otherwise});
      continue;
    }
    if (comparisonKind(t, cmp)) {
      if (minPrec > kPrecCompare) break;
      TreeRef prev = lhs, result;
      while (comparisonKind(cur().kind, cmp)) {
        next();
        TreeRef rhs = parseExp(kPrecCompare + 1);
        TreeRef c = Tree::node(cmp, mergeRanges(prev->range(), rhs->range()), {prev, rhs});
        result = result ? node(Kind::And, start, {result, c}) : c;
        prev = rhs;
      }
      lhs = result;
      continue;
    }
    BinaryInfo info = binaryInfo(t);
    if (info.prec == 0 || info.prec < minPrec) break;
    next();
    // `**` is right-associative and its right operand may be a unary expression.
    TreeRef rhs = parseExp(t == Tok::TK_POW ? kPrecUnary : info.prec + 1);
    lhs = node(info.kind, start, {lhs, rhs});
  }
  return lhs;
}

TreeRef ParserImpl::parseStarOrExp() {
  if (cur().kind == Tok::TK_STAR) {
    size_t start = curStart();
    next();
    return node(Kind::Starred, start, {parseExp(kPrecBitOr)});
  }
  if (cur().kind == Tok::TK_POW) error("'**' unpacking is not supported", cur().range);
  return parseExp();
}

TreeRef ParserImpl::parseExprList(bool allowStar) {
  size_t start = curStart();
  TreeRef first = allowStar ? parseStarOrExp() : parseExp();
  if (cur().kind != Tok::TK_COMMA) return first;
  TreeList items{first};
  while (nextIf(Tok::TK_COMMA)) {
    if (!startsExpression(cur().kind)) break;
    items.push_back(allowStar ? parseStarOrExp() : parseExp());
  }
  return node(Kind::TupleLiteral, start, {list(start, std::move(items))});
}

TreeRef ParserImpl::parseTargetList() {
  size_t start = curStart();
  auto one = [&]() -> TreeRef {
    size_t s = curStart();
    if (nextIf(Tok::TK_STAR)) return node(Kind::Starred, s, {parseExp(kPrecBitOr)});
    return parseExp(kPrecBitOr);
  };
  TreeRef first = one();
  if (cur().kind != Tok::TK_COMMA) {
    checkAssignable(first, false);
    return first;
  }
  TreeList items{first};
  while (nextIf(Tok::TK_COMMA)) {
    if (!startsExpression(cur().kind)) break;
    items.push_back(one());
  }
  TreeRef tuple = node(Kind::TupleLiteral, start, {list(start, std::move(items))});
  checkAssignable(tuple, false);
  return tuple;
}

TreeRef ParserImpl::parseAtom() {
  size_t start = curStart();
  const Token& t = cur();
  switch (t.kind) {
    case Tok::TK_IDENT: {
      TreeRef id = Tree::leaf(Kind::Ident, t.range, t.text);
      next();
      return id;
    }
    case Tok::TK_NUMBER: {
      TreeRef c = Tree::leaf(Kind::Const, t.range, t.text);
      next();
      return c;
    }
    case Tok::TK_STRING:
    case Tok::TK_FSTRING:
      return parseStrings();
    case Tok::TK_TRUE: next(); return node(Kind::True, start, {});
    case Tok::TK_FALSE: next(); return node(Kind::False, start, {});
    case Tok::TK_NONE: next(); return node(Kind::None, start, {});
    case Tok::TK_ELLIPSIS: next(); return node(Kind::Dots, start, {});
    case Tok::TK_LPAREN: return parseParenthesized();
    case Tok::TK_LBRACKET: return parseListDisplay();
    case Tok::TK_LBRACE: return parseDictDisplay();
    default:
      errorExpected("an expression");
  }
}

TreeRef ParserImpl::parsePostfix(TreeRef base, size_t start) {
  while (true) {
    switch (cur().kind) {
      case Tok::TK_DOT: {
        next();
        const Token& name = expect(Tok::TK_IDENT);
        base = node(Kind::Select, start, {base, Tree::leaf(Kind::Ident, name.range, name.text)});
        break;
      }
      case Tok::TK_LPAREN: base = parseCall(base, start); break;
      case Tok::TK_LBRACKET: base = parseSubscript(base, start); break;
      default: return base;
    }
  }
}

TreeRef ParserImpl::parseCall(TreeRef callee, size_t start) {
  size_t argsStart = curStart();
  expect(Tok::TK_LPAREN);
  TreeList args, kwargs;
  std::set<std::string> names;
  while (cur().kind != Tok::TK_RPAREN) {
    if (cur().kind == Tok::TK_POW) error("'**' argument unpacking is not supported", cur().range);
    if (cur().kind == Tok::TK_IDENT && peek().kind == Tok::TK_ASSIGN) {
      size_t kwStart = curStart();
      const Token& name = next();
      TreeRef id = Tree::leaf(Kind::Ident, name.range, name.text);
      if (!names.insert(name.text).second) error("keyword argument repeated: " + name.text, name.range);
      next();
      kwargs.push_back(node(Kind::KeywordArg, kwStart, {id, parseExp()}));
    } else {
      size_t argStart = curStart();
      TreeRef arg = parseStarOrExp();
      if (cur().kind == Tok::TK_FOR) {  // f(x for x in xs)
        TreeRef gens = parseComprehensions();
        arg = node(Kind::GeneratorExp, argStart, {arg, gens});
      }
      if (!kwargs.empty()) error("positional argument follows keyword argument", arg->range());
      args.push_back(arg);
    }
    if (!nextIf(Tok::TK_COMMA)) break;
  }
  expect(Tok::TK_RPAREN);
  return node(Kind::Apply, start, {callee, list(argsStart, std::move(args)), list(argsStart, std::move(kwargs))});
}

TreeRef ParserImpl::parseSubscript(TreeRef value, size_t start) {
  size_t listStart = curStart();
  expect(Tok::TK_LBRACKET);
  TreeList items;
  auto endsSlicePart = [&](Tok k) {
    return k == Tok::TK_COLON || k == Tok::TK_COMMA || k == Tok::TK_RBRACKET;
  };
  do {
    if (cur().kind == Tok::TK_RBRACKET && !items.empty()) break;  // trailing comma
    size_t itemStart = curStart();
    TreeRef lower;
    if (cur().kind != Tok::TK_COLON) lower = parseStarOrExp();
    if (cur().kind == Tok::TK_COLON) {
      next();
      TreeRef upper, step;
      if (!endsSlicePart(cur().kind)) upper = parseExp();
      if (nextIf(Tok::TK_COLON) && !endsSlicePart(cur().kind)) step = parseExp();
      items.push_back(node(Kind::SliceExpr, itemStart, {option(lower), option(upper), option(step)}));
    } else {
      items.push_back(lower);
    }
  } while (nextIf(Tok::TK_COMMA));
  expect(Tok::TK_RBRACKET);
  return node(Kind::Subscript, start, {value, list(listStart, std::move(items))});
}

TreeRef ParserImpl::parseStrings() {
  size_t start = curStart();
  std::string text;
  std::vector<std::pair<size_t, size_t>> fields;
  bool isFormat = false;
  for (size_t i = pos_; toks_[i].kind == Tok::TK_STRING || toks_[i].kind == Tok::TK_FSTRING; ++i)
    if (toks_[i].kind == Tok::TK_FSTRING) isFormat = true;
  while (cur().kind == Tok::TK_STRING || cur().kind == Tok::TK_FSTRING) {
    const Token& t = next();
    if (t.kind == Tok::TK_FSTRING) {
      text += t.text;
      for (const auto& f : t.fstringExprs) fields.emplace_back(f.begin, f.end);
    } else if (isFormat) {  // a plain part of a format string: escape its braces
      for (char c : t.text) {
        text += c;
        if (c == '{' || c == '}') text += c;
      }
    } else {
      text += t.text;
    }
  }
  SourceRange range = rangeFrom(start);
  TreeRef lit = Tree::leaf(Kind::StringLiteral, range, std::move(text));
  if (!isFormat) return lit;
  TreeList args;
  for (auto [b, e] : fields) {
    ParserImpl sub(source_, b, e, /*indentation=*/false, depth_);
    TreeRef arg = sub.parseExp();
    if (sub.cur().kind != Tok::TK_EOF) sub.errorExpected("'}' in f-string");
    args.push_back(arg);
  }
  TreeRef format = Tree::node(Kind::Select, range, {lit, Tree::leaf(Kind::Ident, range, "format")});
  return Tree::node(Kind::Apply, range,
                    {format, Tree::node(Kind::List, range, std::move(args)), Tree::node(Kind::List, range, {})});
}

TreeRef ParserImpl::parseParenthesized() {
  size_t start = curStart();
  expect(Tok::TK_LPAREN);
  if (nextIf(Tok::TK_RPAREN)) return node(Kind::TupleLiteral, start, {list(start, {})});
  if (cur().kind == Tok::TK_YIELD) error("'yield' is not supported in TorchScript", cur().range);
  TreeRef first = parseStarOrExp();
  if (cur().kind == Tok::TK_WALRUS) error("assignment expressions (:=) are not supported", cur().range);
  if (cur().kind == Tok::TK_FOR) {
    TreeRef gens = parseComprehensions();
    expect(Tok::TK_RPAREN);
    return node(Kind::GeneratorExp, start, {first, gens});
  }
  if (cur().kind != Tok::TK_COMMA) {
    if (first->kind() == Kind::Starred) error("cannot use starred expression here", first->range());
    expect(Tok::TK_RPAREN);
    return first;
  }
  TreeList items{first};
  while (nextIf(Tok::TK_COMMA)) {
    if (cur().kind == Tok::TK_RPAREN) break;
    items.push_back(parseStarOrExp());
  }
  expect(Tok::TK_RPAREN);
  return node(Kind::TupleLiteral, start, {list(start, std::move(items))});
}

TreeRef ParserImpl::parseListDisplay() {
  size_t start = curStart();
  expect(Tok::TK_LBRACKET);
  TreeList items;
  if (cur().kind != Tok::TK_RBRACKET) {
    items.push_back(parseStarOrExp());
    if (cur().kind == Tok::TK_FOR) {
      TreeRef gens = parseComprehensions();
      expect(Tok::TK_RBRACKET);
      return node(Kind::ListComp, start, {items[0], gens});
    }
    while (nextIf(Tok::TK_COMMA)) {
      if (cur().kind == Tok::TK_RBRACKET) break;
      items.push_back(parseStarOrExp());
    }
  }
  expect(Tok::TK_RBRACKET);
  return node(Kind::ListLiteral, start, {list(start, std::move(items))});
}

TreeRef ParserImpl::parseDictDisplay() {
  size_t start = curStart();
  expect(Tok::TK_LBRACE);
  TreeList keys, values;
  while (cur().kind != Tok::TK_RBRACE) {
    if (cur().kind == Tok::TK_POW) error("'**' unpacking in dict literals is not supported", cur().range);
    TreeRef key = parseExp();
    if (cur().kind != Tok::TK_COLON) error("set literals are not supported in TorchScript", key->range());
    next();
    TreeRef value = parseExp();
    if (keys.empty() && cur().kind == Tok::TK_FOR) {
      TreeRef gens = parseComprehensions();
      expect(Tok::TK_RBRACE);
      return node(Kind::DictComp, start, {key, value, gens});
    }
    keys.push_back(key);
    values.push_back(value);
    if (!nextIf(Tok::TK_COMMA)) break;
  }
  expect(Tok::TK_RBRACE);
  return node(Kind::DictLiteral, start, {list(start, std::move(keys)), list(start, std::move(values))});
}

TreeRef ParserImpl::parseComprehensions() {
  size_t start = curStart();
  TreeList gens;
  while (cur().kind == Tok::TK_FOR) {
    size_t genStart = curStart();
    next();
    TreeRef target = parseTargetList();
    expect(Tok::TK_IN);
    TreeRef iter = parseExp(kPrecOr);
    size_t ifsStart = curStart();
    TreeList ifs;
    while (nextIf(Tok::TK_IF)) ifs.push_back(parseExp(kPrecOr));
    gens.push_back(node(Kind::Comprehension, genStart, {target, iter, list(ifsStart, std::move(ifs))}));
  }
  if (cur().kind == Tok::TK_ASYNC) error("async comprehensions are not supported", cur().range);
  return list(start, std::move(gens));
}

TreeRef ParserImpl::parseLambda() {
  size_t start = curStart();
  expect(Tok::TK_LAMBDA);
  TreeRef params = parseParams(Tok::TK_COLON, /*allowAnnotations=*/false);
  expect(Tok::TK_COLON);
  TreeRef body = parseExp(kPrecLambda);
  return node(Kind::Lambda, start, {params, body});
}

TreeRef ParserImpl::parseParams(Tok close, bool allowAnnotations) {
  size_t start = curStart();
  TreeList params;
  std::set<std::string> names;
  bool kwOnly = false, seenDefault = false, seenKwArgs = false;
  while (cur().kind != close) {
    size_t pstart = curStart();
    if (seenKwArgs) error("parameter after **kwargs", cur().range);
    std::string flag = kwOnly ? "kwonly" : "";
    if (cur().kind == Tok::TK_SLASH) {  // positional-only marker
      next();
      if (!nextIf(Tok::TK_COMMA)) break;
      continue;
    }
    if (cur().kind == Tok::TK_STAR) {
      next();
      if (kwOnly) error("'*' or '*args' may appear only once in a parameter list", rangeFrom(pstart));
      kwOnly = true;
      if (cur().kind == Tok::TK_COMMA || cur().kind == close) {  // bare `*`
        if (!nextIf(Tok::TK_COMMA)) break;
        continue;
      }
      flag = "*";
    } else if (cur().kind == Tok::TK_POW) {
      next();
      flag = "**";
      seenKwArgs = true;
    }
    const Token& name = expect(Tok::TK_IDENT);
    if (!names.insert(name.text).second) error("duplicate argument '" + name.text + "' in function definition", name.range);
    TreeRef id = Tree::leaf(Kind::Ident, name.range, name.text);
    TreeRef type, def;
    if (allowAnnotations && nextIf(Tok::TK_COLON)) type = parseExp();
    if (nextIf(Tok::TK_ASSIGN)) {
      if (flag == "*" || flag == "**") error("variadic parameters cannot have default values", rangeFrom(pstart));
      def = parseExp();
      if (!kwOnly) seenDefault = true;
    } else if (seenDefault && flag.empty()) {
      error("non-default argument follows default argument", name.range);
    }
    params.push_back(node(Kind::Param, pstart, {id, option(type), option(def)}, flag));
    if (!nextIf(Tok::TK_COMMA)) break;
  }
  return list(start, std::move(params));
}

}  // namespace tsjit::frontend

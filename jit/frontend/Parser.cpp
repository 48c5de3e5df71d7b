// Parser.cpp — statement-level parsing (blocks, defs with decorators and type comments, classes,
// control flow, assignments, imports) and the public entry points of Parser.h.
// Invariant: every statement parser consumes at least one token or throws, so parsing ends.
#include <algorithm>

#include "jit/frontend/ParserImpl.h"

namespace tsjit::frontend {

// ---------------------------------------------------------------- token access and helpers

ParserImpl::ParserImpl(std::shared_ptr<const Source> source, size_t begin, size_t end, bool indentation,
                       size_t depth)
    : source_(std::move(source)), depth_(depth) {
  Lexer::Options options;
  options.indentation = indentation;
  Lexer lexer(source_, options, begin, end);
  typeComments_ = lexer.typeComments();
  toks_ = lexer.takeTokens();
  lastEnd_ = toks_.front().range.start();
}

const Token& ParserImpl::next() {
  const Token& t = toks_[pos_];
  if (t.kind != Tok::TK_NEWLINE && t.kind != Tok::TK_INDENT && t.kind != Tok::TK_DEDENT && t.kind != Tok::TK_EOF)
    lastEnd_ = t.range.end();
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}

bool ParserImpl::nextIf(Tok kind) {
  if (cur().kind != kind) return false;
  next();
  return true;
}

const Token& ParserImpl::expect(Tok kind) {
  if (cur().kind == kind) return next();
  switch (kind) {
    case Tok::TK_IDENT: errorExpected("an identifier");
    case Tok::TK_NEWLINE: errorExpected("newline");
    case Tok::TK_INDENT: errorExpected("an indented block");
    case Tok::TK_DEDENT: errorExpected("dedent");
    default: errorExpected(std::string("'") + tokSpelling(kind) + "'");
  }
}

void ParserImpl::error(const std::string& message, const SourceRange& range) const {
  throw CompileError(message, range);
}

void ParserImpl::errorExpected(const std::string& what) const {
  if (cur().kind == Tok::TK_INDENT) error("unexpected indent", cur().range);
  error("expected " + what + " but found " + cur().describe(), cur().range);
}

SourceRange ParserImpl::rangeFrom(size_t start) const {
  return SourceRange(source_, start, std::max(start, lastEnd_));
}

ParserImpl::DepthGuard::DepthGuard(ParserImpl& parser) : p(parser) {
  if (++p.depth_ > kMaxNesting) {
    --p.depth_;
    p.error(str("too many nested expressions or blocks (the limit is ", kMaxNesting, ")"), p.cur().range);
  }
}

TreeRef ParserImpl::node(Kind kind, size_t start, TreeList subtrees, std::string value) const {
  return Tree::node(kind, rangeFrom(start), std::move(subtrees), std::move(value));
}

TreeRef ParserImpl::list(size_t start, TreeList items) const { return node(Kind::List, start, std::move(items)); }

TreeRef ParserImpl::option(TreeRef maybe) const {
  if (!maybe) return Tree::node(Kind::Option, here(), {});
  SourceRange r = maybe->range();
  return Tree::node(Kind::Option, r, {std::move(maybe)});
}

// ---------------------------------------------------------------- statements

TreeRef ParserImpl::parseModule() {
  size_t start = curStart();
  TreeList stmts;
  while (cur().kind != Tok::TK_EOF) parseStatement(stmts, /*inClass=*/false);
  return node(Kind::Module, start, {list(start, std::move(stmts))});
}

void ParserImpl::parseStatement(TreeList& out, bool inClass) {
  size_t start = curStart();
  switch (cur().kind) {
    case Tok::TK_AT: out.push_back(parseDecorated(inClass)); return;
    case Tok::TK_DEF: out.push_back(parseDef({}, start, inClass)); return;
    case Tok::TK_CLASS: out.push_back(parseClass({}, start)); return;
    case Tok::TK_IF: out.push_back(parseIf()); return;
    case Tok::TK_WHILE: out.push_back(parseWhile()); return;
    case Tok::TK_FOR: out.push_back(parseFor()); return;
    case Tok::TK_WITH: out.push_back(parseWith()); return;
    case Tok::TK_TRY: error("'try' statements are not supported in TorchScript", cur().range);
    case Tok::TK_ASYNC: error("'async' is not supported in TorchScript", cur().range);
    case Tok::TK_INDENT: error("unexpected indent", cur().range);
    case Tok::TK_ELSE: case Tok::TK_ELIF: case Tok::TK_EXCEPT: case Tok::TK_FINALLY:
      error(std::string("'") + tokSpelling(cur().kind) + "' without a matching statement", cur().range);
    default: parseSimpleStatements(out);
  }
}

void ParserImpl::parseSimpleStatements(TreeList& out) {
  while (true) {
    out.push_back(parseSmallStatement());
    if (!nextIf(Tok::TK_SEMI) || cur().kind == Tok::TK_NEWLINE) break;
  }
  expect(Tok::TK_NEWLINE);
}

TreeRef ParserImpl::parseBlock(bool inClass) {
  DepthGuard guard(*this);
  expect(Tok::TK_COLON);
  size_t start = curStart();
  TreeList stmts;
  if (nextIf(Tok::TK_NEWLINE)) {
    start = curStart();
    expect(Tok::TK_INDENT);
    while (cur().kind != Tok::TK_DEDENT && cur().kind != Tok::TK_EOF) parseStatement(stmts, inClass);
    expect(Tok::TK_DEDENT);
  } else {
    if (cur().kind == Tok::TK_EOF) errorExpected("an indented block");
    parseSimpleStatements(stmts);
  }
  return list(start, std::move(stmts));
}

TreeRef ParserImpl::parseSmallStatement() {
  size_t start = curStart();
  auto atEnd = [&]() { return cur().kind == Tok::TK_NEWLINE || cur().kind == Tok::TK_SEMI; };
  switch (cur().kind) {
    case Tok::TK_PASS: next(); return node(Kind::Pass, start, {});
    case Tok::TK_BREAK: next(); return node(Kind::Break, start, {});
    case Tok::TK_CONTINUE: next(); return node(Kind::Continue, start, {});
    case Tok::TK_RETURN: {
      next();
      TreeRef value = atEnd() ? nullptr : parseExprList(true);
      return node(Kind::Return, start, {option(value)});
    }
    case Tok::TK_RAISE: {
      next();
      TreeRef exc, cause;
      if (!atEnd()) {
        exc = parseExp();
        if (nextIf(Tok::TK_FROM)) cause = parseExp();
      }
      return node(Kind::Raise, start, {option(exc), option(cause)});
    }
    case Tok::TK_ASSERT: {
      next();
      TreeRef test = parseExp();
      TreeRef msg = nextIf(Tok::TK_COMMA) ? parseExp() : nullptr;
      return node(Kind::Assert, start, {test, option(msg)});
    }
    case Tok::TK_DEL: {
      next();
      TreeRef targets = parseExprList(false);
      TreeList items = targets->kind() == Kind::TupleLiteral ? targets->tree(0)->trees() : TreeList{targets};
      for (const auto& t : items) checkAssignable(t, false);
      return node(Kind::Delete, start, {list(start, std::move(items))});
    }
    case Tok::TK_GLOBAL:
    case Tok::TK_NONLOCAL: {
      Kind k = next().kind == Tok::TK_GLOBAL ? Kind::Global : Kind::Nonlocal;
      size_t namesStart = curStart();
      TreeList names;
      do {
        const Token& n = expect(Tok::TK_IDENT);
        names.push_back(Tree::leaf(Kind::Ident, n.range, n.text));
      } while (nextIf(Tok::TK_COMMA));
      return node(k, start, {list(namesStart, std::move(names))});
    }
    case Tok::TK_IMPORT: return parseImport();
    case Tok::TK_FROM: return parseFromImport();
    case Tok::TK_YIELD: error("'yield' is not supported in TorchScript", cur().range);
    default: return parseExprOrAssign();
  }
}

TreeRef ParserImpl::parseExprOrAssign() {
  size_t start = curStart();
  TreeRef first = parseExprList(true);
  if (cur().kind == Tok::TK_COLON) {  // annotated assignment `x: T [= v]`
    Kind k = first->kind();
    if (k != Kind::Ident && k != Kind::Select && k != Kind::Subscript)
      error(k == Kind::TupleLiteral ? "only a single target (not a tuple) can be annotated"
                                    : "illegal target for annotation",
            first->range());
    next();
    TreeRef type = parseExp();
    TreeRef rhs = nextIf(Tok::TK_ASSIGN) ? parseExprList(true) : nullptr;
    return node(Kind::Assign, start, {list(start, {first}), option(rhs), option(type)});
  }
  if (isAugAssign(cur().kind)) {
    Kind k = first->kind();
    if (k != Kind::Ident && k != Kind::Select && k != Kind::Subscript)
      error(str("'", first->kind() == Kind::TupleLiteral ? "tuple" : kindName(k),
                "' is an illegal expression for augmented assignment"),
            first->range());
    const Token& op = next();
    static const std::pair<Tok, Kind> kOps[] = {
        {Tok::TK_PLUS_EQ, Kind::Add},     {Tok::TK_MINUS_EQ, Kind::Sub},       {Tok::TK_STAR_EQ, Kind::Mul},
        {Tok::TK_SLASH_EQ, Kind::Div},    {Tok::TK_FLOOR_DIV_EQ, Kind::FloorDiv}, {Tok::TK_PERCENT_EQ, Kind::Mod},
        {Tok::TK_POW_EQ, Kind::Pow},      {Tok::TK_AT_EQ, Kind::MatMul},       {Tok::TK_AMP_EQ, Kind::BitAnd},
        {Tok::TK_PIPE_EQ, Kind::BitOr},   {Tok::TK_CARET_EQ, Kind::BitXor},    {Tok::TK_LSHIFT_EQ, Kind::LShift},
        {Tok::TK_RSHIFT_EQ, Kind::RShift},
    };
    Kind opKind = Kind::Add;
    for (auto [t, kk] : kOps)
      if (t == op.kind) opKind = kk;
    TreeRef opTree = Tree::node(opKind, op.range, {});
    TreeRef rhs = parseExprList(true);
    return node(Kind::AugAssign, start, {first, opTree, rhs});
  }
  if (cur().kind == Tok::TK_ASSIGN) {
    TreeList targets{first};
    TreeRef rhs;
    while (nextIf(Tok::TK_ASSIGN)) {
      if (cur().kind == Tok::TK_YIELD) error("'yield' is not supported in TorchScript", cur().range);
      rhs = parseExprList(true);
      if (cur().kind == Tok::TK_ASSIGN) targets.push_back(rhs);
    }
    for (const auto& t : targets) checkAssignable(t, false);
    if (rhs->kind() == Kind::Starred) error("cannot use starred expression here", rhs->range());
    TreeRef type;
    if (const TypeComment* tc = findTypeComment(start, cur().range.end());
        tc && tc->text.rfind("ignore", 0) != 0) {
      ParserImpl sub(source_, tc->range.start(), tc->range.end(), false, depth_);
      type = sub.parseExp();
      if (sub.cur().kind != Tok::TK_EOF) sub.errorExpected("end of type comment");
    }
    return node(Kind::Assign, start, {list(start, std::move(targets)), option(rhs), option(type)});
  }
  if (first->kind() == Kind::Starred) error("cannot use starred expression here", first->range());
  return node(Kind::ExprStmt, start, {first});
}

TreeRef ParserImpl::parseDecorated(bool inClass) {
  size_t start = curStart();
  TreeList decorators;
  while (nextIf(Tok::TK_AT)) {
    decorators.push_back(parseExp());
    expect(Tok::TK_NEWLINE);
  }
  if (cur().kind == Tok::TK_DEF) return parseDef(std::move(decorators), start, inClass);
  if (cur().kind == Tok::TK_CLASS) return parseClass(std::move(decorators), start);
  errorExpected("'def' or 'class' after decorators");
}

TreeRef ParserImpl::parseDef(TreeList decorators, size_t start, bool inClass) {
  size_t decoratorsStart = start;
  size_t declStart = curStart();
  expect(Tok::TK_DEF);
  const Token& nameTok = expect(Tok::TK_IDENT);
  TreeRef name = Tree::leaf(Kind::Ident, nameTok.range, nameTok.text);
  size_t paramsStart = curStart();
  expect(Tok::TK_LPAREN);
  TreeRef params = parseParams(Tok::TK_RPAREN, /*allowAnnotations=*/true);
  expect(Tok::TK_RPAREN);
  (void)paramsStart;
  TreeRef ret = nextIf(Tok::TK_ARROW) ? parseExp() : nullptr;
  TreeRef decl = node(Kind::Decl, declStart, {params, option(ret)});
  size_t colonEnd = cur().range.end();
  TreeRef body = parseBlock(/*inClass=*/false);
  size_t bodyStart = body->size() ? body->tree(0)->range().start() : lastEnd_;
  decl = mergeTypeComment(decl, decorators, inClass, colonEnd, bodyStart);
  TreeRef decos = list(decoratorsStart, std::move(decorators));
  return node(Kind::Def, start, {name, decl, body, decos});
}

TreeRef ParserImpl::parseClass(TreeList decorators, size_t start) {
  size_t decoratorsStart = start;
  expect(Tok::TK_CLASS);
  const Token& nameTok = expect(Tok::TK_IDENT);
  TreeRef name = Tree::leaf(Kind::Ident, nameTok.range, nameTok.text);
  size_t basesStart = curStart();
  TreeList bases;
  if (nextIf(Tok::TK_LPAREN)) {
    while (cur().kind != Tok::TK_RPAREN) {
      if (cur().kind == Tok::TK_IDENT && peek().kind == Tok::TK_ASSIGN)
        error("keyword arguments in class definitions are not supported", cur().range);
      bases.push_back(parseExp());
      if (!nextIf(Tok::TK_COMMA)) break;
    }
    expect(Tok::TK_RPAREN);
  }
  TreeRef basesList = list(basesStart, std::move(bases));
  TreeRef body = parseBlock(/*inClass=*/true);
  TreeRef decos = list(decoratorsStart, std::move(decorators));
  return node(Kind::ClassDef, start, {name, basesList, body, decos});
}

TreeRef ParserImpl::parseIf() {
  size_t start = curStart();
  next();  // `if` or `elif`
  TreeRef cond = parseExp();
  TreeRef then = parseBlock(false);
  TreeRef otherwise;
  if (cur().kind == Tok::TK_ELIF) {
    size_t elifStart = curStart();
    DepthGuard guard(*this);  // elif chains recurse
    otherwise = list(elifStart, {parseIf()});
  } else if (nextIf(Tok::TK_ELSE)) {
    otherwise = parseBlock(false);
  } else {
    otherwise = Tree::node(Kind::List, here(), {});
  }
  return node(Kind::If, start, {cond, then, otherwise});
}

TreeRef ParserImpl::parseWhile() {
  size_t start = curStart();
  expect(Tok::TK_WHILE);
  TreeRef cond = parseExp();
  TreeRef body = parseBlock(false);
  if (cur().kind == Tok::TK_ELSE) error("'else' branches of while loops are not supported", cur().range);
  return node(Kind::While, start, {cond, body});
}

TreeRef ParserImpl::parseFor() {
  size_t start = curStart();
  expect(Tok::TK_FOR);
  TreeRef target = parseTargetList();
  expect(Tok::TK_IN);
  TreeRef iter = parseExprList(true);
  TreeRef body = parseBlock(false);
  if (cur().kind == Tok::TK_ELSE) error("'else' branches of for loops are not supported", cur().range);
  return node(Kind::For, start, {target, iter, body});
}

TreeRef ParserImpl::parseWith() {
  size_t start = curStart();
  expect(Tok::TK_WITH);
  size_t itemsStart = curStart();
  TreeList items;
  do {
    size_t itemStart = curStart();
    TreeRef e = parseExp();
    TreeRef var;
    if (nextIf(Tok::TK_AS)) {
      var = parseExp(kPrecBitOr);
      checkAssignable(var, false);
    }
    items.push_back(node(Kind::WithItem, itemStart, {e, option(var)}));
  } while (nextIf(Tok::TK_COMMA));
  TreeRef itemList = list(itemsStart, std::move(items));
  TreeRef body = parseBlock(false);
  return node(Kind::With, start, {itemList, body});
}

TreeRef ParserImpl::parseDottedName(bool allowLeadingDots) {
  size_t start = curStart();
  std::string name;
  if (allowLeadingDots) {
    while (cur().kind == Tok::TK_DOT || cur().kind == Tok::TK_ELLIPSIS)
      name += next().kind == Tok::TK_DOT ? "." : "...";
    if (!name.empty() && cur().kind == Tok::TK_IMPORT) return Tree::leaf(Kind::Ident, rangeFrom(start), name);
  }
  name += expect(Tok::TK_IDENT).text;
  while (nextIf(Tok::TK_DOT)) name += "." + expect(Tok::TK_IDENT).text;
  return Tree::leaf(Kind::Ident, rangeFrom(start), name);
}

TreeRef ParserImpl::parseImport() {
  size_t start = curStart();
  expect(Tok::TK_IMPORT);
  size_t namesStart = curStart();
  TreeList aliases;
  do {
    size_t aliasStart = curStart();
    TreeRef name = parseDottedName(false);
    TreeRef as;
    if (nextIf(Tok::TK_AS)) {
      const Token& n = expect(Tok::TK_IDENT);
      as = Tree::leaf(Kind::Ident, n.range, n.text);
    }
    aliases.push_back(node(Kind::Alias, aliasStart, {name, option(as)}));
  } while (nextIf(Tok::TK_COMMA));
  return node(Kind::Import, start, {list(namesStart, std::move(aliases))});
}

TreeRef ParserImpl::parseFromImport() {
  size_t start = curStart();
  expect(Tok::TK_FROM);
  TreeRef module = parseDottedName(true);
  expect(Tok::TK_IMPORT);
  size_t namesStart = curStart();
  TreeList aliases;
  if (cur().kind == Tok::TK_STAR) {
    const Token& star = next();
    aliases.push_back(node(Kind::Alias, star.range.start(), {Tree::leaf(Kind::Ident, star.range, "*"), option(nullptr)}));
  } else {
    bool paren = nextIf(Tok::TK_LPAREN);
    do {
      if (paren && cur().kind == Tok::TK_RPAREN) break;
      size_t aliasStart = curStart();
      const Token& n = expect(Tok::TK_IDENT);
      TreeRef name = Tree::leaf(Kind::Ident, n.range, n.text);
      TreeRef as;
      if (nextIf(Tok::TK_AS)) {
        const Token& a = expect(Tok::TK_IDENT);
        as = Tree::leaf(Kind::Ident, a.range, a.text);
      }
      aliases.push_back(node(Kind::Alias, aliasStart, {name, option(as)}));
    } while (nextIf(Tok::TK_COMMA));
    if (paren) expect(Tok::TK_RPAREN);
  }
  return node(Kind::ImportFrom, start, {module, list(namesStart, std::move(aliases))});
}

// ---------------------------------------------------------------- type comments

const TypeComment* ParserImpl::findTypeComment(size_t from, size_t to) const {
  auto it = std::lower_bound(typeComments_.begin(), typeComments_.end(), from,
                             [](const TypeComment& c, size_t off) { return c.range.start() < off; });
  if (it == typeComments_.end() || it->range.start() >= to) return nullptr;
  return &*it;
}

TreeRef ParserImpl::parseTypeCommentDecl(size_t begin, size_t end) {
  ParserImpl sub(source_, begin, end, /*indentation=*/false, depth_);
  size_t start = sub.curStart();
  size_t paramsStart = sub.curStart();
  sub.expect(Tok::TK_LPAREN);
  TreeList params;
  while (sub.cur().kind != Tok::TK_RPAREN) {
    size_t pstart = sub.curStart();
    TreeRef type = sub.parseExp();
    SourceRange r = type->range();
    TreeRef name = Tree::leaf(Kind::Ident, r, "_" + std::to_string(params.size()));
    params.push_back(sub.node(Kind::Param, pstart, {name, sub.option(type), sub.option(nullptr)}));
    if (!sub.nextIf(Tok::TK_COMMA)) break;
  }
  sub.expect(Tok::TK_RPAREN);
  TreeRef paramList = sub.list(paramsStart, std::move(params));
  sub.expect(Tok::TK_ARROW);
  TreeRef ret = sub.parseExp();
  if (sub.cur().kind != Tok::TK_EOF) sub.errorExpected("end of type comment");
  return sub.node(Kind::Decl, start, {paramList, sub.option(ret)});
}

TreeRef ParserImpl::mergeTypeComment(const TreeRef& decl, const TreeList& decorators, bool inClass, size_t from,
                                     size_t to) {
  const TypeComment* tc = findTypeComment(from, to);
  if (!tc || tc->text.rfind("ignore", 0) == 0) return decl;
  const TreeList& params = decl->tree(0)->trees();
  bool annotated = decl->tree(1)->size() != 0;
  for (const auto& p : params) annotated = annotated || p->tree(1)->size() != 0;
  if (annotated) return decl;  // real annotations win, as in PyTorch
  TreeRef typed = parseTypeCommentDecl(tc->range.start(), tc->range.end());
  const TreeList& types = typed->tree(0)->trees();
  bool isStatic = false;
  for (const auto& d : decorators) isStatic = isStatic || (d->kind() == Kind::Ident && d->value() == "staticmethod");
  size_t skip = (inClass && !isStatic && !params.empty()) ? 1 : 0;
  if (types.size() + skip != params.size())
    error(str("number of type annotations (", types.size(), ") does not match the number of function parameters (",
              params.size() - skip, ")"),
          tc->range);
  TreeList merged;
  for (size_t i = 0; i < params.size(); ++i) {
    const TreeRef& p = params[i];
    if (i < skip) {
      merged.push_back(p);
      continue;
    }
    merged.push_back(Tree::node(Kind::Param, p->range(), {p->tree(0), types[i - skip]->tree(1), p->tree(2)}, p->value()));
  }
  return Tree::node(Kind::Decl, decl->range(),
                    {Tree::node(Kind::List, decl->tree(0)->range(), std::move(merged)), typed->tree(1)});
}

// ---------------------------------------------------------------- public API

Parser::Parser(std::shared_ptr<const Source> source) {
  size_t n = source->text().size();
  impl_ = std::make_unique<ParserImpl>(std::move(source), 0, n, /*indentation=*/true);
}

Parser::~Parser() = default;

Module Parser::parseModule() { return Module(impl_->parseModule()); }

const std::vector<TypeComment>& Parser::typeComments() const { return impl_->typeComments_; }

Module parseSource(std::shared_ptr<const Source> source) { return Parser(std::move(source)).parseModule(); }

Module parseSource(const std::string& text, const std::string& filename) {
  return parseSource(std::make_shared<Source>(text, filename));
}

Expr parseExpression(std::shared_ptr<const Source> source, size_t begin, size_t end) {
  ParserImpl p(std::move(source), begin, end, /*indentation=*/false);
  TreeRef e = p.parseExprList(true);
  if (p.cur().kind != Tok::TK_EOF) p.errorExpected("end of expression");
  return Expr(e);
}

Expr parseExpression(const std::string& text, const std::string& filename) {
  auto src = std::make_shared<Source>(text, filename);
  return parseExpression(src, 0, text.size());
}

Decl parseTypeComment(std::shared_ptr<const Source> source, size_t begin, size_t end) {
  ParserImpl p(std::move(source), begin, end, /*indentation=*/false);
  return Decl(p.parseTypeCommentDecl(begin, end));
}

}  // namespace tsjit::frontend

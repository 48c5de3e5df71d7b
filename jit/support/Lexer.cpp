// Lexer.cpp — TorchScript tokenization: numbers, strings (incl. raw and f-strings), keywords,
// operators, Python's indentation rules (INDENT/DEDENT/NEWLINE) and the schema mode. See Lexer.h.
// Invariant: every loop iteration consumes at least one byte or throws, so lexing terminates.
#include "jit/support/Lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <unordered_map>

namespace tsjit {

namespace {

const char* const kTokNames[] = {
#define TSJIT_TOK_NAME(name, spelling) #name,
    TSJIT_TOKENS(TSJIT_TOK_NAME)
#undef TSJIT_TOK_NAME
};
const char* const kTokSpellings[] = {
#define TSJIT_TOK_SPELLING(name, spelling) spelling,
    TSJIT_TOKENS(TSJIT_TOK_SPELLING)
#undef TSJIT_TOK_SPELLING
};

const std::unordered_map<std::string_view, Tok>& keywords() {
  static const std::unordered_map<std::string_view, Tok> table = {
      {"def", Tok::TK_DEF},       {"return", Tok::TK_RETURN},     {"if", Tok::TK_IF},
      {"elif", Tok::TK_ELIF},     {"else", Tok::TK_ELSE},         {"for", Tok::TK_FOR},
      {"in", Tok::TK_IN},         {"while", Tok::TK_WHILE},       {"break", Tok::TK_BREAK},
      {"continue", Tok::TK_CONTINUE}, {"pass", Tok::TK_PASS},     {"raise", Tok::TK_RAISE},
      {"assert", Tok::TK_ASSERT}, {"and", Tok::TK_AND},           {"or", Tok::TK_OR},
      {"not", Tok::TK_NOT},       {"is", Tok::TK_IS},             {"None", Tok::TK_NONE},
      {"True", Tok::TK_TRUE},     {"False", Tok::TK_FALSE},       {"global", Tok::TK_GLOBAL},
      {"nonlocal", Tok::TK_NONLOCAL}, {"with", Tok::TK_WITH},     {"as", Tok::TK_AS},
      {"lambda", Tok::TK_LAMBDA}, {"class", Tok::TK_CLASS},       {"import", Tok::TK_IMPORT},
      {"from", Tok::TK_FROM},     {"del", Tok::TK_DEL},           {"try", Tok::TK_TRY},
      {"except", Tok::TK_EXCEPT}, {"finally", Tok::TK_FINALLY},   {"yield", Tok::TK_YIELD},
      {"async", Tok::TK_ASYNC},   {"await", Tok::TK_AWAIT},
  };
  return table;
}

struct OpEntry {
  const char* text;
  Tok kind;
  bool schemaOnly;
};
// Longest first, so the first match is the longest one.
const OpEntry kOperators[] = {
    {"**=", Tok::TK_POW_EQ, false},   {"//=", Tok::TK_FLOOR_DIV_EQ, false},
    {"<<=", Tok::TK_LSHIFT_EQ, false}, {">>=", Tok::TK_RSHIFT_EQ, false},
    {"...", Tok::TK_ELLIPSIS, false}, {"**", Tok::TK_POW, false},
    {"//", Tok::TK_FLOOR_DIV, false}, {"<<", Tok::TK_LSHIFT, false},
    {">>", Tok::TK_RSHIFT, false},    {"<=", Tok::TK_LE, false},
    {">=", Tok::TK_GE, false},        {"==", Tok::TK_EQ, false},
    {"!=", Tok::TK_NE, false},        {"->", Tok::TK_ARROW, false},
    {"+=", Tok::TK_PLUS_EQ, false},   {"-=", Tok::TK_MINUS_EQ, false},
    {"*=", Tok::TK_STAR_EQ, false},   {"/=", Tok::TK_SLASH_EQ, false},
    {"%=", Tok::TK_PERCENT_EQ, false}, {"&=", Tok::TK_AMP_EQ, false},
    {"|=", Tok::TK_PIPE_EQ, false},   {"^=", Tok::TK_CARET_EQ, false},
    {"@=", Tok::TK_AT_EQ, false},     {":=", Tok::TK_WALRUS, false},
    {"::", Tok::TK_DOUBLE_COLON, true}, {"(", Tok::TK_LPAREN, false},
    {")", Tok::TK_RPAREN, false},     {"[", Tok::TK_LBRACKET, false},
    {"]", Tok::TK_RBRACKET, false},   {"{", Tok::TK_LBRACE, false},
    {"}", Tok::TK_RBRACE, false},     {",", Tok::TK_COMMA, false},
    {":", Tok::TK_COLON, false},      {";", Tok::TK_SEMI, false},
    {".", Tok::TK_DOT, false},        {"+", Tok::TK_PLUS, false},
    {"-", Tok::TK_MINUS, false},      {"*", Tok::TK_STAR, false},
    {"/", Tok::TK_SLASH, false},      {"%", Tok::TK_PERCENT, false},
    {"&", Tok::TK_AMP, false},        {"|", Tok::TK_PIPE, false},
    {"^", Tok::TK_CARET, false},      {"~", Tok::TK_TILDE, false},
    {"<", Tok::TK_LT, false},         {">", Tok::TK_GT, false},
    {"=", Tok::TK_ASSIGN, false},     {"@", Tok::TK_AT, false},
    {"!", Tok::TK_BANG, true},        {"?", Tok::TK_QUESTION, true},
};

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool isIdentChar(char c) { return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool isDigitOfRadix(char c, int radix) {
  switch (radix) {
    case 2: return c == '0' || c == '1';
    case 8: return c >= '0' && c <= '7';
    case 10: return c >= '0' && c <= '9';
    default: return std::isxdigit(static_cast<unsigned char>(c)) != 0;
  }
}
int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string printableChar(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7F) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", u);
  return buf;
}

}  // namespace

const char* tokName(Tok kind) { return kTokNames[static_cast<size_t>(kind)]; }
const char* tokSpelling(Tok kind) { return kTokSpellings[static_cast<size_t>(kind)]; }

bool isAugAssign(Tok kind) {
  switch (kind) {
    case Tok::TK_PLUS_EQ: case Tok::TK_MINUS_EQ: case Tok::TK_STAR_EQ: case Tok::TK_SLASH_EQ:
    case Tok::TK_FLOOR_DIV_EQ: case Tok::TK_PERCENT_EQ: case Tok::TK_POW_EQ: case Tok::TK_AT_EQ:
    case Tok::TK_AMP_EQ: case Tok::TK_PIPE_EQ: case Tok::TK_CARET_EQ: case Tok::TK_LSHIFT_EQ:
    case Tok::TK_RSHIFT_EQ:
      return true;
    default:
      return false;
  }
}

std::string Token::describe() const {
  switch (kind) {
    case Tok::TK_EOF: return "end of file";
    case Tok::TK_NEWLINE: return "newline";
    case Tok::TK_INDENT: return "indent";
    case Tok::TK_DEDENT: return "dedent";
    case Tok::TK_STRING: return "a string literal";
    case Tok::TK_FSTRING: return "an f-string";
    case Tok::TK_IDENT:
    case Tok::TK_NUMBER: return "'" + text + "'";
    default: return std::string("'") + tokSpelling(kind) + "'";
  }
}

Lexer::Lexer(std::shared_ptr<const Source> source, Options options, size_t begin, size_t end)
    : source_(std::move(source)), options_(options), text_(source_->text()) {
  end_ = std::min(end, text_.size());
  pos_ = std::min(begin, end_);
  run();
}

Lexer::Lexer(std::shared_ptr<const Source> source, Options options)
    : Lexer(source, options, 0, source->text().size()) {}

Lexer::Lexer(std::shared_ptr<const Source> source) : Lexer(std::move(source), Options{}) {}

void Lexer::fail(const std::string& message, size_t start, size_t end) const {
  throw CompileError(message, SourceRange(source_, start, std::max(start, end)));
}

void Lexer::push(Tok kind, size_t start, size_t end, std::string text) {
  // Two-word operators: `is not` and `not in` become single tokens.
  if (!tokens_.empty()) {
    Token& last = tokens_.back();
    if ((kind == Tok::TK_NOT && last.kind == Tok::TK_IS) || (kind == Tok::TK_IN && last.kind == Tok::TK_NOT)) {
      last.kind = kind == Tok::TK_NOT ? Tok::TK_IS_NOT : Tok::TK_NOT_IN;
      last.range = SourceRange(source_, last.range.start(), end);
      return;
    }
  }
  Token t;
  t.kind = kind;
  t.range = SourceRange(source_, start, end);
  t.text = std::move(text);
  tokens_.push_back(std::move(t));
}

void Lexer::run() {
  while (true) {
    if (options_.indentation && atLineStart_ && brackets_.empty()) lexLineStart();
    if (pos_ >= end_) break;
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      ++pos_;
      continue;
    }
    if (c == '\r' && at(pos_ + 1) == '\n') {
      ++pos_;
      continue;
    }
    if (c == '\n' || c == '\r') {
      if (options_.indentation && brackets_.empty()) {
        if (!tokens_.empty() && tokens_.back().kind != Tok::TK_NEWLINE &&
            tokens_.back().kind != Tok::TK_INDENT && tokens_.back().kind != Tok::TK_DEDENT)
          push(Tok::TK_NEWLINE, pos_, pos_ + 1);
        atLineStart_ = true;
      }
      ++pos_;
      continue;
    }
    if (c == '#' && !options_.schema) {
      lexComment();
      continue;
    }
    if (c == '\\') {
      size_t next = pos_ + 1;
      if (at(next) == '\r' && at(next + 1) == '\n') ++next;
      if (at(next) == '\n' || at(next) == '\r') {
        pos_ = next + 1;
        continue;
      }
      if (next >= end_) fail("unexpected end of file after line continuation character", pos_, pos_ + 1);
      fail("unexpected character after line continuation character", pos_, pos_ + 1);
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && std::isdigit(static_cast<unsigned char>(at(pos_ + 1))))) {
      lexNumber();
      continue;
    }
    if (isIdentStart(c)) {
      size_t start = pos_;
      while (pos_ < end_ && isIdentChar(text_[pos_])) ++pos_;
      std::string_view word = text_.substr(start, pos_ - start);
      if ((at(pos_) == '\'' || at(pos_) == '"') && word.size() <= 2 && !options_.schema) {
        std::string p(word);
        for (auto& ch : p) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (p == "r" || p == "u" || p == "f" || p == "fr" || p == "rf") {
          lexString(start, p.find('r') != std::string::npos, p.find('f') != std::string::npos);
          continue;
        }
        if (p == "b" || p == "br" || p == "rb") fail("bytes literals are not supported", start, pos_ + 1);
      }
      auto it = options_.schema ? keywords().end() : keywords().find(word);
      if (it != keywords().end())
        push(it->second, start, pos_);
      else
        push(Tok::TK_IDENT, start, pos_, std::string(word));
      continue;
    }
    if (c == '\'' || c == '"') {
      lexString(pos_, false, false);
      continue;
    }
    if (lexOperator()) continue;
    fail("unexpected character '" + printableChar(c) + "'", pos_, pos_ + 1);
  }
  if (!brackets_.empty()) {
    auto [ch, off] = brackets_.back();
    fail(str("'", ch, "' was never closed"), off, off + 1);
  }
  if (options_.indentation) {
    if (!tokens_.empty() && tokens_.back().kind != Tok::TK_NEWLINE && tokens_.back().kind != Tok::TK_DEDENT &&
        tokens_.back().kind != Tok::TK_INDENT)
      push(Tok::TK_NEWLINE, end_, end_);
    for (size_t i = 0; i < indents_.size(); ++i) push(Tok::TK_DEDENT, end_, end_);
    indents_.clear();
  }
  push(Tok::TK_EOF, end_, end_);
}

void Lexer::lexLineStart() {
  size_t tabs8 = 0, tabs1 = 0;
  while (true) {
    tabs8 = tabs1 = 0;
    while (pos_ < end_) {
      char c = text_[pos_];
      if (c == ' ') {
        ++tabs8, ++tabs1;
      } else if (c == '\t') {
        tabs8 = (tabs8 / 8 + 1) * 8;
        ++tabs1;
      } else if (c == '\f') {
        tabs8 = tabs1 = 0;
      } else {
        break;
      }
      ++pos_;
    }
    if (pos_ >= end_) return;  // trailing whitespace at end of file
    char c = text_[pos_];
    if (c == '\r' && at(pos_ + 1) == '\n') ++pos_, c = '\n';
    if (c == '\n' || c == '\r') {  // blank line
      ++pos_;
      continue;
    }
    if (c == '#') {  // comment-only line
      lexComment();
      continue;
    }
    break;
  }
  atLineStart_ = false;
  Indent top = indents_.empty() ? Indent{0, 0} : indents_.back();
  const char* const kTabError = "inconsistent use of tabs and spaces in indentation";
  if (tabs8 == top.tabs8) {
    if (tabs1 != top.tabs1) fail(kTabError, pos_, pos_ + 1);
  } else if (tabs8 > top.tabs8) {
    if (tabs1 <= top.tabs1) fail(kTabError, pos_, pos_ + 1);
    indents_.push_back({tabs8, tabs1});
    push(Tok::TK_INDENT, pos_, pos_);
  } else {
    while (!indents_.empty() && tabs8 < indents_.back().tabs8) {
      if (tabs1 >= indents_.back().tabs1) fail(kTabError, pos_, pos_ + 1);
      indents_.pop_back();
      push(Tok::TK_DEDENT, pos_, pos_);
    }
    Indent now = indents_.empty() ? Indent{0, 0} : indents_.back();
    if (tabs8 != now.tabs8) fail("unindent does not match any outer indentation level", pos_, pos_ + 1);
    if (tabs1 != now.tabs1) fail(kTabError, pos_, pos_ + 1);
  }
}

void Lexer::lexComment() {
  size_t start = pos_;
  while (pos_ < end_ && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
  std::string_view body = text_.substr(start + 1, pos_ - start - 1);
  size_t i = 0;
  while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
  if (body.substr(i, 5) == "type:") {
    size_t b = i + 5, e = body.size();
    while (b < e && (body[b] == ' ' || body[b] == '\t')) ++b;
    while (e > b && (body[e - 1] == ' ' || body[e - 1] == '\t')) --e;
    TypeComment tc;
    tc.range = SourceRange(source_, start + 1 + b, start + 1 + e);
    tc.text = std::string(body.substr(b, e - b));
    typeComments_.push_back(std::move(tc));
  }
}

void Lexer::lexNumber() {
  size_t start = pos_;
  std::string text;
  auto fail_here = [&](const char* what) { fail(what, start, std::max(pos_, start + 1)); };
  // Reads digits of `radix` with single underscores between digits.
  auto digits = [&](int radix) {
    size_t n = 0;
    while (pos_ < end_) {
      char c = text_[pos_];
      if (isDigitOfRadix(c, radix)) {
        text += c;
        ++pos_, ++n;
      } else if (c == '_' && n > 0 && isDigitOfRadix(at(pos_ + 1), radix)) {
        ++pos_;
      } else {
        break;
      }
    }
    return n;
  };
  char c1 = at(pos_ + 1);
  if (text_[pos_] == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' || c1 == 'b' || c1 == 'B')) {
    int radix = (c1 == 'x' || c1 == 'X') ? 16 : (c1 == 'o' || c1 == 'O') ? 8 : 2;
    text += '0';
    text += static_cast<char>(std::tolower(static_cast<unsigned char>(c1)));
    pos_ += 2;
    if (at(pos_) == '_') ++pos_;
    if (digits(radix) == 0) fail_here("invalid number literal");
  } else {
    bool isFloat = false;
    size_t intDigits = digits(10);
    if (at(pos_) == '.' && !(at(pos_ + 1) == '.' && at(pos_ + 2) == '.')) {
      isFloat = true;
      text += '.';
      ++pos_;
      digits(10);
    }
    char e = at(pos_);
    if (e == 'e' || e == 'E') {
      size_t save = pos_;
      std::string saveText = text;
      text += 'e';
      ++pos_;
      if (at(pos_) == '+' || at(pos_) == '-') text += text_[pos_++];
      if (digits(10) == 0) {
        pos_ = save;
        text = std::move(saveText);
        if (isIdentChar(at(pos_))) {
          ++pos_;
          fail_here("invalid number literal");
        }
      } else {
        isFloat = true;
      }
    }
    if (at(pos_) == 'j' || at(pos_) == 'J') {
      text += 'j';
      ++pos_;
    } else if (!isFloat && intDigits > 1 && text[0] == '0' &&
               text.find_first_not_of('0') != std::string::npos) {
      fail_here("leading zeros in decimal integer literals are not permitted");
    }
  }
  if (isIdentChar(at(pos_)) || at(pos_) == '_') {
    ++pos_;
    fail_here("invalid number literal");
  }
  push(Tok::TK_NUMBER, start, pos_, std::move(text));
}

void Lexer::lexString(size_t prefixStart, bool raw, bool fstring) {
  char quote = text_[pos_];
  bool triple = at(pos_ + 1) == quote && at(pos_ + 2) == quote;
  pos_ += triple ? 3 : 1;
  std::string value;
  std::vector<FStringExpr> exprs;
  auto unterminated = [&]() {
    fail(triple ? "unterminated triple-quoted string literal" : "unterminated string literal", prefixStart,
         prefixStart + 1);
  };
  while (true) {
    if (pos_ >= end_) unterminated();
    char c = text_[pos_];
    if (!triple && (c == '\n' || c == '\r')) unterminated();
    if (c == quote && (!triple || (at(pos_ + 1) == quote && at(pos_ + 2) == quote))) {
      pos_ += triple ? 3 : 1;
      break;
    }
    if (c == '\\') {
      char n = at(pos_ + 1);
      if (pos_ + 1 >= end_) unterminated();
      if (raw) {
        value += c;
        value += n;
        pos_ += 2;
        continue;
      }
      size_t escStart = pos_;
      pos_ += 2;
      switch (n) {
        case '\n': break;  // line continuation inside the string
        case '\r':
          if (at(pos_) == '\n') ++pos_;
          break;
        case '\\': value += '\\'; break;
        case '\'': value += '\''; break;
        case '"': value += '"'; break;
        case 'n': value += '\n'; break;
        case 't': value += '\t'; break;
        case 'r': value += '\r'; break;
        case 'a': value += '\a'; break;
        case 'b': value += '\b'; break;
        case 'f': value += '\f'; break;
        case 'v': value += '\v'; break;
        case 'x': case 'u': case 'U': {
          int count = n == 'x' ? 2 : n == 'u' ? 4 : 8;
          uint32_t cp = 0;
          for (int i = 0; i < count; ++i) {
            int h = hexValue(at(pos_));
            if (h < 0 || pos_ >= end_)
              fail(str("truncated \\", n, " escape in string literal"), escStart, pos_ + 1);
            cp = cp * 16 + static_cast<uint32_t>(h);
            ++pos_;
          }
          if (cp > 0x10FFFF) fail("illegal Unicode character in string literal", escStart, pos_);
          if (n == 'x')
            value += static_cast<char>(cp);
          else
            appendUtf8(value, cp);
          break;
        }
        case 'N':
          fail("\\N{...} escapes are not supported", escStart, pos_);
        default:
          if (n >= '0' && n <= '7') {
            uint32_t v = static_cast<uint32_t>(n - '0');
            for (int i = 0; i < 2 && at(pos_) >= '0' && at(pos_) <= '7' && pos_ < end_; ++i)
              v = v * 8 + static_cast<uint32_t>(text_[pos_++] - '0');
            if (v < 0x100) value += static_cast<char>(v); else appendUtf8(value, v);
          } else {  // unknown escapes are kept verbatim, as in Python
            value += '\\';
            value += n;
          }
      }
      continue;
    }
    if (fstring && c == '{') {
      if (at(pos_ + 1) == '{') {
        value += "{{";
        pos_ += 2;
        continue;
      }
      size_t exprStart = ++pos_;
      int depth = 0;
      char inner = 0;  // quote char of a string nested in the expression
      while (true) {
        if (pos_ >= end_ || (!triple && (text_[pos_] == '\n' || text_[pos_] == '\r')) ||
            (inner == 0 && text_[pos_] == quote))
          fail("f-string: expecting '}'", exprStart - 1, exprStart);
        char d = text_[pos_];
        if (inner) {
          if (d == inner) inner = 0;
        } else if (d == '\'' || d == '"') {
          inner = d;
        } else if (d == '(' || d == '[' || d == '{') {
          ++depth;
        } else if ((d == ')' || d == ']' || d == '}') && depth > 0) {
          --depth;
        } else if (depth == 0 && d == '}') {
          break;
        } else if (depth == 0 && d == '!' && at(pos_ + 1) != '=') {
          fail("f-string: conversions (!r, !s, !a) are not supported", pos_, pos_ + 1);
        } else if (depth == 0 && d == ':') {
          fail("f-string: format specifiers are not supported", pos_, pos_ + 1);
        }
        ++pos_;
      }
      std::string_view inside = text_.substr(exprStart, pos_ - exprStart);
      if (inside.find_first_not_of(" \t\n\r") == std::string_view::npos)
        fail("f-string: empty expression not allowed", exprStart - 1, pos_ + 1);
      exprs.push_back({exprStart, pos_});
      value += "{}";
      ++pos_;
      continue;
    }
    if (fstring && c == '}') {
      if (at(pos_ + 1) != '}') fail("f-string: single '}' is not allowed", pos_, pos_ + 1);
      value += "}}";
      pos_ += 2;
      continue;
    }
    value += c;
    ++pos_;
  }
  push(fstring ? Tok::TK_FSTRING : Tok::TK_STRING, prefixStart, pos_, std::move(value));
  if (fstring) tokens_.back().fstringExprs = std::move(exprs);
}

bool Lexer::lexOperator() {
  std::string_view rest = text_.substr(pos_, std::min<size_t>(3, end_ - pos_));
  for (const OpEntry& op : kOperators) {
    std::string_view t(op.text);
    if (t[0] != rest[0]) continue;  // cheap first-character test before comparing the whole text
    if (op.schemaOnly && !options_.schema) continue;
    if (rest.substr(0, t.size()) != t) continue;
    size_t start = pos_;
    pos_ += t.size();
    if (t.size() == 1 && !options_.schema) {  // schema mode: the schema parser matches brackets
      char c = t[0];
      if (c == '(' || c == '[' || c == '{') {
        brackets_.push_back({c, start});
      } else if (c == ')' || c == ']' || c == '}') {
        if (brackets_.empty()) fail(str("unmatched '", c, "'"), start, pos_);
        char open = brackets_.back().first;
        char expected = open == '(' ? ')' : open == '[' ? ']' : '}';
        if (c != expected)
          fail(str("closing parenthesis '", c, "' does not match opening parenthesis '", open, "' on line ",
                   source_->lineOf(brackets_.back().second)),
               start, pos_);
        brackets_.pop_back();
      }
    }
    push(op.kind, start, pos_);
    return true;
  }
  return false;
}

std::vector<Token> tokenize(std::string_view text, Lexer::Options options, std::string filename) {
  auto src = std::make_shared<Source>(std::string(text), std::move(filename));
  return Lexer(src, options).takeTokens();
}

}  // namespace tsjit

// Lexer.h — the one lexer of tsjit: tokens of the TorchScript language (Python 3 subset), used by
// jit/frontend's parser for source files, expressions and type comments, and by jit/ir's
// SchemaParser for operator schema strings. It lives in jit/support so that both layers share it.
//
// The lexer turns a Source (or a byte range of one) into a vector of Tokens, ending with one
// TK_EOF. Modes:
//   * indentation mode (source files): Python's logical lines. TK_NEWLINE ends every non-blank
//     logical line, TK_INDENT / TK_DEDENT bracket indented blocks, newlines inside ( [ { are
//     ignored, `\` + newline joins lines, blank and comment-only lines produce nothing. Every
//     TK_INDENT is matched by a TK_DEDENT before TK_EOF.
//   * plain mode (expressions, type comments): newlines are whitespace and no layout tokens are
//     produced.
//   * schema mode (plain mode + `schema`, for schema strings such as
//     `aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)`):
//     additionally lexes `!`, `?` and `::`; has no keywords (every word, `None`/`True`/`from`
//     included, is a TK_IDENT: schemas name arguments `from` or `async`); no string prefixes
//     (`r"x"` is an identifier then a string); `#` starts no comment (it is an unexpected
//     character); brackets are not matched (the schema parser reports unbalanced ones itself).
// `# type: ...` comments never appear in the token stream; they are kept in a side table
// (Lexer::typeComments) with their text and range, for signatures like `# type: (int) -> int`.
// Invariants: every token's range lies in the source; token ranges are increasing; any malformed
// input raises CompileError (never a crash); lexing is linear in the input size.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jit/support/Error.h"
#include "jit/support/SourceRange.h"

namespace tsjit {

// X(name, spelling): spelling is the exact source text for keywords / punctuation, or a
// description in angle brackets for token classes.
#define TSJIT_TOKENS(X)          \
  X(TK_EOF, "<end of file>")              \
  X(TK_NEWLINE, "<newline>")              \
  X(TK_INDENT, "<indent>")                \
  X(TK_DEDENT, "<dedent>")                \
  X(TK_IDENT, "<identifier>")             \
  X(TK_NUMBER, "<number>")                \
  X(TK_STRING, "<string literal>")        \
  X(TK_FSTRING, "<f-string>")             \
  /* keywords */                          \
  X(TK_DEF, "def")                        \
  X(TK_RETURN, "return")                  \
  X(TK_IF, "if")                          \
  X(TK_ELIF, "elif")                      \
  X(TK_ELSE, "else")                      \
  X(TK_FOR, "for")                        \
  X(TK_IN, "in")                          \
  X(TK_NOT_IN, "not in")                  \
  X(TK_WHILE, "while")                    \
  X(TK_BREAK, "break")                    \
  X(TK_CONTINUE, "continue")              \
  X(TK_PASS, "pass")                      \
  X(TK_RAISE, "raise")                    \
  X(TK_ASSERT, "assert")                  \
  X(TK_AND, "and")                        \
  X(TK_OR, "or")                          \
  X(TK_NOT, "not")                        \
  X(TK_IS, "is")                          \
  X(TK_IS_NOT, "is not")                  \
  X(TK_NONE, "None")                      \
  X(TK_TRUE, "True")                      \
  X(TK_FALSE, "False")                    \
  X(TK_GLOBAL, "global")                  \
  X(TK_NONLOCAL, "nonlocal")              \
  X(TK_WITH, "with")                      \
  X(TK_AS, "as")                          \
  X(TK_LAMBDA, "lambda")                  \
  X(TK_CLASS, "class")                    \
  X(TK_IMPORT, "import")                  \
  X(TK_FROM, "from")                      \
  X(TK_DEL, "del")                        \
  X(TK_TRY, "try")                        \
  X(TK_EXCEPT, "except")                  \
  X(TK_FINALLY, "finally")                \
  X(TK_YIELD, "yield")                    \
  X(TK_ASYNC, "async")                    \
  X(TK_AWAIT, "await")                    \
  /* punctuation and operators */         \
  X(TK_LPAREN, "(")                       \
  X(TK_RPAREN, ")")                       \
  X(TK_LBRACKET, "[")                     \
  X(TK_RBRACKET, "]")                     \
  X(TK_LBRACE, "{")                       \
  X(TK_RBRACE, "}")                       \
  X(TK_COMMA, ",")                        \
  X(TK_COLON, ":")                        \
  X(TK_SEMI, ";")                         \
  X(TK_DOT, ".")                          \
  X(TK_ELLIPSIS, "...")                   \
  X(TK_ARROW, "->")                       \
  X(TK_AT, "@")                           \
  X(TK_ASSIGN, "=")                       \
  X(TK_WALRUS, ":=")                      \
  X(TK_PLUS, "+")                         \
  X(TK_MINUS, "-")                        \
  X(TK_STAR, "*")                         \
  X(TK_POW, "**")                         \
  X(TK_SLASH, "/")                        \
  X(TK_FLOOR_DIV, "//")                   \
  X(TK_PERCENT, "%")                      \
  X(TK_LSHIFT, "<<")                      \
  X(TK_RSHIFT, ">>")                      \
  X(TK_AMP, "&")                          \
  X(TK_PIPE, "|")                         \
  X(TK_CARET, "^")                        \
  X(TK_TILDE, "~")                        \
  X(TK_LT, "<")                           \
  X(TK_GT, ">")                           \
  X(TK_LE, "<=")                          \
  X(TK_GE, ">=")                          \
  X(TK_EQ, "==")                          \
  X(TK_NE, "!=")                          \
  X(TK_PLUS_EQ, "+=")                     \
  X(TK_MINUS_EQ, "-=")                    \
  X(TK_STAR_EQ, "*=")                     \
  X(TK_SLASH_EQ, "/=")                    \
  X(TK_FLOOR_DIV_EQ, "//=")               \
  X(TK_PERCENT_EQ, "%=")                  \
  X(TK_POW_EQ, "**=")                     \
  X(TK_AT_EQ, "@=")                       \
  X(TK_AMP_EQ, "&=")                      \
  X(TK_PIPE_EQ, "|=")                     \
  X(TK_CARET_EQ, "^=")                    \
  X(TK_LSHIFT_EQ, "<<=")                  \
  X(TK_RSHIFT_EQ, ">>=")                  \
  /* schema-only punctuation (schema mode) */ \
  X(TK_BANG, "!")                         \
  X(TK_QUESTION, "?")                     \
  X(TK_DOUBLE_COLON, "::")

enum class Tok : uint8_t {
#define TSJIT_TOK_ENUM(name, spelling) name,
  TSJIT_TOKENS(TSJIT_TOK_ENUM)
#undef TSJIT_TOK_ENUM
};

// The enum name, e.g. "TK_DEF".
const char* tokName(Tok kind);
// The source spelling of a keyword/operator ("def", "**"), or a description ("<identifier>").
const char* tokSpelling(Tok kind);
// True for the augmented-assignment operators (`+=` ... `>>=`).
bool isAugAssign(Tok kind);

// A byte range [begin, end) of the source holding one `{expr}` of an f-string.
struct FStringExpr {
  size_t begin = 0;
  size_t end = 0;
};

struct Token {
  Tok kind = Tok::TK_EOF;
  SourceRange range;
  // TK_IDENT: the name. TK_NUMBER: the literal's text (underscores removed, e.g. "0x1F", "1.5e3").
  // TK_STRING: the decoded value. TK_FSTRING: the literal parts decoded, with "{}" standing for
  // each replacement field and literal braces doubled ("{{" / "}}"), i.e. a str.format string.
  // Other kinds: empty.
  std::string text;
  // TK_FSTRING only: the source ranges of the replacement-field expressions, in order.
  std::vector<FStringExpr> fstringExprs;

  // A human description for error messages: "'def'", "identifier 'x'", "newline", "end of file".
  std::string describe() const;
};

struct TypeComment {
  SourceRange range;  // the text after "# type:", trimmed
  std::string text;
};

class Lexer {
 public:
  struct Options {
    bool indentation = true;         // produce TK_NEWLINE / TK_INDENT / TK_DEDENT
    bool schema = false;             // schema mode (see above); use with indentation = false
  };

  // Lexes source->text()[begin, end). Throws CompileError on malformed input.
  Lexer(std::shared_ptr<const Source> source, Options options, size_t begin, size_t end);
  Lexer(std::shared_ptr<const Source> source, Options options);
  explicit Lexer(std::shared_ptr<const Source> source);

  const std::vector<Token>& tokens() const { return tokens_; }
  std::vector<Token> takeTokens() { return std::move(tokens_); }
  const std::vector<TypeComment>& typeComments() const { return typeComments_; }
  const std::shared_ptr<const Source>& source() const { return source_; }

 private:
  void run();
  void lexLineStart();  // indentation at the beginning of a logical line
  void lexNumber();
  void lexString(size_t prefixStart, bool raw, bool fstring);
  void lexComment();
  bool lexOperator();
  void push(Tok kind, size_t start, size_t end, std::string text = {});
  [[noreturn]] void fail(const std::string& message, size_t start, size_t end) const;
  char at(size_t i) const { return i < end_ ? text_[i] : '\0'; }

  std::shared_ptr<const Source> source_;
  Options options_;
  std::string_view text_;
  size_t pos_;
  size_t end_;
  std::vector<Token> tokens_;
  std::vector<TypeComment> typeComments_;
  struct Indent {
    size_t tabs8;  // width with tab stops every 8 columns
    size_t tabs1;  // width with a tab counting as 1 column
  };
  std::vector<Indent> indents_;
  std::vector<std::pair<char, size_t>> brackets_;  // open bracket char and its offset
  bool atLineStart_ = true;
};

// Convenience: all tokens of a string (filename used in error messages).
std::vector<Token> tokenize(std::string_view text, Lexer::Options options = {},
                            std::string filename = "<string>");

}  // namespace tsjit

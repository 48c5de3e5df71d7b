// lexer_test.cpp — token sequences of the TorchScript lexer: keywords, operators, literals,
// strings and f-strings, indentation (INDENT/DEDENT/NEWLINE), brackets, continuations, type
// comments, plain mode, schema mode, and lexical errors with their locations.
#include <gtest/gtest.h>

#include "jit/support/Lexer.h"

using namespace tsjit;

namespace {

// Tokens as a compact string: keywords/operators by spelling, NL/IN/DE/EOF for layout,
// identifiers and numbers by text, strings as "text".
std::string lex(const std::string& src, Lexer::Options options = {}) {
  std::string out;
  for (const Token& t : tokenize(src, options)) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case Tok::TK_NEWLINE: out += "NL"; break;
      case Tok::TK_INDENT: out += "IN"; break;
      case Tok::TK_DEDENT: out += "DE"; break;
      case Tok::TK_EOF: out += "EOF"; break;
      case Tok::TK_IDENT: case Tok::TK_NUMBER: out += t.text; break;
      case Tok::TK_STRING: out += "\"" + t.text + "\""; break;
      case Tok::TK_FSTRING: out += "f\"" + t.text + "\""; break;
      default: out += tokSpelling(t.kind);
    }
  }
  return out;
}

Lexer::Options plain() {
  Lexer::Options o;
  o.indentation = false;
  return o;
}

// Expects a CompileError whose message is `message` at line:column.
void expectError(const std::string& src, const std::string& message, size_t line, size_t column) {
  try {
    tokenize(src);
    FAIL() << "no error for: " << src;
  } catch (const CompileError& e) {
    EXPECT_EQ(e.message(), message) << src;
    EXPECT_EQ(e.range().line(), line) << src;
    EXPECT_EQ(e.range().column(), column) << src;
  }
}

}  // namespace

TEST(frontend_lexer, KeywordsAndIdentifiers) {
  EXPECT_EQ(lex("def f(x): return x"), "def f ( x ) : return x NL EOF");
  EXPECT_EQ(lex("if a and b or not c: pass"), "if a and b or not c : pass NL EOF");
  EXPECT_EQ(lex("x is not None"), "x is not None NL EOF");
  EXPECT_EQ(lex("x not in y"), "x not in y NL EOF");
  EXPECT_EQ(lex("x is None"), "x is None NL EOF");
  EXPECT_EQ(lex("not x in y"), "not x in y NL EOF");
  EXPECT_EQ(lex("True False None global nonlocal with as lambda class import from del"),
            "True False None global nonlocal with as lambda class import from del NL EOF");
  EXPECT_EQ(lex("_private __init__ x1 définir"), "_private __init__ x1 définir NL EOF");
  auto toks = tokenize("a is not b not in c");
  EXPECT_EQ(toks[1].kind, Tok::TK_IS_NOT);
  EXPECT_EQ(toks[1].range.text(), "is not");
  EXPECT_EQ(toks[3].kind, Tok::TK_NOT_IN);
  EXPECT_EQ(toks[3].range.text(), "not in");
}

TEST(frontend_lexer, Operators) {
  EXPECT_EQ(lex("a ** b // c << d >> e -> f @ g ... h", plain()), "a ** b // c << d >> e -> f @ g ... h EOF");
  EXPECT_EQ(lex("a += 1; a -= 1; a *= 1; a /= 1; a //= 1; a %= 1; a **= 1", plain()),
            "a += 1 ; a -= 1 ; a *= 1 ; a /= 1 ; a //= 1 ; a %= 1 ; a **= 1 EOF");
  EXPECT_EQ(lex("a &= 1 |= 2 ^= 3 <<= 4 >>= 5 @= 6", plain()), "a &= 1 |= 2 ^= 3 <<= 4 >>= 5 @= 6 EOF");
  EXPECT_EQ(lex("a<=b>=c==d!=e<f>g", plain()), "a <= b >= c == d != e < f > g EOF");
  EXPECT_EQ(lex("~a & b | c ^ d % e", plain()), "~ a & b | c ^ d % e EOF");
  EXPECT_EQ(lex("x[::2]", plain()), "x [ : : 2 ] EOF");
}

TEST(frontend_lexer, Numbers) {
  EXPECT_EQ(lex("0 42 1_000_000 0x1F 0o17 0b1010 0XfF", plain()), "0 42 1000000 0x1F 0o17 0b1010 0xfF EOF");
  EXPECT_EQ(lex("1.5 1. .5 1e3 1E-3 2.5e+10 1_0.0_1 3j 1.5J", plain()), "1.5 1. .5 1e3 1e-3 2.5e+10 10.01 3j 1.5j EOF");
  EXPECT_EQ(lex("00 0.0 x.y 1 .real", plain()), "00 0.0 x . y 1 . real EOF");
  EXPECT_EQ(lex("a[1:2]", plain()), "a [ 1 : 2 ] EOF");
}

TEST(frontend_lexer, Strings) {
  EXPECT_EQ(lex(R"('a' "b" 'it''s' "q\"q" 'tab\there')", plain()), "\"a\" \"b\" \"it\" \"s\" \"q\"q\" \"tab\there\" EOF");
  EXPECT_EQ(lex(R"(r'a\nb' R"\d")", plain()), R"("a\nb" "\d" EOF)");
  auto toks = tokenize(R"('\x41\101\u00e9\n\\\'\q')", plain());
  EXPECT_EQ(toks[0].text, "AA\xc3\xa9\n\\'\\q");
  toks = tokenize("'''line1\nline2''' \"\"\"x\"y\"\"\"", plain());
  EXPECT_EQ(toks[0].text, "line1\nline2");
  EXPECT_EQ(toks[1].text, "x\"y");
  // A triple-quoted string spanning lines does not produce NEWLINE tokens.
  EXPECT_EQ(lex("x = '''a\nb'''\ny = 1"), "x = \"a\nb\" NL y = 1 NL EOF");
  toks = tokenize("'a\\\nb'", plain());
  EXPECT_EQ(toks[0].text, "ab");
}

TEST(frontend_lexer, FStrings) {
  auto toks = tokenize(R"(f"n={n}, m={a[1] + b}{{x}}")", plain());
  ASSERT_EQ(toks[0].kind, Tok::TK_FSTRING);
  EXPECT_EQ(toks[0].text, "n={}, m={}{{x}}");
  ASSERT_EQ(toks[0].fstringExprs.size(), 2u);
  std::string src = R"(f"n={n}, m={a[1] + b}{{x}}")";
  EXPECT_EQ(src.substr(toks[0].fstringExprs[0].begin, toks[0].fstringExprs[0].end - toks[0].fstringExprs[0].begin), "n");
  EXPECT_EQ(src.substr(toks[0].fstringExprs[1].begin, toks[0].fstringExprs[1].end - toks[0].fstringExprs[1].begin),
            "a[1] + b");
  EXPECT_EQ(lex("rf'\\d{x}'", plain()), "f\"\\d{}\" EOF");
}

TEST(frontend_lexer, IndentationBlocks) {
  EXPECT_EQ(lex("def f():\n    if x:\n        return 1\n    return 2\n"),
            "def f ( ) : NL IN if x : NL IN return 1 NL DE return 2 NL DE EOF");
  // Several dedents at once, and at end of file without a trailing newline.
  EXPECT_EQ(lex("if a:\n  if b:\n    c\nd"), "if a : NL IN if b : NL IN c NL DE DE d NL EOF");
  EXPECT_EQ(lex("if a:\n  if b:\n    c"), "if a : NL IN if b : NL IN c NL DE DE EOF");
  // Tabs are consistent when used the same way on every line.
  EXPECT_EQ(lex("if a:\n\tb\n\tc\n"), "if a : NL IN b NL c NL DE EOF");
}

TEST(frontend_lexer, BlankLinesAndComments) {
  EXPECT_EQ(lex("\n\n# comment\nx = 1  # trailing\n\n   \n    # indented comment\ny = 2\n"),
            "x = 1 NL y = 2 NL EOF");
  EXPECT_EQ(lex("def f():\n    x = 1\n\n        # deeper comment\n    y = 2\n"),
            "def f ( ) : NL IN x = 1 NL y = 2 NL DE EOF");
  EXPECT_EQ(lex(""), "EOF");
  EXPECT_EQ(lex("\n\n  \n"), "EOF");
  EXPECT_EQ(lex("x\r\ny\r\n"), "x NL y NL EOF");
}

TEST(frontend_lexer, BracketsSuppressNewlines) {
  EXPECT_EQ(lex("x = (1,\n     2)\ny = [\n  3\n]\nz = {\n'a':\n 1}\n"),
            "x = ( 1 , 2 ) NL y = [ 3 ] NL z = { \"a\" : 1 } NL EOF");
  EXPECT_EQ(lex("def f(a,\n        b):\n    pass\n"), "def f ( a , b ) : NL IN pass NL DE EOF");
}

TEST(frontend_lexer, LineContinuation) {
  EXPECT_EQ(lex("x = 1 + \\\n    2\ny = 3\n"), "x = 1 + 2 NL y = 3 NL EOF");
  EXPECT_EQ(lex("if a and \\\n        b:\n    pass\n"), "if a and b : NL IN pass NL DE EOF");
}

TEST(frontend_lexer, TypeCommentsSideTable) {
  auto src = std::make_shared<Source>("def f(x, y):\n    # type: (int, List[int]) -> int\n    return x  # not a type\n"
                                      "z = []  # type:   List[int]  \n");
  Lexer lexer(src);
  ASSERT_EQ(lexer.typeComments().size(), 2u);
  EXPECT_EQ(lexer.typeComments()[0].text, "(int, List[int]) -> int");
  EXPECT_EQ(lexer.typeComments()[0].range.text(), "(int, List[int]) -> int");
  EXPECT_EQ(lexer.typeComments()[0].range.line(), 2u);
  EXPECT_EQ(lexer.typeComments()[1].text, "List[int]");
  // They never appear as tokens.
  for (const Token& t : lexer.tokens()) EXPECT_NE(t.range.text().find("type"), 0u);
}

TEST(frontend_lexer, PlainModeForSchemas) {
  Lexer::Options o = plain();
  o.schema = true;
  EXPECT_EQ(lex("aten::add.Tensor(Tensor(a!) self, Tensor? other, *, Scalar alpha=1) -> Tensor(a)", o),
            "aten :: add . Tensor ( Tensor ( a ! ) self , Tensor ? other , * , Scalar alpha = 1 ) -> Tensor ( a ) EOF");
  EXPECT_EQ(lex("int[2] x=[0, 0],\n  str s=\"mean\"", o), "int [ 2 ] x = [ 0 , 0 ] , str s = \"mean\" EOF");
  // Without schema mode, `::` is two colons.
  EXPECT_EQ(lex("x[::2]", plain()), "x [ : : 2 ] EOF");
}

TEST(frontend_lexer, SchemaModeHasNoKeywordsPrefixesCommentsOrBracketMatching) {
  Lexer::Options o = plain();
  o.schema = true;
  // Keywords are identifiers: schemas name arguments `from`, `to`, `async`; None/True are values.
  auto toks = tokenize("aten::can_cast(ScalarType from, ScalarType to) -> bool", o);
  EXPECT_EQ(toks[5].kind, Tok::TK_IDENT);
  EXPECT_EQ(toks[5].text, "from");
  toks = tokenize("bool? b=None, bool c=True, int is not x", o);
  for (const Token& t : toks) EXPECT_TRUE(t.kind != Tok::TK_NONE && t.kind != Tok::TK_TRUE && t.kind != Tok::TK_IS_NOT);
  // No string prefixes: `r"x"` is the identifier r, then a string.
  EXPECT_EQ(lex("str s=r\"x\"", o), "str s = r \"x\" EOF");
  // Unbalanced brackets are left to the schema parser; `#` is not a comment.
  EXPECT_EQ(lex("f(int x) -> ...)", o), "f ( int x ) -> ... ) EOF");
  EXPECT_EQ(lex("((((", o), "( ( ( ( EOF");
  EXPECT_THROW(tokenize("f(int x) # c", o), CompileError);
  // The same text in plain mode: keywords, prefixes and comments as in Python.
  EXPECT_EQ(tokenize("from", plain())[0].kind, Tok::TK_FROM);
  EXPECT_EQ(lex("s=r\"x\" # c", plain()), "s = \"x\" EOF");
}

TEST(frontend_lexer, TokenRangesAndDescriptions) {
  auto toks = tokenize("def  foo(x):\n  return 'str'\n");
  EXPECT_EQ(toks[1].range.text(), "foo");
  EXPECT_EQ(toks[1].range.line(), 1u);
  EXPECT_EQ(toks[1].range.column(), 6u);
  EXPECT_EQ(toks[0].describe(), "'def'");
  EXPECT_EQ(toks[1].describe(), "'foo'");
  EXPECT_EQ(toks[6].describe(), "newline");
  EXPECT_EQ(toks[7].describe(), "indent");
  EXPECT_EQ(toks[9].describe(), "a string literal");
  EXPECT_EQ(toks[9].range.text(), "'str'");
  EXPECT_EQ(toks.back().describe(), "end of file");
  EXPECT_STREQ(tokName(Tok::TK_POW_EQ), "TK_POW_EQ");
}

TEST(frontend_lexer, Errors) {
  expectError("x = 'abc\ny = 1\n", "unterminated string literal", 1, 5);
  expectError("x = '''abc\ny = 1\n", "unterminated triple-quoted string literal", 1, 5);
  expectError("if a:\n    b\n  c\n", "unindent does not match any outer indentation level", 3, 3);
  expectError("if a:\n\tb\n        c\n", "inconsistent use of tabs and spaces in indentation", 3, 9);
  expectError("x = (1, 2]\n", "closing parenthesis ']' does not match opening parenthesis '(' on line 1", 1, 10);
  expectError("x = 1)\n", "unmatched ')'", 1, 6);
  expectError("x = [1,\n  2\n", "'[' was never closed", 1, 5);
  expectError("x = 1 $ 2\n", "unexpected character '$'", 1, 7);
  expectError("x = 1 \\ 2\n", "unexpected character after line continuation character", 1, 7);
  expectError("x = 0123\n", "leading zeros in decimal integer literals are not permitted", 1, 5);
  expectError("x = 0x\n", "invalid number literal", 1, 5);
  expectError("x = 12abc\n", "invalid number literal", 1, 5);
  expectError("x = '\\x4'\n", "truncated \\x escape in string literal", 1, 6);
  expectError("x = b'abc'\n", "bytes literals are not supported", 1, 5);
  expectError("x = f'{a!r}'\n", "f-string: conversions (!r, !s, !a) are not supported", 1, 9);
  expectError("x = f'{a:.2f}'\n", "f-string: format specifiers are not supported", 1, 9);
  expectError("x = f'{a'\n", "f-string: expecting '}'", 1, 7);
  expectError("x = f'a}'\n", "f-string: single '}' is not allowed", 1, 8);
  expectError("x = f'{ }'\n", "f-string: empty expression not allowed", 1, 7);
  expectError("x = 1 \\", "unexpected end of file after line continuation character", 1, 7);
  expectError(std::string("x = \x01"), "unexpected character '\\x01'", 1, 5);
}

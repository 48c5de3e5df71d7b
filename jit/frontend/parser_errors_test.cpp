// parser_errors_test.cpp — malformed programs: each must raise CompileError with the expected
// message at the expected line and column (and a caret in what()), never crash or hang.
#include <gtest/gtest.h>

#include "jit/frontend/Parser.h"

using namespace tsjit;
using namespace tsjit::frontend;

namespace {
struct ErrorCase {
  const char* source;
  const char* message;
  size_t line;
  size_t column;
};

void checkError(const std::string& src, const std::string& message, size_t line, size_t column) {
  try {
    parseSource(src, "bad.py");
    ADD_FAILURE() << "no error for:\n" << src;
  } catch (const CompileError& e) {
    EXPECT_EQ(e.message(), message) << src;
    EXPECT_EQ(e.range().line(), line) << src << "\n" << e.what();
    EXPECT_EQ(e.range().column(), column) << src << "\n" << e.what();
    std::string what = e.what();
    EXPECT_NE(what.find("bad.py:" + std::to_string(line) + ":" + std::to_string(column)), std::string::npos) << what;
    EXPECT_NE(what.find('^'), std::string::npos) << what;
  }
}
}  // namespace

TEST(frontend_parser_errors, LocatedMessages) {
  const ErrorCase cases[] = {
      {"def f() return 1\n", "expected ':' but found 'return'", 1, 9},
      {"x = 1\n    y = 2\n", "unexpected indent", 2, 5},
      {"def f():\nreturn 1\n", "expected an indented block but found 'return'", 2, 1},
      {"def f(x):\n    if x:\n        return 1\n      return 2\n", "unindent does not match any outer indentation level", 4, 7},
      {"if a:\n\tb = 1\n        c = 2\n", "inconsistent use of tabs and spaces in indentation", 3, 9},
      {"x = 'abc\n", "unterminated string literal", 1, 5},
      {"x = (1 + )\n", "expected an expression but found ')'", 1, 10},
      {"x = y[]\n", "expected an expression but found ']'", 1, 7},
      {"1 = x\n", "cannot assign to literal", 1, 1},
      {"f() = 3\n", "cannot assign to function call", 1, 1},
      {"a + b = 3\n", "cannot assign to operator expression", 1, 1},
      {"f(a=1, b)\n", "positional argument follows keyword argument", 1, 8},
      {"f(a=1, a=2)\n", "keyword argument repeated: a", 1, 8},
      {"def f(a=1, b): pass\n", "non-default argument follows default argument", 1, 12},
      {"def f(x, x): pass\n", "duplicate argument 'x' in function definition", 1, 10},
      {"try:\n  pass\n", "'try' statements are not supported in TorchScript", 1, 1},
      {"x = {1, 2}\n", "set literals are not supported in TorchScript", 1, 6},
      {"while x:\n  pass\nelse:\n  pass\n", "'else' branches of while loops are not supported", 3, 1},
      {"x = a if b\n", "expected 'else' but found newline", 1, 11},
      {"@torch.jit.script\nx = 1\n", "expected 'def' or 'class' after decorators but found 'x'", 2, 1},
      {"else:\n  pass\n", "'else' without a matching statement", 1, 1},
      {"x = a + not b\n", "expected an expression but found 'not'", 1, 9},
      {"x = 1 2\n", "expected newline but found '2'", 1, 7},
      {"(a, b) += 1\n", "'tuple' is an illegal expression for augmented assignment", 1, 1},
      {"x.1 = 2\n", "expected newline but found '.1'", 1, 2},
      {"def f(x):  # type: (int, int) -> int\n  return x\n", "number of type annotations (2) does not match the number of function parameters (1)", 1, 20},
      {"def f(x):  # type: (int -> int)\n  return x\n", "expected ')' but found '->'", 1, 25},
      {"x = f'{a +}'\n", "expected an expression but found end of file", 1, 11},
      {"def f(:)\n  pass\n", "expected an identifier but found ':'", 1, 7},
      {"def f(:\n  pass\n", "'(' was never closed", 1, 6},
      {"class C(metaclass=M): pass\n", "keyword arguments in class definitions are not supported", 1, 9},
      {"x = *a\n", "cannot use starred expression here", 1, 5},
      {"a, *b, *c = d\n", "multiple starred expressions in assignment", 1, 8},
      {"for x in y:\n  pass\nelse:\n  pass\n", "'else' branches of for loops are not supported", 3, 1},
      {"x = yield 1\n", "'yield' is not supported in TorchScript", 1, 5},
      {"x = (y := 1)\n", "assignment expressions (:=) are not supported", 1, 8},
      {"def f(*, *a): pass\n", "'*' or '*args' may appear only once in a parameter list", 1, 10},
      {"x = f(**k)\n", "'**' argument unpacking is not supported", 1, 7},
      {"if x:\n", "expected an indented block but found end of file", 1, 7},
      {"def", "expected an identifier but found newline", 1, 4},
  };
  for (const auto& c : cases) checkError(c.source, c.message, c.line, c.column);
}

TEST(frontend_parser_errors, DeepNestingIsAnErrorNotACrash) {
  std::string parens = "x = " + std::string(300, '(') + "1" + std::string(300, ')') + "\n";
  checkError(parens, "too many nested expressions or blocks (the limit is 200)", 1, 205);
  std::string unary = "x = " + std::string(5000, '-') + "a\n";
  EXPECT_THROW(parseSource(unary), CompileError);
  std::string lists = "x = " + std::string(100000, '[') + "\n";
  EXPECT_THROW(parseSource(lists), CompileError);
  std::string blocks;
  for (int i = 0; i < 250; ++i) blocks += std::string(i, ' ') + "if x:\n";
  blocks += std::string(250, ' ') + "pass\n";
  EXPECT_THROW(parseSource(blocks), CompileError);
  // Long left-associative chains are bounded by the tree depth limit.
  std::string sum = "x = 1";
  for (int i = 0; i < 3000; ++i) sum += " + 1";
  try {
    parseSource(sum);
    ADD_FAILURE() << "no error for a 3000-term sum";
  } catch (const CompileError& e) {
    EXPECT_NE(e.message().find("nested too deeply"), std::string::npos) << e.message();
  }
  std::string calls = "x = f";
  for (int i = 0; i < 3000; ++i) calls += "()";
  EXPECT_THROW(parseSource(calls), CompileError);
}

TEST(frontend_parser_errors, GarbageInputsNeverCrash) {
  const char* inputs[] = {"", "\n", ")", "(", "@", "def f(", "class", "x = [1, 2", "if:", "lambda",
                          "from", "import", "f(x for)", "x[1:2:3:4]", "{1: 2, 3}", "a.", "a..b", "\\",
                          "'", "\"\"\"", "x = {**a}", "del 1", "for 1 in x: pass", "with: pass",
                          "global 1", "return return", "async def f(): pass", "x = await y"};
  for (const char* in : inputs) {
    try {
      parseSource(in);
    } catch (const CompileError&) {
    }
  }
  SUCCEED();
}

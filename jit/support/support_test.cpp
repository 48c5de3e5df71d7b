// support_test.cpp — units for SourceRange highlighting, CompileError, Symbol interning, logging.
#include <gtest/gtest.h>

#include <sstream>

#include "jit/support/Error.h"
#include "jit/support/Logging.h"
#include "jit/support/Symbol.h"

using namespace tsjit;

TEST(SourceRange, HighlightPointsAtLineAndColumn) {
  auto src = std::make_shared<Source>("first line\n  bad token here\nlast", "f.ir");
  SourceRange r(src, 13, 16);  // "bad"
  EXPECT_EQ(r.line(), 2u);
  EXPECT_EQ(r.column(), 3u);
  EXPECT_EQ(r.text(), "bad");
  EXPECT_EQ(r.highlight(), "f.ir:2:3\n    bad token here\n    ^^^\n");
}

TEST(CompileError, MessageIncludesLocation) {
  auto src = std::make_shared<Source>("x = ?", "a.py");
  CompileError e("unexpected character '?'", SourceRange(src, 4, 5));
  std::string what = e.what();
  EXPECT_NE(what.find("unexpected character '?'"), std::string::npos);
  EXPECT_NE(what.find("a.py:1:5"), std::string::npos);
  EXPECT_NE(what.find("    ^"), std::string::npos);
  EXPECT_EQ(e.message(), "unexpected character '?'");
}

TEST(InternalError, CheckThrows) {
  EXPECT_THROW(TSJIT_CHECK(1 == 2, "math is broken"), InternalError);
  EXPECT_NO_THROW(TSJIT_CHECK(1 == 1));
}

TEST(Symbol, BuiltinsAreStableAndInterned) {
  EXPECT_EQ(Symbol::fromQualString("prim::If"), prim::If);
  EXPECT_EQ(Symbol::fromQualString("aten::add"), aten::add);
  EXPECT_EQ(Symbol::attr("value"), attr::value);
  EXPECT_EQ(prim::If.toQualString(), "prim::If");
  EXPECT_EQ(aten::add.toUnqualString(), "add");
  EXPECT_TRUE(aten::add.isAten());
  EXPECT_TRUE(prim::Loop.isPrim());
  EXPECT_TRUE(attr::value.isAttr());
}

TEST(Symbol, NewSymbolsInternOnce) {
  Symbol a = Symbol::fromQualString("aten::some_new_op");
  Symbol b = Symbol::aten("some_new_op");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, aten::add);
  EXPECT_EQ(a.nsName(), "aten");
  Symbol c = Symbol::fromQualString("custom_ns::thing");
  EXPECT_EQ(c.nsName(), "custom_ns");
}

TEST(Symbol, RejectsUnqualified) {
  EXPECT_THROW(Symbol::fromQualString("add"), CompileError);
  EXPECT_THROW(Symbol::fromQualString("::add"), CompileError);
}

TEST(Logging, LevelsFollowConfig) {
  setLogConfig("dead_code_elimination:>alias_analysis:>>cse");
  EXPECT_TRUE(isLogEnabled("jit/passes/dead_code_elimination.cpp", LogLevel::GRAPH_DUMP));
  EXPECT_FALSE(isLogEnabled("jit/passes/dead_code_elimination.cpp", LogLevel::GRAPH_UPDATE));
  EXPECT_TRUE(isLogEnabled("alias_analysis.cpp", LogLevel::GRAPH_UPDATE));
  EXPECT_FALSE(isLogEnabled("alias_analysis.cpp", LogLevel::GRAPH_DEBUG));
  EXPECT_TRUE(isLogEnabled("cse.cpp", LogLevel::GRAPH_DEBUG));
  EXPECT_FALSE(isLogEnabled("other.cpp", LogLevel::GRAPH_DUMP));

  std::ostringstream out;
  setLogStream(&out);
  {
#line 1 "dead_code_elimination.cpp"
    GRAPH_DUMP("graph(%x):\n  return (%x)");
    GRAPH_UPDATE("not shown");
  }
  setLogStream(nullptr);
  setLogConfig("");
  EXPECT_EQ(out.str(),
            "[DUMP dead_code_elimination.cpp:1] graph(%x):\n"
            "[DUMP dead_code_elimination.cpp:1]   return (%x)\n");
}

// schema_test.cpp — FunctionSchema and the schema parser: the round trip of every schema PyTorch 1.13
// printed for the corpus (schemas.txt), of every case's function schema, the meaning of each piece
// of syntax (overloads, defaults of each kind, kwarg-only, varargs/varret, alias annotations on
// values and containers, fixed-size lists, named tuple returns), and errors with their columns.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>

#include "jit/ir/Attributes.h"
#include "jit/ir/SchemaParser.h"
#include "jit/support/Error.h"

// The source tree: ctest passes TSJIT_SOURCE_DIR; run by hand, the path this file was compiled from
// (which ccache's base_dir may have made relative to the build folder).
static std::filesystem::path testSourceDir() {
  if (const char* d = std::getenv("TSJIT_SOURCE_DIR"); d && *d) return d;
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
}

using namespace tsjit;

namespace {

std::filesystem::path corpusDir() {
  if (const char* env = std::getenv("TSJIT_CORPUS"); env && *env) return env;
  // The repository root is three levels above this file (jit/ir/schema_test.cpp).
  return std::filesystem::path(testSourceDir()) / "conformance/corpus/torch-1.13";
}

std::vector<std::string> schemaLines() {
  std::ifstream in(corpusDir() / "schemas.txt");
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

std::string roundTrip(const std::string& s) { return parseSchema(s).str(); }

// The CompileError of parsing `s` (fails the test if it parses).
CompileError errorOf(const std::string& s) {
  try {
    parseSchema(s);
  } catch (const CompileError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a CompileError for: " << s;
  return CompileError("none");
}

}  // namespace

TEST(SchemaCorpus, EverySchemaOfTorch113RoundTrips) {
  auto lines = schemaLines();
  ASSERT_EQ(lines.size(), 1090u) << "schemas.txt not found or changed under " << corpusDir();
  size_t ok = 0;
  for (const auto& line : lines) {
    try {
      FunctionSchema s = parseSchema(line);
      EXPECT_EQ(s.str(), line);
      ok += s.str() == line;
      EXPECT_EQ(parseSchema(s.str()).str(), s.str());
    } catch (const std::exception& e) {
      ADD_FAILURE() << line << "\n" << e.what();
    }
  }
  std::cout << "[schema] " << ok << "/" << lines.size() << " schemas of schemas.txt round-trip\n";
}

TEST(SchemaCorpus, CaseFunctionSchemasRoundTrip) {
  // Each case records PyTorch's printed schema of its function or forward method.
  std::regex field(R"re("schema":\s*"((?:[^"\\]|\\.)*)")re");
  size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpusDir() / "cases")) {
    std::ifstream in(entry.path());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::smatch m;
    if (!std::regex_search(text, m, field)) continue;
    std::string schema = m[1];
    if (schema.find('\\') != std::string::npos) continue;  // JSON escapes: not expected here
    ClassRegistry registry;
    EXPECT_EQ(parseSchema(schema, &registry).str(), schema);
    ++n;
  }
  EXPECT_GT(n, 50u);
  std::cout << "[schema] " << n << " case schemas round-trip\n";
}

TEST(Schema, NameAndOverload) {
  auto s = parseSchema("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(s.name(), "aten::add");
  EXPECT_EQ(s.overloadName(), "Tensor");
  EXPECT_EQ(s.qualifiedOverloadName(), "aten::add.Tensor");
  ASSERT_EQ(s.arguments().size(), 3u);
  EXPECT_EQ(s.positionalCount(), 2u);
  EXPECT_TRUE(s.arguments()[2].kwargOnly);
  EXPECT_FALSE(s.arguments()[1].kwargOnly);
  EXPECT_EQ(*s.argumentIndex("alpha"), 2u);
  EXPECT_FALSE(s.argumentIndex("beta"));
  EXPECT_EQ(s.arguments()[2].type()->kind(), TypeKind::Number);
  EXPECT_FALSE(s.isMutable());
  auto plain = parseSchema("aten::relu(Tensor self) -> Tensor");
  EXPECT_EQ(plain.overloadName(), "");
  EXPECT_EQ(plain.qualifiedOverloadName(), "aten::relu");
  auto noNs = parseSchema("forward(Tensor x) -> Tensor");
  EXPECT_EQ(noNs.name(), "forward");
}

TEST(Schema, DefaultsOfEachKind) {
  auto s = parseSchema(
      "aten::f(Scalar alpha=1, Scalar beta=0.5, int[1] dim=[], float eps=1.0000000000000001e-05, str reduce=\"mean\", "
      "ScalarType? dtype=None, bool keepdim=False, bool flag=True, int[2] stride=1, int[1] pad=[0], float p=2, "
      "int n=-100, MemoryFormat memory_format=contiguous_format, Layout? layout=None, Device? device=None, "
      "float[] ws=[1., 2.5], bool[3] mask=[True, False, True], float? q=1e-08) -> Tensor");
  const auto& a = s.arguments();
  EXPECT_EQ(std::get<int64_t>(*a[0].defaultValue), 1);
  EXPECT_EQ(std::get<double>(*a[1].defaultValue), 0.5);
  EXPECT_TRUE(std::get<std::vector<int64_t>>(*a[2].defaultValue).empty());
  EXPECT_EQ(std::get<double>(*a[3].defaultValue), 1e-5);
  EXPECT_EQ(std::get<std::string>(*a[4].defaultValue), "mean");
  EXPECT_TRUE(std::holds_alternative<std::monostate>(*a[5].defaultValue));
  EXPECT_EQ(std::get<bool>(*a[6].defaultValue), false);
  EXPECT_EQ(std::get<bool>(*a[7].defaultValue), true);
  EXPECT_EQ(std::get<std::vector<int64_t>>(*a[8].defaultValue), (std::vector<int64_t>{1, 1}));  // expanded
  EXPECT_EQ(*a[8].N(), 2);
  EXPECT_EQ(std::get<std::vector<int64_t>>(*a[9].defaultValue), (std::vector<int64_t>{0}));
  EXPECT_EQ(std::get<double>(*a[10].defaultValue), 2.0);  // int literal for a float becomes a float
  EXPECT_EQ(std::get<int64_t>(*a[11].defaultValue), -100);
  EXPECT_EQ(std::get<EnumDefault>(*a[12].defaultValue), (EnumDefault{"contiguous_format", 0}));
  EXPECT_EQ(a[12].type()->kind(), TypeKind::Int);  // MemoryFormat is an int at run time
  EXPECT_EQ(a[12].declared.str(), "MemoryFormat");
  EXPECT_EQ(std::get<std::vector<double>>(*a[15].defaultValue), (std::vector<double>{1.0, 2.5}));
  EXPECT_EQ(std::get<std::vector<bool>>(*a[16].defaultValue), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(s.str(),
            "aten::f(Scalar alpha=1, Scalar beta=0.5, int[1] dim=[], float eps=1.0000000000000001e-05, "
            "str reduce=\"mean\", ScalarType? dtype=None, bool keepdim=False, bool flag=True, int[2] stride=1, "
            "int[1] pad=[0], float p=2., int n=-100, MemoryFormat memory_format=contiguous_format, "
            "Layout? layout=None, Device? device=None, float[] ws=[1., 2.5], bool[3] mask=[True, False, True], "
            "float? q=1e-08) -> Tensor");
}

TEST(Schema, DoubleAndStringFormatting) {
  EXPECT_EQ(formatIrDouble(1.0), "1.");
  EXPECT_EQ(formatIrDouble(0.0), "0.");
  EXPECT_EQ(formatIrDouble(0.01), "0.01");
  EXPECT_EQ(formatIrDouble(1e-5), "1.0000000000000001e-05");
  EXPECT_EQ(formatIrDouble(1e-8), "1e-08");
  EXPECT_EQ(formatIrDouble(1e20), "1e+20");
  EXPECT_EQ(quoteIrString("a\"b\\c\n'"), "\"a\\\"b\\\\c\\n\\'\"");
  auto s = parseSchema(R"(aten::f(str a="x\ty\101", str b='q') -> ())");
  EXPECT_EQ(std::get<std::string>(*s.arguments()[0].defaultValue), "x\tyA");
  EXPECT_EQ(s.str(), R"(aten::f(str a="x\tyA", str b="q") -> ())");
  // A uniform fixed-size int list prints as its element, as PyTorch prints it.
  EXPECT_EQ(roundTrip("aten::f(int[2] k=[3, 3], int[2] j=[1, 2]) -> ()"), "aten::f(int[2] k=3, int[2] j=[1, 2]) -> ()");
}

TEST(Schema, VarargsAndVarret) {
  auto fmt = parseSchema("aten::format(str self, ...) -> str");
  EXPECT_TRUE(fmt.isVararg());
  EXPECT_FALSE(fmt.isVarret());
  EXPECT_EQ(fmt.arguments().size(), 1u);
  auto unpack = parseSchema("prim::TupleUnpack(Any tup) -> ...");
  EXPECT_TRUE(unpack.isVarret());
  EXPECT_TRUE(unpack.returns().empty());
  EXPECT_EQ(unpack.str(), "prim::TupleUnpack(Any tup) -> ...");
  auto both = parseSchema("prim::tolist(...) -> ...");
  EXPECT_TRUE(both.isVararg());
  EXPECT_TRUE(both.arguments().empty());
  EXPECT_EQ(both.str(), "prim::tolist(...) -> ...");
  EXPECT_EQ(roundTrip("prim::f(int a) -> (int, ...)"), "prim::f(int a) -> (int, ...)");
  EXPECT_EQ(roundTrip("prim::f() -> ()"), "prim::f() -> ()");
}

TEST(Schema, AliasAnnotations) {
  auto s = parseSchema("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  EXPECT_TRUE(s.isMutable());
  EXPECT_TRUE(s.isMutable(0));
  EXPECT_FALSE(s.isMutable(1));
  const AliasInfo* ai = s.arguments()[0].aliasInfo();
  ASSERT_TRUE(ai);
  EXPECT_TRUE(ai->isWrite);
  EXPECT_EQ(ai->beforeSets, std::vector<std::string>{"a"});
  EXPECT_EQ(ai->afterSets, std::vector<std::string>{"a"});
  EXPECT_TRUE(s.returns()[0].isWrite());

  auto chunk = parseSchema("aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]");
  const AliasInfo* ci = chunk.arguments()[0].aliasInfo();
  ASSERT_TRUE(ci);
  EXPECT_FALSE(ci->isWrite);
  EXPECT_FALSE(ci->isWildcardBefore());
  EXPECT_TRUE(ci->isWildcardAfter());
  // The return's annotation is on the list's elements, not on the list.
  const Argument& ret = chunk.returns()[0];
  EXPECT_EQ(ret.aliasInfo(), nullptr);
  ASSERT_EQ(ret.declared.form, DeclaredType::Form::List);
  ASSERT_TRUE(ret.declared.elems[0].alias);
  EXPECT_EQ(ret.declared.elems[0].alias->str(), "(a)");
  EXPECT_EQ(ret.type()->str(), "Tensor[]");

  auto append = parseSchema("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");
  EXPECT_TRUE(append.arguments()[0].isWrite());
  EXPECT_EQ(append.arguments()[0].type()->str(), "t[]");
  EXPECT_EQ(append.arguments()[1].type()->kind(), TypeKind::Var);
  EXPECT_EQ(append.arguments()[1].aliasInfo()->str(), "(c -> *)");

  auto del = parseSchema("aten::Delete.Dict_str(Dict(str, t)(a!) self, str key) -> ()");
  EXPECT_TRUE(del.arguments()[0].isWrite());
  EXPECT_EQ(del.arguments()[0].type()->str(), "Dict(str, t)");
  EXPECT_TRUE(del.returns().empty());

  auto get = parseSchema("aten::get.str(Dict(str, t) self, str key) -> t(*)?");
  EXPECT_TRUE(get.returns()[0].aliasInfo()->isWildcardBefore());
  EXPECT_EQ(get.returns()[0].type()->str(), "t?");

  auto multi = parseSchema("aten::f(Tensor(b|a) x, Any(b|a) y) -> Tensor(a! -> a|b)");
  EXPECT_EQ(multi.arguments()[0].aliasInfo()->beforeSets, (std::vector<std::string>{"b", "a"}));
  EXPECT_EQ(multi.returns()[0].aliasInfo()->afterSets, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(multi.str(), "aten::f(Tensor(b|a) x, Any(b|a) y) -> Tensor(a! -> a|b)");
  EXPECT_EQ(roundTrip("aten::f(Tensor(a!)? out, Tensor(a!)[] outs, Tensor?[] idx) -> ()"),
            "aten::f(Tensor(a!)? out, Tensor(a!)[] outs, Tensor?[] idx) -> ()");
  EXPECT_TRUE(parseSchema("aten::f(Tensor(a!)? out) -> ()").arguments()[0].isWrite());
}

TEST(Schema, TypesAndFixedSizeLists) {
  auto s = parseSchema(
      "aten::f(SymInt[1] a, int[2]? b, Tensor?[] c, Dict(str, t) d, Future(t) e, ScalarType st, Dimname n, "
      "Generator? g, Device dev, complex z, t1 x, Any y, (int, Tensor) tup) -> Tensor");
  const auto& a = s.arguments();
  EXPECT_EQ(*a[0].N(), 1);
  EXPECT_EQ(a[0].type()->str(), "int[]");
  EXPECT_EQ(a[0].declared.str(), "SymInt[1]");
  EXPECT_EQ(*a[1].N(), 2);
  EXPECT_EQ(a[1].type()->str(), "int[]?");
  EXPECT_EQ(a[2].type()->str(), "Tensor?[]");
  EXPECT_EQ(a[3].type()->str(), "Dict(str, t)");
  EXPECT_EQ(a[4].type()->str(), "Future[t]");  // as 1.13's graphs print the type
  EXPECT_EQ(a[5].type()->kind(), TypeKind::Int);
  EXPECT_EQ(a[6].type()->kind(), TypeKind::Str);
  EXPECT_EQ(a[7].type()->str(), "Generator?");
  EXPECT_EQ(a[8].type()->kind(), TypeKind::Device);
  EXPECT_EQ(a[9].type()->kind(), TypeKind::Complex);
  EXPECT_EQ(a[10].type()->kind(), TypeKind::Var);
  EXPECT_EQ(a[11].type()->kind(), TypeKind::Any);
  EXPECT_EQ(a[12].type()->str(), "(int, Tensor)");
  EXPECT_FALSE(a[2].N());
}

TEST(Schema, NamedAndTupleReturns) {
  auto s = parseSchema("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  ASSERT_EQ(s.returns().size(), 2u);
  EXPECT_EQ(s.returns()[0].name, "values");
  EXPECT_EQ(s.returns()[1].name, "indices");
  // One return whose type is a tuple is written in double parentheses.
  auto items = parseSchema("aten::items.str(Dict(str, t) self) -> ((str, t)[])");
  ASSERT_EQ(items.returns().size(), 1u);
  EXPECT_EQ(items.returns()[0].type()->str(), "(str, t)[]");
  EXPECT_EQ(items.str(), "aten::items.str(Dict(str, t) self) -> ((str, t)[])");
  auto pair = parseSchema("f(int a) -> ((int, str))");
  ASSERT_EQ(pair.returns().size(), 1u);
  EXPECT_EQ(pair.returns()[0].type()->str(), "(int, str)");
  auto two = parseSchema("aten::divmod.int(int x, int y) -> (int, int)");
  EXPECT_EQ(two.returns().size(), 2u);
  // A single named return prints bare, as PyTorch does.
  EXPECT_EQ(roundTrip("aten::f(Tensor a) -> (Tensor out)"), "aten::f(Tensor a) -> Tensor out");
}

TEST(Schema, ClassTypesNeedARegistry) {
  ClassRegistry reg;
  auto s = parseSchema("forward(__torch__.___torch_mangle_67.SmallCNN self, Tensor x) -> Tensor", &reg);
  EXPECT_EQ(s.arguments()[0].type()->kind(), TypeKind::Class);
  EXPECT_TRUE(reg.find("__torch__.___torch_mangle_67.SmallCNN"));
  EXPECT_NE(errorOf("forward(__torch__.Foo self) -> Tensor").message().find("cannot be resolved"), std::string::npos);
}

TEST(Schema, DeclaredTypeParses) {
  EXPECT_EQ(parseDeclaredType("Dict(str, t)(a!)").str(), "Dict(str, t)(a!)");
  EXPECT_EQ(parseDeclaredType("Tensor(a)[]").type->str(), "Tensor[]");
  EXPECT_THROW(parseDeclaredType("int[] x"), CompileError);
}

// ---- malformed schemas: message and 1-based column of the caret ----

struct BadSchema {
  const char* text;
  const char* message;  // a substring of the message
  size_t column;
};

TEST(SchemaErrors, MessagesPointAtTheFault) {
  const BadSchema cases[] = {
      {"", "expected an operator name", 1},
      {"aten::(Tensor x) -> Tensor", "expected a name after '::'", 7},
      {"aten::add.(Tensor x) -> Tensor", "expected an overload name", 11},
      {"aten::add Tensor x) -> Tensor", "expected '(' to open the argument list but found 'Tensor'", 11},
      {"aten::add(Tensor self", "expected ',' or ')' in the argument list but found end of input", 22},
      {"aten::add(Tensor self) Tensor", "expected '->'", 24},
      {"aten::add(Foo self) -> Tensor", "unknown type 'Foo'", 11},
      {"aten::add(Tensor) -> Tensor", "expected an argument name but found ')'", 17},
      {"aten::add(Tensor(a self) -> Tensor", "expected ')' to close the alias annotation opened at column 17", 20},
      {"aten::add(Tensor(!) self) -> Tensor", "expected an alias set name or '*'", 18},
      {"aten::add(Tensor(a)(b) self) -> Tensor", "only one alias annotation", 20},
      {"aten::f(int x=1.5) -> int", "expected an integer default for type int", 15},
      {"aten::f(int x=99999999999999999999) -> int", "integer default is out of range", 15},
      {"aten::f(str s=\"abc) -> str", "unterminated string literal", 15},
      {"aten::f(str s=r\"ab\") -> str", "expected a string default for type str", 15},
      {"aten::f(int x) -> int # comment", "unexpected character '#'", 23},
      {"aten::f(int x=0x10) -> int", "expected a decimal number but found '0x10'", 15},
      {"aten::f(bool b=1) -> str", "expected True or False", 16},
      {"aten::f(int[] l=3) -> ()", "expected a list default for type int[]", 17},
      {"aten::f(int[x] a) -> ()", "expected a list size or ']' but found 'x'", 13},
      {"aten::f(int[99999] a) -> ()", "list size must be at most 1024", 13},
      {"aten::f(int[0] a) -> ()", "list size must be positive", 13},
      {"aten::f(..., int x) -> ()", "'...' must be the last argument", 14},
      {"aten::f(*, *, int x) -> ()", "'*' may appear only once", 12},
      {"aten::f(int x, *) -> ()", "'*' must be followed by keyword-only arguments", 17},
      {"aten::f(int x) -> Tensor y=1", "a return cannot have a default value", 27},
      {"aten::f(int x) -> (Tensor", "expected ',' or ')' in the return list but found end of input", 26},
      {"aten::f(int x) -> Tensor junk more", "unexpected text after the schema", 31},
      {"aten::f(Dict(str) x) -> ()", "expected ',' between the key and value types of Dict but found ')'", 17},
      {"aten::f(Tensor x=3) -> ()", "a default for type Tensor can only be None", 18},
      {"aten::f(float x=1e) -> ()", "invalid number literal", 17},
      {"aten::f(float x=-) -> ()", "expected a number but found '-'", 17},
      {"aten::f(int x=blah) -> ()", "unknown default value 'blah' for type int", 15},
      {"aten::f(int x) -> ...)", "unexpected text after the schema", 22},
  };
  for (const auto& c : cases) {
    CompileError e = errorOf(c.text);
    EXPECT_NE(e.message().find(c.message), std::string::npos) << c.text << "\n  got: " << e.message();
    ASSERT_TRUE(e.range().valid()) << c.text;
    EXPECT_EQ(e.range().column(), c.column) << c.text << "\n" << e.what();
  }
}

TEST(SchemaErrors, DeepNestingIsAnErrorNotACrash) {
  std::string deep = "aten::f(" + std::string(5000, '(') + "int x) -> ()";
  EXPECT_NE(errorOf(deep).message().find("nested too deeply"), std::string::npos);
  std::string deepList = "aten::f(Dict(str, " + std::string(0, ' ');
  for (int i = 0; i < 200; ++i) deepList += "Future(";
  EXPECT_NE(errorOf(deepList).message().find("nested too deeply"), std::string::npos);
}

TEST(SchemaErrors, CaretLineIsPrinted) {
  CompileError e = errorOf("aten::add(Foo self) -> Tensor");
  std::string what = e.what();
  EXPECT_NE(what.find("aten::add(Foo self) -> Tensor\n"), std::string::npos) << what;
  EXPECT_NE(what.find("\n            ^"), std::string::npos) << what;
}

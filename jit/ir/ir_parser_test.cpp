// ir_parser_test.cpp — IR printer/parser edge cases (every attribute kind, strings with escapes,
// doubles as PyTorch prints them, subgraph sections, scopes, comments) and malformed-IR errors,
// each checked for its message and the line:column the error points at.
#include <gtest/gtest.h>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"

using namespace tsjit;

namespace {

// parse → print must reproduce the text exactly, and re-parsing the print is a fixpoint.
void expectRoundTrip(const std::string& text) {
  auto g = parseIR(text);
  EXPECT_NO_THROW(g->lint());
  std::string printed = g->toString();
  EXPECT_EQ(printed, text);
  EXPECT_EQ(parseIR(printed)->toString(), printed);
}

void expectError(const std::string& text, const std::string& message, size_t line, size_t column) {
  try {
    parseIR(text, "t.ir");
    ADD_FAILURE() << "expected a CompileError for:\n" << text;
  } catch (const CompileError& e) {
    EXPECT_NE(e.message().find(message), std::string::npos) << "message: " << e.message();
    ASSERT_TRUE(e.range().valid());
    EXPECT_EQ(e.range().line(), line) << e.what();
    EXPECT_EQ(e.range().column(), column) << e.what();
    EXPECT_NE(std::string(e.what()).find("t.ir:" + std::to_string(line) + ":" + std::to_string(column)),
              std::string::npos);
    EXPECT_NE(std::string(e.what()).find('^'), std::string::npos);
  }
}

}  // namespace

TEST(IRPrinter, DoublesPrintLikePyTorch) {
  EXPECT_EQ(formatIrDouble(1.0), "1.");
  EXPECT_EQ(formatIrDouble(-7.0), "-7.");
  EXPECT_EQ(formatIrDouble(-0.0), "-0.");
  EXPECT_EQ(formatIrDouble(0.1), "0.10000000000000001");
  EXPECT_EQ(formatIrDouble(1e-5), "1.0000000000000001e-05");
  EXPECT_EQ(formatIrDouble(1e-8), "1e-08");
  EXPECT_EQ(formatIrDouble(1e10), "10000000000");
  EXPECT_EQ(formatIrDouble(3.141592653589793), "3.1415926535897931");
  EXPECT_EQ(quoteIrString("a\"b\n\\\x01"), "\"a\\\"b\\n\\\\\\001\"");
}

TEST(IRParser, RoundTripsMultipleInputsOutputsAndBlocks) {
  expectRoundTrip(
      "graph(%x.1 : Tensor,\n"
      "      %n : int,\n"
      "      %t : (int, float)):\n"
      "  %a : int, %b : float = prim::TupleUnpack(%t) # f.py:1:2\n"
      "  %3 : bool = prim::Constant[value=1]()\n"
      "  %y : Tensor = prim::Loop(%n, %3, %x.1) # f.py:2:4\n"
      "    block0(%i : int, %acc.1 : Tensor):\n"
      "      %c : bool = aten::lt(%i, %a)\n"
      "      %acc.2 : Tensor = prim::If(%c)\n"
      "        block0():\n"
      "          %9 : Tensor = aten::mul(%acc.1, %b)\n"
      "          -> (%9)\n"
      "        block1():\n"
      "          -> (%acc.1)\n"
      "      -> (%3, %acc.2)\n"
      "   = prim::RaiseException(%a)\n"
      "  return (%y, %a)\n");
}

TEST(IRParser, RoundTripsEveryAttributeKind) {
  expectRoundTrip(
      "graph():\n"
      "  %0 : NoneType = prim::Constant()\n"
      "  %1 : float = prim::Constant[value=0.10000000000000001]()\n"
      "  %2 : float = prim::Constant[value=-inf]()\n"
      "  %3 : str = prim::Constant[value=\"a\\\"b\\n\\t\\\\\"]()\n"
      "  %4 : int[] = prim::Constant[value=[1, -2]]()\n"
      "  %5 : float[] = prim::Constant[value=[1., 2.5]]()\n"
      "  %6 : str[] = prim::Constant[value=[\"x\", \"y\"]]()\n"
      "  %7 : Long(requires_grad=0, device=cpu) = prim::Constant[value={2}]()\n"
      "  %8 : Double(requires_grad=0, device=cpu) = prim::Constant[value={0.5}]()\n"
      "  %9 : Tensor = prim::Constant[value=<Tensor>]()\n"
      "  %10 : Dict(str, int) = prim::Constant[value={\"q\": 1}]()\n"
      "  %11 : (int, str) = prim::Constant[value=(1, \"a\")]()\n"
      "  %12 : int[] = prim::Constant[value=annotate(List[int], [])]()\n"
      "  %13 : Function = prim::Constant[name=\"fallback_function\", fallback=1]()\n"
      "  %14 : Tensor = prim::profile[profiled_type=Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)]()\n"
      "  %15 : bool = prim::TypeCheck[types=[Tensor(requires_grad=1), int[]]]()\n"
      "  %16 : Tensor = prim::Foo[g=<Graph>, ts=[<Tensors>], gs=[<Graphs>], e=[]]()\n"
      "  return (%0)\n");
  auto g = parseIR("graph():\n  %d : Double(requires_grad=0, device=cpu) = prim::Constant[value={2}]()\n  return (%d)\n");
  EXPECT_EQ(g->outputs()[0]->node()->t(attr::value).dtype, ScalarType::Double);
}

TEST(IRParser, RoundTripsSubgraphSectionsAndScopes) {
  expectRoundTrip(
      "graph(%x : Tensor):\n"
      "  %1 : Tensor = prim::DifferentiableGraph_0(%x)\n"
      "  %2 : Tensor = aten::relu(%1), scope: __module.net/__module.net.0 # a.py:3:0\n"
      "  %3 : Tensor = prim::FusionGroup_1[strict=1](%2)\n"
      "  return (%3)\n"
      "with prim::DifferentiableGraph_0 = graph(%a : Tensor(requires_grad=0)):\n"
      "  %b : Tensor = prim::FusionGroup_0(%a)\n"
      "  return (%b)\n"
      "with prim::FusionGroup_0 = graph(%p : Tensor):\n"
      "  %q : Tensor = aten::neg(%p)\n"
      "  return (%q)\n"
      "with prim::FusionGroup_1 = graph(%u : Tensor):\n"
      "  return (%u)\n");
  auto g = parseIR(
      "graph(%x : Tensor):\n  %1 : Tensor = prim::FusionGroup_0(%x)\n  return (%1)\n"
      "with prim::FusionGroup_0 = graph(%p : Tensor):\n  return (%p)\n");
  Node* fg = g->nodes().front();
  EXPECT_EQ(fg->kind(), prim::FusionGroup);
  ASSERT_TRUE(fg->hasAttribute(attr::Subgraph));
  EXPECT_EQ(fg->g(attr::Subgraph)->inputs().size(), 1u);
}

TEST(IRParser, KeepsNamesAndAcceptsCommentsAndFreeLayout) {
  auto g = parseIR(
      "# RUN: something\n# CHECK: something else\n"
      "graph(%x.1 : Tensor, %7 : int):   # header comment\n"
      "  # a comment line\n"
      "  %5 : Tensor = aten::add(%x.1, %x.1, %7) # loc:1:2\n"
      "  %y : Tensor = aten::neg(%5)\n"
      "  return (%y)\n"
      "# CHECK: trailing\n");
  EXPECT_EQ(g->inputs()[0]->debugName(), "x.1");
  EXPECT_EQ(g->inputs()[1]->unique(), 7u);
  EXPECT_FALSE(g->inputs()[1]->hasDebugName());
  EXPECT_EQ(g->toString(),
            "graph(%x.1 : Tensor,\n      %7 : int):\n"
            "  %5 : Tensor = aten::add(%x.1, %x.1, %7) # loc:1:2\n"
            "  %y : Tensor = aten::neg(%5)\n  return (%y)\n");
  EXPECT_EQ(g->toString(false).find("loc:1:2"), std::string::npos);
  // New values never collide with the numbers the text used.
  Value* fresh = g->insertConstant(1);
  EXPECT_GT(fresh->unique(), 7u);
}

TEST(IRParser, ClassTypesUseTheRegistry) {
  ClassRegistry classes;
  auto g = parseIR(
      "graph(%self : __torch__.M):\n"
      "  %w : Tensor = prim::GetAttr[name=\"w\"](%self)\n"
      "  %r : Tensor = prim::CallMethod[name=\"forward\"](%self, %w)\n"
      "  return (%r)\n",
      "m.ir", &classes);
  EXPECT_NE(classes.find("__torch__.M"), nullptr);
  EXPECT_EQ(g->inputs()[0]->type()->str(), "__torch__.M");
}

// ---- malformed IR: message + line + column ----

TEST(IRParserErrors, MissingGraphKeyword) { expectError("\n  grph(%x : int):\n  return (%x)\n", "expected 'graph('", 2, 3); }

TEST(IRParserErrors, UndefinedValue) {
  expectError("graph(%x : int):\n  %y : int = aten::neg(%z)\n  return (%y)\n", "undefined value %z", 2, 24);
}

TEST(IRParserErrors, RedefinedValue) {
  expectError("graph(%x : int):\n  %x : int = aten::neg(%x)\n  return (%x)\n", "value %x is already defined", 2, 3);
}

TEST(IRParserErrors, BadType) {
  expectError("graph(%x : Tensr):\n  return (%x)\n", "bad type", 1, 12);
}

TEST(IRParserErrors, UnterminatedString) {
  expectError("graph():\n  %s : str = prim::Constant[value=\"abc]()\n  return (%s)\n", "unterminated string", 2, 35);
}

TEST(IRParserErrors, UnknownAttributeSyntax) {
  expectError("graph():\n  %s : int = prim::Constant[value=@]()\n  return (%s)\n", "unknown attribute value syntax", 2, 35);
}

TEST(IRParserErrors, IfWithOneBlock) {
  expectError(
      "graph(%c : bool):\n   = prim::If(%c)\n    block0():\n      -> ()\n  return ()\n",
      "prim::If needs block0 and block1", 2, 6);
}

TEST(IRParserErrors, LoopWithWrongBodyArity) {
  expectError(
      "graph(%n : int, %c : bool):\n   = prim::Loop(%n, %c)\n    block0():\n      -> (%c)\n  return ()\n",
      "prim::Loop's block0 takes 0 inputs, expected 1", 2, 6);
}

TEST(IRParserErrors, BlocksOutOfOrder) {
  expectError("graph(%c : bool):\n   = prim::If(%c)\n    block1():\n      -> ()\n  return ()\n",
              "expected block0", 3, 5);
}

TEST(IRParserErrors, BranchValueUsedAfterIf) {
  expectError(
      "graph(%c : bool):\n   = prim::If(%c)\n    block0():\n      %a : int = prim::Constant[value=1]()\n"
      "      -> ()\n    block1():\n      -> ()\n  return (%a)\n",
      "value %a is not visible here", 8, 11);
}

TEST(IRParserErrors, MissingReturn) {
  expectError("graph(%x : int):\n  %y : int = aten::neg(%x)\n", "expected a node, or 'return'", 2, 28);
}

TEST(IRParserErrors, UnqualifiedKind) {
  expectError("graph(%x : int):\n  %y : int = neg(%x)\n  return (%y)\n", "expected a qualified name", 2, 14);
}

TEST(IRParserErrors, ReturnInsideBlock) {
  expectError("graph(%c : bool):\n   = prim::If(%c)\n    block0():\n      return ()\n",
              "'return' inside a block", 4, 7);
}

TEST(IRParserErrors, TrailingGarbageAndOrphanWithSection) {
  expectError("graph():\n  return ()\nwith prim::FusionGroup_0 = graph():\n  return ()\n",
              "matches no node", 3, 1);
  expectError("graph():\n  return ()\n)\n", "unexpected text after the graph", 3, 1);
}

TEST(IRParserErrors, BadEscapeAndIntegerOverflow) {
  expectError("graph():\n  %s : str = prim::Constant[value=\"a\\q\"]()\n  return (%s)\n", "unknown escape", 2, 37);
  expectError("graph():\n  %s : int = prim::Constant[value=99999999999999999999]()\n  return (%s)\n",
              "out of range", 2, 35);
}

TEST(IRParserErrors, NestingIsBounded) {
  std::string deep = "graph(%c : bool):\n";
  for (int i = 0; i < 200; ++i) deep += " = prim::If(%c)\nblock0():\n";
  EXPECT_THROW(parseIR(deep), CompileError);
  std::string literal = "graph():\n  %s : int = prim::Constant[value=" + std::string(500, '(') + "]()\n";
  EXPECT_THROW(parseIR(literal), CompileError);
  EXPECT_THROW(parseIR(""), CompileError);
  EXPECT_THROW(parseIR("graph("), CompileError);
}

// Complex constants in 1.13's spelling (both parts, sign before the imaginary one) print back the
// same, in an attribute and inside a list; an imaginary part without its 'j' is an error at its place.
TEST(IRParser, ComplexConstantsRoundTrip) {
  expectRoundTrip(
      "graph():\n"
      "  %a : complex = prim::Constant[value=0.5-1.5j]()\n"
      "  %b : complex = prim::Constant[value=-2.5-nanj]()\n"
      "  %c : complex = prim::Constant[value=1e+20+infj]()\n"
      "  return (%a, %b, %c)\n");
  auto g = parseIR("graph():\n  %a : complex = prim::Constant[value=0.+2.j]()\n  return (%a)\n");
  const Node* n = g->outputs()[0]->node();
  const Literal& l = std::get<Literal>(n->attr(attr::value));
  EXPECT_EQ(std::get<std::complex<double>>(l.v), std::complex<double>(0.0, 2.0));
  expectError("graph():\n  %a : complex = prim::Constant[value=0.+2.]()\n  return (%a)\n", "expected 'j'", 2, 41);
}

// ---- tensor constants of 0 and 2..10 elements, as 1.13 prints them in traced graphs ----
// Every text below is what python3-torch 1.13.1 printed (torch.jit.trace of `x + t`, `.graph`).

namespace {
TensorConstant constantOf(const std::string& type, const std::string& value) {
  auto g = parseIR("graph():\n  %c : " + type + " = prim::Constant[value=" + value + "]()\n  return (%c)\n");
  return g->outputs()[0]->node()->t(attr::value);
}
}  // namespace

TEST(IRParser, TensorConstantsAsTracedGraphsPrintThem) {
  const std::vector<std::pair<std::string, std::string>> printed = {
      {"Long(2, strides=[1], requires_grad=0, device=cpu)", " 1  0 [ CPULongType{2} ]"},
      {"Float(3, strides=[1], requires_grad=0, device=cpu)", " 1.5000 -2.0000  3.0000 [ CPUFloatType{3} ]"},
      {"Float(2, 2, strides=[2, 1], requires_grad=0, device=cpu)", " 1  2  3  4 [ CPUFloatType{2,2} ]"},
      {"Bool(2, strides=[1], requires_grad=0, device=cpu)", " 1  0 [ CPUBoolType{2} ]"},
      {"Int(2, strides=[1], requires_grad=0, device=cpu)", " 1  2 [ CPUIntType{2} ]"},
      {"Float(3, strides=[1], requires_grad=0, device=cpu)", " 1.0000e-01  1.0000e-08  1.0000e+10 [ CPUFloatType{3} ]"},
      {"Half(2, strides=[1], requires_grad=0, device=cpu)", " 1  2 [ CPUHalfType{2} ]"},
      {"Float(0, strides=[1], requires_grad=0, device=cpu)", "[ CPUFloatType{0} ]"},
      {"Float(2, 0, strides=[1, 1], requires_grad=0, device=cpu)", "[ CPUFloatType{2,0} ]"},
      {"Long(10, strides=[1], requires_grad=0, device=cpu)", " 0  1  2  3  4  5  6  7  8  9 [ CPULongType{10} ]"},
      {"Float(3, strides=[1], requires_grad=0, device=cpu)", "nan inf -inf [ CPUFloatType{3} ]"},
      {"Float(2, strides=[1], requires_grad=0, device=cpu)", "1.23457e+08          1 [ CPUFloatType{2} ]"},
      {"Long(2, 2, strides=[2, 1], requires_grad=0, device=cpu)", "  -1  200    3    4 [ CPULongType{2,2} ]"},
      {"Float(2, strides=[1], requires_grad=0, device=cpu)", "1e+05 *  1.2346  0.1235 [ CPUFloatType{2} ]"},
      {"Float(2, 2, strides=[2, 1], requires_grad=0, device=cpu)", "1e+05 *  1.2346  0.1235   1.0000  2.0000 [ CPUFloatType{2,2} ]"},
      {"Float(1, 10, strides=[10, 1], requires_grad=0, device=cpu)",
       "Columns 1 to 6 1.0000e+20  2.5000e+00  1.0000e+20  2.5000e+00  1.0000e+20  2.5000e+00  Columns 7 to 10 1.0000e+20  2.5000e+00  1.0000e+20  2.5000e+00 [ CPUFloatType{1,10} ]"},
      {"Double(2, strides=[1], requires_grad=0, device=cpu)", " 1.0000e-200  1.0000e+200 [ CPUDoubleType{2} ]"},
      {"Float(2, 2, 2, strides=[4, 2, 1], requires_grad=0, device=cpu)",
       "(1,.,.) =    0.5000  1.5000   2.5000  3.5000  (2,.,.) =    4.5000  5.5000   6.5000  7.5000 [ CPUFloatType{2,2,2} ]"},
      {"Long(2, 1, 2, 2, strides=[4, 4, 2, 1], requires_grad=0, device=cpu)",
       "(1,1,.,.) =    0  1   2  3  (2,1,.,.) =    4  5   6  7 [ CPULongType{2,1,2,2} ]"},
      {"Float(2, strides=[1], requires_grad=0, device=cpu)", "0.001 *  1.0000  2.0000 [ CPUFloatType{2} ]"},
      {"Float(2, strides=[1], requires_grad=0, device=cpu)", "-0.0000  0.5000 [ CPUFloatType{2} ]"},
      {"Float(1, 2, strides=[2, 1], requires_grad=0, device=cpu)", " 1.5e+06    2e+06 [ CPUFloatType{1,2} ]"},
      {"Float(1, 10, strides=[10, 1], requires_grad=0, device=cpu)",
       "Columns 1 to 6 12345.5000  12345.5000  12345.5000  12345.5000  12345.5000  12345.5000  Columns 7 to 10 12345.5000  12345.5000  12345.5000  12345.5000 [ CPUFloatType{1,10} ]"},
      {"Float(1, 1, 10, strides=[10, 10, 1], requires_grad=0, device=cpu)",
       "(1,.,.) =   Columns 1 to 6  1.0000e+20  2.5000e+00  1.0000e+20  2.5000e+00  1.0000e+20  2.5000e+00  Columns 7 to 10  1.0000e+20  2.5000e+00  1.0000e+20  2.5000e+00 [ CPUFloatType{1,1,10} ]"},
      {"Long(1, 9, strides=[9, 1], requires_grad=0, device=cpu)",
       "Columns 1 to 8    1e+07     1e+07     1e+07     1e+07     1e+07     1e+07     1e+07     1e+07  Columns 9 to 9    1e+07 [ CPULongType{1,9} ]"},
  };
  for (const auto& [type, value] : printed)
    expectRoundTrip("graph(%x : Tensor):\n  %1 : " + type + " = prim::Constant[value=" + value + "]()\n  return (%1)\n");
  // A scaled text is lossy (1000000.5 printed as 1e+06 * 1.0000 reads back as 1e6, which prints
  // as an integer): it parses, and its print is a fixpoint from then on.
  auto g = parseIR("graph():\n  %1 : Float(2, 5, strides=[5, 1], requires_grad=0, device=cpu) = prim::Constant[value=1e+06 *  1.0000  1.0000  "
                   "1.0000  1.0000  1.0000   1.0000  1.0000  1.0000  1.0000  1.0000 [ CPUFloatType{2,5} ]]()\n  return (%1)\n");
  EXPECT_EQ(g->outputs()[0]->node()->t(attr::value).values, std::vector<double>(10, 1e6));
  EXPECT_EQ(parseIR(g->toString())->toString(), g->toString());
}

TEST(IRParser, TensorConstantValuesDtypesAndShapes) {
  TensorConstant a = constantOf("Long(2, strides=[1], requires_grad=0, device=cpu)", " 1  0 [ CPULongType{2} ]");
  EXPECT_EQ(a.dtype, ScalarType::Int64);
  EXPECT_EQ(a.sizes, (std::vector<int64_t>{2}));
  EXPECT_EQ(a.values, (std::vector<double>{1, 0}));
  EXPECT_FALSE(a.opaque);
  EXPECT_FALSE(a.wrappedNumber);
  TensorConstant s = constantOf("Float(2, 2, strides=[2, 1], requires_grad=0, device=cpu)", "1e+05 *  1.2346  0.1235   1.0000  2.0000 [ CPUFloatType{2,2} ]");
  EXPECT_EQ(s.sizes, (std::vector<int64_t>{2, 2}));
  ASSERT_EQ(s.values.size(), 4u);
  EXPECT_DOUBLE_EQ(s.values[0], 123460);
  EXPECT_DOUBLE_EQ(s.values[3], 200000);
  // Column blocks come back in row-major order.
  TensorConstant c = constantOf("Float(2, 5, strides=[5, 1], requires_grad=0, device=cpu)",
                                "Columns 1 to 3 1.0000e+20  2.0000e+00  3.0000e+00  6.0000e+00  7.0000e+00  8.0000e+00  "
                                "Columns 4 to 5 4.0000e+00  5.0000e+00  9.0000e+00  1.0000e+01 [ CPUFloatType{2,5} ]");
  EXPECT_EQ(c.values, (std::vector<double>{1e20, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  TensorConstant d = constantOf("Long(2, 1, 2, 2, strides=[4, 4, 2, 1], requires_grad=0, device=cpu)",
                                "(1,1,.,.) =    0  1   2  3  (2,1,.,.) =    4  5   6  7 [ CPULongType{2,1,2,2} ]");
  EXPECT_EQ(d.sizes, (std::vector<int64_t>{2, 1, 2, 2}));
  EXPECT_EQ(d.values, (std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7}));
  TensorConstant e = constantOf("Bool(0, strides=[1], requires_grad=0, device=cpu)", "[ CPUBoolType{0} ]");
  EXPECT_EQ(e.dtype, ScalarType::Bool);
  EXPECT_EQ(e.sizes, (std::vector<int64_t>{0}));
  EXPECT_TRUE(e.values.empty());
  TensorConstant n = constantOf("Float(3, strides=[1], requires_grad=0, device=cpu)", "nan inf -inf [ CPUFloatType{3} ]");
  EXPECT_TRUE(std::isnan(n.values[0]));
  EXPECT_EQ(n.values[2], -INFINITY);
  // More than 10 elements: 1.13 elides them.
  EXPECT_TRUE(constantOf("Long(11, strides=[1], requires_grad=0, device=cpu)", "<Tensor>").opaque);
}

TEST(IRParserErrors, MalformedTensorConstants) {
  auto at = [](const std::string& value) {
    return "graph():\n  %c : Tensor = prim::Constant[value=" + value + "]()\n  return (%c)\n";
  };
  expectError(at(" 1  0 [ CPUFooType{2} ]"), "unknown tensor type 'CPUFooType'", 2, 46);
  expectError(at(" 1  0  3 [ CPULongType{2} ]"), "more values than the shape [2]", 2, 45);
  expectError(at(" 1 [ CPULongType{2} ]"), "needs 2 values, found 1", 2, 39);
  expectError(at(" 1 [ CPULongType{1000000000,1000} ]"), "needs 1000000000000 values, found 1", 2, 39);
  expectError(at(" 1  x [ CPULongType{2} ]"), "expected a number in a tensor constant, found 'x'", 2, 42);
  expectError(at(" 1.5  0 [ CPULongType{2} ]"), "value '1.5' in a tensor constant of type Long", 2, 39);
  expectError(at(" 1  2 [ CPULongType{2,x} ]"), "expected a size", 2, 60);
  expectError(at(" 1  2 [ CPULongType{2}"), "expected ' ]'", 2, 60);
  expectError(at("Columns 1 to 9  1  2 [ CPULongType{1,2} ]"), "malformed 'Columns <first> to <last>' header", 2, 38);
  expectError(at(" 1  2  3  4 [ CPULongType{1,2,2} ]"), "expected a matrix header", 2, 39);
  expectError(at("(2,.,.) =  1  2 [ CPULongType{1,1,2} ]"), "out of order or out of range", 2, 38);
  expectError(at("Columns 1 to 1 1 Columns 1 to 1 2 [ CPULongType{1,2} ]"), "gives the element at column 1 twice", 2, 70);
}

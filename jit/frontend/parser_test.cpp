// parser_test.cpp — the parser's trees, printed as S-expressions: Python 3 precedence and
// associativity, atoms, calls, subscripts/slices, displays, comprehensions, f-strings, and every
// statement kind; tree views and type comments.
#include <gtest/gtest.h>

#include "jit/frontend/Parser.h"

using namespace tsjit;
using namespace tsjit::frontend;

namespace {
std::string expr(const std::string& src) { return parseExpression(src).str(); }
std::string stmts(const std::string& src) { return parseSource(src).statements().str(); }
}  // namespace

TEST(frontend_parser, Precedence) {
  EXPECT_EQ(expr("-a ** b"), "(neg (pow a b))");
  EXPECT_EQ(expr("a ** -b"), "(pow a (neg b))");
  EXPECT_EQ(expr("a ** b ** c"), "(pow a (pow b c))");
  EXPECT_EQ(expr("-2 ** 2"), "(neg (pow 2 2))");
  EXPECT_EQ(expr("a if b else c or d"), "(ifexp b a (or c d))");
  EXPECT_EQ(expr("a if b else c if d else e"), "(ifexp b a (ifexp d c e))");
  EXPECT_EQ(expr("a or b if c and d else e"), "(ifexp (and c d) (or a b) e)");
  EXPECT_EQ(expr("not a == b"), "(not (eq a b))");
  EXPECT_EQ(expr("not a and b"), "(and (not a) b)");
  EXPECT_EQ(expr("not not a"), "(not (not a))");
  EXPECT_EQ(expr("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(expr("a and b or c and d"), "(or (and a b) (and c d))");
  EXPECT_EQ(expr("a + b * c"), "(add a (mul b c))");
  EXPECT_EQ(expr("a - b - c"), "(sub (sub a b) c)");
  EXPECT_EQ(expr("a / b // c % d @ e"), "(matmul (mod (floordiv (div a b) c) d) e)");
  EXPECT_EQ(expr("a | b ^ c & d"), "(bitor a (bitxor b (bitand c d)))");
  EXPECT_EQ(expr("a << b + c >> d"), "(rshift (lshift a (add b c)) d)");
  EXPECT_EQ(expr("a & b == c | d"), "(eq (bitand a b) (bitor c d))");
  EXPECT_EQ(expr("~a @ b"), "(matmul (bitnot a) b)");
  EXPECT_EQ(expr("-a * +b"), "(mul (neg a) (pos b))");
  EXPECT_EQ(expr("- - a"), "(neg (neg a))");
  EXPECT_EQ(expr("(a + b) * c"), "(mul (add a b) c)");
  EXPECT_EQ(expr("-x.y ** 2"), "(neg (pow (select x y) 2))");
}

TEST(frontend_parser, Comparisons) {
  EXPECT_EQ(expr("a < b"), "(lt a b)");
  EXPECT_EQ(expr("a < b < c"), "(and (lt a b) (lt b c))");
  EXPECT_EQ(expr("a <= b == c != d"), "(and (and (le a b) (eq b c)) (ne c d))");
  EXPECT_EQ(expr("x is not None"), "(isnot x None)");
  EXPECT_EQ(expr("x is None"), "(is x None)");
  EXPECT_EQ(expr("x not in y"), "(notin x y)");
  EXPECT_EQ(expr("not x in y"), "(not (in x y))");
  EXPECT_EQ(expr("a > b >= c"), "(and (gt a b) (ge b c))");
  EXPECT_EQ(expr("a + 1 < b * 2"), "(lt (add a 1) (mul b 2))");
  // The middle operand is shared, not copied.
  auto e = parseExpression("a < b < c");
  EXPECT_EQ(e.get()->tree(0)->tree(1).get(), e.get()->tree(1)->tree(0).get());
}

TEST(frontend_parser, Literals) {
  EXPECT_EQ(expr("-1"), "-1");
  EXPECT_EQ(expr("1.5e3"), "1.5e3");
  EXPECT_EQ(expr("'it\\'s'"), "\"it's\"");
  EXPECT_EQ(expr("'a' \"b\" '''c'''"), "\"abc\"");
  EXPECT_EQ(expr("True and False or None"), "(or (and True False) None)");
  EXPECT_EQ(expr("(1,)"), "(tuple-lit [1])");
  EXPECT_EQ(expr("()"), "(tuple-lit [])");
  EXPECT_EQ(expr("1, 2"), "(tuple-lit [1 2])");
  EXPECT_EQ(expr("[1, 2,]"), "(list-lit [1 2])");
  EXPECT_EQ(expr("[]"), "(list-lit [])");
  EXPECT_EQ(expr("{'a': 1, 'b': x}"), "(dict-lit [\"a\" \"b\"] [1 x])");
  EXPECT_EQ(expr("{}"), "(dict-lit [] [])");
  EXPECT_EQ(expr("..."), "...");
  EXPECT_EQ(expr("[*a, b]"), "(list-lit [(starred a) b])");
  auto c = Const(parseExpression("0x7fffffffffffffff").get());
  EXPECT_EQ(c.asIntegral(), INT64_MAX);
  EXPECT_EQ(Const(parseExpression("-9223372036854775808").get()).asIntegral(), INT64_MIN);
  EXPECT_THROW(Const(parseExpression("9223372036854775808").get()).asIntegral(), CompileError);
  EXPECT_TRUE(Const(parseExpression("1.").get()).isFloatingPoint());
  EXPECT_TRUE(Const(parseExpression("1e-3").get()).isFloatingPoint());
  EXPECT_FALSE(Const(parseExpression("0xe").get()).isFloatingPoint());
  EXPECT_DOUBLE_EQ(Const(parseExpression("2.5e2").get()).asFloatingPoint(), 250.0);
  EXPECT_EQ(Const(parseExpression("0b101").get()).asIntegral(), 5);
  EXPECT_EQ(Const(parseExpression("0o17").get()).asIntegral(), 15);
  EXPECT_EQ(Const(parseExpression("1_000").get()).asIntegral(), 1000);
}

TEST(frontend_parser, FStrings) {
  EXPECT_EQ(expr("f\"n={n}\""), "(apply (select \"n={}\" format) [n] [])");
  EXPECT_EQ(expr("f'{a + 1}-{b[0]}'"), "(apply (select \"{}-{}\" format) [(add a 1) (subscript b [0])] [])");
  EXPECT_EQ(expr("'{x}' f'{y}'"), "(apply (select \"{{x}}{}\" format) [y] [])");
  // Sub-expressions keep their source location.
  auto e = parseExpression("f'ab{cd}'");
  auto arg = Apply(e.get()).inputs()[0];
  EXPECT_EQ(arg.range().text(), "cd");
  EXPECT_EQ(arg.range().column(), 6u);
}

TEST(frontend_parser, CallsSelectsSubscripts) {
  EXPECT_EQ(expr("a.b(c, d=1)[0]"), "(subscript (apply (select a b) [c] [(kwarg d 1)]) [0])");
  EXPECT_EQ(expr("f()"), "(apply f [] [])");
  EXPECT_EQ(expr("f(*args, x,)"), "(apply f [(starred args) x] [])");
  EXPECT_EQ(expr("torch.zeros(3, dtype=torch.float)"),
            "(apply (select torch zeros) [3] [(kwarg dtype (select torch float))])");
  EXPECT_EQ(expr("x[1:2, ::-1, ..., None]"), "(subscript x [(slice 1 2 _) (slice _ _ -1) ... None])");
  EXPECT_EQ(expr("x[:]"), "(subscript x [(slice _ _ _)])");
  EXPECT_EQ(expr("x[a:]"), "(subscript x [(slice a _ _)])");
  EXPECT_EQ(expr("x[1:5:2]"), "(subscript x [(slice 1 5 2)])");
  EXPECT_EQ(expr("x[::]"), "(subscript x [(slice _ _ _)])");
  EXPECT_EQ(expr("x[(1, 2)]"), "(subscript x [(tuple-lit [1 2])])");
  EXPECT_EQ(expr("Tuple[int, List[float]]"), "(subscript Tuple [int (subscript List [float])])");
  EXPECT_EQ(expr("f(x for x in y)"), "(apply f [(genexp x [(comprehension x y [])])] [])");
  auto a = Apply(parseExpression("g(1, k=2)").get());
  EXPECT_EQ(a.callee().kind(), Kind::Ident);
  EXPECT_EQ(a.inputs().size(), 1u);
  EXPECT_EQ(a.attributes()[0].name().name(), "k");
  EXPECT_EQ(a.range().text(), "g(1, k=2)");
}

TEST(frontend_parser, ComprehensionsAndLambda) {
  EXPECT_EQ(expr("[x * 2 for x in xs if x > 0]"), "(listcomp (mul x 2) [(comprehension x xs [(gt x 0)])])");
  EXPECT_EQ(expr("[a for a, b in z for c in a]"),
            "(listcomp a [(comprehension (tuple-lit [a b]) z []) (comprehension c a [])])");
  EXPECT_EQ(expr("{k: v for k, v in d.items()}"),
            "(dictcomp k v [(comprehension (tuple-lit [k v]) (apply (select d items) [] []) [])])");
  EXPECT_EQ(expr("[x if c else y for x in xs]"), "(listcomp (ifexp c x y) [(comprehension x xs [])])");
  EXPECT_EQ(expr("lambda x, y=1: x + y"), "(lambda [(param x _ _) (param y _ 1)] (add x y))");
  EXPECT_EQ(expr("lambda: 0"), "(lambda [] 0)");
  auto lc = ListComp(parseExpression("[i for i in range(3)]").get());
  EXPECT_EQ(lc.generators()[0].target().str(), "i");
  EXPECT_EQ(lc.generators()[0].iter().str(), "(apply range [3] [])");
}

TEST(frontend_parser, SimpleStatements) {
  EXPECT_EQ(stmts("x = 1"), "[(assign [x] 1 _)]");
  EXPECT_EQ(stmts("a = b = c"), "[(assign [a b] c _)]");
  EXPECT_EQ(stmts("a, *b = c"), "[(assign [(tuple-lit [a (starred b)])] c _)]");
  EXPECT_EQ(stmts("(a, b), c = x"), "[(assign [(tuple-lit [(tuple-lit [a b]) c])] x _)]");
  EXPECT_EQ(stmts("x[0], self.y = 1, 2"), "[(assign [(tuple-lit [(subscript x [0]) (select self y)])] (tuple-lit [1 2]) _)]");
  EXPECT_EQ(stmts("x: Final[int] = 3"), "[(assign [x] 3 (subscript Final [int]))]");
  EXPECT_EQ(stmts("x: int"), "[(assign [x] _ int)]");
  EXPECT_EQ(stmts("x += 1\ny **= 2\nz //= 3\nw >>= 1"),
            "[(augassign x add 1) (augassign y pow 2) (augassign z floordiv 3) (augassign w rshift 1)]");
  EXPECT_EQ(stmts("return"), "[(return _)]");
  EXPECT_EQ(stmts("return a, b"), "[(return (tuple-lit [a b]))]");
  EXPECT_EQ(stmts("raise ValueError('x')"), "[(raise (apply ValueError [\"x\"] []) _)]");
  EXPECT_EQ(stmts("raise"), "[(raise _ _)]");
  EXPECT_EQ(stmts("assert x > 0, 'msg'"), "[(assert (gt x 0) \"msg\")]");
  EXPECT_EQ(stmts("assert x"), "[(assert x _)]");
  EXPECT_EQ(stmts("pass; break; continue"), "[pass break continue]");
  EXPECT_EQ(stmts("del d['b'], x"), "[(del [(subscript d [\"b\"]) x])]");
  EXPECT_EQ(stmts("global a, b"), "[(global [a b])]");
  EXPECT_EQ(stmts("f(x)"), "[(expr (apply f [x] []))]");
  EXPECT_EQ(stmts("import torch.nn as nn, math"), "[(import [(alias torch.nn nn) (alias math _)])]");
  EXPECT_EQ(stmts("from typing import (List,\n Dict as D)"), "[(from typing [(alias List _) (alias Dict D)])]");
  EXPECT_EQ(stmts("from . import x"), "[(from . [(alias x _)])]");
  EXPECT_EQ(stmts("from a.b import *"), "[(from a.b [(alias * _)])]");
  auto assign = Assign(parseSource("y = 2").statements()[0].get());
  EXPECT_EQ(assign.lhs().str(), "y");
  EXPECT_EQ(assign.rhs().value().str(), "2");
  EXPECT_FALSE(assign.type().present());
  auto aug = AugAssign(parseSource("y -= 2").statements()[0].get());
  EXPECT_EQ(aug.op(), Kind::Sub);
}

TEST(frontend_parser, CompoundStatements) {
  EXPECT_EQ(stmts("if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    x = 3\n"),
            "[(if a [(assign [x] 1 _)] [(if b [(assign [x] 2 _)] [(assign [x] 3 _)])])]");
  EXPECT_EQ(stmts("if a: pass\n"), "[(if a [pass] [])]");
  EXPECT_EQ(stmts("while i < 3:\n    i += 1\n    if i: break\n"),
            "[(while (lt i 3) [(augassign i add 1) (if i [break] [])])]");
  EXPECT_EQ(stmts("for i, x in enumerate(xs):\n    continue\n"),
            "[(for (tuple-lit [i x]) (apply enumerate [xs] []) [continue])]");
  EXPECT_EQ(stmts("for x in a, b:\n  pass\n"), "[(for x (tuple-lit [a b]) [pass])]");
  EXPECT_EQ(stmts("with torch.no_grad() as g, lock:\n    pass\n"),
            "[(with [(withitem (apply (select torch no_grad) [] []) g) (withitem lock _)] [pass])]");
  auto f = For(parseSource("for k in d.keys():\n  pass").statements()[0].get());
  EXPECT_EQ(f.target().str(), "k");
  EXPECT_EQ(f.body().size(), 1u);
}

TEST(frontend_parser, Definitions) {
  const char* src =
      "@torch.jit.script\n"
      "def f(x: Tensor, n: int = 2, *, scale: float = 1.0) -> Tuple[Tensor, int]:\n"
      "    \"\"\"Docstring.\"\"\"\n"
      "    return x * scale, n\n";
  auto mod = parseSource(src);
  ASSERT_EQ(mod.statements().size(), 1u);
  Def def(mod.statements()[0].get());
  EXPECT_EQ(def.name().name(), "f");
  EXPECT_EQ(def.decl().params().size(), 3u);
  EXPECT_EQ(def.decl().params()[1].defaultValue().value().str(), "2");
  EXPECT_TRUE(def.decl().params()[2].kwargOnly());
  EXPECT_FALSE(def.decl().params()[1].kwargOnly());
  EXPECT_EQ(def.decl().returnType().value().str(), "(subscript Tuple [Tensor int])");
  EXPECT_EQ(def.docstring().value_or(""), "Docstring.");
  EXPECT_TRUE(def.hasDecorator("torch.jit.script"));
  EXPECT_FALSE(def.hasDecorator("torch.jit.export"));
  EXPECT_EQ(def.range().line(), 1u);
  EXPECT_EQ(def.decl().str(),
            "(decl [(param x Tensor _) (param n int 2) (param kwonly scale float 1.0)] "
            "(subscript Tuple [Tensor int]))");
  EXPECT_EQ(stmts("def g(*args, **kwargs): pass"),
            "[(def g (decl [(param * args _ _) (param ** kwargs _ _)] _) [pass] [])]");
}

TEST(frontend_parser, ClassDefinitions) {
  const char* src =
      "class M(nn.Module):\n"
      "    __constants__ = ['a']\n"
      "    x: Final[int] = 3\n"
      "    bias: Optional[Tensor]\n"
      "\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "\n"
      "    @torch.jit.export\n"
      "    def extra(self, x: Tensor) -> Tensor:\n"
      "        return x\n"
      "\n"
      "    @staticmethod\n"
      "    def s(y):\n"
      "        # type: (int) -> int\n"
      "        return y\n";
  auto mod = parseSource(src);
  ClassDef cls(mod.statements()[0].get());
  EXPECT_EQ(cls.name().name(), "M");
  EXPECT_EQ(cls.bases()[0].str(), "(select nn Module)");
  ASSERT_EQ(cls.body().size(), 6u);
  EXPECT_EQ(cls.body()[0].str(), "(assign [__constants__] (list-lit [\"a\"]) _)");
  EXPECT_EQ(cls.body()[1].str(), "(assign [x] 3 (subscript Final [int]))");
  EXPECT_EQ(cls.body()[2].str(), "(assign [bias] _ (subscript Optional [Tensor]))");
  Def extra(cls.body()[4].get());
  EXPECT_TRUE(extra.hasDecorator("torch.jit.export"));
  Def s(cls.body()[5].get());
  EXPECT_TRUE(s.hasDecorator("staticmethod"));
  EXPECT_EQ(s.decl().str(), "(decl [(param y int _)] int)");
}

TEST(frontend_parser, TypeComments) {
  auto mod = parseSource(
      "def f(x, y):\n"
      "    # type: (int, List[int]) -> int\n"
      "    return x\n"
      "class C:\n"
      "    def m(self, a):  # type: (Tensor) -> Tensor\n"
      "        z = []  # type: List[int]\n"
      "        return a\n"
      "def g(x: int):\n"
      "    # type: (float) -> float\n"
      "    return x\n");
  Def f(mod.statements()[0].get());
  EXPECT_EQ(f.decl().str(), "(decl [(param x int _) (param y (subscript List [int]) _)] int)");
  Def m(ClassDef(mod.statements()[1].get()).body()[0].get());
  EXPECT_EQ(m.decl().str(), "(decl [(param self _ _) (param a Tensor _)] Tensor)");
  EXPECT_EQ(m.statements()[0].str(), "(assign [z] (list-lit []) (subscript List [int]))");
  // Real annotations win over a type comment.
  Def g(mod.statements()[2].get());
  EXPECT_EQ(g.decl().str(), "(decl [(param x int _)] _)");
  auto src = std::make_shared<Source>("(int, str) -> bool");
  EXPECT_EQ(parseTypeComment(src, 0, src->text().size()).str(), "(decl [(param _0 int _) (param _1 str _)] bool)");
}

TEST(frontend_parser, RangesPointAtSource) {
  auto mod = parseSource("def f(x):\n    y = x  +  1\n    return y\n");
  Def def(mod.statements()[0].get());
  auto assign = Assign(def.statements()[0].get());
  EXPECT_EQ(assign.range().text(), "y = x  +  1");
  EXPECT_EQ(assign.rhs().value().range().text(), "x  +  1");
  EXPECT_EQ(assign.rhs().value().range().line(), 2u);
  EXPECT_EQ(assign.rhs().value().range().column(), 9u);
  EXPECT_EQ(def.statements()[1].range().text(), "return y");
}

TEST(frontend_parser, TreeDepthIsBoundedButLongFlatInputIsFine) {
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "x = " + std::to_string(i) + "\n";
  EXPECT_EQ(parseSource(many).statements().size(), 5000u);
  std::string sum = "x = 1";
  for (int i = 0; i < 500; ++i) sum += " + 1";
  EXPECT_NO_THROW(parseSource(sum));
}

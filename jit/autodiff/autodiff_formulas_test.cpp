// autodiff_formulas_test.cpp — loading symbolic_script formula files: the built-in ones all load
// and match an overload; malformed formula files fail with a clear CompileError.
#include <gtest/gtest.h>

#include "jit/autodiff/Formula.h"

namespace tsjit::autodiff {
namespace {

TEST(AutodiffFormulas, BuiltinsLoadAndMatchAnOverload) {
  const FormulaSet& set = builtinFormulas();
  EXPECT_GE(set.all().size(), 40u);
  for (const auto& f : set.all()) {
    SCOPED_TRACE(f->name);
    ASSERT_NE(f->overload, nullptr);
    EXPECT_EQ(f->graph->inputs().size(), f->overload->schema().arguments().size() + 1);
    EXPECT_EQ(f->graph->outputs().size(), f->overload->schema().arguments().size() + 1);
    EXPECT_NE(f->overload->get<GradientFormula>(), nullptr);
  }
  ASSERT_NE(set.find("aten::mul.Tensor"), nullptr);
  ASSERT_NE(set.find("aten::add.Tensor"), nullptr);
  ASSERT_NE(set.find("aten::mean.dim"), nullptr);
  if (getenv("TSJIT_DUMP_FORMULAS"))
    for (const auto& f : set.all()) std::cerr << f->overload->qualifiedName() << "\n" << f->graph->toString(false);
}

TEST(AutodiffFormulas, RewriteInlinesTheClosure) {
  std::vector<std::string> names;
  std::string out = rewriteFormulaSource(
      "def mul(self, other):\n"
      "    result = self * other\n"
      "    def backward(grad_output):\n"
      "        g = grad_output * other\n"
      "        return g, grad_output * self\n"
      "    return result, backward\n",
      "t.py", &names);
  EXPECT_EQ(names, std::vector<std::string>{"mul"});
  EXPECT_NE(out.find("def mul(self, other, grad_output):"), std::string::npos) << out;
  EXPECT_NE(out.find("    g = grad_output * other\n"), std::string::npos) << out;
  EXPECT_NE(out.find("    return (result), g, grad_output * self\n"), std::string::npos) << out;
  // Statements stay on their own lines of the file (errors point at the right line).
  size_t line = 1;
  for (size_t i = 0; i < out.find("    g = grad_output"); ++i) line += out[i] == '\n';
  EXPECT_EQ(line, 4u) << out;
}

TEST(AutodiffFormulas, MalformedFormulasAreCompileErrors) {
  auto loadError = [](const std::string& src) {
    try {
      FormulaSet s;
      s.load(src, "bad.py");
    } catch (const CompileError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(loadError("def mul(self, other):\n    def backward(g):\n        return g, g\n    return self * other\n")
                .find("must end with"),
            std::string::npos);
  EXPECT_NE(loadError("def nosuchop(self):\n    def backward(g):\n        return g\n    return self, backward\n")
                .find("no op aten::nosuchop"),
            std::string::npos);
  EXPECT_NE(loadError("def mul(self, other):\n    def backward(g):\n        return g\n    return self * other, backward\n")
                .find("backward returns 1 gradients for 2 inputs"),
            std::string::npos);
}

}  // namespace
}  // namespace tsjit::autodiff

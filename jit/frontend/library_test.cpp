// library_test.cpp — every function of the built-in library (Library.cpp: the torch.nn.functional
// and torch.functional functions PyTorch 1.13 compiles from source, and the methods of its class
// torch.no_grad) parses and compiles, so a mistake in a rarely called one fails here rather than
// in a user's program; and a caller's
// library code (a corpus case's archive_code) wins over the built-in definition of the same name.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "jit/frontend/EmitterImpl.h"
#include "jit/frontend/Parser.h"

using namespace tsjit;
using namespace tsjit::frontend;

TEST(frontend_library, EveryBuiltinLibraryFunctionCompiles) {
  size_t compiled = 0;
  for (const auto& [path, text] : frontend::detail::builtinLibraryCode()) {
    Module m = parseSource(text, path);  // throws (fails the test) on a syntax error
    std::string prefix = path.substr(5, path.size() - 5 - 3);
    std::replace(prefix.begin(), prefix.end(), '/', '.');
    for (auto s : m.statements()) {
      ASSERT_TRUE(s.kind() == Kind::Def || s.kind() == Kind::ClassDef) << path;
      bool isClass = s.kind() == Kind::ClassDef;
      std::string q = prefix + "." + (isClass ? ClassDef(s.get()).name().name() : Def(s.get()).name().name());
      CompilationUnit cu;
      CompileOptions options;
      frontend::detail::CompilerContext ctx;
      ctx.cu = &cu;
      ctx.options = &options;
      try {
        if (!isClass) {
          ASSERT_NE(ctx.getFunction(q, {}), nullptr) << q;
        } else {  // a library class (torch.no_grad): every method compiles
          auto info = ctx.libraryClass(q, {});
          ASSERT_NE(info, nullptr) << q;
          for (auto d : ClassDef(s.get()).body())
            if (d.kind() == Kind::Def) ASSERT_NE(ctx.getMethod(info, Def(d.get()).name().name(), {}), nullptr) << q;
        }
      } catch (const CompileError& e) {
        FAIL() << q << ": " << e.what();
      }
      ++compiled;
    }
  }
  EXPECT_GE(compiled, 20u);
}

TEST(frontend_library, CallerLibraryCodeWinsOverBuiltin) {
  CompileOptions options;
  options.libraryCode["code/__torch__/torch/nn/functional.py"] =
      "def normalize(input: Tensor, p: float=2., dim: int=1, eps: float=1e-12, out: Optional[Tensor]=None) -> Tensor:\n"
      "  return torch.neg(input)\n";
  auto cu = compileFunctions("def f(x: Tensor) -> Tensor:\n    return F.normalize(x)\n", "f", options);
  Function* fn = cu->findFunction("__torch__.torch.nn.functional.normalize");
  ASSERT_NE(fn, nullptr);
  bool hasNeg = false;
  for (Node* n : fn->graph()->nodes()) hasNeg = hasNeg || n->kind() == aten::neg;
  EXPECT_TRUE(hasNeg);
}

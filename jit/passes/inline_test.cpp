// inline_test.cpp — the inline pass on methods (prim::CallMethod through the self type's methods,
// nested submodule calls) and on functions through an InlineResolverScope.
#include <gtest/gtest.h>

#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ir/Verifier.h"
#include "jit/passes/Inline.h"

using namespace tsjit;

namespace {
size_t countKind(const Block& b, Symbol k) {
  size_t n = 0;
  for (const Node* node : b.nodes()) {
    n += node->kind() == k;
    for (const Block* sub : node->blocks()) n += countKind(*sub, k);
  }
  return n;
}
}  // namespace

TEST(Inline, MethodsOfTheSelfTypeAndTheirCallsAreInlined) {
  // Given: M.forward calls self.helper, which calls self.sub.forward (a submodule)
  ClassRegistry classes;
  ClassTypePtr sub = classes.getOrCreate("__torch__.Sub");
  ClassTypePtr m = classes.getOrCreate("__torch__.M");
  m->addAttribute("sub", sub, ClassType::SlotKind::Module);
  sub->addMethod(std::make_shared<Function>(
      "__torch__.Sub.forward",
      parseIR("graph(%self : __torch__.Sub, %a : int):\n  %r : int = aten::neg(%a)\n  return (%r)\n", "sub", &classes)));
  m->addMethod(std::make_shared<Function>(
      "__torch__.M.helper",
      parseIR("graph(%self : __torch__.M, %a : int):\n  %s : __torch__.Sub = prim::GetAttr[name=\"sub\"](%self)\n"
              "  %r : int = prim::CallMethod[name=\"forward\"](%s, %a)\n  %t : int = aten::mul(%r, %a)\n  return (%t)\n",
              "helper", &classes)));
  auto g = parseIR(
      "graph(%self : __torch__.M, %x : int):\n  %y : int = prim::CallMethod[name=\"helper\"](%self, %x)\n"
      "  %z : int = aten::add(%y, %x)\n  return (%z)\n",
      "forward", &classes);
  // Execute
  bool changed = inlineCalls(g);
  // Result
  EXPECT_TRUE(changed);
  verify(*g);
  EXPECT_EQ(countKind(*g->block(), prim::CallMethod), 0u) << g->toString(false);
  EXPECT_EQ(countKind(*g->block(), aten::neg), 1u);
  EXPECT_EQ(countKind(*g->block(), aten::mul), 1u);
  EXPECT_FALSE(inlineCalls(g));  // idempotent
  // The callee graphs are untouched.
  EXPECT_EQ(countKind(*m->findMethod("helper")->graph()->block(), prim::CallMethod), 1u);
}

TEST(Inline, FunctionsNeedAResolver) {
  auto callee = std::make_shared<Function>("twice", parseIR("graph(%a : int):\n  %r : int = aten::add(%a, %a)\n  return (%r)\n"));
  const char* text =
      "graph(%x : int):\n  %f : Function = prim::Constant[name=\"twice\"]()\n"
      "  %y : int = prim::CallFunction(%f, %x)\n  return (%y)\n";
  auto g = parseIR(text);
  EXPECT_FALSE(inlineCalls(g));  // no resolver: the call stays
  {
    InlineResolverScope scope([&](const std::string& name) { return name == "twice" ? callee.get() : nullptr; });
    EXPECT_TRUE(inlineCalls(g));
  }
  verify(*g);
  EXPECT_EQ(countKind(*g->block(), prim::CallFunction), 0u);
  EXPECT_EQ(countKind(*g->block(), aten::add), 1u);
}

// alias_db_test.cpp — AliasDb queries on small graphs: views, in-place ops, containers, control
// flow, graph inputs, wildcards, reordering; and the side-effect / nondeterminism properties.
#include <gtest/gtest.h>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"

using namespace tsjit;

namespace {

std::shared_ptr<Graph> parse(const std::string& text) { return parseIR(text); }
Value* val(const std::shared_ptr<Graph>& g, const std::string& name) {
  Value* v = g->findValueByName(name);
  if (!v) throw std::runtime_error("no value %" + name);
  return v;
}
Node* def(const std::shared_ptr<Graph>& g, const std::string& name) { return val(g, name)->node(); }

}  // namespace

TEST(AliasDb, ViewsAliasTheirBaseFreshResultsDoNot) {
  // Given: a fresh tensor, a view of it, and another fresh tensor
  auto g = parse(R"IR(graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %a : Tensor = aten::relu(%x)
  %v : Tensor = aten::select(%a, %zero, %zero)
  %b : Tensor = aten::neg(%a)
  return (%v, %b)
)IR");
  // Execute
  AliasDb db(g);
  // Result
  EXPECT_TRUE(db.mayAlias(val(g, "a"), val(g, "v")));
  EXPECT_FALSE(db.mayAlias(val(g, "a"), val(g, "b")));
  EXPECT_FALSE(db.mayAlias(val(g, "a"), val(g, "x")));
  EXPECT_FALSE(db.mayAlias(val(g, "zero"), val(g, "zero")));  // ints have no memory
  EXPECT_FALSE(db.hasWriters(val(g, "a")));
  EXPECT_FALSE(db.isWildcard(val(g, "a")));
  EXPECT_TRUE(db.isWildcard(val(g, "x")));
}

TEST(AliasDb, GraphInputsOfOneClassMayAliasEachOther) {
  auto g = parse(R"IR(graph(%x : Tensor, %y : Float(2, strides=[1], requires_grad=0, device=cpu), %l : int[], %n : int):
  return (%x)
)IR");
  AliasDb db(g);
  EXPECT_TRUE(db.mayAlias(val(g, "x"), val(g, "y")));
  EXPECT_FALSE(db.mayAlias(val(g, "x"), val(g, "l")));
  EXPECT_FALSE(db.mayAlias(val(g, "x"), val(g, "n")));
  EXPECT_TRUE(db.mayAliasGraphBoundary(val(g, "y")));
}

TEST(AliasDb, InPlaceWritesReachViewsAndBase) {
  auto g = parse(R"IR(graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::relu(%x)
  %v : Tensor = aten::select(%a, %zero, %zero)
  %w : Tensor = aten::add_(%v, %one, %one)
  %c : Tensor = aten::neg(%x)
  return (%a, %c)
)IR");
  AliasDb db(g);
  Node* write = def(g, "w");
  EXPECT_TRUE(db.isMutable(write));
  EXPECT_FALSE(db.isMutable(def(g, "c")));
  EXPECT_TRUE(db.hasWriters(val(g, "a")));  // written through its view
  EXPECT_TRUE(db.writesToAlias(write, {val(g, "a")}));
  EXPECT_FALSE(db.writesToAlias(write, {val(g, "x"), val(g, "c")}));
  EXPECT_FALSE(db.hasWriters(val(g, "x")));
  EXPECT_TRUE(db.mayAlias(val(g, "w"), val(g, "a")));
  ASSERT_EQ(db.writersOf(val(g, "a")).size(), 1u);
  EXPECT_EQ(db.writersOf(val(g, "a"))[0], write);
}

TEST(AliasDb, ContainersHoldWildcardsOfTheirElements) {
  auto g = parse(R"IR(graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %a : Tensor = aten::relu(%x)
  %b : Tensor = aten::neg(%x)
  %l : Tensor[] = prim::ListConstruct(%a)
  %e : Tensor = aten::__getitem__(%l, %zero)
  return (%e, %b)
)IR");
  AliasDb db(g);
  EXPECT_FALSE(db.mayAlias(val(g, "l"), val(g, "a")));       // a list is not a tensor
  EXPECT_TRUE(db.mayContainAlias(val(g, "l"), val(g, "a")));  // but holds one
  EXPECT_TRUE(db.mayAlias(val(g, "e"), val(g, "a")));         // what comes out is a wildcard
  EXPECT_TRUE(db.mayAlias(val(g, "e"), val(g, "x")));
  EXPECT_FALSE(db.mayAlias(val(g, "b"), val(g, "a")));        // b never escaped
  EXPECT_FALSE(db.mayContainAlias(val(g, "l"), val(g, "b")));
}

TEST(AliasDb, IfAndLoopOutputsAliasTheirSources) {
  auto g = parse(R"IR(graph(%x : Tensor, %c : bool, %n : int):
  %a : Tensor = aten::relu(%x)
  %b : Tensor = aten::neg(%x)
  %d : Tensor = aten::sigmoid(%x)
  %r : Tensor = prim::If(%c)
    block0():
      -> (%a)
    block1():
      -> (%b)
  %t : bool = prim::Constant[value=1]()
  %acc : Tensor = prim::Loop(%n, %t, %d)
    block0(%i : int, %cur : Tensor):
      %next : Tensor = aten::tanh(%cur)
      -> (%t, %next)
  return (%r, %acc)
)IR");
  AliasDb db(g);
  EXPECT_TRUE(db.mayAlias(val(g, "r"), val(g, "a")));
  EXPECT_TRUE(db.mayAlias(val(g, "r"), val(g, "b")));
  EXPECT_FALSE(db.mayAlias(val(g, "a"), val(g, "b")));
  EXPECT_TRUE(db.mayAlias(val(g, "acc"), val(g, "d")));
  EXPECT_TRUE(db.mayAlias(val(g, "acc"), val(g, "next")));
  EXPECT_TRUE(db.mayAlias(val(g, "cur"), val(g, "next")));  // carried around the loop
  EXPECT_FALSE(db.mayAlias(val(g, "acc"), val(g, "a")));
}

TEST(AliasDb, EscapingIntoAWildcardAliasesInputs) {
  // aten::split(Tensor(a -> *) self, ...): self joins the wildcard after the call
  auto g = parse(R"IR(graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %a : Tensor = aten::relu(%x)
  %parts : Tensor[] = aten::split(%a, %one, %zero)
  %b : Tensor = aten::neg(%x)
  return (%parts, %b)
)IR");
  AliasDb db(g);
  EXPECT_TRUE(db.mayAlias(val(g, "a"), val(g, "x")));
  EXPECT_TRUE(db.mayContainAlias(val(g, "parts"), val(g, "a")));
  EXPECT_FALSE(db.mayAlias(val(g, "b"), val(g, "a")));
}

TEST(AliasDb, UnknownOpsAreConservative) {
  auto g = parse(R"IR(graph(%x : Tensor):
  %a : Tensor = aten::relu(%x)
  %b : Tensor = user::mystery(%a)
  return (%b)
)IR");
  AliasDb db(g);
  Node* mystery = def(g, "b");
  EXPECT_TRUE(db.isMutable(mystery));
  EXPECT_TRUE(db.hasWriters(val(g, "a")));
  EXPECT_TRUE(db.isWildcard(val(g, "b")));
  EXPECT_TRUE(hasSideEffects(mystery));
}

TEST(AliasDb, MovesRespectDataAndMemoryDependences) {
  auto g = parse(R"IR(graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::relu(%x)
  %r : Tensor = aten::neg(%a)
  %w : Tensor = aten::add_(%a, %one, %one)
  %s : Tensor = aten::sigmoid(%x)
  %u : Tensor = aten::tanh(%a)
  return (%r, %w, %s, %u)
)IR");
  AliasDb db(g);
  Node* r = def(g, "r");
  Node* w = def(g, "w");
  Node* s = def(g, "s");
  Node* u = def(g, "u");
  EXPECT_FALSE(db.couldMoveAfterTopologically(r, w));   // r reads a before the write
  EXPECT_FALSE(db.couldMoveBeforeTopologically(u, w));  // u reads a after the write
  EXPECT_FALSE(db.couldMoveBeforeTopologically(r, def(g, "a")));  // r uses a
  EXPECT_TRUE(db.couldMoveBeforeTopologically(s, r));   // s touches neither
  EXPECT_TRUE(db.moveBeforeTopologicallyValid(s, r));
  EXPECT_EQ(s->next(), r);
  EXPECT_FALSE(db.moveAfterTopologicallyValid(r, u));
  EXPECT_EQ(r->next(), w);  // unchanged on refusal
  g->lint();
}

TEST(AliasDb, SideEffectsAndNondeterminism) {
  auto g = parse(R"IR(graph(%x : Tensor):
  %msg : str = prim::Constant[value="m"]()
  %none : NoneType = prim::Constant()
  %p : float = prim::Constant[value=0.5]()
  %t : bool = prim::Constant[value=1]()
  %d : Tensor = aten::dropout(%x, %p, %t)
  %r : Tensor = aten::rand_like(%x, %none, %none, %none, %none, %none)
  %a : Tensor = aten::relu(%x)
   = prim::RaiseException(%msg, %none)
  return (%d, %r, %a)
)IR");
  EXPECT_TRUE(isNondeterministic(def(g, "d")));
  EXPECT_TRUE(isNondeterministic(def(g, "r")));
  EXPECT_FALSE(isNondeterministic(def(g, "a")));
  EXPECT_FALSE(hasSideEffects(def(g, "a")));
  EXPECT_TRUE(hasSideEffects(g->returnNode()->prev()));
}

TEST(AliasDb, TypeClasses) {
  auto g = parse(R"IR(graph(%x : Tensor?, %l : Tensor[], %t : (int, Tensor), %u : (int, str), %d : Dict(str, Tensor)):
  return (%x)
)IR");
  EXPECT_EQ(aliasTypeClass(*val(g, "x")->type()), "Tensor");
  EXPECT_EQ(aliasTypeClass(*val(g, "l")->type()), "List[Tensor]");
  EXPECT_EQ(aliasTypeClass(*val(g, "t")->type()), "Tuple[int, Tensor]");
  EXPECT_EQ(aliasTypeClass(*val(g, "u")->type()), std::nullopt);
  EXPECT_EQ(aliasTypeClass(*val(g, "d")->type()), "Dict[str, Tensor]");
}

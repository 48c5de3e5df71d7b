// graph_test.cpp — the Graph mutation API (Given / Execute / Result) and the verifier: each
// verifier invariant is broken once and must raise InternalError.
#include <gtest/gtest.h>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ir/Verifier.h"

using namespace tsjit;

namespace {

// Given: a graph computing (x + y) * x.
struct SmallGraph {
  std::shared_ptr<Graph> g = std::make_shared<Graph>();
  Value *x, *y, *one, *sum, *prod;
  Node *add, *mul;
  SmallGraph() {
    x = g->addInput("x");
    y = g->addInput("y");
    one = g->insertConstant(1);
    add = g->insert(aten::add, {x, y, one});
    sum = add->output();
    mul = g->insert(aten::mul, {sum, x});
    prod = mul->output();
    g->registerOutput(prod);
  }
};

std::vector<Symbol> kinds(const Block* b) {
  std::vector<Symbol> out;
  for (Node* n : b->nodes()) out.push_back(n->kind());
  return out;
}

}  // namespace

TEST(Graph, CreateAndInsertKeepsOrderUsesAndPrints) {
  // Given / Execute
  SmallGraph s;
  // Result
  EXPECT_EQ(kinds(s.g->block()), (std::vector<Symbol>{prim::Constant, aten::add, aten::mul}));
  ASSERT_EQ(s.x->uses().size(), 2u);
  EXPECT_EQ(s.x->uses()[0], (Use{s.add, 0}));
  EXPECT_EQ(s.x->uses()[1], (Use{s.mul, 1}));
  EXPECT_EQ(s.add->owningBlock(), s.g->block());
  EXPECT_EQ(s.sum->node(), s.add);
  EXPECT_TRUE(s.add->isBefore(s.mul));
  EXPECT_TRUE(s.mul->isAfter(s.add));
  EXPECT_NO_THROW(s.g->lint());
  EXPECT_EQ(s.g->toString(),
            "graph(%x : Tensor,\n      %y : Tensor):\n"
            "  %2 : int = prim::Constant[value=1]()\n"
            "  %3 : Tensor = aten::add(%x, %y, %2)\n"
            "  %4 : Tensor = aten::mul(%3, %x)\n"
            "  return (%4)\n");
}

TEST(Graph, DebugNamesAreUniquedAsPyTorchDoes) {
  // Given
  Graph g;
  Value* a = g.addInput("x");
  Value* b = g.addInput();
  Value* c = g.addInput();
  // Execute: the second owner of "x" takes the name, the previous one becomes x.1
  b->setDebugName("x");
  c->setDebugName("x");
  // Result
  EXPECT_EQ(a->debugName(), "x.1");
  // PyTorch records the next suffix per base (2) and starts past it (+1): x.3, not x.2.
  EXPECT_EQ(b->debugName(), "x.3");
  EXPECT_EQ(c->debugName(), "x");
  EXPECT_EQ(g.findValueByName("x"), c);
  EXPECT_THROW(c->setDebugName("12"), InternalError);  // pure numbers are ids
  c->setDebugName("");
  EXPECT_FALSE(c->hasDebugName());
  EXPECT_EQ(c->debugName(), std::to_string(c->unique()));
}

TEST(Graph, InsertPointAndWithInsertPointGuard) {
  // Given
  SmallGraph s;
  // Execute: insert before mul under a guard, then append after the guard is gone
  Value* two = nullptr;
  {
    WithInsertPoint guard(s.mul);
    two = s.g->insertConstant(2.5);
  }
  Value* str = s.g->insertConstant("a\"b");
  // Result
  EXPECT_EQ(two->node()->next(), s.mul);
  EXPECT_EQ(two->type()->str(), "float");
  EXPECT_EQ(str->node()->next(), s.g->returnNode());
  EXPECT_EQ(str->node()->s(attr::value), "a\"b");
  EXPECT_EQ(s.g->insertPoint(), s.g->returnNode());
  EXPECT_NE(s.g->toString().find("prim::Constant[value=\"a\\\"b\"]()"), std::string::npos);
}

TEST(Graph, ConstantsOfEveryKindAreTyped) {
  // Given
  Graph g;
  // Execute
  Value* i = g.insertConstant(int64_t(3));
  Value* b = g.insertConstant(true);
  Value* f = g.insertConstant(1.0);
  Value* s = g.insertConstant(std::string("hi"));
  Value* n = g.insertConstant(std::nullopt);
  Value* l = g.insertConstant(std::vector<int64_t>{1, 2});
  Value* t = g.insertConstant(TensorConstant::scalar(ScalarType::Int64, 2));
  // Result
  EXPECT_EQ(i->type()->str(), "int");
  EXPECT_EQ(b->type()->str(), "bool");
  EXPECT_EQ(f->type()->str(), "float");
  EXPECT_EQ(s->type()->str(), "str");
  EXPECT_EQ(n->type()->str(), "NoneType");
  EXPECT_EQ(l->type()->str(), "int[]");
  EXPECT_FALSE(n->node()->hasAttributes());
  EXPECT_EQ(b->node()->i(attr::value), 1);
  EXPECT_EQ(formatAttributeValue(f->node()->attr(attr::value)), "1.");
  EXPECT_EQ(formatAttributeValue(t->node()->attr(attr::value)), "{2}");
  EXPECT_EQ(formatAttributeValue(l->node()->attr(attr::value)), "[1, 2]");
  EXPECT_THROW(i->node()->f(attr::value), InternalError);  // wrong attribute kind
}

TEST(Graph, InputMutationKeepsUseOffsetsInSync) {
  // Given
  SmallGraph s;
  // Execute
  s.add->insertInput(0, s.y);   // add(y, x, y, 1)
  s.add->removeInput(2);        // add(y, x, 1)
  s.add->replaceInput(0, s.x);  // add(x, x, 1)
  // Result
  EXPECT_EQ(s.add->inputs(), (std::vector<Value*>{s.x, s.x, s.one}));
  EXPECT_FALSE(s.y->hasUses());
  EXPECT_EQ(s.one->uses()[0], (Use{s.add, 2}));
  EXPECT_NO_THROW(s.g->lint());
  // Execute: replaceInputWith swaps every occurrence
  s.add->replaceInputWith(s.x, s.y);
  EXPECT_EQ(s.add->inputs(), (std::vector<Value*>{s.y, s.y, s.one}));
  EXPECT_NO_THROW(s.g->lint());
}

TEST(Graph, ReplaceAllUsesWithAndDestroy) {
  // Given
  SmallGraph s;
  // Execute: mul's result is replaced by sum; mul becomes dead and is destroyed
  EXPECT_THROW(s.add->destroy(), InternalError);  // sum is still used
  s.prod->replaceAllUsesWith(s.sum);
  s.mul->destroy();
  // Result
  EXPECT_EQ(s.g->outputs(), (std::vector<Value*>{s.sum}));
  EXPECT_EQ(s.x->uses().size(), 1u);
  EXPECT_EQ(kinds(s.g->block()), (std::vector<Symbol>{prim::Constant, aten::add}));
  EXPECT_NO_THROW(s.g->lint());
}

TEST(Graph, MoveBeforeAndAfterKeepTopologicalOrder) {
  // Given
  SmallGraph s;
  Node* c2 = s.g->insertConstant(2)->node();
  // Execute
  c2->moveBefore(s.add);
  // Result
  EXPECT_TRUE(c2->isBefore(s.add));
  EXPECT_TRUE(c2->isAfter(s.one->node()));
  // Execute
  c2->moveAfter(s.mul);
  EXPECT_TRUE(c2->isAfter(s.mul));
  EXPECT_EQ(kinds(s.g->block()), (std::vector<Symbol>{prim::Constant, aten::add, aten::mul, prim::Constant}));
  // Many insertions at the same spot force renumbering and still keep the order.
  Node* prev = s.add;
  for (int i = 0; i < 100; ++i) {
    Node* n = s.g->create(prim::Constant)->insertAfter(s.add);
    n->i_(attr::value, i);
    EXPECT_TRUE(n->isAfter(s.add));
    EXPECT_TRUE(n->isBefore(prev == s.add ? s.mul : prev));
    prev = n;
  }
  EXPECT_NO_THROW(s.g->lint());
}

TEST(Graph, IfBlocksAndCrossBlockOrdering) {
  // Given
  Graph g;
  Value* c = g.addInput("c");
  c->setType(BoolType::get());
  Node* ifNode = g.insert(prim::If, {c}, 1);
  Block* thenB = ifNode->addBlock();
  Block* elseB = ifNode->addBlock();
  Value *one, *two;
  {
    WithInsertPoint guard(thenB);
    one = g.insertConstant(1);
  }
  {
    WithInsertPoint guard(elseB);
    two = g.insertConstant(2);
  }
  thenB->registerOutput(one);
  elseB->registerOutput(two);
  ifNode->output()->setType(IntType::get());
  Node* after = g.insert(aten::neg, {ifNode->output()});
  g.registerOutput(after->output());
  // Result
  EXPECT_NO_THROW(g.lint());
  EXPECT_TRUE(one->node()->isBefore(after));
  EXPECT_TRUE(after->isAfter(two->node()));
  EXPECT_FALSE(one->node()->isBefore(two->node()));  // different branches: unordered
  EXPECT_FALSE(one->node()->isAfter(two->node()));
  EXPECT_EQ(g.toString(),
            "graph(%c : bool):\n"
            "  %1 : int = prim::If(%c)\n"
            "    block0():\n"
            "      %2 : int = prim::Constant[value=1]()\n"
            "      -> (%2)\n"
            "    block1():\n"
            "      %3 : int = prim::Constant[value=2]()\n"
            "      -> (%3)\n"
            "  %4 : Tensor = aten::neg(%1)\n"
            "  return (%4)\n");
}

TEST(Graph, OutputAndBlockIoMutation) {
  // Given
  Graph g;
  Node* n = g.insert(prim::TupleUnpack, {g.addInput("t")}, 2);
  // Execute
  Value* mid = n->insertOutput(1);
  n->eraseOutput(0);
  Block* b = n->addBlock();
  Value* bi = b->addInput("k");
  b->registerOutput(bi);
  b->insertOutput(0, bi);
  b->eraseOutput(1);
  // Result
  EXPECT_EQ(n->numOutputs(), 2u);
  EXPECT_EQ(mid->offset(), 0u);
  EXPECT_EQ(n->output(1)->offset(), 1u);
  EXPECT_EQ(b->outputs(), (std::vector<Value*>{bi}));
  EXPECT_EQ(bi->uses().size(), 1u);
  n->eraseBlock(0);
  EXPECT_TRUE(n->blocks().empty());
  EXPECT_NO_THROW(g.lint());
}

TEST(Graph, CopyIsDeepAndPrintsIdentically) {
  // Given
  auto g = parseIR(R"IR(graph(%x.1 : Tensor, %n : int):
  %2 : bool = prim::Constant[value=1]()
  %y : Tensor = prim::Loop(%n, %2, %x.1)
    block0(%i : int, %acc.1 : Tensor):
      %acc.2 : Tensor = aten::mul(%acc.1, %acc.1)
      -> (%2, %acc.2)
  return (%y)
)IR");
  // Execute
  auto c = g->copy();
  // Result
  EXPECT_EQ(c->toString(), g->toString());
  EXPECT_NO_THROW(c->lint());
  for (Node* n : c->nodes()) EXPECT_EQ(n->owningGraph(), c.get());
  // Mutating the copy leaves the original alone.
  c->outputs()[0]->setDebugName("z");
  EXPECT_EQ(g->outputs()[0]->debugName(), "y");
}

TEST(Graph, CloneFromMapsOuterValues) {
  // Given: a loop body to clone into an If branch of another graph
  auto src = parseIR("graph(%a : int):\n  %b : int = aten::neg(%a)\n  return (%b)\n");
  Graph dst;
  Value* p = dst.addInput("p");
  p->setType(IntType::get());
  Node* wrapper = dst.insert(prim::Loop, {}, 0);
  Block* body = wrapper->addBlock();
  // Execute
  body->cloneFrom(src->block(), [&](Value*) { return p; });
  // Result
  ASSERT_EQ(body->inputs().size(), 1u);
  Node* neg = body->nodes().front();
  EXPECT_EQ(neg->kind(), aten::neg);
  EXPECT_EQ(neg->input(), body->inputs()[0]);
  EXPECT_EQ(body->outputs()[0], neg->output());
  EXPECT_EQ(body->outputs()[0]->type()->str(), "int");
}

TEST(Graph, ReverseIterationAndSafeDestroyDuringIteration) {
  // Given
  SmallGraph s;
  // Execute
  std::vector<Symbol> rev;
  for (Node* n : s.g->nodes().reverse()) rev.push_back(n->kind());
  // Result
  EXPECT_EQ(rev, (std::vector<Symbol>{aten::mul, aten::add, prim::Constant}));
  // Execute: dead code elimination by hand in reverse order
  s.g->eraseOutput(0);
  for (auto it = s.g->nodes().reverse().begin(); it != s.g->nodes().reverse().end();) {
    Node* n = *it;
    ++it;
    if (!n->hasUses()) n->destroy();
  }
  EXPECT_TRUE(s.g->nodes().empty());
  EXPECT_NO_THROW(s.g->lint());
}

TEST(Graph, SchemaResolverHook) {
  // Given
  SmallGraph s;
  EXPECT_EQ(s.add->maybeSchema(), nullptr);
  // Execute: a resolver that knows nothing
  int calls = 0;
  setSchemaResolver([&](const Node&) -> const FunctionSchema* {
    ++calls;
    return nullptr;
  });
  // Result
  EXPECT_EQ(s.add->maybeSchema(), nullptr);
  EXPECT_THROW(s.add->schema(), InternalError);
  EXPECT_GE(calls, 2);
  EXPECT_NO_THROW(s.g->lint());
  setSchemaResolver(nullptr);
  EXPECT_FALSE(hasSchemaResolver());
}

// ---- verifier: each invariant broken once ----

namespace {
std::shared_ptr<Graph> ifGraph() {
  return parseIR(R"IR(graph(%c : bool, %x : int):
  %r : int = prim::If(%c)
    block0():
      %a : int = aten::neg(%x)
      -> (%a)
    block1():
      -> (%x)
  %l : int = prim::Loop(%x, %c, %x)
    block0(%i : int, %v : int):
      -> (%c, %v)
  return (%r)
)IR");
}
Node* findKind(Graph& g, Symbol k) {
  for (Node* n : g.nodes())
    if (n->kind() == k) return n;
  return nullptr;
}
}  // namespace

TEST(Verifier, AcceptsWellFormedGraph) { EXPECT_NO_THROW(ifGraph()->lint()); }

TEST(Verifier, RejectsUseOfBranchValueAfterTheIf) {
  auto g = ifGraph();
  Node* ifNode = findKind(*g, prim::If);
  Value* inner = ifNode->blocks()[0]->nodes().front()->output();
  g->registerOutput(inner);
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, RejectsUseOfOtherBranchValue) {
  auto g = ifGraph();
  Node* ifNode = findKind(*g, prim::If);
  Value* inner = ifNode->blocks()[0]->nodes().front()->output();
  ifNode->blocks()[1]->replaceOutput(0, inner);
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, RejectsUseBeforeDefinition) {
  auto g = ifGraph();
  Node* neg = g->create(aten::neg, {g->outputs()[0]});
  g->block()->prependNode(neg);
  try {
    g->lint();
    FAIL() << "expected InternalError";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("aten::neg(%r)"), std::string::npos) << e.what();
  }
}

TEST(Verifier, RejectsIfWithWrongBlockArity) {
  auto g = ifGraph();
  findKind(*g, prim::If)->blocks()[1]->registerOutput(g->inputs()[1]);
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, RejectsIfWithBlockInputs) {
  auto g = ifGraph();
  findKind(*g, prim::If)->blocks()[0]->addInput();
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, RejectsLoopWithWrongCarriedCount) {
  auto g = ifGraph();
  findKind(*g, prim::Loop)->blocks()[0]->addInput();
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, RejectsLoopWithWrongOutputCount) {
  auto g = ifGraph();
  findKind(*g, prim::Loop)->addOutput();
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, RejectsDanglingUseOfNodeOutsideTheGraphLists) {
  auto g = ifGraph();
  Node* neg = g->create(aten::neg, {g->inputs()[1]});  // created, never inserted: its use dangles
  EXPECT_THROW(g->lint(), InternalError);
  neg->destroy();
  EXPECT_NO_THROW(g->lint());
}

TEST(Verifier, RejectsDuplicateValueIds) {
  auto g = ifGraph();
  g->inputs()[1]->setUnique(g->inputs()[0]->unique());
  EXPECT_THROW(g->lint(), InternalError);
}

TEST(Verifier, VerifyIfEnabledNamesTheCaller) {
  auto g = ifGraph();
  findKind(*g, prim::Loop)->addOutput();
  if (!verifierEnabled()) GTEST_SKIP() << "built without TSJIT_VERIFY";
  try {
    verifyIfEnabled(*g, "my_pass");
    FAIL() << "expected InternalError";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("after my_pass"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("prim::Loop"), std::string::npos);
  }
}

TEST(Graph, CopyMetadataFromTheNamesOwnerKeepsNamesRegistered) {
  // Given: %t owns the name "t"; a new value copies its metadata (as cloning into the same graph does)
  auto g = parseIR("graph(%x : int):\n  %t : int = aten::neg(%x)\n  return (%t)\n");
  Value* t = g->findValueByName("t");
  g->setInsertPoint(g->block());
  Node* n = g->insert(aten::neg, {t});
  // Execute
  n->output()->copyMetadata(t);
  // Result: the copy takes "t", the owner is renamed, both names are registered to their values
  EXPECT_EQ(n->output()->debugName(), "t");
  EXPECT_NE(t->debugName(), "t");
  EXPECT_EQ(g->findValueByName("t"), n->output());
  EXPECT_EQ(g->findValueByName(t->debugName()), t);
  g->lint();
}

namespace tsjit {
namespace {
// An empty int list constant (the sizes of a 0-dim tensor, as peephole folds them) is typed int[],
// not Any: schema matching of its users depends on it.
TEST(Graph, EmptyIntListConstantIsTypedIntList) {
  Graph g;
  Value* ints = g.insertConstant(std::vector<int64_t>{});
  EXPECT_EQ(ints->type()->str(), "int[]");
  Value* floats = g.insertConstant(std::vector<double>{});
  EXPECT_EQ(floats->type()->str(), "float[]");
}
}  // namespace
}  // namespace tsjit

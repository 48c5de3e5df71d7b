// Upgraders.cpp — rewriting old-semantics operators of archive code (Upgraders.h).
#include "jit/serialization/Upgraders.h"

#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/support/Error.h"

namespace tsjit::serialization {

namespace {

constexpr int64_t kDivBumped = 4, kFullBumped = 5;

[[noreturn]] void unsupported(const Node* n, const std::string& what, int64_t version) {
  throw CompileError(std::string(n->kind().toQualString()) + " " + what + " in code of file format version " +
                         std::to_string(version) + ": PyTorch 1.13 upgrades it, tsjit does not",
                     n->sourceRange());
}

Value* isFloatingPoint(Graph& g, Value* t, const Node* like) {
  Node* n = g.insert(Symbol::fromQualString("aten::is_floating_point"), {t});
  n->setSourceRange(like->sourceRange());
  n->output()->setType(BoolType::get());
  return n->output();
}

// div(self, other) -> if (fp(self) or fp(other)): div(self, other) else: div(self, other, "trunc")
bool upgradeDiv(Graph& g, Node* n, int64_t version) {
  if (n->numInputs() != 2 || n->input(0)->type()->kind() != TypeKind::Tensor) return false;
  Value* self = n->input(0);
  Value* other = n->input(1);
  TypeKind ok = other->type()->kind();
  if (ok == TypeKind::Float) return false;  // a float divisor divided truly in every version
  // (A complex divisor would take 1.13's truncating branch for an integer tensor; tsjit has no
  // complex values to check that with, so it is refused like a Scalar one.)
  if (ok != TypeKind::Tensor && ok != TypeKind::Int && ok != TypeKind::Bool)
    unsupported(n, "with a divisor of type " + other->type()->annotationStr(), version);
  WithInsertPoint here(n);
  Value* cond = isFloatingPoint(g, self, n);
  if (ok == TypeKind::Tensor) {
    // `a or b` as the frontend builds it: if a: True else: b
    Node* orNode = g.insert(prim::If, {cond});
    orNode->setSourceRange(n->sourceRange());
    orNode->output()->setType(BoolType::get());
    Block* yes = orNode->addBlock();
    Block* no = orNode->addBlock();
    {
      WithInsertPoint in(yes);
      yes->registerOutput(g.insertBoolConstant(true));
    }
    {
      WithInsertPoint in(no);
      no->registerOutput(isFloatingPoint(g, other, n));
    }
    cond = orNode->output();
  }
  Value* trunc = g.insertStringConstant("trunc");
  // An unused result (`c.div_(b)` as a statement) gives an If without outputs, as the frontend's
  // cleanup would leave it: printing the upgraded code and importing it again changes nothing.
  bool used = n->output()->hasUses();
  Node* ifNode = g.insert(prim::If, {cond}, used ? 1 : 0);
  ifNode->setSourceRange(n->sourceRange());
  if (used) ifNode->output()->setType(n->output()->type());
  Block* trueDiv = ifNode->addBlock();
  Block* truncDiv = ifNode->addBlock();
  Node* plain = g.createClone(n, [](Value* v) { return v; }, false);
  trueDiv->appendNode(plain);
  if (used) trueDiv->registerOutput(plain->output());
  Node* rounded = g.create(n->kind(), {self, other, trunc});
  rounded->setSourceRange(n->sourceRange());
  rounded->output()->setType(n->output()->type());
  truncDiv->appendNode(rounded);
  if (used) {
    truncDiv->registerOutput(rounded->output());
    n->output()->replaceAllUsesWith(ifNode->output());
  }
  n->destroy();
  return true;
}

// full(size, fill, dtype=None, ...) with an int fill -> full(size, float(fill), ...)
bool upgradeFull(Graph& g, Node* n, int64_t version) {
  if (n->numInputs() < 3) return false;
  Value* fill = n->input(1);
  TypeKind fk = fill->type()->kind();
  if (fk != TypeKind::Int) return false;  // float fills were always float (bool ones do not compile)
  TypeKind dk = n->input(2)->type()->kind();
  if (dk == TypeKind::Int) return false;  // an explicit dtype decides
  if (dk != TypeKind::None) unsupported(n, "with a dtype only known at run time", version);
  WithInsertPoint here(n);
  Node* toFloat = g.insert(Symbol::fromQualString("aten::Float"), {fill});
  toFloat->setSourceRange(n->sourceRange());
  toFloat->output()->setType(FloatType::get());
  n->replaceInput(1, toFloat->output());
  return true;
}

int upgradeBlock(Graph& g, Block* b, int64_t version) {
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  int count = 0;
  for (Node* n : nodes) {
    for (Block* sub : n->blocks()) count += upgradeBlock(g, sub, version);
    std::string kind = n->kind().toQualString();
    if (version < kDivBumped && (kind == "aten::div" || kind == "aten::div_")) count += upgradeDiv(g, n, version);
    else if (version < kFullBumped && kind == "aten::full") count += upgradeFull(g, n, version);
  }
  return count;
}

}  // namespace

int applyUpgraders(Graph& graph, int64_t version) {
  if (version >= kFirstVersionWithoutUpgraders) return 0;
  int count = upgradeBlock(graph, graph.block(), version);
  if (count) graph.lint();
  return count;
}

}  // namespace tsjit::serialization

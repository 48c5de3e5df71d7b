// RemoveMutation.cpp — `remove_mutation`: rewrites `y = x.op_(...)` as `y = op(x, ...)` and
// makes every later use of x read y, when nothing can observe the difference (PyTorch 1.13's
// RemoveTensorMutation).
//
// Fires only when the AliasDb proves the mutation private and the types prove the functional op
// returns what the in-place op leaves in x:
//   * op_ writes only its first argument (`Tensor(a!) self`), returns it, is deterministic, and
//     its functional variant has an overload with the same arguments whose result is fresh;
//   * x is created by a node of the same block as the mutation (not a graph/block input, not
//     defined outside a loop that mutates it: a loop-carried dependence), and no other value may
//     alias x or hold it in a container, except results of later in-place ops on x itself (those
//     are rewired too); x is not returned through an alias;
//   * x has a known floating dtype and known sizes; every other tensor argument has x's dtype and
//     known sizes that broadcast to x's without growing it; scalars are int, float, bool or
//     Scalar (these keep a floating dtype), so the functional op neither promotes nor broadcasts.
// One rewrite at a time with a fresh AliasDb, until none applies.
#include "jit/analysis/AliasDb.h"
#include "jit/ir/FunctionSchema.h"
#include "jit/ir/Graph.h"
#include "jit/ops/OpTable.h"
#include "jit/passes/CorePasses.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

// The functional overload matching the in-place node's schema, or nullptr.
const ops::OpOverload* functionalOverload(const Node* n) {
  const ops::OpInfo* kindInfo = ops::findOp(n->kind());
  if (!kindInfo || !kindInfo->functionalVariant()) return nullptr;  // cheap test before resolving
  // copy_ is an assignment into self (src broadcast and converted to self's dtype), not an op on
  // self's value: 1.13's RemoveMutation leaves it, and aten::copy is no 1.13 operator the jit runs
  // (found by tsjit fuzz --target passes seed 1: the rewritten graph could not run on the jit).
  static const Symbol copyInPlace = Symbol::fromQualString("aten::copy_");
  if (n->kind() == copyInPlace) return nullptr;
  const FunctionSchema* s = n->maybeSchema();
  if (!s || s->arguments().empty() || s->returns().size() != 1 || n->numOutputs() != 1) return nullptr;
  const Argument& self = s->arguments()[0];
  if (!self.isWrite() || self.type()->kind() != TypeKind::Tensor) return nullptr;
  for (size_t i = 1; i < s->arguments().size(); ++i)
    if (s->arguments()[i].aliasInfo()) return nullptr;  // another aliased/written argument
  const ops::OpInfo* op = ops::findOp(n->kind());
  if (!op || !op->functionalVariant()) return nullptr;
  const ops::OpOverload* f = op->functionalVariant()->findOverload(s->overloadName());
  if (!f) return nullptr;
  const FunctionSchema& fs = f->schema();
  // A comparison's functional form returns Bool where eq_ keeps self's dtype: never equivalent.
  if (f->category() == ops::OpCategory::Comparison || fs.returns().empty() ||
      fs.returns()[0].type()->kind() != TypeKind::Tensor)
    return nullptr;
  if (fs.arguments().size() != s->arguments().size() || fs.returns().size() != 1 || fs.returns()[0].aliasInfo() ||
      fs.isVararg() != s->isVararg())
    return nullptr;
  for (size_t i = 0; i < fs.arguments().size(); ++i) {
    const Argument& a = fs.arguments()[i];
    const Argument& b = s->arguments()[i];
    if (a.name != b.name || a.kwargOnly != b.kwargOnly || *a.type() != *b.type() || a.aliasInfo()) return nullptr;
  }
  return f;
}

// The types prove op(x, ...) has x's dtype and sizes.
bool typesPreserveResult(const Node* n) {
  const TensorType* self = n->input(0)->type()->cast<TensorType>();
  if (!self || !self->dtype() || !isFloatingType(*self->dtype()) || !self->sizes()) return false;
  const auto& selfSizes = *self->sizes();
  for (const auto& d : selfSizes)
    if (!d) return false;
  for (size_t i = 1; i < n->numInputs(); ++i) {
    const Type& t = *n->input(i)->type();
    switch (t.kind()) {
      case TypeKind::Tensor: {
        const TensorType* o = t.cast<TensorType>();
        if (!o->dtype() || *o->dtype() != *self->dtype() || !o->sizes() || o->sizes()->size() > selfSizes.size())
          return false;
        size_t offset = selfSizes.size() - o->sizes()->size();
        for (size_t j = 0; j < o->sizes()->size(); ++j) {
          const auto& d = (*o->sizes())[j];
          if (!d || (*d != 1 && *d != *selfSizes[offset + j])) return false;
        }
        break;
      }
      case TypeKind::Optional:
        if (t.cast<OptionalType>()->elementType()->kind() == TypeKind::Tensor) return false;
        break;
      case TypeKind::List:
        if (t.containedTypes()[0]->kind() == TypeKind::Tensor) return false;  // index_put_ indices etc.
        break;
      case TypeKind::Complex: return false;
      default: break;
    }
  }
  return true;
}

bool isInplaceOnSelf(const Node* m, const Value* base) {
  // m = base.op_(...) (or a chain of them): its output is the same memory, rewired with base.
  const FunctionSchema* s = m->maybeSchema();
  if (!s || s->arguments().empty() || !s->arguments()[0].isWrite() || m->numOutputs() != 1) return false;
  const Value* in = m->input(0);
  while (true) {
    if (in == base) return true;
    const Node* p = in->node();
    const FunctionSchema* ps = p->maybeSchema();
    if (!ps || ps->arguments().empty() || !ps->arguments()[0].isWrite() || p->numInputs() == 0) return false;
    in = p->input(0);
  }
}

bool tryRewrite(std::shared_ptr<Graph>& graph, const AliasDb& aliasDb, Node* n) {
  if (isNondeterministic(n) || hasSideEffects(n)) return false;
  const ops::OpOverload* f = functionalOverload(n);
  if (!f) return false;
  Value* self = n->input(0);
  Node* producer = self->node();
  if (producer->kind() == prim::Param || producer->owningBlock() != n->owningBlock()) return false;
  if (!typesPreserveResult(n)) return false;
  if (aliasDb.isWildcard(self)) return false;
  for (const Value* out : graph->outputs())
    if (out != self && out != n->output() && aliasDb.mayContainAlias(self, out) && !isInplaceOnSelf(out->node(), self))
      return false;
  // Every other value that may alias or hold x must be a later in-place op on x.
  bool clean = true;
  std::function<void(Block*)> scan = [&](Block* b) {
    for (Value* v : b->inputs())
      if (AliasDb::isMutableType(v) && aliasDb.mayContainAlias(self, v)) clean = false;
    for (Node* m : b->nodes()) {
      for (Value* v : m->outputs()) {
        if (v == self || v == n->output() || !AliasDb::isMutableType(v)) continue;
        if (!aliasDb.mayContainAlias(self, v)) continue;
        if (m->owningBlock() == n->owningBlock() && n->isBefore(m) && isInplaceOnSelf(m, self)) continue;
        clean = false;
      }
      for (Block* inner : m->blocks()) scan(inner);
      if (!clean) return;
    }
  };
  scan(graph->block());
  if (!clean) return false;
  WithInsertPoint guard(n);
  Node* functional = graph->insertNode(graph->create(f->op().kind(), n->inputs(), 1));
  functional->output()->setType(n->output()->type()->kind() == TypeKind::Tensor ? self->type() : n->output()->type());
  functional->setSourceRange(n->sourceRange());
  GRAPH_UPDATE("remove_mutation rewrites ", *n, " as ", *functional);
  n->output()->replaceAllUsesWith(functional->output());
  self->replaceAllUsesAfterNodeWith(n, functional->output());
  n->destroy();
  return true;
}

bool rewriteOne(std::shared_ptr<Graph>& graph) {
  AliasDb aliasDb(graph);
  std::function<bool(Block*)> visit = [&](Block* b) {
    for (Node* n : b->nodes()) {
      for (Block* inner : n->blocks())
        if (visit(inner)) return true;
      if (n->kind().isAten() && tryRewrite(graph, aliasDb, n)) return true;
    }
    return false;
  };
  return visit(graph->block());
}

}  // namespace

bool removeMutation(std::shared_ptr<Graph>& graph) {
  bool changed = false;
  while (rewriteOne(graph)) changed = true;
  return changed;
}

}  // namespace tsjit

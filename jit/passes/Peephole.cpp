// Peephole.cpp — `peephole`: local rewrites whose result the types already prove (PyTorch
// 1.13's PeepholeOptimize, its non-tensor and list-idiom parts).
//
//   aten::size(x) / aten::size.int(x, d) / aten::dim(x) / prim::dtype(x) / prim::device(x) /
//   aten::is_floating_point(x)          -> a constant, when x's tensor type states that fact
//   aten::__is__ / __isnot__(a, b)       -> a constant, when one side is None and the other's type
//                                          cannot hold None (or both are None)
//   prim::unchecked_unwrap_optional(x)   -> x, when x is not Optional
//   aten::len.t(ListConstruct(...))      -> the number of elements, when no node writes the list
//   aten::__getitem__.t(ListConstruct(...), constant i) -> the element, same condition
//   int identities: x + 0, 0 + x, x - 0, x * 1, 1 * x, x // 1 -> x; x * 0, 0 * x -> 0 (exact for
//                   int64 with wrapping); not(not b) -> b. Never float arithmetic: x * 1.0 and
//                   x + 0.0 change -0.0 and NaN payloads, so they stay.
//   prim::If outputs both branches return as the same outer value -> that value
// A size list becomes a constant only when no node writes the list and the graph does not return
// it (a constant is one object for every run; the caller may mutate what it gets).
#include "jit/analysis/AliasDb.h"
#include "jit/ir/FunctionSchema.h"
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/NodeList.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

std::optional<int64_t> constantInt(const Value* v) {
  const Node* c = v->node();
  if (c->kind() != prim::Constant || v->type()->kind() != TypeKind::Int || !c->hasAttribute(attr::value) ||
      c->kindOfAttribute(attr::value) != AttributeKind::i)
    return std::nullopt;
  return c->i(attr::value);
}

bool canBeNone(const Type& t) {
  switch (t.kind()) {
    case TypeKind::None:
    case TypeKind::Optional:
    case TypeKind::Any:
    case TypeKind::Var: return true;
    case TypeKind::Union: return t.cast<UnionType>()->canHoldNone();
    default: return false;
  }
}

const TensorType* tensorType(const Value* v) { return v->type()->cast<TensorType>(); }

std::string overloadOf(const Node* n) {
  const FunctionSchema* s = n->maybeSchema();
  return s ? s->overloadName() : std::string("?");
}

class Peephole {
 public:
  explicit Peephole(std::shared_ptr<Graph> graph) : graph_(std::move(graph)), aliasDb_(graph_) {}

  bool run() { return visit(graph_->block()); }

 private:
  void replace(Node* n, Value* with) {
    GRAPH_UPDATE("peephole replaces ", *n, " with %", with->debugName());
    n->output()->replaceAllUsesWith(with);
    n->destroy();
  }

  bool unwrittenListLiteral(const Value* list) const {
    return list->node()->kind() == prim::ListConstruct && !aliasDb_.hasWriters(list);
  }

  // The rewrite for n, or false.
  bool rewrite(Node* n) {
    static const Symbol size = aten::size, dim = aten::dim, dtype = prim::dtype, device = prim::device;
    static const Symbol isFloat = Symbol::fromQualString("aten::is_floating_point");
    static const Symbol floordiv = Symbol::fromQualString("aten::floordiv");
    static const Symbol unwrap = prim::unchecked_unwrap_optional;
    Symbol k = n->kind();
    WithInsertPoint guard(n);
    if (k == size || k == dim || k == dtype || k == device || k == isFloat) {
      if (n->numInputs() == 0) return false;
      const TensorType* t = tensorType(n->input(0));
      if (!t) return false;
      std::string ov = overloadOf(n);
      if (k == size && ov.empty() && n->numInputs() == 1 && t->sizes()) {
        std::vector<int64_t> sizes;
        for (const auto& d : *t->sizes()) {
          if (!d) return false;
          sizes.push_back(*d);
        }
        if (aliasDb_.hasWriters(n->output()) || aliasDb_.mayAliasGraphBoundary(n->output())) return false;
        replace(n, graph_->insertConstant(sizes));
        return true;
      }
      if (k == size && ov == "int" && t->sizes()) {
        auto d = constantInt(n->input(1));
        int64_t rank = static_cast<int64_t>(t->sizes()->size());
        if (!d || *d < -rank || *d >= rank) return false;  // out of range: the error stays
        const auto& s = (*t->sizes())[static_cast<size_t>(*d < 0 ? *d + rank : *d)];
        if (!s) return false;
        replace(n, graph_->insertConstant(*s));
        return true;
      }
      if (k == dim && t->sizes()) {
        replace(n, graph_->insertConstant(static_cast<int64_t>(t->sizes()->size())));
        return true;
      }
      if (k == dtype && t->dtype()) {
        replace(n, graph_->insertConstant(toTorchCode(*t->dtype())));
        return true;
      }
      if (k == isFloat && t->dtype()) {
        replace(n, graph_->insertConstant(isFloatingType(*t->dtype())));
        return true;
      }
      if (k == device && t->device()) {
        Node* c = graph_->insertNode(graph_->create(prim::Constant));
        c->s_(attr::value, t->device()->str());
        c->output()->setType(DeviceObjType::get());
        replace(n, c->output());
        return true;
      }
      return false;
    }
    if (k == aten::__is__ || k == aten::__isnot__) {
      const Type& a = *n->input(0)->type();
      const Type& b = *n->input(1)->type();
      std::optional<bool> same;
      if (a.kind() == TypeKind::None && b.kind() == TypeKind::None) same = true;
      else if ((a.kind() == TypeKind::None && !canBeNone(b)) || (b.kind() == TypeKind::None && !canBeNone(a))) same = false;
      if (!same) return false;
      replace(n, graph_->insertConstant(k == aten::__is__ ? *same : !*same));
      return true;
    }
    if (k == unwrap && n->numInputs() == 1 && n->input(0)->type()->kind() != TypeKind::Optional &&
        *n->input(0)->type() == *n->output()->type()) {
      replace(n, n->input(0));
      return true;
    }
    if (k == aten::len && overloadOf(n) == "t" && unwrittenListLiteral(n->input(0))) {
      replace(n, graph_->insertConstant(static_cast<int64_t>(n->input(0)->node()->numInputs())));
      return true;
    }
    if (k == aten::__getitem__ && overloadOf(n) == "t" && unwrittenListLiteral(n->input(0))) {
      auto i = constantInt(n->input(1));
      const Node* list = n->input(0)->node();
      int64_t len = static_cast<int64_t>(list->numInputs());
      if (!i || *i < -len || *i >= len) return false;
      Value* elem = list->input(static_cast<size_t>(*i < 0 ? *i + len : *i));
      if (*elem->type() != *n->output()->type()) return false;
      replace(n, elem);
      return true;
    }
    if ((k == aten::add || k == aten::sub || k == aten::mul || k == floordiv) && n->numInputs() == 2 &&
        overloadOf(n) == "int") {
      auto a = constantInt(n->input(0)), b = constantInt(n->input(1));
      Value* x = n->input(0);
      Value* y = n->input(1);
      if ((k == aten::add && b == 0) || (k == aten::sub && b == 0) || (k == aten::mul && b == 1) ||
          (k == floordiv && b == 1)) {
        replace(n, x);
        return true;
      }
      if ((k == aten::add && a == 0) || (k == aten::mul && a == 1)) {
        replace(n, y);
        return true;
      }
      if (k == aten::mul && (a == 0 || b == 0)) {
        replace(n, graph_->insertConstant(int64_t(0)));
        return true;
      }
      return false;
    }
    if (k == aten::__not__ && n->input(0)->node()->kind() == aten::__not__ &&
        n->input(0)->type()->kind() == TypeKind::Bool) {
      replace(n, n->input(0)->node()->input(0));
      return true;
    }
    if (k == prim::If) {
      bool changed = false;
      for (size_t i = 0; i < n->numOutputs(); ++i) {
        Value* t = n->blocks()[0]->outputs()[i];
        Value* e = n->blocks()[1]->outputs()[i];
        if (t != e || !n->output(i)->hasUses()) continue;
        if (t->node()->owningBlock() == n->blocks()[0] || *t->type() != *n->output(i)->type()) continue;
        n->output(i)->replaceAllUsesWith(t);
        changed = true;
      }
      return changed;
    }
    return false;
  }

  bool visit(Block* b) {
    bool changed = false;
    for (Node* n : nodesOf(b)) {
      for (Block* inner : n->blocks()) changed |= visit(inner);
      changed |= rewrite(n);
    }
    return changed;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
};

}  // namespace

bool peepholeOptimize(std::shared_ptr<Graph>& graph) {
  bool changed = Peephole(graph).run();
  if (changed) eliminateDeadCode(graph);
  return changed;
}

}  // namespace tsjit

// ConstantPropagation.cpp — `constant_propagation`: runs nodes whose inputs are all constants at
// compile time and replaces their outputs with constants (PyTorch 1.13's ConstantPropagation).
//
// Folded: pure, deterministic nodes without blocks whose memory no node writes, evaluated by the
// registered ConstantEvaluator (jit/runtime: the optimized kernels of the op table). Never folded:
// side effects, rand*/dropout..., in-place ops, structural nodes (If, Loop, Uninitialized,
// profile/guard nodes), nodes whose evaluation throws (the error stays for run time), and results
// a constant cannot hold exactly or would make large: tensors over kMaxFoldedElements elements,
// int64 tensors with values beyond 2^53, tensors that require grad, objects, and tensors or lists
// the graph returns (a constant is one object shared by every run, the caller may mutate it). A prim::If on a
// constant condition is replaced by the taken branch; a prim::Loop that runs zero times by its
// initial values. Dead code left behind is removed (dce), as 1.13 does.
#include <cmath>
#include <mutex>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/NodeList.h"
#include "jit/support/Logging.h"
#include "jit/tensor/Tensor.h"

namespace tsjit {

namespace {

constexpr int64_t kMaxFoldedElements = 64;

std::mutex& evaluatorMutex() {
  static std::mutex m;
  return m;
}
ConstantEvaluator& evaluatorSlot() {
  static ConstantEvaluator e;
  return e;
}

// The literal for a value, or nullopt when a constant cannot hold it exactly.
std::optional<Literal> toLiteral(const IValue& v) {
  if (v.isNone()) return Literal{Literal::None{}};
  if (v.isBool()) return Literal{v.toBool()};
  if (v.isInt()) return Literal{v.toInt()};
  if (v.isDouble()) return Literal{v.toDouble()};
  if (v.isComplex()) return Literal{v.toComplex()};
  if (v.isString()) return Literal{v.toStringRef()};
  if (v.isTuple()) {
    Literal::Tuple t;
    for (const IValue& e : v.toTupleRef().items) {
      auto l = toLiteral(e);
      if (!l) return std::nullopt;
      t.elems.push_back(*l);
    }
    return Literal{t};
  }
  if (v.isList()) {
    Literal::List l;
    for (const IValue& e : v.toListRef().items) {
      auto x = toLiteral(e);
      if (!x) return std::nullopt;
      l.elems.push_back(*x);
    }
    return Literal{l};
  }
  return std::nullopt;
}

std::optional<TensorConstant> toTensorConstant(const Tensor& t) {
  if (!t.defined() || t.requiresGrad() || t.numel() > kMaxFoldedElements) return std::nullopt;
  ScalarType d = t.dtype();
  if (!(isFloatingType(d) || isIntegralType(d, /*includeBool=*/true))) return std::nullopt;
  if (t.device().type != DeviceType::CPU) return std::nullopt;
  TensorConstant c;
  c.dtype = d;
  c.sizes = t.sizes();
  c.wrappedNumber = t.isWrappedNumber();  // a computed 0-dim tensor keeps promoting as a tensor
  if (isFloatingType(d)) {
    c.values = t.toDoubles();
  } else {
    for (int64_t x : t.toInt64s()) {
      if (std::llabs(x) > (int64_t(1) << 53)) return std::nullopt;
      c.values.push_back(static_cast<double>(x));
    }
  }
  return c;
}

// Inserts a constant for `v` (typed like `like`) before the insertion point, or nullptr.
Value* insertConstantFor(Graph& g, const IValue& v, const Value* like) {
  const TypePtr& type = like->type();
  Value* out = nullptr;
  if (v.isTensor()) {
    auto c = toTensorConstant(v.toTensor());
    if (!c) return nullptr;
    out = g.insertConstant(*c);
  } else if (v.isDevice()) {
    Node* n = g.insertNode(g.create(prim::Constant));
    n->s_(attr::value, v.toDevice().str());
    out = n->output()->setType(DeviceObjType::get());
  } else if (v.isList() && type->kind() == TypeKind::List &&
             type->containedTypes()[0]->kind() == TypeKind::Tensor) {
    std::vector<TensorConstant> ts;
    for (const IValue& e : v.toListRef().items) {
      if (!e.isTensor()) return nullptr;
      auto c = toTensorConstant(e.toTensor());
      if (!c) return nullptr;
      ts.push_back(*c);
    }
    Node* n = g.insertNode(g.create(prim::Constant));
    n->ts_(attr::value, std::move(ts));
    out = n->output();
  } else {
    auto lit = toLiteral(v);
    if (!lit) return nullptr;
    if (auto* list = std::get_if<Literal::List>(&lit->v); list && list->elems.empty()) list->annotation = type;
    out = g.insertConstant(*lit);
  }
  // Keep the static type the graph had (a folded `int[]` stays `int[]`, an Optional stays).
  out->setType(type);
  return out;
}

bool allInputsConstant(const Node* n) {
  for (const Value* v : n->inputs())
    if (v->node()->kind() != prim::Constant) return false;
  return true;
}

class ConstantPropagator {
 public:
  explicit ConstantPropagator(std::shared_ptr<Graph> graph) : graph_(std::move(graph)), aliasDb_(graph_) {
    std::lock_guard<std::mutex> lock(evaluatorMutex());
    evaluator_ = evaluatorSlot();
  }

  bool run() { return visit(graph_->block()); }

 private:
  bool foldable(const Node* n) const {
    switch (n->kind()) {
      case prim::If:
      case prim::Loop:
      case prim::Constant:
      case prim::Uninitialized:
      case prim::profile:
      case prim::Guard:
      case prim::TypeCheck:
      case prim::RequiresGradCheck:
      case prim::AutogradZero:
      case prim::unchecked_unwrap_optional:
      case prim::CallFunction:
      case prim::CallMethod:
      case prim::GetAttr:
      case prim::SetAttr:
      case prim::FusionGroup:
      case prim::DifferentiableGraph:
      case prim::Closure: return false;
      default: break;
    }
    if (!allInputsConstant(n)) return false;
    if (!n->blocks().empty() || hasSideEffects(n) || isNondeterministic(n)) return false;
    if (aliasDb_.isMutable(n) || aliasDb_.hasWriters(n)) return false;
    // A constant is one object for every run: a tensor or list the graph returns stays computed
    // (the caller may mutate it, and the next run must not see that).
    for (const Value* o : n->outputs())
      if (AliasDb::isMutableType(o))
        for (const Value* out : graph_->outputs())
          if (aliasDb_.mayContainAlias(o, out)) return false;
    return true;
  }

  bool fold(Node* n) {
    if (!evaluator_) return false;
    std::vector<IValue> inputs;
    for (const Value* v : n->inputs()) {
      auto c = evaluator_(*v->node(), {});
      if (!c || c->size() != 1) return false;
      inputs.push_back((*c)[0]);
    }
    auto outputs = evaluator_(*n, std::move(inputs));
    if (!outputs || outputs->size() != n->numOutputs()) return false;
    WithInsertPoint guard(n);
    std::vector<Value*> replacements;
    for (size_t i = 0; i < n->numOutputs(); ++i) {
      Value* c = insertConstantFor(*graph_, (*outputs)[i], n->output(i));
      if (!c) {
        for (Value* r : replacements) r->node()->destroy();
        return false;
      }
      replacements.push_back(c);
    }
    GRAPH_UPDATE("constant_propagation folds ", *n);
    for (size_t i = 0; i < n->numOutputs(); ++i) n->output(i)->replaceAllUsesWith(replacements[i]);
    n->destroy();
    return true;
  }

  static std::optional<bool> constantBool(const Value* v) {
    const Node* c = v->node();
    if (c->kind() != prim::Constant || !c->hasAttribute(attr::value) || c->kindOfAttribute(attr::value) != AttributeKind::i)
      return std::nullopt;
    return c->i(attr::value) != 0;
  }
  static std::optional<int64_t> constantInt(const Value* v) {
    const Node* c = v->node();
    if (c->kind() != prim::Constant || !c->hasAttribute(attr::value) || c->kindOfAttribute(attr::value) != AttributeKind::i ||
        v->type()->kind() != TypeKind::Int)
      return std::nullopt;
    return c->i(attr::value);
  }

  // Moves the nodes of `b` before `n` and replaces n's outputs with b's outputs.
  static void inlineBlock(Node* n, Block* b, const std::vector<Value*>& blockInputs) {
    for (size_t i = 0; i < blockInputs.size(); ++i) b->inputs()[i]->replaceAllUsesWith(blockInputs[i]);
    for (Node* m : nodesOf(b)) m->moveBefore(n);
  }

  bool foldIf(Node* n) {
    auto cond = constantBool(n->input(0));
    if (!cond) return false;
    Block* taken = n->blocks()[*cond ? 0 : 1];
    inlineBlock(n, taken, {});
    for (size_t i = 0; i < n->numOutputs(); ++i) n->output(i)->replaceAllUsesWith(taken->outputs()[i]);
    GRAPH_UPDATE("constant_propagation keeps the ", *cond ? "then" : "else", " branch of an If");
    n->destroy();
    return true;
  }

  bool foldLoop(Node* n) {
    auto trips = constantInt(n->input(0));
    auto cond = constantBool(n->input(1));
    bool never = (trips && *trips <= 0) || (cond && !*cond);
    if (!never) return false;
    for (size_t i = 0; i < n->numOutputs(); ++i) n->output(i)->replaceAllUsesWith(n->input(i + 2));
    GRAPH_UPDATE("constant_propagation removes a loop that never runs");
    n->destroy();
    return true;
  }

  bool visit(Block* b) {
    bool changed = false;
    for (Node* n : nodesOf(b)) {
      if (n->kind() == prim::If && foldIf(n)) {
        changed = true;
        continue;  // the inlined nodes are visited in the next round
      }
      if (n->kind() == prim::Loop && foldLoop(n)) {
        changed = true;
        continue;
      }
      for (Block* inner : n->blocks()) changed |= visit(inner);
      if (foldable(n)) changed |= fold(n);
    }
    return changed;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
  ConstantEvaluator evaluator_;
};

}  // namespace

void setConstantEvaluator(ConstantEvaluator evaluator) {
  std::lock_guard<std::mutex> lock(evaluatorMutex());
  evaluatorSlot() = std::move(evaluator);
}

bool hasConstantEvaluator() {
  std::lock_guard<std::mutex> lock(evaluatorMutex());
  return static_cast<bool>(evaluatorSlot());
}

bool propagateConstants(std::shared_ptr<Graph>& graph) {
  bool changed = false;
  // Folding a branch away exposes new constants (and a new AliasDb sees the smaller graph).
  for (int round = 0; round < 8; ++round) {
    if (!ConstantPropagator(graph).run()) break;
    changed = true;
  }
  if (changed) eliminateDeadCode(graph);
  return changed;
}

}  // namespace tsjit

// Differentiate.cpp — gradientGraph (reverse mode over a straight graph with the formulas) and
// differentiate (the split into forward and backward). See Differentiate.h.
#include "jit/autodiff/Differentiate.h"

#include <functional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "jit/ops/SchemaMatching.h"
#include "jit/passes/CorePasses.h"

namespace tsjit::autodiff {
namespace {

// Ops whose outputs carry no gradient (PyTorch: not differentiable or zero almost everywhere).
const std::set<std::string>& zeroGradientOps() {
  static const std::set<std::string> ops = {
      "aten::eq", "aten::ne", "aten::lt", "aten::le", "aten::gt", "aten::ge", "aten::sign", "aten::zeros_like",
      "aten::ones_like", "aten::empty_like", "aten::full_like", "aten::rand_like", "aten::randn_like",
      "aten::detach", "aten::size", "aten::dim", "aten::numel", "aten::__and__", "aten::__or__",
      "aten::logical_and", "aten::logical_or", "aten::logical_not", "aten::isnan", "aten::argmax",
      "aten::argmin", "aten::floor", "aten::ceil", "aten::round", "aten::trunc", "aten::_size_if_not_equal",
      "prim::dtype", "prim::device", "aten::len", "prim::NumToTensor", "aten::Int", "aten::Float",
      "aten::Bool", "aten::item", "aten::count_nonzero", "aten::any", "aten::all", "aten::nonzero",
      "aten::bucketize", "aten::searchsorted", "aten::isinf", "aten::isfinite", "aten::signbit"};
  return ops;
}

bool isTensorType(const Value* v) { return v->type()->kind() == TypeKind::Tensor; }

const Formula* formulaOf(const Node& n, const FormulaSet& formulas) {
  if (n.kind().toQualString().rfind("aten::", 0) != 0) return nullptr;
  const ops::OpOverload* ov = ops::resolveOverload(n);
  return ov ? formulas.find(*ov) : nullptr;
}

// Every value from outside `b` that a node inside it uses.
void freeValuesOfBlock(const Block* b, std::vector<Value*>& out) {
  std::unordered_set<const Value*> defined(b->inputs().begin(), b->inputs().end());
  std::function<void(const Block*)> walk = [&](const Block* blk) {
    for (const Value* v : blk->inputs()) defined.insert(v);
    for (Node* n : blk->nodes()) {
      for (Value* v : n->inputs())
        if (!defined.count(v)) out.push_back(v);
      for (const Block* inner : n->blocks()) walk(inner);
      for (const Value* v : n->outputs()) defined.insert(v);
    }
    for (Value* v : blk->outputs())
      if (!defined.count(v)) out.push_back(v);
  };
  walk(b);
}

// Inputs of n plus the outer values its blocks use.
std::vector<Value*> usedValues(const Node* n) {
  std::vector<Value*> used(n->inputs().begin(), n->inputs().end());
  for (const Block* b : n->blocks()) freeValuesOfBlock(b, used);
  return used;
}

// n itself, or a node inside its blocks, whose schema writes an argument (Tensor(a!)); else null.
const Node* writingNode(const Node* n) {
  if (const FunctionSchema* s = n->maybeSchema())
    for (const Argument& a : s->arguments())
      if (a.isWrite()) return n;
  for (const Block* b : n->blocks())
    for (const Node* inner : b->nodes())
      if (const Node* w = writingNode(inner)) return w;
  return nullptr;
}

// The values n (or a node inside its blocks) writes through its schema (Tensor(a!), t[](a!)).
void valuesWrittenBy(const Node* n, std::vector<const Value*>& out) {
  if (const FunctionSchema* s = n->maybeSchema())
    for (size_t i = 0; i < s->arguments().size() && i < n->inputs().size(); ++i)
      if (s->arguments()[i].isWrite()) out.push_back(n->input(i));
  for (const Block* b : n->blocks())
    for (const Node* inner : b->nodes()) valuesWrittenBy(inner, out);
}

std::string nodeText(const Node& n) {
  std::string s = n.str();
  if (size_t nl = s.find('\n'); nl != std::string::npos) s = s.substr(0, nl);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

std::vector<size_t> tensorInputs(const Graph& g) {
  std::vector<size_t> out;
  for (size_t i = 0; i < g.inputs().size(); ++i)
    if (isTensorType(g.inputs()[i])) out.push_back(i);
  return out;
}

bool isDifferentiable(const Node& n, const FormulaSet& formulas) {
  if (zeroGradientOps().count(n.kind().toQualString())) return true;
  if (n.kind() == prim::Constant) return true;
  bool tensorOut = false;
  for (const Value* v : n.outputs()) tensorOut |= isTensorType(v) || v->type()->kind() == TypeKind::Optional;
  if (!tensorOut && n.blocks().empty()) return true;
  return formulaOf(n, formulas) != nullptr;
}

std::shared_ptr<Graph> gradientGraph(const Graph& source, const std::vector<size_t>& wrt, const FormulaSet& formulas) {
  std::shared_ptr<Graph> g = source.copy();
  const size_t numInputs = g->inputs().size(), numOutputs = g->outputs().size();
  std::vector<Value*> gradInputs;
  for (size_t k = 0; k < numOutputs; ++k) {
    Value* dy = g->addInput("grad_" + std::to_string(k));
    dy->setType(g->outputs()[k]->type());
    gradInputs.push_back(dy);
  }

  // Forward pass: which values require grad.
  std::unordered_set<const Value*> requiresGrad;
  for (size_t i : wrt) {
    if (i >= numInputs) throw NotDifferentiable("differentiate: input " + std::to_string(i) + " does not exist");
    requiresGrad.insert(g->inputs()[i]);
  }
  std::vector<Node*> order;
  for (Node* n : g->nodes()) order.push_back(n);
  for (Node* n : order) {
    bool anyIn = false;
    for (Value* v : usedValues(n)) anyIn |= requiresGrad.count(v) > 0;
    if (!anyIn) continue;
    // A write into memory (an in-place op, here or inside a block) would change values the
    // gradient depends on without a Value carrying it: not differentiable symbolically.
    if (const Node* w = writingNode(n))
      throw NotDifferentiable("differentiate: an in-place op on a value that requires grad: " + nodeText(*w));
    if (zeroGradientOps().count(n->kind().toQualString())) continue;
    bool tensorOut = false;
    for (Value* v : n->outputs()) tensorOut |= isTensorType(v) || v->type()->kind() == TypeKind::Optional;
    if (!tensorOut) continue;
    if (!n->blocks().empty())
      throw NotDifferentiable("differentiate: control flow carries a tensor that requires grad: " + nodeText(*n));
    if (!formulaOf(*n, formulas))
      throw NotDifferentiable("differentiate: no gradient formula for " + nodeText(*n));
    for (Value* v : n->outputs())
      if (isTensorType(v)) requiresGrad.insert(v);
  }

  // Reverse pass.
  std::unordered_map<const Value*, Value*> grad;
  WithInsertPoint guard(g->block());
  auto accumulate = [&](Value* v, Value* dv) {
    auto it = grad.find(v);
    if (it == grad.end()) {
      grad[v] = dv;
      return;
    }
    Value* one = g->insertConstant(int64_t{1});
    Node* add = g->insert(Symbol::fromQualString("aten::add"), {it->second, dv, one});
    add->output()->setType(TensorType::get());
    it->second = add->output();
  };
  for (size_t k = 0; k < numOutputs; ++k)
    if (requiresGrad.count(g->outputs()[k])) accumulate(g->outputs()[k], gradInputs[k]);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    Node* n = *it;
    if (n->numOutputs() == 0 || !requiresGrad.count(n->output(0))) continue;
    auto gout = grad.find(n->output(0));
    if (gout == grad.end()) continue;  // nothing downstream needs this node's gradient
    const Formula* f = formulaOf(*n, formulas);
    std::unordered_map<const Value*, Value*> env;
    const Graph& fg = *f->graph;
    for (size_t i = 0; i < f->numArguments(); ++i) env[fg.inputs()[i]] = n->input(i);
    env[fg.inputs().back()] = gout->second;
    auto lookup = [&](Value* v) -> Value* {
      auto e = env.find(v);
      return e == env.end() ? v : e->second;
    };
    for (Node* fn : fg.nodes()) {
      Node* c = g->insertNode(g->createClone(fn, lookup));
      for (size_t o = 0; o < fn->numOutputs(); ++o) env[fn->output(o)] = c->output(o);
    }
    // The formula's result is the node's output: later formula nodes use the forward value.
    Value* clonedResult = lookup(fg.outputs()[0]);
    if (clonedResult != n->output(0) && clonedResult->node()->owningBlock() == g->block() &&
        clonedResult->node()->kind() != prim::Param)
      clonedResult->replaceAllUsesWith(n->output(0));
    for (size_t i = 0; i < f->numArguments(); ++i) {
      Value* gi = lookup(fg.outputs()[i + 1]);
      if (!requiresGrad.count(n->input(i))) continue;
      if (gi->type()->kind() == TypeKind::None) continue;
      if (gi->type()->kind() == TypeKind::Optional) {
        // A Tensor? gradient (set on a branch) of an input that requires grad holds a tensor.
        Node* cast = g->insert(prim::unchecked_cast, {gi});
        cast->output()->setType(TensorType::get());
        gi = cast->output();
      }
      accumulate(n->input(i), gi);
    }
  }

  // Outputs: one gradient per wrt input.
  for (size_t i : wrt) {
    Value* x = g->inputs()[i];
    auto it = grad.find(x);
    if (it != grad.end()) {
      g->registerOutput(it->second);
      continue;
    }
    Value* none = g->insertNoneConstant();
    Node* z = g->insert(Symbol::fromQualString("aten::zeros_like"), {x, none, none, none, none, none});
    z->output()->setType(TensorType::get());
    g->registerOutput(z->output());
  }
  eliminateDeadCode(g);
  g->lint();
  return g;
}

Gradient differentiate(const Graph& source, const std::vector<size_t>& wrt, const FormulaSet& formulas) {
  std::shared_ptr<Graph> h = gradientGraph(source, wrt, formulas);
  const size_t numInputs = source.inputs().size(), numOutputs = source.outputs().size();

  // Backward nodes: those that depend on a grad input, and (to a fixpoint) those that create a
  // value a backward node writes (a formula's `pieces: List[Tensor] = []` filled by `append` in its
  // backward): such a value belongs to the backward, and so does every later reader of it, which
  // otherwise would run in the forward and see the container before the writes.
  std::unordered_set<const Value*> dependsOnGrad;
  for (size_t k = 0; k < numOutputs; ++k) dependsOnGrad.insert(h->inputs()[numInputs + k]);
  std::unordered_set<const Node*> backwardNodes;
  std::unordered_set<const Value*> writtenInBackward;
  for (bool changed = true; changed;) {
    changed = false;
    for (Node* n : h->nodes()) {
      if (backwardNodes.count(n)) continue;
      bool dep = false;
      for (Value* v : usedValues(n)) dep |= dependsOnGrad.count(v) > 0;
      for (Value* v : n->outputs()) dep |= writtenInBackward.count(v) > 0;
      if (!dep) continue;
      backwardNodes.insert(n);
      changed = true;
      for (Value* v : n->outputs()) dependsOnGrad.insert(v);
      std::vector<const Value*> written;
      valuesWrittenBy(n, written);
      writtenInBackward.insert(written.begin(), written.end());
    }
  }

  // Saved values: forward values the backward nodes or the gradient outputs use.
  std::vector<Value*> saved;
  std::unordered_set<const Value*> savedSet;
  auto consider = [&](Value* v) {
    if (dependsOnGrad.count(v) || savedSet.count(v)) return;
    if (v->node()->kind() == prim::Constant) return;  // re-created in the backward
    savedSet.insert(v);
    saved.push_back(v);
  };
  for (Node* n : h->nodes())
    if (backwardNodes.count(n))
      for (Value* v : usedValues(n)) consider(v);
  for (size_t i = numOutputs; i < h->outputs().size(); ++i) consider(h->outputs()[i]);

  Gradient out;
  out.numOutputs = numOutputs;
  out.numSaved = saved.size();
  out.wrt = wrt;
  for (const Node* n : source.nodes()) out.numSourceNodes += n->kind() != prim::Constant;

  // Forward graph.
  out.forward = std::make_shared<Graph>();
  {
    Graph& fg = *out.forward;
    std::unordered_map<const Value*, Value*> env;
    for (size_t i = 0; i < numInputs; ++i) env[h->inputs()[i]] = fg.addInput()->copyMetadata(h->inputs()[i]);
    auto lookup = [&](Value* v) -> Value* {
      auto e = env.find(v);
      return e == env.end() ? v : e->second;
    };
    for (Node* n : h->nodes()) {
      if (backwardNodes.count(n)) continue;
      Node* c = fg.block()->appendNode(fg.createClone(n, lookup));
      for (size_t o = 0; o < n->numOutputs(); ++o) env[n->output(o)] = c->output(o)->copyMetadata(n->output(o));
    }
    for (size_t k = 0; k < numOutputs; ++k) fg.registerOutput(lookup(h->outputs()[k]));
    for (Value* v : saved) fg.registerOutput(lookup(v));
    eliminateDeadCode(out.forward);
    out.forward->lint();
  }

  // Backward graph.
  out.backward = std::make_shared<Graph>();
  {
    Graph& bg = *out.backward;
    std::unordered_map<const Value*, Value*> env;
    for (size_t k = 0; k < numOutputs; ++k)
      env[h->inputs()[numInputs + k]] = bg.addInput()->copyMetadata(h->inputs()[numInputs + k]);
    for (Value* v : saved) env[v] = bg.addInput()->copyMetadata(v);
    std::function<Value*(Value*)> lookup = [&](Value* v) -> Value* {
      auto e = env.find(v);
      if (e != env.end()) return e->second;
      if (v->node()->kind() == prim::Constant && v->node()->owningBlock() == h->block()) {
        Node* c = bg.createClone(v->node(), lookup);
        bg.block()->prependNode(c);
        env[v] = c->output()->copyMetadata(v);
        return env[v];
      }
      return v;
    };
    for (Node* n : h->nodes()) {
      if (!backwardNodes.count(n)) continue;
      for (Value* v : usedValues(n)) lookup(v);  // constants first
      Node* c = bg.block()->appendNode(bg.createClone(n, lookup));
      for (size_t o = 0; o < n->numOutputs(); ++o) env[n->output(o)] = c->output(o)->copyMetadata(n->output(o));
    }
    for (size_t i = numOutputs; i < h->outputs().size(); ++i) bg.registerOutput(lookup(h->outputs()[i]));
    out.backward->lint();
  }
  return out;
}

}  // namespace tsjit::autodiff

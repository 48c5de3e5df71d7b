// DifferentiableGraphOp.cpp — the autograd bridge, the node operations and the executor pass of
// symbolic autodiff (DifferentiableGraphOp.h).
#include "jit/autodiff/DifferentiableGraphOp.h"

#include <functional>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "jit/autograd/Autograd.h"
#include "jit/autograd/Math.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/kernels/NodeOperations.h"

namespace tsjit::autodiff {
namespace {

bool valueRequiresGrad(const IValue& v) {
  return v.isTensor() && v.toTensor().defined() && v.toTensor().requiresGrad() && kernels::gradModeEnabled();
}

// The tensor inputs of a subgraph that may require grad (profiled types say so or do not know).
std::vector<size_t> wrtOf(const Graph& sub) {
  std::vector<size_t> wrt;
  for (size_t i : tensorInputs(sub)) {
    const auto* t = sub.inputs()[i]->type()->cast<TensorType>();
    if (t && t->requiresGrad() && !*t->requiresGrad()) continue;
    if (t && t->dtype() && !isFloatingType(*t->dtype())) continue;  // integer tensors carry no gradient
    wrt.push_back(i);
  }
  return wrt;
}

// Inlines a DifferentiableGraph node's Subgraph in its place.
void inlineDifferentiableGraph(Graph& g, Node* dg) {
  const Graph& sub = *dg->g(attr::Subgraph);
  WithInsertPoint guard(dg);
  std::unordered_map<const Value*, Value*> env;
  for (size_t i = 0; i < sub.inputs().size(); ++i) env[sub.inputs()[i]] = dg->input(i);
  for (Node* n : sub.nodes()) {
    Node* c = g.insertNode(g.createClone(n, [&](Value* v) { return env.count(v) ? env[v] : v; }));
    for (size_t i = 0; i < n->numOutputs(); ++i) env[n->output(i)] = c->output(i)->copyMetadata(n->output(i));
  }
  for (size_t i = 0; i < dg->numOutputs(); ++i) dg->output(i)->replaceAllUsesWith(env.at(sub.outputs()[i]));
  dg->destroy();
}

void collectDifferentiableGraphs(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::DifferentiableGraph) out.push_back(n);
    for (Block* inner : n->blocks()) collectDifferentiableGraphs(inner, out);
  }
}

bool anySetAttr(const Block* b) {
  for (const Node* n : b->nodes()) {
    if (n->kind() == prim::SetAttr) return true;
    for (const Block* inner : n->blocks())
      if (anySetAttr(inner)) return true;
  }
  return false;
}

// Moves every prim::GetAttr up to just after the definition of its object (or the front of its
// block), so that attribute reads interleaved with tensor ops (module parameters read where they are
// used) do not split a differentiable run. Only when the graph writes no attribute (a read cannot
// then move across a write).
void hoistAttributeReads(Block* b) {
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  for (Node* n : nodes) {
    for (Block* inner : n->blocks()) hoistAttributeReads(inner);
    if (n->kind() != prim::GetAttr) continue;
    Node* def = n->input(0)->node();
    if (def->owningBlock() == b && def->kind() != prim::Param) n->moveAfter(def);
    else if (b->nodes().front() != n) n->moveBefore(b->nodes().front());
  }
}

void attachGradFnImpl(const Gradient& gradient, const std::vector<IValue>& inputs, std::vector<IValue>& outputs,
                      std::vector<IValue> saved, const GraphRunner& runner) {
  auto node = std::make_shared<DifferentiableGraphBackward>(gradient, runner);
  node->attach(inputs, outputs, std::move(saved));
}

kernels::Operation differentiableGraphNodeOperation(const Node& node, const kernels::NodeOperationContext& context) {
  const Graph& sub = *node.g(attr::Subgraph);
  auto gradient = std::make_shared<Gradient>(differentiate(sub, wrtOf(sub)));
  kernels::Operation forward = context.compileGraph(gradient->forward);
  kernels::Operation backward = context.compileGraph(gradient->backward);
  const Graph* forwardGraph = gradient->forward.get();
  GraphRunner runner = [forward, backward, forwardGraph](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    Stack stack = std::move(in);
    size_t n = stack.size();
    (g.get() == forwardGraph ? forward : backward)(stack, n);
    return stack;
  };
  return differentiableGraphOperation(gradient, std::move(runner));
}

kernels::Operation requiresGradCheckNodeOperation(const Node& node, const kernels::NodeOperationContext&) {
  return requiresGradCheckOperation(node);
}

}  // namespace

DifferentiableGraphBackward::DifferentiableGraphBackward(const Gradient& gradient, GraphRunner runner)
    : gradient_(gradient), runner_(std::move(runner)) {}

void DifferentiableGraphBackward::attach(const std::vector<IValue>& inputs, std::vector<IValue>& outputs,
                                         std::vector<IValue> saved) {
  for (size_t i : gradient_.wrt) {
    const IValue& v = inputs.at(i);
    Tensor t = v.isTensor() ? v.toTensor() : Tensor();
    nextEdges().push_back(t.defined() && valueRequiresGrad(v) ? autograd::gradientEdge(t) : autograd::Edge{});
    inputSizes_.push_back(t.defined() ? t.sizes() : std::vector<int64_t>{});
    inputDtypes_.push_back(t.defined() ? t.dtype() : ScalarType::Double);
  }
  for (IValue& v : saved) {
    SavedValue s;
    if (v.isTensor() && v.toTensor().defined()) {
      s.isTensor = true;
      s.tensor = autograd::SavedTensor(v.toTensor(), false);
    } else {
      s.value = std::move(v);
    }
    saved_.push_back(std::move(s));
  }
  std::shared_ptr<autograd::Node> self = shared_from_this();
  outputs_.resize(outputs.size());
  outputMeta().resize(outputs.size());
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (!outputs[k].isTensor() || !outputs[k].toTensor().defined()) continue;
    const Tensor& t = outputs[k].toTensor();
    outputs_[k] = {true, t.sizes(), t.dtype()};
    outputMeta()[k] = {t.sizes(), t.dtype()};
    if (isFloatingType(t.dtype())) autograd::setHistory(t, self, static_cast<uint32_t>(k));
  }
  setNumOutputs(static_cast<uint32_t>(outputs.size()));
}

std::vector<Tensor> DifferentiableGraphBackward::apply(std::vector<Tensor> gradOutputs) {
  checkNotReleased();
  std::vector<IValue> in;
  in.reserve(outputs_.size() + saved_.size());
  for (size_t k = 0; k < outputs_.size(); ++k) {
    Tensor g = k < gradOutputs.size() ? gradOutputs[k] : Tensor();
    if (g.defined()) in.emplace_back(g);
    else if (outputs_[k].tensor) in.emplace_back(Tensor::zeros(outputs_[k].sizes, outputs_[k].dtype));
    else in.emplace_back();
  }
  for (const SavedValue& s : saved_) in.push_back(s.isTensor ? IValue(s.tensor.unpack(*this)) : s.value);
  std::vector<IValue> grads;
  {
    kernels::GradModeGuard noGrad(false);
    grads = runner_(gradient_.backward, std::move(in));
  }
  std::vector<Tensor> result(nextEdges().size());
  for (size_t i = 0; i < result.size() && i < grads.size(); ++i) {
    if (!nextEdges()[i].valid() || !grads[i].isTensor() || !grads[i].toTensor().defined()) continue;
    result[i] = autograd::conformGradient(grads[i].toTensor(), inputSizes_[i], inputDtypes_[i]);
  }
  return result;
}

void DifferentiableGraphBackward::release() {
  for (SavedValue& s : saved_) {
    if (s.isTensor) s.tensor.release();
    s.value = IValue();
  }
  released_ = true;
}

void initialize() {
  static std::once_flag once;
  std::call_once(once, [] {
    autograd::initialize();
    AutogradHooks hooks;
    hooks.requiresGrad = valueRequiresGrad;
    hooks.attachGradFn = attachGradFnImpl;
    setAutogradHooks(std::move(hooks));
    kernels::registerNodeOperation(prim::DifferentiableGraph, differentiableGraphNodeOperation);
    kernels::registerNodeOperation(prim::RequiresGradCheck, requiresGradCheckNodeOperation);
  });
}

bool autodiffExecutorPass(std::shared_ptr<Graph>& graph) {
  if (!anySetAttr(graph->block())) hoistAttributeReads(graph->block());
  if (!createAutodiffSubgraphs(graph, 2)) return false;
  std::vector<Node*> dgs;
  collectDifferentiableGraphs(graph->block(), dgs);
  for (Node* dg : dgs) {
    const Graph& sub = *dg->g(attr::Subgraph);
    std::vector<size_t> wrt = wrtOf(sub);
    bool ok = !wrt.empty();
    if (ok) {
      try {
        differentiate(sub, wrt);
      } catch (const std::exception&) {
        ok = false;  // e.g. NotDifferentiable: the nodes run under autograd instead
      }
    }
    if (!ok) inlineDifferentiableGraph(*graph, dg);
  }
  insertRequiresGradChecks(graph);
  graph->lint();
  return true;
}

}  // namespace tsjit::autodiff

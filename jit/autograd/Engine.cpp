// Engine.cpp — backward and grad (Autograd.h): dependency counting over the grad_fn graph, a
// ready queue ordered by sequence number, gradient buffers summed per node input.
#include <queue>
#include <sstream>
#include <unordered_map>

#include "jit/autograd/Autograd.h"
#include "jit/autograd/Math.h"
#include "jit/autograd/Node.h"
#include "jit/kernels/AutogradHook.h"

namespace tsjit::autograd {
namespace {

std::string sizeStr(const std::vector<int64_t>& s) {
  std::ostringstream os;
  os << "torch.Size([";
  for (size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
  os << "])";
  return os.str();
}

struct Root {
  Edge edge;
  Tensor grad;
};

std::vector<Root> makeRoots(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs) {
  std::vector<Root> roots;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    Edge e = gradientEdge(out);
    if (!e.valid())
      throw RuntimeError(str("element ", i, " of tensors does not require grad and does not have a grad_fn"));
    Tensor g = i < gradOutputs.size() ? gradOutputs[i] : Tensor();
    if (!g.defined()) {
      if (out.numel() != 1) throw RuntimeError("grad can be implicitly created only for scalar outputs");
      g = Tensor::ones(out.sizes(), out.dtype());
    } else if (g.sizes() != out.sizes()) {
      throw RuntimeError(str("Mismatch in shape: grad_output[", i, "] has a shape of ", sizeStr(g.sizes()),
                             " and output[", i, "] has a shape of ", sizeStr(out.sizes()), "."));
    }
    roots.push_back({e, g});
  }
  return roots;
}

struct Capture {
  Edge edge;
  Tensor value;
};

// Runs the graph below `roots`. AccumulateGrad nodes accumulate when `accumulate`; the gradient
// arriving at each captured edge is stored in it.
void execute(const std::vector<Root>& roots, std::vector<Capture>* captures, bool accumulate, bool retainGraph) {
  kernels::GradModeGuard noGrad(false);
  std::unordered_map<Node*, int> deps;
  std::unordered_map<Node*, std::shared_ptr<Node>> owners;
  std::vector<Node*> stack;
  for (const Root& r : roots) {
    if (owners.emplace(r.edge.node.get(), r.edge.node).second) stack.push_back(r.edge.node.get());
  }
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    for (const Edge& e : n->nextEdges()) {
      if (!e.valid()) continue;
      ++deps[e.node.get()];
      if (owners.emplace(e.node.get(), e.node).second) stack.push_back(e.node.get());
    }
  }
  std::unordered_map<Node*, std::vector<Tensor>> buffers;
  auto addTo = [&](const Edge& e, const Tensor& g) {
    auto& buf = buffers[e.node.get()];
    if (buf.size() <= e.inputNr) buf.resize(e.inputNr + 1);
    buf[e.inputNr] = addTensors(buf[e.inputNr], g);
  };
  for (const Root& r : roots) addTo(r.edge, r.grad);
  auto later = [](Node* a, Node* b) { return a->sequenceNr() < b->sequenceNr(); };
  std::priority_queue<Node*, std::vector<Node*>, decltype(later)> ready(later);
  for (auto& [n, owner] : owners)
    if (deps[n] == 0) ready.push(n);
  while (!ready.empty()) {
    Node* n = ready.top();
    ready.pop();
    std::vector<Tensor> buf = std::move(buffers[n]);
    buffers.erase(n);
    if (captures)
      for (Capture& c : *captures)
        if (c.edge.node.get() == n && c.edge.inputNr < buf.size() && buf[c.edge.inputNr].defined())
          c.value = addTensors(c.value, buf[c.edge.inputNr]);
    std::vector<Tensor> outs;
    bool isAccumulate = dynamic_cast<AccumulateGrad*>(n) != nullptr;
    if (!isAccumulate || accumulate) outs = n->apply(std::move(buf));
    if (!retainGraph) n->release();
    const auto& edges = n->nextEdges();
    for (size_t k = 0; k < edges.size(); ++k) {
      const Edge& e = edges[k];
      if (!e.valid()) continue;
      if (k < outs.size() && outs[k].defined()) addTo(e, outs[k]);
      if (--deps[e.node.get()] == 0) ready.push(e.node.get());
    }
  }
}
}  // namespace

bool isLeaf(const Tensor& t) {
  AutogradMeta* m = meta(t);
  return !m || !m->gradFn;
}

Tensor gradOf(const Tensor& t) {
  AutogradMeta* m = meta(t);
  return m ? m->grad : Tensor();
}

void setGrad(const Tensor& t, Tensor grad) { getOrCreateMeta(t).grad = std::move(grad); }

std::string gradFnName(const Tensor& t) {
  if (!t.requiresGrad()) return "";
  Edge e = gradientEdge(t);
  if (!e.valid() || dynamic_cast<AccumulateGrad*>(e.node.get())) return "";
  return e.node->name();
}

void backward(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs, bool retainGraph) {
  execute(makeRoots(outputs, gradOutputs), nullptr, true, retainGraph);
}

std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs,
                         const std::vector<Tensor>& inputs, bool retainGraph, bool allowUnused) {
  std::vector<Capture> captures;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Edge e = gradientEdge(inputs[i]);
    if (!e.valid()) throw RuntimeError(str("One of the differentiated Tensors does not require grad"));
    captures.push_back({e, Tensor()});
  }
  execute(makeRoots(outputs, gradOutputs), &captures, false, retainGraph);
  std::vector<Tensor> out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor g = captures[i].value;
    if (!g.defined() && !allowUnused)
      throw RuntimeError(
          "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
          "this is the desired behavior.");
    if (g.defined()) g = conformGradient(g, inputs[i].sizes(), inputs[i].dtype());
    out.push_back(g);
  }
  return out;
}

}  // namespace tsjit::autograd

// GradExecutor.cpp — the executors with symbolic autodiff wired in (GradExecutor.h).
#include "conformance/lib/GradExecutor.h"

#include "conformance/lib/ExecutorVjp.h"
#include "conformance/lib/GradConformAutograd.h"

#include <mutex>
#include <unordered_set>

#include "jit/autodiff/DifferentiableGraphOp.h"
#include "jit/autograd/Autograd.h"
#include "jit/autograd/Node.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/runtime/GradientPass.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/ProfilingExecutor.h"

namespace tsjit::conformance {

void initializeGradientExecution() {
  static std::once_flag once;
  std::call_once(once, [] {
    autodiff::initialize();
    runtime::registerAutodiffPass(autodiff::autodiffExecutorPass);
  });
}

IValue deepCopyValue(const IValue& v) {
  if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    if (!t.defined()) return v;
    Tensor c = Tensor::empty_strided(t.sizes(), t.strides(), t.dtype());
    {
      kernels::GradModeGuard noGrad(false);
      c.copy_(t.detach());
    }
    if (t.requiresGrad()) c.setRequiresGrad(true);
    return IValue(c);
  }
  if (v.isList()) {
    std::vector<IValue> items;
    for (const IValue& x : v.toListRef().items) items.push_back(deepCopyValue(x));
    return makeList(v.toListRef().elementType, std::move(items));
  }
  if (v.isTuple()) {
    std::vector<IValue> items;
    for (const IValue& x : v.toTupleRef().items) items.push_back(deepCopyValue(x));
    return makeTuple(std::move(items));
  }
  if (v.isDict()) {
    const DictObj& d = v.toDictRef();
    IValue out = makeDict(d.keyType, d.valueType);
    for (const auto& [k, x] : d.entries()) out.toDictRef().insertOrAssign(k, deepCopyValue(x));
    return out;
  }
  if (v.isObject()) {
    const Object& o = v.toObjectRef();
    auto c = Ref<Object>::make(o.type, o.slots.size());
    for (size_t i = 0; i < o.slots.size(); ++i) c->slots[i] = deepCopyValue(o.slots[i]);
    return IValue(c);
  }
  return v;
}

GradEngine jitGradEngine(const JitGradOptions& options) {
  initializeGradientExecution();
  std::string name = options.legacyExecutor ? "jit (GraphExecutor)" : "jit";
  return {name, [options](const std::shared_ptr<Graph>& g, std::vector<IValue> inputs) {
            if (options.legacyExecutor) {
              runtime::ExecutorOptions eo;
              eo.pipeline = options.pipeline;
              runtime::GraphExecutor ex(g->copy(), eo);
              return ex.call(std::move(inputs));
            }
            runtime::ProfilingOptions po;
            po.pipeline = options.pipeline;
            po.numProfiledRuns = options.warmupRuns;
            runtime::ProfilingExecutor ex(g->copy(), po);
            for (int i = 0; i < options.warmupRuns; ++i) {
              std::vector<IValue> copies;
              for (const IValue& v : inputs) copies.push_back(deepCopyValue(v));
              ex.call(std::move(copies));
            }
            std::vector<IValue> out = ex.call(std::move(inputs));
            if (options.pipeline != "none" && !ex.optimized())
              throw std::runtime_error("the profiling executor did not build its optimized plan");
            return out;
          }};
}

GradNodeCounts countGradNodes(const std::vector<Tensor>& roots, const std::vector<Tensor>& harness) {
  GradNodeCounts c;
  std::unordered_set<const autograd::Node*> seen;
  for (const Tensor& t : harness)
    if (autograd::Edge e = autograd::gradientEdge(t); e.valid()) seen.insert(e.node.get());
  std::vector<std::shared_ptr<autograd::Node>> stack;
  for (const Tensor& t : roots) {
    autograd::Edge e = autograd::gradientEdge(t);
    if (e.valid() && seen.insert(e.node.get()).second) stack.push_back(e.node);
  }
  while (!stack.empty()) {
    std::shared_ptr<autograd::Node> n = stack.back();
    stack.pop_back();
    if (const auto* dg = dynamic_cast<const autodiff::DifferentiableGraphBackward*>(n.get())) {
      ++c.differentiableGraphs;
      c.symbolicNodes += dg->numSymbolicNodes();
    } else if (!dynamic_cast<const autograd::AccumulateGrad*>(n.get())) {
      ++c.autogradNodes;
    }
    for (const autograd::Edge& e : n->nextEdges())
      if (e.valid() && seen.insert(e.node.get()).second) stack.push_back(e.node);
  }
  return c;
}

namespace {
void flattenTensors(const IValue& v, std::vector<Tensor>& out) {
  if (v.isTensor()) out.push_back(v.toTensor());
  else if (v.isTuple())
    for (const IValue& x : v.toTupleRef().items) flattenTensors(x, out);
  else if (v.isList())
    for (const IValue& x : v.toListRef().items) flattenTensors(x, out);
}
}  // namespace

std::vector<Tensor> executorVjp(const Graph& graph, const std::vector<IValue>& inputs,
                                const std::vector<IValue>& gradOutputs, const std::vector<size_t>& wrt,
                                bool legacyExecutor, size_t* symbolicNodes) {
  initializeGradientExecution();
  kernels::GradModeGuard gradMode(true);
  std::vector<IValue> run;
  for (const IValue& v : inputs) run.push_back(deepCopyValue(v));
  std::vector<Tensor> leaves;
  for (size_t i : wrt) {
    TSJIT_CHECK(i < run.size() && run[i].isTensor(), "executorVjp: input ", i, " is not a tensor");
    Tensor leaf = run[i].toTensor();
    if (isFloatingType(leaf.dtype())) leaf.setRequiresGrad(true);
    leaves.push_back(leaf);
  }
  std::vector<IValue> outputs;
  if (legacyExecutor) {
    runtime::GraphExecutor ex(graph.copy());
    outputs = ex.call(run);
  } else {
    runtime::ProfilingExecutor ex(graph.copy());
    std::vector<IValue> warm;
    for (const IValue& v : run) warm.push_back(deepCopyValue(v));
    ex.call(std::move(warm));
    outputs = ex.call(run);
  }
  std::vector<Tensor> flat, flatGrads;
  for (const IValue& o : outputs) flattenTensors(o, flat);
  for (const IValue& g : gradOutputs) flattenTensors(g, flatGrads);
  LeafGradients lg = gradientsOfLeaves(flat, flatGrads, leaves);
  if (symbolicNodes) *symbolicNodes = countGradNodes(lg.roots).symbolicNodes;
  std::vector<Tensor>& result = lg.grads;
  for (size_t i = 0; i < result.size(); ++i)
    if (!result[i].defined()) result[i] = Tensor::zeros(leaves[i].sizes(), leaves[i].dtype());
  return result;
}

}  // namespace tsjit::conformance

// GraphExecutor.cpp — ArgumentSpec and the specialization cache (GraphExecutor.h).
#include "jit/runtime/GraphExecutor.h"

#include <algorithm>
#include <sstream>

#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/passes/Inline.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "jit/runtime/GradientPass.h"
#include "jit/runtime/Interpreter.h"

namespace tsjit::runtime {

namespace {
inline void combine(size_t& h, size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); }

// Node of `copy` -> the node of `original` it was copied from (Graph::copy keeps the structure:
// the same nodes and blocks in the same order).
void mapBlock(const Block& copy, const Block& original, std::unordered_map<const Node*, const Node*>& m) {
  auto c = copy.nodes().begin();
  auto o = original.nodes().begin();
  for (; c != copy.nodes().end() && o != original.nodes().end(); ++c, ++o) {
    m.emplace(*c, *o);
    for (size_t i = 0; i < std::min((*c)->blocks().size(), (*o)->blocks().size()); ++i)
      mapBlock(*(*c)->blocks()[i], *(*o)->blocks()[i], m);
  }
}

std::shared_ptr<const std::unordered_map<const Node*, const Node*>> mapNodes(const Graph& copy, const Graph& original) {
  auto m = std::make_shared<std::unordered_map<const Node*, const Node*>>();
  mapBlock(*copy.block(), *original.block(), *m);
  return m;
}
}  // namespace

ArgumentSpec ArgumentSpec::of(const IValue* inputs, size_t n) {
  ArgumentSpec s;
  s.args_.reserve(n);
  size_t h = n;
  const bool gradMode = kernels::gradModeEnabled();
  for (size_t i = 0; i < n; ++i) {
    const IValue& v = inputs[i];
    Arg a;
    a.tag = static_cast<uint8_t>(v.tag());
    if (v.isTensor()) {
      Tensor t = v.toTensor();
      a.defined = t.defined();
      if (a.defined) {
        a.dtype = static_cast<int8_t>(t.dtype());
        a.rank = static_cast<int32_t>(t.dim());
        a.requiresGrad = t.requiresGrad() && gradMode;  // 1.13: requires_grad under the current grad mode
        Device d = t.device();
        a.deviceType = static_cast<int8_t>(d.type);
        a.deviceIndex = d.index;
      }
    }
    combine(h, a.tag);
    combine(h, a.defined | (a.requiresGrad << 1));
    combine(h, static_cast<size_t>(a.dtype + 1));
    combine(h, static_cast<size_t>(a.rank + 1));
    combine(h, static_cast<size_t>(a.deviceType) * 131 + static_cast<size_t>(a.deviceIndex + 1));
    s.args_.push_back(a);
  }
  s.hash_ = h;
  return s;
}

std::string ArgumentSpec::str() const {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < args_.size(); ++i) {
    const Arg& a = args_[i];
    if (i) os << ", ";
    if (a.tag == static_cast<uint8_t>(IValue::Tag::Tensor)) {
      if (!a.defined) os << "undefined";
      else
        os << irName(static_cast<ScalarType>(a.dtype)) << "[rank " << a.rank << (a.requiresGrad ? ", grad" : "")
           << "]";
    } else {
      os << IValue::tagName(static_cast<IValue::Tag>(a.tag));
    }
  }
  os << ")";
  return os.str();
}

void specializeTypes(Graph& graph, const ArgumentSpec& spec) {
  const auto& args = spec.args();
  for (size_t i = 0; i < args.size() && i < graph.inputs().size(); ++i) {
    const ArgumentSpec::Arg& a = args[i];
    Value* in = graph.inputs()[i];
    if (a.tag != static_cast<uint8_t>(IValue::Tag::Tensor) || !a.defined) continue;
    const TypePtr& declared = in->type();
    const auto* opt = declared->cast<OptionalType>();
    if (!declared->cast<TensorType>() && !(opt && opt->elementType()->cast<TensorType>())) continue;
    Device device{static_cast<DeviceType>(a.deviceType), a.deviceIndex};
    in->setType(TensorType::create(static_cast<ScalarType>(a.dtype), device,
                                   TensorType::Dims(static_cast<size_t>(a.rank), std::nullopt), std::nullopt,
                                   a.requiresGrad));
  }
}

GraphExecutor::GraphExecutor(std::shared_ptr<Graph> graph, ExecutorOptions options)
    : graph_(std::move(graph)), options_(std::move(options)) {}

size_t GraphExecutor::numPlans() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return plans_.size();
}

std::shared_ptr<const Code> GraphExecutor::planFor(const IValue* inputs, size_t n) {
  ArgumentSpec spec = ArgumentSpec::of(inputs, n);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = plans_.find(spec);
    if (it != plans_.end()) {
      ++hits_;
      return it->second;
    }
  }
  // Specialize: a private copy of the graph through the pipeline, then compile.
  std::shared_ptr<Graph> g = graph_->copy();
  CompileOptions compileOptions = options_.compile;
  registerAllPasses();
  registerConstantEvaluator();  // constant_propagation folds with the optimized kernels
  const PassRegistry& reg = PassRegistry::global();
  std::vector<const PassInfo*> pipeline;
  if (options_.pipeline.empty()) {
    // Observation maps the plan's nodes 1:1 onto the graph's: no passes unless asked for.
    if (!compileOptions.observe) pipeline = defaultPipeline();
  } else {
    pipeline = reg.parsePipelineOrDefault(options_.pipeline);
  }
  if (compileOptions.observe && pipeline.empty()) compileOptions.nodeOrigins = mapNodes(*g, *graph_);
  if (!pipeline.empty()) {
    specializeTypes(*g, spec);
    InlineResolverScope resolver(compileOptions.resolveFunction);
    runPipeline(g, pipeline);
    // Inputs that need a gradient (the spec records requires_grad under the grad mode): 1.13's
    // differentiable subgraphs, guarded by prim::RequiresGradCheck (GradientPass.h).
    AutodiffPass autodiff = currentAutodiffPass();
    if (autodiff && needsGradient(*g, true)) autodiff(g);
  }
  std::shared_ptr<const Code> code = Code::compile(std::move(g), compileOptions);
  std::lock_guard<std::mutex> lock(mutex_);
  ++misses_;
  auto [it, inserted] = plans_.emplace(std::move(spec), code);
  return it->second;
}

void GraphExecutor::run(Stack& stack) { run(stack, nullptr); }

void GraphExecutor::run(Stack& stack, ExecutionObserver* observer) {
  TSJIT_CHECK(!observer || options_.compile.observe, "GraphExecutor: an observer needs options.compile.observe");
  size_t n = graph_->inputs().size();
  TSJIT_CHECK(stack.size() >= n, "GraphExecutor: too few inputs on the stack");
  std::shared_ptr<const Code> code = planFor(stack.data() + stack.size() - n, n);
  InterpreterState state(std::move(code));
  state.setObserver(observer);
  state.run(stack);
}

std::vector<IValue> GraphExecutor::call(std::vector<IValue> inputs) { return call(std::move(inputs), nullptr); }

std::vector<IValue> GraphExecutor::call(std::vector<IValue> inputs, ExecutionObserver* observer) {
  if (inputs.size() != graph_->inputs().size())
    throw CompileError(str("the graph takes ", graph_->inputs().size(), " inputs but ", inputs.size(), " were given"));
  Stack st = std::move(inputs);
  run(st, observer);
  return st;
}

}  // namespace tsjit::runtime

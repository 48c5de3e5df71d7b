// ProfilingOps.cpp — prim::profile, prim::TypeCheck, prim::FallbackGraph and registered node
// operations for the interpreter (ProfilingOps.h).
#include "jit/runtime/ProfilingOps.h"

#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/kernels/NodeOperations.h"
#include "jit/runtime/Interpreter.h"
#include "jit/runtime/ProfilingRecord.h"

namespace tsjit::runtime {

Symbol fallbackGraphSymbol() {
  static const Symbol s = Symbol::fromQualString("prim::FallbackGraph");
  return s;
}

kernels::Operation interpreterOperation(std::shared_ptr<const Code> code) {
  return [code = std::move(code)](Stack& stack, size_t) {
    InterpreterState state(code);
    state.run(stack);
  };
}

bool matchesCompleteType(const IValue& value, const TensorType& type) {
  if (!value.isTensor()) return false;
  const Tensor& t = value.toTensor();
  if (!t.defined() || !type.dtype() || !type.device() || !type.sizes() || !type.strides() || !type.requiresGrad())
    return false;
  // requires_grad in the current execution context (grad mode off: no tensor requires grad).
  const bool requiresGrad = t.requiresGrad() && kernels::gradModeEnabled();
  if (t.dtype() != *type.dtype() || !(t.device() == *type.device()) || requiresGrad != *type.requiresGrad())
    return false;
  const auto& sizes = *type.sizes();
  const auto& strides = *type.strides();
  if (t.dim() != static_cast<int64_t>(sizes.size()) || strides.size() != sizes.size()) return false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!sizes[d] || !strides[d] || t.sizes()[d] != *sizes[d] || t.strides()[d] != *strides[d]) return false;
  }
  return true;
}

namespace {
CompileOptions nestedOptions(const CompileOptions& options) {
  CompileOptions o;
  o.resolveFunction = options.resolveFunction;
  return o;
}

kernels::Operation typeCheckOperation(const Node& node) {
  std::vector<TypePtr> types = node.tys(attr::types);
  TSJIT_CHECK(types.size() == node.numInputs() && node.numOutputs() == node.numInputs() + 1,
              "prim::TypeCheck: ", node.numInputs(), " inputs, ", node.numOutputs(), " outputs and ", types.size(),
              " types");
  return [types = std::move(types)](Stack& stack, size_t) {
    size_t n = types.size();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) {
      const auto* tt = types[i]->cast<TensorType>();
      ok = tt && matchesCompleteType(stack[stack.size() - n + i], *tt);
    }
    stack.emplace_back(ok);
  };
}
}  // namespace

std::optional<kernels::Operation> profilingOperation(const Node& node, const CompileOptions& options) {
  if (node.kind() == prim::profile) {
    std::shared_ptr<ProfilingRecord> record = options.profiling;
    if (!record) return kernels::Operation([](Stack&, size_t) {});
    size_t slot = static_cast<size_t>(node.i(attr::index));
    TSJIT_CHECK(slot < record->numSlots(), "prim::profile: slot ", slot, " is not in the record");
    return kernels::Operation([record, slot](Stack& stack, size_t) { record->observe(slot, stack.back()); });
  }
  if (node.kind() == prim::TypeCheck) return typeCheckOperation(node);
  if (node.kind() == fallbackGraphSymbol()) {
    std::shared_ptr<Graph> g = node.g(attr::Subgraph);
    if (options.compileFallback) return options.compileFallback(g);
    return interpreterOperation(Code::compile(g, nestedOptions(options)));
  }
  if (auto factory = kernels::findNodeOperation(node.kind())) {
    kernels::NodeOperationContext context;
    CompileOptions nested = nestedOptions(options);
    context.compileGraph = [nested](std::shared_ptr<Graph> g) {
      return interpreterOperation(Code::compile(std::move(g), nested));
    };
    return (*factory)(node, context);
  }
  return std::nullopt;
}

}  // namespace tsjit::runtime

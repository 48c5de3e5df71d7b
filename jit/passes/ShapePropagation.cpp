// ShapePropagation.cpp — the `shape_propagation` pass (ShapePropagation.h).
#include "jit/passes/ShapePropagation.h"

#include <algorithm>
#include <optional>

#include "jit/ir/Graph.h"
#include "jit/support/Logging.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit {

namespace {
using Dims = TensorType::Dims;

const TensorType* tensorOf(const Value* v) { return v->type()->cast<TensorType>(); }
bool isNumber(const Value* v) {
  TypeKind k = v->type()->kind();
  return k == TypeKind::Int || k == TypeKind::Float;
}

// requires_grad of a result: false when every input is known not to require grad; unknown
// otherwise (PyTorch's autograd would make it true, tsjit's runtime does not track it yet: a type
// must describe the value either computes).
std::optional<bool> anyRequiresGrad(std::initializer_list<const TensorType*> ts) {
  for (const TensorType* t : ts)
    if (!t->requiresGrad() || *t->requiresGrad()) return std::nullopt;
  return false;
}

// True when both sizes are known and do not broadcast (the op raises: no type to state).
bool broadcastFails(const TensorType& a, const TensorType& b) {
  if (!a.sizes() || !b.sizes()) return false;
  const Dims& x = *a.sizes();
  const Dims& y = *b.sizes();
  for (size_t i = 1; i <= std::min(x.size(), y.size()); ++i) {
    const auto& dx = x[x.size() - i];
    const auto& dy = y[y.size() - i];
    if (dx && dy && *dx != *dy && *dx != 1 && *dy != 1) return true;
  }
  return false;
}

std::optional<Dims> broadcastSizes(const TensorType& a, const TensorType& b) {
  if (!a.sizes() || !b.sizes()) return std::nullopt;
  const Dims& x = *a.sizes();
  const Dims& y = *b.sizes();
  size_t n = std::max(x.size(), y.size());
  Dims out(n);
  for (size_t i = 0; i < n; ++i) {
    std::optional<int64_t> dx = i < n - x.size() ? std::optional<int64_t>(1) : x[i - (n - x.size())];
    std::optional<int64_t> dy = i < n - y.size() ? std::optional<int64_t>(1) : y[i - (n - y.size())];
    if (!dx || !dy) continue;  // unknown: the dim stays unknown
    if (*dx == *dy || *dy == 1) out[i] = *dx;
    else if (*dx == 1) out[i] = *dy;
    else return std::nullopt;  // raises at run time
  }
  return out;
}

TypePtr make(std::optional<ScalarType> dtype, const TensorType& like, std::optional<Dims> sizes, std::optional<bool> grad) {
  if (!dtype) return TensorType::get();
  return TensorType::create(dtype, like.device(), std::move(sizes), std::nullopt, grad);
}

bool same(const std::optional<ScalarType>& a, const std::optional<ScalarType>& b) { return a && b && *a == *b; }

// The rule for one node's single tensor output, or nullptr when none applies.
TypePtr ruleFor(const Node* n) {
  Symbol k = n->kind();
  const std::string& name = k.toQualString();
  auto in = [&](size_t i) { return i < n->numInputs() ? tensorOf(n->input(i)) : nullptr; };
  static const char* kUnaryAny[] = {"aten::relu", "aten::neg", "aten::clone", "aten::contiguous", "aten::relu_",
                                    "aten::neg_", "aten::abs", "aten::abs_"};
  static const char* kUnaryFloat[] = {"aten::tanh", "aten::sigmoid", "aten::exp", "aten::log", "aten::sin",
                                      "aten::cos", "aten::sqrt", "aten::tanh_", "aten::sigmoid_", "aten::exp_"};
  for (const char* u : kUnaryAny)
    if (name == u && in(0) && in(0)->dtype() && *in(0)->dtype() != ScalarType::Bool)
      return make(in(0)->dtype(), *in(0), in(0)->sizes(), anyRequiresGrad({in(0)}));
  for (const char* u : kUnaryFloat)
    if (name == u && in(0) && in(0)->dtype() && isFloatingType(*in(0)->dtype()))
      return make(in(0)->dtype(), *in(0), in(0)->sizes(), anyRequiresGrad({in(0)}));
  if (name == "aten::detach" && in(0)) return make(in(0)->dtype(), *in(0), in(0)->sizes(), false);

  bool arith = name == "aten::add" || name == "aten::sub" || name == "aten::mul" || name == "aten::div";
  bool inplaceArith = name == "aten::add_" || name == "aten::sub_" || name == "aten::mul_" || name == "aten::div_";
  bool compare = name == "aten::eq" || name == "aten::ne" || name == "aten::lt" || name == "aten::le" ||
                 name == "aten::gt" || name == "aten::ge";
  if ((arith || compare) && in(0) && in(1) && same(in(0)->dtype(), in(1)->dtype())) {
    ScalarType dt = *in(0)->dtype();
    if (n->numInputs() > 3 || broadcastFails(*in(0), *in(1))) return nullptr;
    if (compare && n->numInputs() == 2)
      return make(ScalarType::Bool, *in(0), broadcastSizes(*in(0), *in(1)), false);
    if (!arith || dt == ScalarType::Bool) return nullptr;
    if (name == "aten::div" && (n->numInputs() != 2 || !isFloatingType(dt))) return nullptr;
    if (!isFloatingType(dt) && dt != ScalarType::Int64) return nullptr;
    return make(dt, *in(0), broadcastSizes(*in(0), *in(1)), anyRequiresGrad({in(0), in(1)}));
  }
  if ((arith || compare) && in(0) && !in(1) && n->numInputs() >= 2 && isNumber(n->input(1)) && in(0)->dtype() &&
      isFloatingType(*in(0)->dtype())) {
    if (n->numInputs() > 3 || (name == "aten::div" && n->numInputs() != 2)) return nullptr;
    if (compare) return n->numInputs() == 2 ? make(ScalarType::Bool, *in(0), in(0)->sizes(), false) : nullptr;
    return make(in(0)->dtype(), *in(0), in(0)->sizes(), anyRequiresGrad({in(0)}));
  }
  if (inplaceArith && in(0) && in(0)->dtype()) {
    // In-place ops return self: its type is what self's value is.
    return n->input(0)->type();
  }
  auto matrix = [](const TensorType* t) { return t && t->dtype() && isFloatingType(*t->dtype()) && t->rank() == 2u; };
  if ((name == "aten::mm" || name == "aten::matmul") && n->numInputs() == 2 && matrix(in(0)) && matrix(in(1)) &&
      same(in(0)->dtype(), in(1)->dtype())) {
    const Dims& a = *in(0)->sizes();
    const Dims& b = *in(1)->sizes();
    if (a[1] && b[0] && *a[1] != *b[0]) return nullptr;  // raises
    return make(in(0)->dtype(), *in(0), Dims{a[0], b[1]}, anyRequiresGrad({in(0), in(1)}));
  }
  if (name == "aten::addmm" && n->numInputs() == 5 && in(0) && matrix(in(1)) && matrix(in(2)) &&
      same(in(0)->dtype(), in(1)->dtype()) && same(in(1)->dtype(), in(2)->dtype()) && in(0)->rank() &&
      *in(0)->rank() <= 2) {
    const Dims& a = *in(1)->sizes();
    const Dims& b = *in(2)->sizes();
    if (a[1] && b[0] && *a[1] != *b[0]) return nullptr;
    return make(in(1)->dtype(), *in(1), Dims{a[0], b[1]}, anyRequiresGrad({in(0), in(1), in(2)}));
  }
  if (name == "aten::t" && n->numInputs() == 1 && in(0) && in(0)->rank() == 2u) {
    const Dims& a = *in(0)->sizes();
    return make(in(0)->dtype(), *in(0), Dims{a[1], a[0]}, in(0)->requiresGrad());
  }
  return nullptr;
}

// In-place ops that change a tensor's sizes or requires_grad (its dtype and device never change).
bool mutatesMetadata(const Block& b) {
  static const char* kOps[] = {"aten::t_",        "aten::transpose_", "aten::squeeze_",    "aten::unsqueeze_",
                               "aten::resize_",   "aten::resize_as_", "aten::as_strided_", "aten::swapdims_",
                               "aten::swapaxes_", "aten::set_",       "aten::detach_",     "aten::requires_grad_"};
  for (const Node* n : b.nodes()) {
    if (n->kind() == prim::CallMethod || n->kind() == prim::CallFunction) return true;  // callees may
    for (const char* op : kOps)
      if (n->kind().toQualString() == op) return true;
    for (const Block* sub : n->blocks())
      if (mutatesMetadata(*sub)) return true;
  }
  return false;
}

bool sameType(const TypePtr& a, const TypePtr& b) { return a == b || a->equals(*b); }

bool setType(Value* v, TypePtr t) {
  if (sameType(v->type(), t)) return false;
  v->setType(std::move(t));
  return true;
}

bool propagateBlock(Block* b);

bool propagateNode(Node* n) {
  bool changed = false;
  if (n->kind() == prim::If && n->blocks().size() == 2) {
    changed |= propagateBlock(n->blocks()[0]);
    changed |= propagateBlock(n->blocks()[1]);
    for (size_t i = 0; i < n->numOutputs(); ++i)
      if (tensorOf(n->output(i)))
        changed |= setType(n->output(i), mergeTensorTypes(n->blocks()[0]->outputs()[i]->type(),
                                                          n->blocks()[1]->outputs()[i]->type()));
    return changed;
  }
  if (n->kind() == prim::Loop && n->blocks().size() == 1) {
    Block* body = n->blocks()[0];
    size_t carried = n->numOutputs();
    // Start from the initial values' types; widen with the body's results until stable.
    std::vector<TypePtr> types(carried);
    for (size_t i = 0; i < carried; ++i) types[i] = n->input(i + 2)->type();
    for (int round = 0; round < 4; ++round) {
      for (size_t i = 0; i < carried; ++i)
        if (tensorOf(body->inputs()[i + 1])) changed |= setType(body->inputs()[i + 1], types[i]);
      changed |= propagateBlock(body);
      bool stable = true;
      for (size_t i = 0; i < carried; ++i) {
        if (!tensorOf(body->inputs()[i + 1]) || !body->outputs()[i + 1]->type()->cast<TensorType>()) continue;
        TypePtr merged = mergeTensorTypes(types[i], body->outputs()[i + 1]->type());
        if (!sameType(merged, types[i])) stable = false, types[i] = merged;
      }
      if (stable) break;
      if (round == 2)  // give up on the facts: plain tensors converge at once
        for (size_t i = 0; i < carried; ++i)
          if (tensorOf(body->inputs()[i + 1])) types[i] = TensorType::get();
    }
    for (size_t i = 0; i < carried; ++i)
      if (tensorOf(n->output(i))) changed |= setType(n->output(i), types[i]);
    return changed;
  }
  for (Block* sub : n->blocks()) changed |= propagateBlock(sub);
  TypePtr rule = n->numOutputs() == 1 && tensorOf(n->output()) ? ruleFor(n) : nullptr;
  for (Value* out : n->outputs()) {
    if (!tensorOf(out)) continue;
    if (n->kind() == prim::Constant || n->kind() == prim::Param) continue;  // constants keep their recorded type
    changed |= setType(out, rule && n->numOutputs() == 1 ? rule : TensorType::get());
  }
  return changed;
}

bool propagateBlock(Block* b) {
  bool changed = false;
  for (Node* n : b->nodes()) changed |= propagateNode(n);
  return changed;
}
}  // namespace

TypePtr exampleTensorType(const IValue& v) {
  if (!v.isTensor()) return nullptr;
  Tensor t = v.toTensor();
  if (!t.defined()) return nullptr;
  Dims sizes, strides;
  for (int64_t s : t.sizes()) sizes.push_back(s);
  for (int64_t s : t.strides()) strides.push_back(s);
  return TensorType::create(t.dtype(), t.device(), sizes, strides, t.requiresGrad());
}

void specializeInputTypes(Graph& graph, const std::vector<IValue>& examples) {
  TSJIT_CHECK(examples.size() == graph.inputs().size(), "specializeInputTypes: ", examples.size(),
              " examples for ", graph.inputs().size(), " inputs");
  for (size_t i = 0; i < examples.size(); ++i) {
    Value* in = graph.inputs()[i];
    TypePtr declared = in->type();
    bool tensorish = declared->cast<TensorType>() ||
                     (declared->cast<OptionalType>() &&
                      declared->cast<OptionalType>()->elementType()->cast<TensorType>());
    if (!tensorish) continue;
    if (TypePtr t = exampleTensorType(examples[i])) in->setType(t);
  }
}

TypePtr mergeTensorTypes(const TypePtr& a, const TypePtr& b) {
  const auto* x = a->cast<TensorType>();
  const auto* y = b->cast<TensorType>();
  if (!x || !y) return TensorType::get();
  if (sameType(a, b)) return a;
  std::optional<ScalarType> dtype = same(x->dtype(), y->dtype()) ? x->dtype() : std::nullopt;
  std::optional<Device> device = x->device() && y->device() && *x->device() == *y->device() ? x->device() : std::nullopt;
  std::optional<Dims> sizes;
  if (x->sizes() && y->sizes() && x->sizes()->size() == y->sizes()->size()) {
    Dims d(x->sizes()->size());
    for (size_t i = 0; i < d.size(); ++i)
      if ((*x->sizes())[i] == (*y->sizes())[i]) d[i] = (*x->sizes())[i];
    sizes = d;
  }
  std::optional<bool> grad = x->requiresGrad() == y->requiresGrad() ? x->requiresGrad() : std::nullopt;
  if (!dtype && !device && !sizes && !grad) return TensorType::get();
  return TensorType::create(dtype, device, sizes, std::nullopt, grad);
}

static void propagateAll(std::shared_ptr<Graph>& graph);

namespace {
// The types of every value, in a fixed walk order: "changed" compares the final types (the loop
// fixed point sets intermediate types on the way).
void snapshot(const Block& b, std::vector<TypePtr>& out) {
  for (const Value* v : b.inputs()) out.push_back(v->type());
  for (const Node* n : b.nodes()) {
    for (const Block* sub : n->blocks()) snapshot(*sub, out);
    for (const Value* v : n->outputs()) out.push_back(v->type());
  }
}
bool sameSnapshot(const std::vector<TypePtr>& a, const std::vector<TypePtr>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameType(a[i], b[i])) return false;
  return true;
}
}  // namespace

bool propagateShapes(std::shared_ptr<Graph>& graph) {
  std::vector<TypePtr> before, after;
  snapshot(*graph->block(), before);
  propagateAll(graph);
  snapshot(*graph->block(), after);
  return !sameSnapshot(before, after);
}

static void propagateAll(std::shared_ptr<Graph>& graph) {
  if (mutatesMetadata(*graph->block())) {
    // Sizes and requires_grad of a value may change at run time: keep dtype and device only.
    for (Value* in : graph->inputs())
      if (const auto* t = tensorOf(in))
        if (!t->isPlain())
          setType(in, TensorType::create(t->dtype(), t->device(), std::nullopt, std::nullopt, std::nullopt));
  }
  propagateBlock(graph->block());
}

}  // namespace tsjit

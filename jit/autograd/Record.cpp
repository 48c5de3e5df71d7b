// Record.cpp — the recorder (Record.h) and FunctionNode, the node of one recorded op.
#include "jit/autograd/Record.h"

#include <algorithm>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"
#include "jit/autograd/Node.h"
#include "jit/autograd/Views.h"
#include "jit/ir/Type.h"
#include "jit/kernels/AutogradHook.h"

namespace tsjit::autograd {

// One recorded op: its derivative, what it saved, and where each input's gradient flows.
// Edges are per differentiable input slot: a Tensor argument, or one element of a Tensor[] one.
class FunctionNode : public Node {
 public:
  struct Slot {
    size_t arg;
    int64_t elem;  // -1: the argument itself
    std::vector<int64_t> sizes;
    ScalarType dtype;
  };

  FunctionNode(const ops::OpOverload& overload, const Derivative* d) : overload_(overload), derivative_(d) {
    name_ = d ? d->nodeName : nodeNameFor(overload);
  }

  std::string name() const override { return name_; }
  static std::shared_ptr<FunctionNode> create(const ops::OpOverload& overload, const std::vector<IValue>& args,
                                              const std::vector<Edge>* overrideEdge0 = nullptr);

  void release() override {
    for (auto& s : savedArgs_) s.release();
    for (auto& l : savedLists_)
      for (auto& s : l) s.release();
    for (auto& s : savedOutputs_) s.release();
    released_ = true;
  }

  std::vector<Tensor> apply(std::vector<Tensor> gradOutputs) override {
    checkNotReleased();
    if (!derivative_)
      throw RuntimeError(str("the derivative for '", overload_.qualifiedName(), "' is not implemented."));
    GradContext c = ctx_;
    for (size_t i = 0; i < savedArgs_.size(); ++i) {
      if (savedArgs_[i].defined()) c.args_[i] = savedArgs_[i].unpack(*this);
      if (!savedLists_[i].empty()) {
        std::vector<IValue> items;
        for (auto& s : savedLists_[i]) items.emplace_back(s.unpack(*this));
        c.args_[i] = makeList(TensorType::get(), std::move(items));
      }
    }
    c.outputs_.assign(outputMeta().size(), Tensor());
    for (size_t j = 0; j < savedOutputs_.size(); ++j)
      if (savedOutputs_[j].defined()) c.outputs_[j] = savedOutputs_[j].unpack(*this);
    c.grads_.resize(outputMeta().size());
    c.hasGrad_.assign(outputMeta().size(), false);
    for (size_t j = 0; j < outputMeta().size(); ++j) {
      if (j < gradOutputs.size() && gradOutputs[j].defined()) {
        c.grads_[j] = gradOutputs[j];
        c.hasGrad_[j] = true;
      } else {
        c.grads_[j] = Tensor::zeros(outputMeta()[j].sizes, outputMeta()[j].dtype);
      }
    }
    c.needs_.assign(c.args_.size(), false);
    for (size_t k = 0; k < slots_.size(); ++k)
      if (nextEdges()[k].valid()) c.needs_[slots_[k].arg] = true;
    Grads g = derivative_->formula(c);
    std::vector<Tensor> out(slots_.size());
    for (size_t k = 0; k < slots_.size(); ++k) {
      const Slot& s = slots_[k];
      if (!nextEdges()[k].valid() || s.arg >= g.size()) continue;
      const IValue& v = g[s.arg];
      Tensor t;
      if (s.elem < 0 && v.isTensor()) t = v.toTensor();
      if (s.elem >= 0 && v.isList() && static_cast<size_t>(s.elem) < v.toListRef().items.size() &&
          v.toListRef().items[static_cast<size_t>(s.elem)].isTensor())
        t = v.toListRef().items[static_cast<size_t>(s.elem)].toTensor();
      if (t.defined()) out[k] = conformGradient(t, s.sizes, s.dtype);
    }
    return out;
  }

  const ops::OpOverload& overload_;
  const Derivative* derivative_;
  std::string name_;
  GradContext ctx_;
  std::vector<Slot> slots_;
  std::vector<SavedTensor> savedArgs_;
  std::vector<std::vector<SavedTensor>> savedLists_;
  std::vector<SavedTensor> savedOutputs_;
};

namespace {
bool contains(const std::vector<int>& v, size_t i) { return std::find(v.begin(), v.end(), static_cast<int>(i)) != v.end(); }

bool isTensorList(const IValue& v) {
  if (!v.isList()) return false;
  for (const IValue& x : v.toListRef().items)
    if (!x.isTensor()) return false;
  return !v.toListRef().items.empty();
}

bool anyRequiresGrad(const IValue* args, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const IValue& v = args[i];
    if (v.isTensor()) {
      if (v.toTensor().requiresGrad()) return true;
    } else if (v.isList()) {
      for (const IValue& x : v.toListRef().items)
        if (x.isTensor() && x.toTensor().requiresGrad()) return true;
    }
  }
  return false;
}

bool isLeaf(const Tensor& t) {
  AutogradMeta* m = meta(t);
  return !m || !m->gradFn;
}

// Output tensors (list outputs flattened) in order.
std::vector<Tensor> flattenOutputs(const IValue* outs, size_t n) {
  std::vector<Tensor> r;
  for (size_t i = 0; i < n; ++i) {
    if (outs[i].isTensor()) r.push_back(outs[i].toTensor());
    else if (isTensorList(outs[i]))
      for (const IValue& x : outs[i].toListRef().items) r.push_back(x.toTensor());
    else r.push_back(Tensor());
  }
  return r;
}

// Whether t is (the very impl of) a tensor among the arguments, also inside lists, tuples and
// dicts: container ops (values, __getitem__, get) pass tensors through untouched.
bool reaches(const IValue& v, const Tensor& t, int depth) {
  if (v.isTensor()) return v.toTensor().is(t);
  if (depth > 8) return false;
  if (v.isList()) {
    for (const IValue& x : v.toListRef().items)
      if (reaches(x, t, depth + 1)) return true;
  } else if (v.isTuple()) {
    for (const IValue& x : v.toTupleRef().items)
      if (reaches(x, t, depth + 1)) return true;
  } else if (v.isDict()) {
    for (const auto& [k, x] : v.toDictRef().entries())
      if (reaches(k, t, depth + 1) || reaches(x, t, depth + 1)) return true;
  }
  return false;
}

bool sameImplAsInput(const Tensor& t, const std::vector<IValue>& args) {
  for (const IValue& a : args)
    if (reaches(a, t, 0)) return true;
  return false;
}

// Output t shares storage with a tensor argument: remember the base (view tracking).
void trackView(const Tensor& t, const std::vector<IValue>& args) {
  for (const IValue& a : args) {
    if (!a.isTensor()) continue;
    const Tensor& in = a.toTensor();
    if (!in.defined() || !t.sharesStorageWith(in) || in.is(t)) continue;
    AutogradMeta& m = getOrCreateMeta(t);
    AutogradMeta* im = meta(in);
    m.isView = true;
    m.base = (im && im->isView && im->base.defined()) ? im->base : in;
    m.attrVersion = t.version();
    m.versionOrigin = meta(m.base) ? meta(m.base)->versionOrigin : 0;
    return;
  }
}

}  // namespace

std::shared_ptr<FunctionNode> FunctionNode::create(const ops::OpOverload& overload, const std::vector<IValue>& args,
                                                   const std::vector<Edge>* overrideEdge0) {
  const Derivative* d = derivativeFor(overload);
  auto node = std::make_shared<FunctionNode>(overload, d);
  GradContext& c = node->ctx_;
  c.opName_ = overload.qualifiedName();
  size_t n = args.size();
  c.args_.resize(n);
  c.saved_.assign(n, false);
  c.sizes_.resize(n);
  c.dtypes_.assign(n, ScalarType::Undefined);
  c.listSizes_.resize(n);
  node->savedArgs_.resize(n);
  node->savedLists_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const IValue& a = args[i];
    bool save = d && contains(d->saves.inputs, i);
    if (a.isTensor()) {
      const Tensor& t = a.toTensor();
      c.sizes_[i] = t.sizes();
      c.dtypes_[i] = t.dtype();
      c.saved_[i] = save;
      if (save) node->savedArgs_[i] = SavedTensor(t, false);
      node->slots_.push_back({i, -1, t.sizes(), t.dtype()});
      node->nextEdges().push_back(gradientEdge(t));
    } else if (isTensorList(a)) {
      c.saved_[i] = save;
      int64_t e = 0;
      for (const IValue& x : a.toListRef().items) {
        const Tensor& t = x.toTensor();
        c.listSizes_[i].push_back(t.sizes());
        if (save) node->savedLists_[i].emplace_back(t, false);
        node->slots_.push_back({i, e++, t.sizes(), t.dtype()});
        node->nextEdges().push_back(gradientEdge(t));
      }
    } else if (a.isList()) {
      // Tensor?[] (index) and other lists: keep as they are; tensors inside are saved only if listed.
      bool hasTensor = false;
      for (const IValue& x : a.toListRef().items) hasTensor |= x.isTensor();
      c.args_[i] = save || !hasTensor ? a : IValue();
      c.saved_[i] = true;
    } else {
      c.args_[i] = a;
      c.saved_[i] = true;
    }
  }
  if (overrideEdge0 && !node->nextEdges().empty()) node->nextEdges()[0] = (*overrideEdge0)[0];
  return node;
}

namespace {

void attachOutputs(FunctionNode& node, const std::shared_ptr<Node>& self, const std::vector<Tensor>& outs,
                   const Derivative* d) {
  node.outputMeta().clear();
  node.savedOutputs_.resize(outs.size());
  for (size_t j = 0; j < outs.size(); ++j) {
    const Tensor& t = outs[j];
    Node::OutputMeta om;
    if (t.defined()) {
      om.sizes = t.sizes();
      om.dtype = t.dtype();
    }
    node.outputMeta().push_back(om);
    if (t.defined() && isFloatingType(t.dtype())) {
      AutogradMeta& m = getOrCreateMeta(t);
      if (!m.isView) m.versionOrigin = t.version();
      setHistory(t, self, static_cast<uint32_t>(j));
    }
    // Integer outputs (indices of max.dim, sort, topk) are saved too when the formula reads them.
    if (t.defined() && d && contains(d->saves.outputs, j)) node.savedOutputs_[j] = SavedTensor(t, true);
  }
  node.setNumOutputs(static_cast<uint32_t>(outs.size()));
}

// Outputs of an op that records nothing do not require grad (views copy the flag of their
// input), except fresh tensors of a factory called with requires_grad=True.
void clearRequiresGrad(const std::vector<Tensor>& outs, const std::vector<IValue>& args, const FunctionSchema& schema) {
  for (size_t i = 0; i < schema.arguments().size() && i < args.size(); ++i)
    if (schema.arguments()[i].name == "requires_grad" && args[i].isBool() && args[i].toBool()) return;
  for (const Tensor& t : outs)
    if (t.defined() && !sameImplAsInput(t, args)) t.setRequiresGradFlag(false);
}
}  // namespace

void recordOp(const ops::OpOverload& overload, const kernels::Operation& kernel, Stack& stack, size_t numInputs) {
  size_t base = stack.size() - numInputs;
  std::vector<IValue> args(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());
  const FunctionSchema& schema = overload.schema();
  bool record = kernels::gradModeEnabled() && anyRequiresGrad(args.data(), args.size());

  // In-place: the written tensor argument (out= variants and in-place ops).
  int64_t written = -1;
  for (size_t i = 0; i < schema.arguments().size() && i < args.size(); ++i)
    if (schema.isMutable(i) && args[i].isTensor()) {
      written = static_cast<int64_t>(i);
      break;
    }

  if (written < 0) {
    kernel(stack, numInputs);
    std::vector<Tensor> outs = flattenOutputs(stack.data() + base, stack.size() - base);
    for (const Tensor& t : outs)
      if (t.defined() && !sameImplAsInput(t, args)) trackView(t, args);
    bool differentiable = false;
    for (const Tensor& t : outs)
      differentiable |= t.defined() && isFloatingType(t.dtype()) && !sameImplAsInput(t, args);
    if (const Derivative* d = derivativeFor(overload); d && !d->differentiable) differentiable = false;
    if (!record || !differentiable) {
      clearRequiresGrad(outs, args, schema);
      return;
    }
    auto node = FunctionNode::create(overload, args);
    // Outputs that are inputs themselves keep their history: only new tensors get this node.
    std::vector<Tensor> fresh = outs;
    for (Tensor& t : fresh)
      if (t.defined() && sameImplAsInput(t, args)) t = Tensor();
    for (const Tensor& t : outs)
      if (t.defined() && !isFloatingType(t.dtype()) && !sameImplAsInput(t, args)) t.setRequiresGradFlag(false);
    attachOutputs(*node, node, fresh, node->derivative_);
    return;
  }

  Tensor self = args[static_cast<size_t>(written)].toTensor();
  // Every in-place op bumps the version once (kernels that already bump it, such as copy_, are not
  // bumped twice).
  auto runAndBump = [&] {
    uint64_t before = self.version();
    kernel(stack, numInputs);
    if (self.version() == before) self.bumpVersion();
  };
  if (!record) {
    runAndBump();
    return;
  }
  if (overload.isOutVariant())
    throw RuntimeError(str(overload.qualifiedName(),
                           "(): functions with out=... arguments don't support automatic differentiation, but one of "
                           "the arguments requires grad."));
  AutogradMeta* sm = meta(self);
  bool selfIsView = sm && sm->isView && sm->base.defined();
  if (self.requiresGrad() && isLeaf(self) && !selfIsView)
    throw RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.");
  if (selfIsView && sm->base.requiresGrad() && isLeaf(sm->base))
    throw RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place operation.");

  // The formula sees self as it was before the op: a copy when it reads it.
  const Derivative* d = derivativeFor(overload);
  std::vector<IValue> nodeArgs = args;
  if (d && contains(d->saves.inputs, static_cast<size_t>(written)))
    nodeArgs[static_cast<size_t>(written)] = IValue(math::copyOf(self));
  Edge baseEdge;
  if (selfIsView) baseEdge = gradientEdge(sm->base);
  std::vector<Edge> selfEdge{gradientEdge(self)};
  auto node = FunctionNode::create(overload, nodeArgs, &selfEdge);

  runAndBump();

  std::vector<Tensor> outs{self};
  if (selfIsView) {
    // The node's output is the view; the base's history goes through CopySlices.
    node->outputMeta().assign(1, Node::OutputMeta{self.sizes(), self.dtype()});
    node->savedOutputs_.resize(1);
    if (d && contains(d->saves.outputs, 0)) node->savedOutputs_[0] = SavedTensor(self, true);
    Tensor baseT = sm->base;
    auto cs = makeCopySlices(baseT, self, baseEdge, node);
    cs->outputMeta().assign(1, Node::OutputMeta{baseT.sizes(), baseT.dtype()});
    setHistory(baseT, cs, 0);
    setHistory(self, makeAsStridedBackward(self, baseT, Edge{cs, 0}), 0);
  } else {
    attachOutputs(*node, node, outs, d);
  }
}

}  // namespace tsjit::autograd

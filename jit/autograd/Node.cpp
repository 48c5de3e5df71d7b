// Node.cpp — AutogradMeta access, saved tensors with version checks, AccumulateGrad, gradient
// edges (with the regeneration of stale views) and the node numbering.
#include "jit/autograd/Node.h"

#include <algorithm>
#include <sstream>

#include "jit/autograd/Math.h"
#include "jit/autograd/Views.h"
#include "jit/support/Error.h"

namespace tsjit::autograd {
namespace {
std::atomic<uint64_t> gNextSequenceNr{0};


const char* kSecondBackward =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
    "you need to access saved tensors after calling backward.";
}  // namespace

AutogradMeta* meta(const Tensor& t) {
  if (!t.defined()) return nullptr;
  return static_cast<AutogradMeta*>(t.autogradMeta().get());
}

AutogradMeta& getOrCreateMeta(const Tensor& t) {
  if (!t.autogradMeta()) t.setAutogradMeta(std::make_shared<AutogradMeta>());
  return *static_cast<AutogradMeta*>(t.autogradMeta().get());
}

std::string typeDescription(const Tensor& t) {
  std::ostringstream os;
  os << "[" << legacyTypeName(t.dtype()) << " [";
  for (size_t i = 0; i < t.sizes().size(); ++i) os << (i ? ", " : "") << t.sizes()[i];
  os << "]]";
  return os.str();
}

// ---- saved tensors ---------------------------------------------------------------------------

SavedTensor::SavedTensor(const Tensor& t, bool isOutput) : isOutput_(isOutput) {
  if (!t.defined()) return;
  data_ = t.detach();
  version_ = t.version();
  if (AutogradMeta* m = meta(t)) {
    origin_ = std::min(m->versionOrigin, version_);
    original_ = t.autogradMeta();
    producer_ = m->gradFn;
    producerOutput_ = m->outputNr;
  }
  wasLeafRequiringGrad_ = t.requiresGrad() && (!meta(t) || !meta(t)->gradFn);
}

Tensor SavedTensor::unpack(const Node& owner) const {
  if (released_) throw RuntimeError(kSecondBackward);
  if (!data_.defined()) return data_;
  if (data_.version() != version_) {
    std::ostringstream os;
    os << "one of the variables needed for gradient computation has been modified by an inplace operation: "
       << typeDescription(data_);
    if (isOutput_) {
      os << ", which is output 0 of " << owner.name() << ",";
    } else if (auto m = original_.lock()) {
      auto* am = static_cast<AutogradMeta*>(m.get());
      if (am->gradFn) os << ", which is output " << am->outputNr << " of " << am->gradFn->name() << ",";
    } else if (auto p = producer_.lock()) {
      os << ", which is output " << producerOutput_ << " of " << p->name() << ",";
    }
    os << " is at version " << data_.version() - origin_ << "; expected version " << version_ - origin_
       << " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
          "with torch.autograd.set_detect_anomaly(True).";
    throw RuntimeError(os.str());
  }
  return data_;
}

// ---- nodes -----------------------------------------------------------------------------------

Node::Node() : seq_(gNextSequenceNr.fetch_add(1, std::memory_order_relaxed)) {}

void Node::checkNotReleased() const {
  if (released_) throw RuntimeError(kSecondBackward);
}

AccumulateGrad::AccumulateGrad(Tensor leaf) : leaf_(std::move(leaf)) {
  // Leaves run last among equals: PyTorch gives AccumulateGrad the largest sequence number.
}

std::vector<Tensor> AccumulateGrad::apply(std::vector<Tensor> gradOutputs) {
  Tensor g = gradOutputs.empty() ? Tensor() : gradOutputs[0];
  if (!g.defined()) return {};
  AutogradMeta& m = getOrCreateMeta(leaf_);
  g = conformGradient(g, leaf_.sizes(), leaf_.dtype());
  if (!m.grad.defined()) {
    // A fresh tensor the leaf owns (never an alias of a gradient still used elsewhere).
    m.grad = g.clone(MemoryFormat::Contiguous);
  } else {
    m.grad = addTensors(m.grad, g);
  }
  return {};
}

// ---- edges -----------------------------------------------------------------------------------

Edge gradientEdge(const Tensor& t) {
  if (!t.defined() || !t.requiresGrad()) return {};
  AutogradMeta& m = getOrCreateMeta(t);
  if (m.isView && m.base.defined() && m.attrVersion != t.version() && m.base.requiresGrad()) {
    // The base changed since this view's history was set: the view is now an as_strided view of
    // the base's new history.
    Edge baseEdge = gradientEdge(m.base);
    if (baseEdge.valid()) {
      auto node = makeAsStridedBackward(t, m.base, baseEdge);
      m.gradFn = node;
      m.outputNr = 0;
      m.attrVersion = t.version();
    }
  }
  if (m.gradFn) return {m.gradFn, m.outputNr};
  std::shared_ptr<Node> acc = m.gradAccumulator.lock();
  if (!acc) {
    acc = std::make_shared<AccumulateGrad>(t);
    m.gradAccumulator = acc;
  }
  return {acc, 0};
}

void setHistory(const Tensor& t, const std::shared_ptr<Node>& node, uint32_t outputNr) {
  AutogradMeta& m = getOrCreateMeta(t);
  m.gradFn = node;
  m.outputNr = outputNr;
  m.attrVersion = t.version();
  t.setRequiresGradFlag(true);
}

}  // namespace tsjit::autograd

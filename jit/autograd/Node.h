// Node.h — the autograd graph: AutogradMeta on a tensor, grad_fn Nodes, edges, saved tensors.
//
// A tensor that requires grad either is a leaf (no grad_fn; its gradient accumulates into
// meta->grad through its AccumulateGrad node) or was produced by a recorded op (meta->gradFn and
// meta->outputNr name the Node and which of its outputs it is). A Node's nextEdges() say where the
// gradient of each of its differentiable inputs flows (an invalid edge: that input needs none).
//
// Views. An output of a view op (its storage shared with its input) remembers its base (the root
// tensor whose storage it shares) and the layout it has on that storage, whether or not anything
// requires grad, so that an in-place op on the view can rewrite the base's history (CopySlices)
// and any view whose base changed since its grad_fn was set regenerates it as an as_strided view
// of the base (meta->attrVersion != current version).
//
// Saved tensors (SavedTensor) hold a detached alias of the value (new impl, same storage: no
// reference cycle through the tensor's own meta) and the storage version at save time; unpacking
// after an in-place change raises PyTorch 1.13's "modified by an inplace operation" error, and
// unpacking after the node was released raises the "backward through the graph a second time"
// error.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jit/tensor/Tensor.h"

namespace tsjit::autograd {

class Node;

struct Edge {
  std::shared_ptr<Node> node;
  uint32_t inputNr = 0;  // which of node's outputs (= gradient inputs of node->apply) this is
  bool valid() const { return node != nullptr; }
};

struct AutogradMeta : AutogradMetaBase {
  Tensor grad;                   // accumulated gradient of a leaf
  std::shared_ptr<Node> gradFn;  // null for leaves
  uint32_t outputNr = 0;
  std::weak_ptr<Node> gradAccumulator;  // the leaf's AccumulateGrad (shared by all its uses)
  // Views: base (root) tensor and this view's layout on the shared storage.
  bool isView = false;
  Tensor base;
  uint64_t attrVersion = 0;  // storage version when gradFn was last set
  // Storage version when the tensor was created by a recorded op (kernels may bump a fresh
  // storage's counter while filling it); error messages count versions from here, as PyTorch
  // counts from a tensor's creation.
  uint64_t versionOrigin = 0;
};

// The meta of t, or nullptr. getOrCreateMeta makes one.
AutogradMeta* meta(const Tensor& t);
AutogradMeta& getOrCreateMeta(const Tensor& t);

class SavedTensor {
 public:
  SavedTensor() = default;
  // `isOutput`: t is an output of `owner` (its name is used in the error message).
  SavedTensor(const Tensor& t, bool isOutput);
  // The saved value; throws the PyTorch errors described above. `owner` is the node unpacking.
  Tensor unpack(const Node& owner) const;
  void release() { data_ = Tensor(); released_ = true; }
  bool defined() const { return data_.defined() || released_; }

 private:
  Tensor data_;
  uint64_t version_ = 0;
  uint64_t origin_ = 0;
  bool isOutput_ = false;
  bool released_ = false;
  bool wasLeafRequiringGrad_ = false;
  std::weak_ptr<Node> producer_;  // grad_fn of an input at save time (messages)
  uint32_t producerOutput_ = 0;
  std::weak_ptr<AutogradMetaBase> original_;  // the saved tensor's meta, for its current grad_fn
  uint32_t originalOutputNr_ = 0;
};

class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();
  virtual ~Node() = default;
  // Gradients for each of nextEdges() (an undefined tensor: none) from the gradients of this
  // node's outputs (undefined: zero).
  virtual std::vector<Tensor> apply(std::vector<Tensor> gradOutputs) = 0;
  virtual std::string name() const = 0;
  // Drops saved tensors (after a backward without retain_graph).
  virtual void release() {}
  // Throws the "backward through the graph a second time" error when released.
  void checkNotReleased() const;

  std::vector<Edge>& nextEdges() { return next_; }
  const std::vector<Edge>& nextEdges() const { return next_; }
  uint64_t sequenceNr() const { return seq_; }
  uint32_t numOutputs() const { return numOutputs_; }
  void setNumOutputs(uint32_t n) { numOutputs_ = n; }
  // Shape/dtype of output i (to materialize an undefined incoming gradient as zeros).
  struct OutputMeta {
    std::vector<int64_t> sizes;
    ScalarType dtype = ScalarType::Double;
  };
  std::vector<OutputMeta>& outputMeta() { return outputMeta_; }

 protected:
  bool released_ = false;

 private:
  std::vector<Edge> next_;
  uint64_t seq_;
  uint32_t numOutputs_ = 1;
  std::vector<OutputMeta> outputMeta_;
};

// Accumulates the gradient into a leaf's meta->grad.
class AccumulateGrad : public Node {
 public:
  explicit AccumulateGrad(Tensor leaf);
  std::vector<Tensor> apply(std::vector<Tensor> gradOutputs) override;
  std::string name() const override { return "AccumulateGrad"; }
  const Tensor& leaf() const { return leaf_; }

 private:
  Tensor leaf_;
};

// The edge the gradient of t flows into: its grad_fn (regenerated for a stale view) or its leaf
// AccumulateGrad; invalid when t does not require grad.
Edge gradientEdge(const Tensor& t);
// Makes t an output of node (output nr), requiring grad.
void setHistory(const Tensor& t, const std::shared_ptr<Node>& node, uint32_t outputNr);

// "[torch.DoubleTensor [3, 2]]"
std::string typeDescription(const Tensor& t);

}  // namespace tsjit::autograd

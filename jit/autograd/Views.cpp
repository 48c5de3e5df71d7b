// Views.cpp — AsStridedBackward and CopySlices (Views.h), computed on storage positions.
#include "jit/autograd/Views.h"

#include <algorithm>

#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
struct StridedLayout {
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0;
  int64_t numel = 0;
  explicit StridedLayout(const Tensor& t) : sizes(t.sizes()), strides(t.strides()), offset(t.storageOffset()), numel(t.numel()) {}
  int64_t position(int64_t i) const { return offset + offsetOfLinear(i, sizes, strides); }
};

// Storage positions [lo, hi] reached by any of the layouts.
struct Window {
  int64_t lo = 0, hi = -1;
  void cover(const StridedLayout& l) {
    for (int64_t i = 0; i < l.numel; ++i) {
      int64_t p = l.position(i);
      if (hi < lo) lo = hi = p;
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
  }
  size_t size() const { return hi < lo ? 0 : static_cast<size_t>(hi - lo + 1); }
};

Tensor gather(const std::vector<double>& buf, const Window& w, const StridedLayout& l, ScalarType dtype) {
  std::vector<double> v(static_cast<size_t>(l.numel));
  for (int64_t i = 0; i < l.numel; ++i) v[static_cast<size_t>(i)] = buf[static_cast<size_t>(l.position(i) - w.lo)];
  return Tensor::fromDoubles(v, l.sizes, dtype);
}

class AsStridedBackward : public Node {
 public:
  AsStridedBackward(const Tensor& view, const Tensor& base, const Edge& baseEdge)
      : view_(view), base_(base), dtype_(base.dtype()) {
    nextEdges().push_back(baseEdge);
    window_.cover(view_);
    window_.cover(base_);
  }
  std::vector<Tensor> apply(std::vector<Tensor> grads) override {
    if (grads.empty() || !grads[0].defined()) return {Tensor()};
    Tensor g = grads[0].contiguous();
    std::vector<double> buf(window_.size(), 0.0);
    for (int64_t i = 0; i < view_.numel; ++i) buf[static_cast<size_t>(view_.position(i) - window_.lo)] += g.getDouble(i);
    return {gather(buf, window_, base_, g.dtype())};
  }
  std::string name() const override { return "AsStridedBackward0"; }

 private:
  StridedLayout view_, base_;
  ScalarType dtype_;
  Window window_;
};

class CopySlices : public Node {
 public:
  CopySlices(const Tensor& base, const Tensor& view, const Edge& baseEdge, std::shared_ptr<Node> fn)
      : base_(base), view_(view), fn_(std::move(fn)) {
    nextEdges().push_back(baseEdge);
    for (size_t i = 1; i < fn_->nextEdges().size(); ++i) nextEdges().push_back(fn_->nextEdges()[i]);
    window_.cover(view_);
    window_.cover(base_);
  }
  std::vector<Tensor> apply(std::vector<Tensor> grads) override {
    checkNotReleased();
    Tensor g = grads.empty() ? Tensor() : grads[0];
    if (!g.defined()) return std::vector<Tensor>(nextEdges().size());
    g = g.contiguous();
    std::vector<double> buf(window_.size(), 0.0);
    for (int64_t i = 0; i < base_.numel; ++i) buf[static_cast<size_t>(base_.position(i) - window_.lo)] = g.getDouble(i);
    Tensor slice = gather(buf, window_, view_, g.dtype());
    std::vector<Tensor> res = fn_->apply({slice});
    Tensor gv = res.empty() || !res[0].defined() ? Tensor() : res[0].contiguous();
    for (int64_t i = 0; i < view_.numel; ++i)
      buf[static_cast<size_t>(view_.position(i) - window_.lo)] = gv.defined() ? gv.getDouble(i) : 0.0;
    std::vector<Tensor> out;
    out.push_back(gather(buf, window_, base_, g.dtype()));
    for (size_t i = 1; i < nextEdges().size(); ++i) out.push_back(i < res.size() ? res[i] : Tensor());
    return out;
  }
  std::string name() const override { return "CopySlices"; }
  void release() override {
    fn_->release();
    released_ = true;
  }

 private:
  StridedLayout base_, view_;
  std::shared_ptr<Node> fn_;
  Window window_;
};
}  // namespace

std::shared_ptr<Node> makeAsStridedBackward(const Tensor& view, const Tensor& base, const Edge& baseEdge) {
  return std::make_shared<AsStridedBackward>(view, base, baseEdge);
}

std::shared_ptr<Node> makeCopySlices(const Tensor& base, const Tensor& view, const Edge& baseEdge, std::shared_ptr<Node> fn) {
  return std::make_shared<CopySlices>(base, view, baseEdge, std::move(fn));
}

}  // namespace tsjit::autograd

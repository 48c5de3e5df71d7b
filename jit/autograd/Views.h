// Views.h — autograd nodes for views sharing a base's storage.
//
// AsStridedBackward: the gradient of a view (any layout on its base's storage) flowing to the base:
// each view element's gradient is added at the base element sharing its storage position (views
// that repeat a position, such as expand, add several times).
// CopySlices: the base's history after an in-place op `fn` wrote through one of its views: the
// base's gradient is split into the part outside the view (flows on unchanged) and the view's part,
// which goes through fn; fn's gradient for the view's old value flows back into that region, its
// gradients for its other inputs flow to their edges.
// Both assume the base itself repeats no storage position (it is never an expanded tensor).
#pragma once

#include <memory>

#include "jit/autograd/Node.h"

namespace tsjit::autograd {

std::shared_ptr<Node> makeAsStridedBackward(const Tensor& view, const Tensor& base, const Edge& baseEdge);
// `fn` is the node of the in-place op (its edge 0 is the view's old history and is not used).
std::shared_ptr<Node> makeCopySlices(const Tensor& base, const Tensor& view, const Edge& baseEdge,
                                     std::shared_ptr<Node> fn);

}  // namespace tsjit::autograd

// ArchiveConstants.cpp — exact tensor constants for recorded graphs, from the case's archive.
//
// PyTorch 1.13 prints a one-element tensor constant with six significant digits (`{-3.14174}`), one
// of up to 10 elements with about five (jit/ir/TensorText.h) and any larger one as `<Tensor>`, so a traced graph that baked `float(x.sum())` or a torch.tensor(...) into
// a constant cannot be replayed from its text alone. The archive saved from the same trace holds
// them exactly: constants.pkl, named CONSTANTS.c<i> by the printed code in the order the printer
// first meets them (node order; equal tensors share an entry).
//
// Invariant: the graph changes only when every tensor constant it uses is matched, in that order,
// to an archive constant of its dtype whose printed form equals the recorded one (`<Tensor>`
// matches any tensor of more than one element), and every archive constant is used. Anything else
// (a different count or order, a value that prints differently) leaves the graph as recorded.
#include "conformance/lib/ArchiveConstants.h"

#include <algorithm>
#include <map>

#include "jit/serialization/Import.h"

namespace tsjit::conformance {

namespace {

bool isTensorConstant(const Node* n) {
  return n->kind() == prim::Constant && n->hasAttribute(attr::value) &&
         n->kindOfAttribute(attr::value) == AttributeKind::t;
}

// The tensor constants `block` uses, in the order of first use (inputs of nodes, nested blocks in
// place, then the block's returns).
void constantsInUseOrder(Block* block, std::vector<Node*>& out) {
  auto visit = [&](Value* v) {
    Node* n = v->node();
    if (isTensorConstant(n) && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  };
  for (Node* n : block->nodes()) {
    for (Value* v : n->inputs()) visit(v);
    for (Block* b : n->blocks()) constantsInUseOrder(b, out);
  }
  for (Value* v : block->outputs()) visit(v);
}

bool matches(const TensorConstant& recorded, const TensorConstant& exact) {
  if (recorded.opaque) return exact.numel() != 1;
  return recorded.dtype == exact.dtype && recorded.numel() == exact.numel() &&
         formatTensorConstant(recorded) == formatTensorConstant(exact);
}

}  // namespace

bool usesTensorConstants(Graph& graph) {
  std::vector<Node*> used;
  constantsInUseOrder(graph.block(), used);
  return !used.empty();
}

bool useArchiveTensorConstants(Graph& graph, const std::vector<IValue>& archiveConstants) {
  std::vector<Node*> used;
  constantsInUseOrder(graph.block(), used);
  if (used.empty() || archiveConstants.empty()) return false;
  std::vector<TensorConstant> exact;
  for (const IValue& v : archiveConstants) {
    if (!v.isTensor()) return false;
    exact.push_back(serialization::toTensorConstant(v.toTensor()));
  }
  std::map<Node*, size_t> assigned;
  size_t next = 0;
  for (Node* n : used) {
    const TensorConstant& recorded = n->t(attr::value);
    if (next < exact.size() && matches(recorded, exact[next])) {
      assigned[n] = next++;
      continue;
    }
    bool shared = false;  // an equal tensor printed earlier shares its entry
    for (size_t i = 0; i < next && !shared; ++i)
      if (matches(recorded, exact[i])) assigned[n] = i, shared = true;
    if (!shared) return false;
  }
  if (next != exact.size()) return false;
  for (const auto& [n, i] : assigned) {
    TensorConstant c = exact[i];
    c.wrappedNumber = n->t(attr::value).wrappedNumber;  // the graph's constant promotes as it did
    n->t_(attr::value, std::move(c));
  }
  return true;
}

}  // namespace tsjit::conformance

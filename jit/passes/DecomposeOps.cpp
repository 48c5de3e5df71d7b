// DecomposeOps.cpp — the `decompose_ops` pass (DecomposeOps.h).
#include "jit/passes/DecomposeOps.h"

#include "jit/ir/Graph.h"
#include "jit/passes/PassUtils.h"
#include "jit/support/Logging.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit {

namespace {
bool isOne(const Value* v) {
  auto x = passutil::constantNumber(v);
  return x && *x == 1.0;
}

bool decomposable(const Node* n) {
  static const Symbol addmm = Symbol::aten("addmm");
  if (n->kind() != addmm || n->numInputs() != 5 || n->numOutputs() != 1) return false;
  if (!isOne(n->input(3)) || !isOne(n->input(4))) return false;
  const auto* self = n->input(0)->type()->cast<TensorType>();
  const auto* m1 = n->input(1)->type()->cast<TensorType>();
  const auto* m2 = n->input(2)->type()->cast<TensorType>();
  if (!self || !m1 || !m2 || !self->dtype() || !m1->dtype() || !m2->dtype()) return false;
  if (*self->dtype() != *m1->dtype() || *m1->dtype() != *m2->dtype() || !isFloatingType(*m1->dtype())) return false;
  if (m1->rank() != 2u || m2->rank() != 2u || !self->rank() || *self->rank() > 2) return false;
  // Where sizes are known, self must broadcast to [rows of mat1, columns of mat2].
  std::optional<int64_t> rows = (*m1->sizes())[0], cols = (*m2->sizes())[1];
  const auto& s = *self->sizes();
  std::optional<int64_t> want[2] = {rows, cols};
  for (size_t i = 0; i < s.size(); ++i) {
    const auto& d = s[i];
    const auto& w = want[2 - s.size() + i];
    if (d && w && *d != 1 && *d != *w) return false;
  }
  if ((*m1->sizes())[1] && (*m2->sizes())[0] && *(*m1->sizes())[1] != *(*m2->sizes())[0]) return false;
  return true;
}

bool decomposeBlock(Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it;
    ++it;
    for (Block* sub : n->blocks()) changed |= decomposeBlock(sub);
    if (!decomposable(n)) continue;
    GRAPH_UPDATE("decomposing ", *n);
    Graph& g = *n->owningGraph();
    WithInsertPoint guard(n);
    Node* mm = g.insert(Symbol::aten("mm"), {n->input(1), n->input(2)});
    mm->output()->setType(TensorType::get());
    Value* one = g.insertConstant(1);
    Node* add = g.insert(aten::add, {n->input(0), mm->output(), one});
    add->output()->copyMetadata(n->output());  // addmm's type and name
    n->output()->replaceAllUsesWith(add->output());
    n->destroy();
    changed = true;
  }
  return changed;
}
}  // namespace

bool decomposeOps(std::shared_ptr<Graph>& graph) { return decomposeBlock(graph->block()); }

}  // namespace tsjit

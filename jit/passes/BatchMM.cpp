// BatchMM.cpp — `batch_mm`: fewer, larger matrix products (PyTorch 1.13's BatchMM).
//
// Tree reduction: a tree of aten::add(a, b) (alpha 1) whose leaves are aten::mm(L_i, R_i), every
// inner value used only by its parent, becomes mm(cat([L_1..L_n], 1), cat([R_1..R_n], 0)).
// Side batching: n aten::mm nodes of one block sharing their left operand L become
// mm(L, cat([R_1..R_n], 1)) and each result the columns narrow(.., 1, offset, width) of it (and
// likewise for a shared right operand, on rows).
// Both need at least kMinFusion products, complete 2-d shapes and one floating dtype for every
// operand (the adds must not broadcast, the concatenations must fit), and a graph with no node that
// writes memory (as 1.13: mutation could make the reordering observable). The batched result is
// equal up to the rounding order of the longer dot products.
#include <map>
#include <unordered_set>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/FunctionSchema.h"
#include "jit/ir/Graph.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/NodeList.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

constexpr size_t kMinFusion = 4;

const Symbol& mmSym() {
  static const Symbol s = Symbol::fromQualString("aten::mm");
  return s;
}
const Symbol& catSym() {
  static const Symbol s = Symbol::fromQualString("aten::cat");
  return s;
}
const Symbol& narrowSym() {
  static const Symbol s = Symbol::fromQualString("aten::narrow");
  return s;
}

// Sizes [r, c] and dtype of a complete floating 2-d tensor type.
struct Mat {
  int64_t rows, cols;
  ScalarType dtype;
};
std::optional<Mat> matOf(const Value* v) {
  const TensorType* t = v->type()->cast<TensorType>();
  if (!t || !t->dtype() || !isFloatingType(*t->dtype()) || !t->sizes() || t->sizes()->size() != 2) return std::nullopt;
  const auto& s = *t->sizes();
  if (!s[0] || !s[1]) return std::nullopt;
  return Mat{*s[0], *s[1], *t->dtype()};
}

bool isPlainMM(const Node* n) { return n->kind() == mmSym() && n->numInputs() == 2 && matOf(n->input(0)) && matOf(n->input(1)); }

bool isTensorAdd(const Node* n) {
  if (n->kind() != aten::add || n->numInputs() != 3) return false;
  const FunctionSchema* s = n->maybeSchema();
  if (!s || s->overloadName() != "Tensor") return false;
  const Node* alpha = n->input(2)->node();
  return alpha->kind() == prim::Constant && alpha->hasAttribute(attr::value) &&
         alpha->kindOfAttribute(attr::value) == AttributeKind::i && alpha->i(attr::value) == 1 &&
         n->input(2)->type()->kind() == TypeKind::Int;
}

// Collects the mm leaves of the add tree rooted at v (false when v is not such a tree).
bool collectLeaves(Value* v, const Node* root, std::vector<Node*>& leaves, std::vector<Node*>& inner) {
  Node* n = v->node();
  if (n->owningBlock() != root->owningBlock()) return false;
  if (n != root && v->uses().size() != 1) return false;  // an inner value used elsewhere stays
  if (isPlainMM(n)) {
    leaves.push_back(n);
    return true;
  }
  if (!isTensorAdd(n)) return false;
  inner.push_back(n);
  return collectLeaves(n->input(0), root, leaves, inner) && collectLeaves(n->input(1), root, leaves, inner);
}

Value* insertCat(Graph& g, const std::vector<Value*>& parts, int64_t dim, TypePtr type) {
  Node* list = g.insertNode(g.create(prim::ListConstruct, parts));
  list->output()->setType(ListType::ofTensors());
  Node* cat = g.insertNode(g.create(catSym(), {list->output(), g.insertConstant(dim)}));
  cat->output()->setType(std::move(type));
  return cat->output();
}

TypePtr matType(ScalarType dtype, int64_t rows, int64_t cols) {
  return TensorType::create(dtype, std::nullopt, TensorType::Dims{rows, cols}, std::nullopt, std::nullopt);
}

bool treeReduce(Graph& g, Block* b) {
  bool changed = false;
  std::unordered_set<const Node*> reduced;  // inner adds of trees already replaced (dead now)
  for (Node* n : nodesOfReversed(b)) {
    for (Block* inner : n->blocks()) changed |= treeReduce(g, inner);
    if (reduced.count(n) || !isTensorAdd(n)) continue;
    std::vector<Node*> leaves, inner;
    if (!collectLeaves(n->output(), n, leaves, inner) || leaves.size() < kMinFusion) continue;
    auto out = matOf(n->output());
    Mat first = *matOf(leaves[0]->input(0));
    bool ok = out && out->rows == first.rows;
    int64_t k = 0, m = matOf(leaves[0]->input(1))->cols;
    for (Node* l : leaves) {
      Mat a = *matOf(l->input(0)), c = *matOf(l->input(1));
      ok &= a.rows == first.rows && c.cols == m && a.cols == c.rows && a.dtype == first.dtype && c.dtype == first.dtype;
      k += a.cols;
    }
    if (!ok || out->cols != m || out->dtype != first.dtype) continue;
    WithInsertPoint guard(n);
    std::vector<Value*> lhs, rhs;
    for (Node* l : leaves) lhs.push_back(l->input(0)), rhs.push_back(l->input(1));
    Value* wide = insertCat(g, lhs, 1, matType(first.dtype, first.rows, k));
    Value* tall = insertCat(g, rhs, 0, matType(first.dtype, k, m));
    Node* mm = g.insertNode(g.create(mmSym(), {wide, tall}));
    mm->output()->setType(n->output()->type());
    GRAPH_UPDATE("batch_mm reduces a tree of ", leaves.size(), " mm into ", *mm);
    n->output()->replaceAllUsesWith(mm->output());
    reduced.insert(inner.begin(), inner.end());
    changed = true;  // the old tree is dead now; dce removes it
  }
  return changed;
}

bool sideBatch(Graph& g, Block* b) {
  bool changed = false;
  for (Node* n : b->nodes())
    for (Block* inner : n->blocks()) changed |= sideBatch(g, inner);
  for (int side = 0; side < 2; ++side) {  // 0: shared left operand, 1: shared right operand
    std::map<Value*, std::vector<Node*>> groups;
    std::vector<Value*> order;
    for (Node* n : b->nodes())
      if (isPlainMM(n)) {
        auto& group = groups[n->input(side)];
        if (group.empty()) order.push_back(n->input(side));
        group.push_back(n);
      }
    for (Value* key : order) {
      std::vector<Node*>& mms = groups[key];
      // `key` is never dereferenced: an earlier batch of this side may have destroyed it (the
      // output of a product it replaced; fuzz: mm(%m1, ..) after mm(%a, ..) -> %m1). The group's
      // products then share its replacement, a narrow defined before them.
      Value* shared = mms.front()->input(side);
      Node* firstMM = mms.front();
      // The other operands must exist where the batched product goes (before the first mm).
      std::vector<Node*> batch;
      for (Node* m : mms) {
        if (m->input(side) != shared) continue;
        Value* other = m->input(1 - side);
        Node* def = other->node();
        if (def->owningBlock() == b && def->kind() != prim::Param && !def->isBefore(firstMM)) continue;
        batch.push_back(m);
      }
      if (batch.size() < kMinFusion) continue;
      Mat s = *matOf(shared);
      bool ok = true;
      int64_t total = 0;
      std::vector<Value*> others;
      for (Node* m : batch) {
        Mat o = *matOf(m->input(1 - side));
        ok &= o.dtype == s.dtype && (side == 0 ? o.rows == s.cols : o.cols == s.rows);
        total += side == 0 ? o.cols : o.rows;
        others.push_back(m->input(1 - side));
      }
      if (!ok) continue;
      WithInsertPoint guard(firstMM);
      Value* joined = side == 0 ? insertCat(g, others, 1, matType(s.dtype, s.cols, total))
                                : insertCat(g, others, 0, matType(s.dtype, total, s.rows));
      Node* mm = g.insertNode(g.create(mmSym(), side == 0 ? std::vector<Value*>{shared, joined}
                                                          : std::vector<Value*>{joined, shared}));
      mm->output()->setType(side == 0 ? matType(s.dtype, s.rows, total) : matType(s.dtype, total, s.cols));
      // All parts go in before firstMM, which is itself one of the replaced products: the mm's
      // are destroyed only after the last insertion.
      int64_t offset = 0;
      std::vector<Node*> parts;
      for (Node* m : batch) {
        Mat o = *matOf(m->input(1 - side));
        int64_t width = side == 0 ? o.cols : o.rows;
        Node* part = g.insertNode(g.create(narrowSym(), {mm->output(), g.insertConstant(int64_t(side == 0 ? 1 : 0)),
                                                         g.insertConstant(offset), g.insertConstant(width)}));
        part->output()->setType(m->output()->type());
        parts.push_back(part);
        offset += width;
      }
      for (size_t k = 0; k < batch.size(); ++k) {
        batch[k]->output()->replaceAllUsesWith(parts[k]->output());
        batch[k]->destroy();
      }
      GRAPH_UPDATE("batch_mm batches ", batch.size(), " mm sharing %", shared->debugName());
      changed = true;
    }
  }
  return changed;
}

}  // namespace

bool batchMatmuls(std::shared_ptr<Graph>& graph) {
  {
    AliasDb aliasDb(graph);
    bool mutation = false;
    for (Node* n : graph->nodes()) mutation |= aliasDb.isMutable(n);
    if (mutation) return false;
  }
  bool changed = treeReduce(*graph, graph->block());
  if (changed) eliminateDeadCode(graph);
  changed |= sideBatch(*graph, graph->block());
  return changed;
}

}  // namespace tsjit

// TensorExprFuser.cpp — fusibility, grouping and guarding (TensorExprFuser.h).
#include "jit/fuser/TensorExprFuser.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "jit/analysis/AliasDb.h"
#include "jit/ir/Graph.h"
#include "jit/ops/OpTable.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/passes/PassRegistry.h"
#include "jit/support/Logging.h"

namespace tsjit::fuser {

Symbol tensorExprGroupSymbol() {
  static const Symbol s = Symbol::fromQualString("prim::TensorExprGroup");
  return s;
}

namespace {

Symbol fallbackGraphKind() {
  static const Symbol s = Symbol::fromQualString("prim::FallbackGraph");
  return s;
}

const TensorType* completeTensorType(const Value* v) {
  const auto* t = v->type()->cast<TensorType>();
  if (!t || !t->dtype() || !t->device() || !t->sizes() || !t->strides() || !t->requiresGrad()) return nullptr;
  if (t->strides()->size() != t->sizes()->size()) return nullptr;
  for (size_t d = 0; d < t->sizes()->size(); ++d)
    if (!(*t->sizes())[d] || !(*t->strides())[d]) return nullptr;
  return t;
}

bool isScalarType(const TypePtr& t) {
  return t->kind() == TypeKind::Int || t->kind() == TypeKind::Float || t->kind() == TypeKind::Bool;
}

bool isFusibleOverload(const ops::OpOverload& ov) {
  if (ov.isOutVariant()) return false;
  switch (ov.category()) {
    case ops::OpCategory::ElementwiseUnary:
    case ops::OpCategory::ElementwiseBinary:
    case ops::OpCategory::ElementwiseTernary:
    case ops::OpCategory::Comparison: return true;
    default: break;
  }
  std::string name = ov.qualifiedName();
  return name == "aten::to.dtype" || name == "aten::type_as";
}

// aten::sum.dim_IntList / aten::mean.dim over the last k dims of its input: constant dims,
// constant keepdim, dtype None.
bool isLastDimsReduction(const Node* n, const ops::OpOverload& ov) {
  std::string name = ov.qualifiedName();
  if ((name != "aten::sum.dim_IntList" && name != "aten::mean.dim") || n->numInputs() != 4) return false;
  const TensorType* self = completeTensorType(n->input(0));
  const Node* dims = n->input(1)->node();
  const Node* keep = n->input(2)->node();
  const Node* dtype = n->input(3)->node();
  if (!self || dims->kind() != prim::Constant || !dims->hasAttribute(attr::value) ||
      dims->kindOfAttribute(attr::value) != AttributeKind::is || keep->kind() != prim::Constant ||
      dtype->kind() != prim::Constant || n->input(3)->type()->kind() != TypeKind::None)
    return false;
  int64_t rank = static_cast<int64_t>(self->sizes()->size());
  std::vector<int64_t> ds = dims->is(attr::value);
  if (ds.empty() || static_cast<int64_t>(ds.size()) > rank) return false;
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (int64_t d : ds) {
    if (d < -rank || d >= rank) return false;
    int64_t k = d < 0 ? d + rank : d;
    if (seen[static_cast<size_t>(k)]) return false;
    seen[static_cast<size_t>(k)] = true;
  }
  for (int64_t k = rank - static_cast<int64_t>(ds.size()); k < rank; ++k)
    if (!seen[static_cast<size_t>(k)]) return false;
  return true;
}

class Fuser {
 public:
  explicit Fuser(std::shared_ptr<Graph> graph) : graph_(std::move(graph)), aliasDb_(graph_) {}

  bool run() {
    fuseBlock(graph_->block());
    return changed_;
  }

 private:
  bool fusible(const Node* n) const {
    if (n->kind() == prim::Constant || !n->blocks().empty() || n->numOutputs() != 1) return false;
    const ops::OpOverload* ov = ops::resolveOverload(*n);
    if (!ov) return false;
    bool reduction = isLastDimsReduction(n, *ov);
    if (!reduction && !isFusibleOverload(*ov)) return false;
    const TensorType* out = completeTensorType(n->output());
    if (!out || *out->requiresGrad()) return false;
    Device device = *out->device();
    auto dtypeOk = [&](ScalarType s) {
      return !(device.type == DeviceType::CPU && (s == ScalarType::Half || s == ScalarType::BFloat16));
    };
    if (!dtypeOk(*out->dtype())) return false;
    if (aliasDb_.hasWriters(n->output())) return false;
    bool anyTensor = false;
    for (const Value* in : n->inputs()) {
      if (in->type()->cast<TensorType>()) {
        const TensorType* t = completeTensorType(in);
        if (!t || *t->requiresGrad() || !(*t->device() == device) || !dtypeOk(*t->dtype())) return false;
        if (aliasDb_.hasWriters(in)) return false;
        anyTensor = true;
      } else if (isScalarType(in->type())) {
        continue;
      } else if (in->type()->kind() == TypeKind::None && in->node()->kind() == prim::Constant) {
        continue;
      } else if (reduction && in->node()->kind() == prim::Constant) {
        continue;  // the dims list (checked by isLastDimsReduction)
      } else {
        return false;
      }
    }
    return anyTensor;
  }

  // The node of `b` that contains `n` (n itself when it is in b), or nullptr.
  static Node* ancestorIn(Node* n, const Block* b) {
    while (n && n->owningBlock() != b) {
      Node* owner = n->owningBlock()->owningNode();
      n = owner;
    }
    return n;
  }

  void fuseBlock(Block* b) {
    for (Node* n : b->nodes())
      for (Block* sub : n->blocks()) fuseBlock(sub);
    std::unordered_set<Node*> taken;
    std::vector<std::vector<Node*>> groups;
    for (Node* c = b->returnNode()->prev(); c != b->returnNode(); c = c->prev()) {
      if (taken.count(c) || !fusible(c)) continue;
      std::vector<Node*> members = {c};
      std::unordered_set<Node*> inGroup = {c};
      for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < members.size(); ++i) {
          for (Value* v : members[i]->inputs()) {
            Node* p = v->node();
            if (p->owningBlock() != b || p == b->paramNode() || inGroup.count(p) || taken.count(p) || !fusible(p))
              continue;
            if (!usesStayValid(p, c, inGroup, b)) continue;
            members.push_back(p);
            inGroup.insert(p);
            grew = true;
          }
        }
      }
      if (members.size() < kMinGroupSize) continue;
      for (Node* m : members) taken.insert(m);
      std::sort(members.begin(), members.end(), [](Node* x, Node* y) { return x->isBefore(y); });
      groups.push_back(std::move(members));
    }
    for (auto& g : groups) materialize(g);
  }

  // Every use of p's output is by a group member or after the anchor (the group's last node).
  static bool usesStayValid(Node* p, Node* anchor, const std::unordered_set<Node*>& inGroup, const Block* b) {
    for (const Use& u : p->output()->uses()) {
      if (inGroup.count(u.user)) continue;
      Node* a = ancestorIn(u.user, b);
      if (!a || !(a == b->returnNode() || a->isAfter(anchor))) return false;
    }
    return true;
  }

  void materialize(const std::vector<Node*>& members) {
    Node* anchor = members.back();
    std::unordered_set<const Node*> inGroup(members.begin(), members.end());
    auto sub = std::make_shared<Graph>();
    std::unordered_map<Value*, Value*> map;  // outer value -> subgraph value
    std::vector<Value*> externals;
    auto mapInput = [&](Value* v) -> Value* {
      if (auto it = map.find(v); it != map.end()) return it->second;
      Value* s;
      if (v->node()->kind() == prim::Constant && !v->type()->cast<TensorType>()) {
        s = sub->block()->appendNode(sub->createClone(v->node(), [](Value* x) { return x; }))->output();
        s->copyMetadata(v);
      } else {
        s = sub->addInput()->copyMetadata(v);
        externals.push_back(v);
      }
      map[v] = s;
      return s;
    };
    for (Node* m : members) {
      for (Value* in : m->inputs()) mapInput(in);
      Node* clone = sub->createClone(m, [&](Value* x) { return map.at(x); });
      sub->block()->appendNode(clone);
      for (size_t i = 0; i < m->numOutputs(); ++i) {
        clone->output(i)->copyMetadata(m->output(i));
        map[m->output(i)] = clone->output(i);
      }
    }
    std::vector<Value*> outputs;  // outer values used outside the group
    for (Node* m : members)
      for (Value* o : m->outputs()) {
        bool outside = std::any_of(o->uses().begin(), o->uses().end(),
                                   [&](const Use& u) { return !inGroup.count(u.user); });
        if (outside) {
          outputs.push_back(o);
          sub->registerOutput(map.at(o));
        }
      }
    auto fallback = sub->copy();
    for (Value* v : fallback->inputs())
      if (v->type()->cast<TensorType>()) v->setType(TensorType::get());
    for (Node* n : fallback->nodes())
      for (Value* v : n->outputs())
        if (v->type()->cast<TensorType>()) v->setType(TensorType::get());

    WithInsertPoint guard(anchor->next());
    std::vector<Value*> tensorInputs;
    std::vector<TypePtr> types;
    for (Value* v : externals)
      if (v->type()->cast<TensorType>()) {
        tensorInputs.push_back(v);
        types.push_back(v->type());
      }
    Node* check = graph_->insert(prim::TypeCheck, tensorInputs, tensorInputs.size() + 1);
    check->tys_(attr::types, types);
    std::unordered_map<Value*, Value*> checked;
    for (size_t i = 0; i < tensorInputs.size(); ++i) {
      check->output(i)->setType(types[i]);
      checked[tensorInputs[i]] = check->output(i);
    }
    check->output(tensorInputs.size())->setType(BoolType::get());
    Node* ifNode = graph_->insert(prim::If, {check->output(tensorInputs.size())}, outputs.size());
    Block* fused = ifNode->addBlock();
    Block* unfused = ifNode->addBlock();
    std::vector<Value*> groupInputs, fallbackInputs;
    for (Value* v : externals) {
      groupInputs.push_back(checked.count(v) ? checked.at(v) : v);
      fallbackInputs.push_back(v);
    }
    Node* group = graph_->create(tensorExprGroupSymbol(), groupInputs, outputs.size());
    group->g_(attr::Subgraph, sub);
    fused->appendNode(group);
    Node* fb = graph_->create(fallbackGraphKind(), fallbackInputs, outputs.size());
    fb->g_(attr::Subgraph, fallback);
    unfused->appendNode(fb);
    for (size_t i = 0; i < outputs.size(); ++i) {
      group->output(i)->setType(outputs[i]->type());
      fb->output(i)->setType(TensorType::get());
      fused->registerOutput(group->output(i));
      unfused->registerOutput(fb->output(i));
      ifNode->output(i)->setType(outputs[i]->type());
      outputs[i]->replaceAllUsesWith(ifNode->output(i));
    }
    for (auto it = members.rbegin(); it != members.rend(); ++it) (*it)->destroy();
    changed_ = true;
    GRAPH_UPDATE("fused a group of ", members.size(), " nodes:\n", sub->toString());
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
  bool changed_ = false;
};

}  // namespace

bool fuseTensorExprs(std::shared_ptr<Graph>& graph) { return Fuser(graph).run(); }

void registerFusionPassInRegistry() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    PassProperties props;
    props.needsShapes = true;
    PassRegistry::global().add({"tensorexpr_fuser", fuseTensorExprs, props,
                                "groups fusible elementwise nodes with complete tensor types into guarded "
                                "prim::TensorExprGroup subgraphs (jit/fuser)"});
  });
}

}  // namespace tsjit::fuser

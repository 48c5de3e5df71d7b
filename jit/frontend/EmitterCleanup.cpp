// EmitterCleanup.cpp — what PyTorch runs on a freshly emitted graph: constant folding of scalar
// and string ops with constant inputs (7 / 2 -> 3.5, "a" + "b", float("-inf")), inlining of If
// nodes with constant conditions, dead-code elimination (pure nodes without uses; unused If outputs and loop-carried values),
// removal of If outputs that are the same outer value or equal constants in both branches, and constant pooling
// (one prim::Constant per distinct value, hoisted to the start of the graph).
// Invariants: never removes a node with side effects (raise, SetAttr, calls, mutating ops, print);
// the graph still lints afterwards.
#include <cmath>
#include <map>
#include <set>
#include <string>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend {

using detail::constantValue;

namespace {

bool hasSideEffects(const Node* n) {
  switch (n->kind()) {
    case prim::RaiseException:
    case prim::SetAttr:
    case prim::CallFunction:
    case prim::CallMethod:
    case prim::Print:
    case prim::Enter:
    case prim::Exit:
    case aten::warn:
      return true;
    case prim::If:
    case prim::Loop:
      for (Block* b : n->blocks())
        for (Node* c : b->nodes())
          if (hasSideEffects(c)) return true;
      return false;
    default:
      break;
  }
  // As in 1.13, waiting has effects (the forked work, mutations included, is done by then); an
  // unwaited prim::fork is dead code like any pure node.
  static const Symbol wait = Symbol::aten("wait");
  if (n->kind() == wait) return true;
  if (n->kind().isPrim()) return false;
  // Grad mode is thread state (torch.no_grad's __enter__ / __exit__): kept, in order.
  static const Symbol setGrad = Symbol::fromQualString("aten::set_grad_enabled");
  static const Symbol isGrad = Symbol::fromQualString("aten::is_grad_enabled");
  if (n->kind() == setGrad || n->kind() == isGrad) return true;
  const FunctionSchema* s = n->maybeSchema();
  if (!s) return true;
  return s->isMutable();
}

bool dceBlock(Block* b) {
  bool changed = false;
  std::vector<Node*> nodes;
  for (Node* n : b->nodes().reverse()) nodes.push_back(n);
  for (Node* n : nodes) {
    for (Block* sub : n->blocks()) changed |= dceBlock(sub);
    if (n->kind() == prim::If) {
      for (size_t i = n->numOutputs(); i-- > 0;) {
        if (n->output(i)->hasUses()) continue;
        for (Block* sub : n->blocks()) sub->eraseOutput(i);
        n->eraseOutput(i);
        changed = true;
      }
    } else if (n->kind() == prim::Loop) {
      Block* body = n->blocks()[0];
      for (size_t i = n->numOutputs(); i-- > 0;) {
        Value* in = body->inputs()[i + 1];
        bool inputOnlyFeedsOutput = true;
        for (const Use& u : in->uses())
          if (!(u.user == body->returnNode() && u.offset == i + 1)) inputOnlyFeedsOutput = false;
        if (n->output(i)->hasUses() || !inputOnlyFeedsOutput) continue;
        body->eraseOutput(i + 1);
        body->eraseInput(i + 1);
        n->eraseOutput(i);
        n->removeInput(i + 2);
        changed = true;
      }
    }
    if (!n->hasUses() && !hasSideEffects(n)) {
      n->destroy();
      changed = true;
    }
  }
  if (changed) dceBlock(b);
  return changed;
}

std::optional<Literal> fold(Node* n) {
  Symbol k = n->kind();
  if (!k.isAten() || n->numOutputs() != 1 || n->numInputs() == 0 || n->numInputs() > 2) return std::nullopt;
  std::vector<Literal> in;
  for (Value* v : n->inputs()) {
    auto c = constantValue(v);
    if (!c) return std::nullopt;
    in.push_back(*c);
  }
  auto num = [](const Literal& l, double& d, bool& isInt, int64_t& i) {
    if (auto* p = std::get_if<int64_t>(&l.v)) {
      i = *p;
      d = static_cast<double>(*p);
      isInt = true;
      return true;
    }
    if (auto* p = std::get_if<double>(&l.v)) {
      d = *p;
      isInt = false;
      return true;
    }
    return false;
  };
  const std::string& name = k.toUnqualString();
  TypeKind out = n->output()->type()->kind();
  // Complex arithmetic of constants (`0.5 - 1.5j` becomes the constant 0.5-1.5j, as in 1.13).
  auto asComplex = [&](const Literal& l, std::complex<double>& c) {
    if (auto* p = std::get_if<std::complex<double>>(&l.v)) {
      c = *p;
      return true;
    }
    double d = 0;
    bool isInt = false;
    int64_t i = 0;
    if (!num(l, d, isInt, i)) return false;
    c = std::complex<double>(d, 0.0);
    return true;
  };
  if (out == TypeKind::Complex) {
    std::complex<double> a, b;
    if (in.size() == 1 && name == "neg" && asComplex(in[0], a)) return Literal{-a};
    if (in.size() == 2 && asComplex(in[0], a) && asComplex(in[1], b)) {
      if (name == "add") return Literal{a + b};
      if (name == "sub") return Literal{a - b};
      if (name == "mul") return Literal{a * b};
    }
    return std::nullopt;
  }
  // Strings, as 1.13's ConstantPropagationImmutableTypes: "a" + "b", "a" == "b", and
  // float("-inf") (its aten::Float.str parses with std::stod and must consume the whole string,
  // else it raises at run time).
  if (in.size() == 2)
    if (auto *a = std::get_if<std::string>(&in[0].v), *b = std::get_if<std::string>(&in[1].v); a && b) {
      if (name == "add" && out == TypeKind::Str) return Literal{*a + *b};
      if (name == "eq" && out == TypeKind::Bool) return Literal{*a == *b};  // `if self.mode == "max":`
      if (name == "ne" && out == TypeKind::Bool) return Literal{*a != *b};
    }
  if (in.size() == 1 && name == "Float" && out == TypeKind::Float)
    if (auto* str = std::get_if<std::string>(&in[0].v)) {
      try {
        size_t used = 0;
        double d = std::stod(*str, &used);
        if (used == str->size()) return Literal{d};
      } catch (const std::exception&) {
      }
      return std::nullopt;
    }
  if (in.size() == 2) {
    double a = 0, b = 0;
    bool ai = false, bi = false;
    int64_t x = 0, y = 0;
    if (!num(in[0], a, ai, x) || !num(in[1], b, bi, y)) return std::nullopt;
    bool ints = ai && bi;
    if (name == "add" && out != TypeKind::Tensor) return ints ? Literal{x + y} : Literal{a + b};
    if (name == "sub" && out != TypeKind::Tensor) return ints ? Literal{x - y} : Literal{a - b};
    if (name == "mul" && out != TypeKind::Tensor) return ints ? Literal{x * y} : Literal{a * b};
    if (name == "div" && out == TypeKind::Float && b != 0) return Literal{a / b};
    if (name == "pow" && out == TypeKind::Float) return Literal{std::pow(a, b)};
    if (name == "pow" && out == TypeKind::Int && ints && y >= 0) return Literal{static_cast<int64_t>(std::pow(a, b))};
    if (out == TypeKind::Bool) {
      if (name == "eq") return Literal{a == b};
      if (name == "ne") return Literal{a != b};
      if (name == "lt") return Literal{a < b};
      if (name == "le") return Literal{a <= b};
      if (name == "gt") return Literal{a > b};
      if (name == "ge") return Literal{a >= b};
    }
    return std::nullopt;
  }
  if (name == "neg") {
    if (auto* p = std::get_if<int64_t>(&in[0].v)) return Literal{-*p};
    if (auto* p = std::get_if<double>(&in[0].v)) return Literal{-*p};
  }
  if (name == "__not__")
    if (auto* p = std::get_if<bool>(&in[0].v)) return Literal{!*p};
  return std::nullopt;
}

void inlineBlock(Node* ifNode, Block* taken) {
  std::vector<Node*> nodes;
  for (Node* c : taken->nodes()) nodes.push_back(c);
  for (Node* c : nodes) c->moveBefore(ifNode);
  for (size_t i = 0; i < ifNode->numOutputs(); ++i) ifNode->output(i)->replaceAllUsesWith(taken->outputs()[i]);
  ifNode->destroy();
}

std::string constantKey(const Node* n) {
  std::string key = n->output()->type()->str() + "|";
  for (Symbol a : n->attributeNames()) key += a.toQualString() + "=" + formatAttributeValue(n->attr(a)) + ";";
  if (n->output()->type()->kind() == TypeKind::Float && n->hasAttribute(attr::value)) {
    double d = n->f(attr::value);
    key += std::signbit(d) ? "-" : "+";  // -0.0 and 0.0 differ
  }
  return key;
}

bool foldBlock(Block* b) {
  bool changed = false;
  for (Node* n : b->nodes()) {
    for (Block* sub : n->blocks()) changed |= foldBlock(sub);
    if (n->kind() == prim::If) {
      if (auto c = constantValue(n->input(0)); c && std::holds_alternative<bool>(c->v)) {
        inlineBlock(n, n->blocks()[std::get<bool>(c->v) ? 0 : 1]);
        return true;  // the list changed under us: restart
      }
      // Outputs that are the same outer value in both branches.
      for (size_t i = n->numOutputs(); i-- > 0;) {
        Value* t = n->blocks()[0]->outputs()[i];
        Value* f = n->blocks()[1]->outputs()[i];
        // Equal constants (1.13's constant propagation): the output becomes that constant.
        if (t != f && t->node()->kind() == prim::Constant && f->node()->kind() == prim::Constant &&
            constantKey(t->node()) == constantKey(f->node())) {
          if (auto lit = constantValue(t)) {
            WithInsertPoint g(n);
            Value* c = n->owningGraph()->insertConstant(*lit);
            c->setType(n->output(i)->type());
            n->output(i)->replaceAllUsesWith(c);
            for (Block* sub : n->blocks()) sub->eraseOutput(i);
            n->eraseOutput(i);
            changed = true;
            continue;
          }
        }
        if (t != f || t->node()->owningBlock() == n->blocks()[0] || t->node()->owningBlock() == n->blocks()[1]) continue;
        bool inside = false;
        for (Block* ob = t->node()->owningBlock(); ob && ob->owningNode(); ob = ob->owningNode()->owningBlock())
          if (ob->owningNode() == n) inside = true;
        if (inside) continue;
        n->output(i)->replaceAllUsesWith(t);
        for (Block* sub : n->blocks()) sub->eraseOutput(i);
        n->eraseOutput(i);
        changed = true;
      }
      continue;
    }
    if (auto lit = fold(n)) {
      WithInsertPoint g(n);
      Value* c = n->owningGraph()->insertConstant(*lit);
      n->output()->replaceAllUsesWith(c);
      n->destroy();
      return true;
    }
  }
  return changed;
}

void collectConstants(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::Constant) out.push_back(n);
    for (Block* sub : n->blocks()) collectConstants(sub, out);
  }
}


}  // namespace

void eliminateDeadCode(Graph& graph) { dceBlock(graph.block()); }

void cleanupGraph(Graph& graph) {
  for (int i = 0; i < 1000 && foldBlock(graph.block()); ++i) {
  }
  eliminateDeadCode(graph);
  std::vector<Node*> consts;
  collectConstants(graph.block(), consts);
  std::map<std::string, Node*> seen;
  Node* first = graph.block()->nodes().empty() ? graph.block()->returnNode() : graph.block()->nodes().front();
  Node* anchor = nullptr;  // last hoisted constant
  for (Node* n : consts) {
    std::string key = constantKey(n);
    auto it = seen.find(key);
    if (it != seen.end()) {
      n->output()->replaceAllUsesWith(it->second->output());
      n->destroy();
      continue;
    }
    seen.emplace(key, n);
    if (n == first) {
      anchor = n;
      continue;
    }
    if (anchor) n->moveAfter(anchor);
    else n->moveBefore(first);
    anchor = n;
  }
}

}  // namespace tsjit::frontend

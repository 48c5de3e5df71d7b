// PassUtils.h — small queries the passes of this folder share: constants read from the IR.
// Header-only; no state.
#pragma once

#include <optional>

#include "jit/ir/Graph.h"

namespace tsjit::passutil {

// The value of an int constant (`prim::Constant[value=3]() : int`), else nullopt.
inline std::optional<int64_t> constantInt(const Value* v) {
  const Node* n = v->node();
  if (n->kind() != prim::Constant || v->type()->kind() != TypeKind::Int || !n->hasAttribute(attr::value) ||
      n->kindOfAttribute(attr::value) != AttributeKind::i)
    return std::nullopt;
  return n->i(attr::value);
}

// The value of a bool constant, else nullopt.
inline std::optional<bool> constantBool(const Value* v) {
  const Node* n = v->node();
  if (n->kind() != prim::Constant || v->type()->kind() != TypeKind::Bool || !n->hasAttribute(attr::value) ||
      n->kindOfAttribute(attr::value) != AttributeKind::i)
    return std::nullopt;
  return n->i(attr::value) != 0;
}

// A number constant (int or float), as a double, else nullopt.
inline std::optional<double> constantNumber(const Value* v) {
  if (auto i = constantInt(v)) return static_cast<double>(*i);
  const Node* n = v->node();
  if (n->kind() == prim::Constant && v->type()->kind() == TypeKind::Float && n->hasAttribute(attr::value) &&
      n->kindOfAttribute(attr::value) == AttributeKind::f)
    return n->f(attr::value);
  return std::nullopt;
}

}  // namespace tsjit::passutil

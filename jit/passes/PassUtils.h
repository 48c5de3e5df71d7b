// PassUtils.h — small queries the passes of this folder share: constants read from the IR, and
// when two attribute values are the same constant. Header-only; no state.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>

#include "jit/ir/Graph.h"

namespace tsjit::passutil {

// Doubles are the same constant when their bits are: -0.0 and 0.0 differ (1 / x tells them apart,
// and PyTorch 1.13 keeps both), a NaN equals a NaN with the same payload.
inline bool sameDouble(double a, double b) { return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b); }

inline bool sameDoubles(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameDouble(a[i], b[i])) return false;
  return true;
}

inline bool sameTensorConstant(const TensorConstant& a, const TensorConstant& b) {
  return a.dtype == b.dtype && a.sizes == b.sizes && a.opaque == b.opaque && sameDoubles(a.values, b.values);
}

inline bool sameLiteral(const Literal& a, const Literal& b);
inline bool sameLiterals(const std::vector<Literal>& a, const std::vector<Literal>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameLiteral(a[i], b[i])) return false;
  return true;
}
inline bool sameLiteral(const Literal& a, const Literal& b) {
  if (a.v.index() != b.v.index()) return false;
  if (auto* d = std::get_if<double>(&a.v)) return sameDouble(*d, std::get<double>(b.v));
  if (auto* t = std::get_if<Literal::Tuple>(&a.v)) return sameLiterals(t->elems, std::get<Literal::Tuple>(b.v).elems);
  if (auto* l = std::get_if<Literal::List>(&a.v)) {
    const auto& m = std::get<Literal::List>(b.v);
    return sameAnnotation(l->annotation, m.annotation) && sameLiterals(l->elems, m.elems);
  }
  if (auto* d = std::get_if<Literal::Dict>(&a.v)) {
    const auto& e = std::get<Literal::Dict>(b.v);
    return sameAnnotation(d->annotation, e.annotation) && sameLiterals(d->keys, e.keys) && sameLiterals(d->values, e.values);
  }
  return a == b;
}

// Attribute values as constants (floats by their bits, recursively); graph attributes by identity.
inline bool sameAttributeValue(const AttributeValue& a, const AttributeValue& b) {
  if (a.index() != b.index()) return false;
  if (auto* d = std::get_if<double>(&a)) return sameDouble(*d, std::get<double>(b));
  if (auto* v = std::get_if<std::vector<double>>(&a)) return sameDoubles(*v, std::get<std::vector<double>>(b));
  if (auto* t = std::get_if<TensorConstant>(&a)) return sameTensorConstant(*t, std::get<TensorConstant>(b));
  if (auto* l = std::get_if<Literal>(&a)) return sameLiteral(*l, std::get<Literal>(b));
  if (auto* ts = std::get_if<std::vector<TensorConstant>>(&a)) {
    const auto& us = std::get<std::vector<TensorConstant>>(b);
    if (ts->size() != us.size()) return false;
    for (size_t i = 0; i < ts->size(); ++i)
      if (!sameTensorConstant((*ts)[i], us[i])) return false;
    return true;
  }
  return a == b;
}

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
